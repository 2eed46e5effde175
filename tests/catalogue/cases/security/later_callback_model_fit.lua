-- A library kernel's model reads a file through fit{ csv = ... } when the script's experiment evaluates it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_callback_model_fit"
local secret = os.getenv("MARKER"):match("^(.*)/") .. "/secret.csv"
local f = assert(io.open(secret, "w"))
f:write("p,n,time\n1,64,2.0\n2,64,1.1\n4,64,0.6\n8,64,0.35\n")
f:close()
experiment { name = "x", machine = require "machines.ksr1", kernel = lib.kernel(secret), procs = { 1, 2 } }
