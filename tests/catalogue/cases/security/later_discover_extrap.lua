-- A library function the script calls later reads a file through discover{ extrap = ... }.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_discover_extrap"
local f = assert(io.open(os.getenv("MARKER"):match("^(.*)/") .. "/secret.jsonl", "w"))
for _, p in ipairs { 1, 2, 4, 8, 16 } do
  f:write(('{"params": {"p": %d}, "callpath": "main", "metric": "time", "value": %g}\n'):format(p, 1 + 1 / p))
end
f:close()
lib.run(os.getenv("MARKER"))
