-- check{} of a name holding a newline that names no experiment: the message quotes it escaped, on one line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/check_of_newline\.lua:6: field 'of': no experiment, map or fit named 'x\\ny'
local k = kernel { name = "k", params = { n = 8 }, model = function(k, p) return k.n / p end }
experiment { name = "x", kernel = k, procs = { 1, 2 } }
check { name = "c", of = "x\ny", table = "scaled", key = "p", columns = { "T" }, expect = { { 1, 8 } }, rel_tol = 0.01 }  -- <-
