-- --set with math functions keeps working.
-- expect-exit: 0
-- args: --set n=math.floor(2.5*MB/KB)+math.max(1,2)^2
local n = param("n", 4, "a number the command line may set")
assert(n == 2504, "unexpected n = " .. tostring(n))
print("n = " .. n)
