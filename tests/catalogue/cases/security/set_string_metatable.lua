-- --set reaches string.rep through the strings' metatable.
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/security/[a-z0-9_]+\.lua:[0-9]+: ).*--set
-- args: --set n=#getmetatable("").__index.rep("x",9)
local n = param("n", 4, "a number the command line may set")
print("n = " .. tostring(n))
