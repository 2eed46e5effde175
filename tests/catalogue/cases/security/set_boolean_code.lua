-- --set of a boolean param with code in it: true or false expected, nothing run.
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/security/[a-z0-9_]+\.lua:[0-9]+: ).*--set
-- args: --set flag=os.execute("touch\32{tmp}/marker")
local flag = param("flag", false, "a switch")
print("flag = " .. tostring(flag))
