-- The script takes the plain loadfile out of the dofile wrapper's upvalues and loads a precompiled file. (The script's debug has no getupvalue, and load is a C function with no upvalues.)
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(binary|attempt to call a nil value \(field 'get[a-z]+'\))
local function must(f, err) if not f then error(err, 2) end return f end  -- load gives nil and a message
local path = os.getenv("MARKER"):match("^(.*)/") .. "/bcmod.lua"
local out = assert(io.open(path, "wb"))
out:write(string.dump(function() return 1 end))
out:close()
local plain = loadfile
for i = 1, 10 do
  local name, value = debug.getupvalue(dofile, i)
  if name == nil then break end
  if type(value) == "function" then plain = value end
end
local f = must(plain(path, "b"))  -- <-
print(f())
