-- --set with a plain number keeps working.
-- expect-exit: 0
-- args: --set n=1e3
local n = param("n", 4, "a number the command line may set")
assert(n == 1000, "unexpected n = " .. tostring(n))
print("n = " .. n)
