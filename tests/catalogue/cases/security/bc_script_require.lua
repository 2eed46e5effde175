-- The script requires a module that is a precompiled file: binary chunks are refused everywhere.
-- expect-exit: 2
-- expect: ^(tests/catalogue/cases/security/bc_script_require\.lua|.*/bcmod\.lua):[0-9]+: .*(binary|near)
local dir = os.getenv("MARKER"):match("^(.*)/")
local out = assert(io.open(dir .. "/bcmod.lua", "wb"))
out:write(string.dump(function() return 1 end))
out:close()
package.path = dir .. "/?.lua;" .. package.path
print(require "bcmod")  -- <-
