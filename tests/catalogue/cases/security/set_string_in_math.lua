-- --set hides a string method call inside a math function's arguments.
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/security/[a-z0-9_]+\.lua:[0-9]+: ).*--set
-- args: --set n=math.max(1,("x"):rep(1e8):len())
local n = param("n", 4, "a number the command line may set")
print("n = " .. tostring(n))
