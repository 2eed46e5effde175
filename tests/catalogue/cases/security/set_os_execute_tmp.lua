-- --set starts touch through os.execute on the marker's path.
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/security/[a-z0-9_]+\.lua:[0-9]+: ).*--set
-- args: --set n=os.execute("touch\32{tmp}/marker")and(5)
local n = param("n", 4, "a number the command line may set")
print("n = " .. tostring(n))
