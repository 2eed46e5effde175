-- --set opens the marker for writing through io.open.
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/security/[a-z0-9_]+\.lua:[0-9]+: ).*--set
-- args: --set n=io.open("{tmp}/marker","w")and(5)
local n = param("n", 4, "a number the command line may set")
print("n = " .. tostring(n))
