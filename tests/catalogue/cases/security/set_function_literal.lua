-- --set defines and calls a function: a --set value is an expression of numbers, units and math.
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/security/[a-z0-9_]+\.lua:[0-9]+: ).*--set
-- args: --set n=(function()return(5)end)()
local n = param("n", 4, "a number the command line may set")
print("n = " .. tostring(n))
