-- --set reseeds the random generator the run's sampling uses (math.randomseed is state, not arithmetic).
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/security/[a-z0-9_]+\.lua:[0-9]+: ).*--set
-- args: --set n=math.randomseed(1)or(5)
local n = param("n", 4, "a number the command line may set")
print("n = " .. tostring(n))
