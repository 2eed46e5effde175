check { name = "x", of = "reg", baseline = "last-week" }
