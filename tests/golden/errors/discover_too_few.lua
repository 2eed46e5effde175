local m = discover { name = "x", params = { "p" }, data = { { p = 1, time = 1 }, { p = 2, time = 2 } } }
