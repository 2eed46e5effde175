-- check{} with expected values while loading: an action (it can make scalerun exit 1).
check { name = "from-library", of = "nothing", table = "scaled", key = "p", columns = { "T" }, expect = { { 1, 1 } }, decimals = 2 }
return {}
