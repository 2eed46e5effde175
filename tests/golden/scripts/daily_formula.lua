-- Formulas print logarithms the way a model writes them: log2(p) and math.log(x, 10) come back as
-- log2(...) and log10(...), not as log(p)/0.6931471805599453.
local tree = kernel {
  name = "tree",
  params = { n = 1e6, t = 1e-9, hop = 1e-6 },
  model = function(k, p)
    return { compute = k.n * k.t / p, comm = k.hop * log2(p), setup = k.hop * math.log(k.n, 10) }
  end,
}
experiment { name = "logs", kernel = tree, procs = { 1, 2, 4 }, report = { "formula" } }
