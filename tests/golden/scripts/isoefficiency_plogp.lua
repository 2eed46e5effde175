-- A kernel whose overhead is c p log2 p in all (c log2 p per processor, a tree of reductions):
-- holding E constant needs W to grow as p log p, and the isoefficiency report must say so in the
-- performance model normal form, with the bare power fit (about p^1.2 over this range) beside it.
local k = kernel {
  name = "tree-reduce",
  size = "n",
  params = { n = 1e6, t = 1e-8, c = 1e-5 },
  work = function(k) return k.n end,
  model = function(k, p)
    return { compute = k.n * k.t / p, sync = k.c * log2(p) }
  end,
}
experiment {
  name = "iso-plogp", kernel = k, procs = { 1, 2, 4, 8, 16, 32, 64, 128 },
  scale = efficiency { E = 0.5 }, report = { "isoefficiency" },
}
