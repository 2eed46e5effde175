-- A point's whole identity (issue 26): an external program given by --set prog=PATH, and a string
-- parameter (algo) the program does not even see. --resume must not reuse a point measured by
-- another program's content, another command, another algo or another timer (see
-- tests/golden/identity.sh).
local prog = param("prog", "./prog.sh", "the program measured (reports {\"seconds\": T})")
local algo = param("algo", "light", "a string parameter of the kernel")
local timer = param("timer", "seconds", "what times a run: the program's figure, or \"wall\"")
local k = kernel {
  name = "prog", params = { n = 1, algo = algo }, work = function(k) return 1 end,
  command = prog .. " {p}", timer = timer,
}
experiment { name = "ident", mode = "measure", kernel = k, procs = { 1, 2 }, repeats = 5, warmup = 0,
             report = { "measured" } }
