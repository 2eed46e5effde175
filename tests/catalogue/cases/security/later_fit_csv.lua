-- A library function the script calls later reads a file through fit{ csv = ... }.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_fit_csv"
local f = assert(io.open(os.getenv("MARKER"):match("^(.*)/") .. "/secret.csv", "w"))
f:write("p,n,time\n1,64,2.0\n2,64,1.1\n4,64,0.6\n8,64,0.35\n")
f:close()
lib.run(os.getenv("MARKER"))
