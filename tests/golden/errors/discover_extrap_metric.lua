local m = discover { name = "x", params = { "p" }, extrap = "../extrap/cg.txt", metric = "bytes" }
