-- --set loads and runs a Lua file through loadfile.
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/security/[a-z0-9_]+\.lua:[0-9]+: ).*--set
-- args: --set n=loadfile("tests/catalogue/cases/security/mods/payload_touch.lua")()
local n = param("n", 4, "a number the command line may set")
print("n = " .. tostring(n))
