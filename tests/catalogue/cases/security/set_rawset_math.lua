-- --set replaces math.floor with rawset for the rest of the run.
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/security/[a-z0-9_]+\.lua:[0-9]+: ).*--set
-- args: --set n=rawset(math,"floor",print)and(5)
local n = param("n", 4, "a number the command line may set")
print("n = " .. tostring(n))
