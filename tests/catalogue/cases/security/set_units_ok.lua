-- --set with units and arithmetic keeps working.
-- expect-exit: 0
-- args: --set n=2*MiB+16
local n = param("n", 4, "a number the command line may set")
assert(n == 2 * 1024 * 1024 + 16, "unexpected n = " .. tostring(n))
print("n = " .. n)
