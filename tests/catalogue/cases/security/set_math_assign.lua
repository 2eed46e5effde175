-- --set replaces math.sqrt inside a function expression.
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/security/[a-z0-9_]+\.lua:[0-9]+: ).*--set
-- args: --set n=(function()math.sqrt=print;return(5)end)()
local n = param("n", 4, "a number the command line may set")
print("n = " .. tostring(n))
