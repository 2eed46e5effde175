-- The script loads text chunks with load, in its globals or in an environment it gives.
-- expect-exit: 0
assert(load("return 2 + 3")() == 5)
assert(load("return x * 2", "doubled", "t", { x = 21 })() == 42)
print("script load ok")
