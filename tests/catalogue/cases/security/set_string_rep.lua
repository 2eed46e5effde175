-- --set builds a 100 MB string with string.rep and takes its length.
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/security/[a-z0-9_]+\.lua:[0-9]+: ).*--set
-- args: --set n=#string.rep("x",1e8)
local n = param("n", 4, "a number the command line may set")
print("n = " .. tostring(n))
