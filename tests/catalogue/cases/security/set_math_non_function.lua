-- --set passes the math table itself to a math function.
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/security/[a-z0-9_]+\.lua:[0-9]+: ).*--set
-- args: --set n=math.floor(math)
local n = param("n", 4, "a number the command line may set")
print("n = " .. tostring(n))
