-- --set assigns a global inside a function expression (MB = 0 for the rest of the run).
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/security/[a-z0-9_]+\.lua:[0-9]+: ).*--set
-- args: --set n=(function()MB=0;return(5)end)()
local n = param("n", 4, "a number the command line may set")
print("n = " .. tostring(n))
