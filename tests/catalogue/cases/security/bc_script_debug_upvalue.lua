-- The script takes the plain load out of the load wrapper's upvalues and loads bytecode: binary chunks are refused everywhere. (The script's debug has no getupvalue, and load is a C function with no upvalues.)
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(binary|attempt to call a nil value \(field 'get[a-z]+'\))
local function must(f, err) if not f then error(err, 2) end return f end  -- load gives nil and a message
local plain = load
for i = 1, 10 do
  local name, value = debug.getupvalue(load, i)
  if name == nil then break end
  if type(value) == "function" and value ~= select then plain = value end
end
local f = must(plain(string.dump(function() return 1 end), "dumped", "b"))  -- <-
print(f())
