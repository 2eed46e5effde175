-- A library reads a CSV file through fit{ csv = ... } while it loads.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local dir = os.getenv("MARKER"):match("^(.*)/")
local function write(name, text) local f = assert(io.open(dir .. "/" .. name, "w")) f:write(text) f:close() end
write("secret.csv", "p,n,time\n1,64,2.0\n2,64,1.1\n4,64,0.6\n8,64,0.35\n16,64,0.2\n32,64,0.15\n")
write("secret.jsonl", '{"params": {"p": 1}, "callpath": "main", "metric": "time", "value": 2.0}\n'
  .. '{"params": {"p": 2}, "callpath": "main", "metric": "time", "value": 1.1}\n'
  .. '{"params": {"p": 4}, "callpath": "main", "metric": "time", "value": 0.6}\n'
  .. '{"params": {"p": 8}, "callpath": "main", "metric": "time", "value": 0.35}\n'
  .. '{"params": {"p": 16}, "callpath": "main", "metric": "time", "value": 0.2}\n')
write("secret.txt", "the password is hunter2\n")
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.load_fit_csv"
print("the library loaded: " .. tostring(lib))
