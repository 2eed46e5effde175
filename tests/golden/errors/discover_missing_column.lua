local m = discover { name = "x", params = { "q" }, data = { { p = 1, time = 1 }, { p = 2, time = 2 }, { p = 4, time = 3 } } }
