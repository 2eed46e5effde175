-- Prediction at scale from small runs, the isospeed paper's method (001_1a7b8ec92e9080bf.txt: a
-- model calibrated on runs with 2 and 4 processors predicts the large machine) with the model
-- found automatically instead of written by hand: the native matrix multiply is measured on this
-- host at small sizes, discover{} finds T(N) for each worker count in the performance model
-- normal form (Extra-P's search, fit/model_discovery), and the models predict the time, speedup
-- and efficiency at twice the largest measured size (eight times the work), which is then
-- measured and checked against the prediction. With 3 or more worker counts (a host of 3 cores
-- or more; `--set workers=N`), T(p, N) is discovered over both and, as the paper does, the scaled
-- sizes that hold the average speed per processor (isospeed) and psi are predicted for larger p.
local matmul = require "kernels.matmul"

local small = { 128, 192, 256, 384, 512, 768 }
local target = param("N", 1536, "matrix order to predict and then measure")
local repeats = param("repeats", 5, "measured runs per point")
local tolerance = param("tolerance", 0.5, "relative error the prediction may have and still pass")
local cores = host_machine().procs
local workers = param("workers", math.min(cores, 4), "worker counts measured: 1 .. workers (the p axis needs 3)")
local procs = {}
for p = 1, workers do procs[#procs + 1] = p end

-- The small runs, one experiment per size; every point is stored as it completes.
local measured = {}  -- measured[p] = { { N = ..., time = ... }, ... }
for _, p in ipairs(procs) do measured[p] = {} end
for _, n in ipairs(small) do
  local r = experiment {
    name = "small-N" .. n, mode = "measure", kernel = matmul { N = n }, procs = procs, repeats = repeats,
    report = { "measured" },
  }
  for _, row in ipairs(r.tables.measured.rows) do
    local rows = measured[row.p]
    rows[#rows + 1] = { N = n, time = row.T }
  end
end

-- T(N) discovered per worker count, then evaluated at the target size.
local predicted = {}
for _, p in ipairs(procs) do
  local model = discover { name = "T-p" .. p, params = { "N" }, data = measured[p] }
  predicted[p] = model.predict { N = target }
  print(string.format("p = %d: T(N) = %s, grows as %s; predicted T(%d) = %.4g s", p, model.formula, model.growth,
                      target, predicted[p]))
end
local top = procs[#procs]
local speedup = predicted[1] / predicted[top]
print(string.format("predicted at N = %d: speedup %.3f, efficiency %.3f on %d workers", target, speedup,
                    speedup / top, top))

-- The run at scale, and the prediction beside it.
local at_scale = "at-scale-N" .. target
experiment {
  name = at_scale, mode = "measure", kernel = matmul { N = target }, procs = procs, repeats = repeats,
  report = { "measured" },
}
check {
  name = "predicted-vs-measured", of = at_scale, table = "measured", key = "p", columns = { "T" },
  rel_tol = tolerance, show = "all",
  source = string.format("models discovered from N = %d..%d (%d sizes), extrapolated to N = %d",
                         small[1], small[#small], #small, target),
  expect = (function()
    local e = {}
    for _, p in ipairs(procs) do e[#e + 1] = { p, predicted[p] } end
    return e
  end)(),
}

-- Larger p, the isospeed paper's question: with 3 or more worker counts, T(p, N) over both (the
-- negative exponents let the time fall as 1/p), made a kernel's model, scaled by isospeed{} to hold
-- the average speed per processor reached on one worker at the largest small size.
if #procs < 3 then
  print(string.format("%d worker count(s) measured: T(p, N) needs 3 or more to predict larger p "
                      .. "(a host with more cores, or --set workers=3)", #procs))
  return
end
local rows = {}
for _, p in ipairs(procs) do
  for _, row in ipairs(measured[p]) do rows[#rows + 1] = { p = p, N = row.N, time = row.time } end
end
local both = discover { name = "T-p-N", params = { "p", "N" }, data = rows, negative = true }
print("T(p, N) = " .. both.formula .. "; grows as " .. both.growth)
local discovered = kernel {
  name = "matmul-discovered", size = "N", params = { N = small[#small] },
  work = function(k) return 2 * k.N ^ 3 end,
  model = both.model,
}
local largest = measured[1][#measured[1]]
local speed = 0.8 * 2 * largest.N ^ 3 / largest.time  -- 80 % of one worker's speed at the largest size
-- The rule can hold that speed at 64 workers only if the model's speed there approaches it at
-- large N; a model that found no speed-up with p (a busy host) cannot, and says so.
local far = 0  -- the most flop/s per worker the model gives at p = 64, over N = 10 .. 1e6
for e = 1, 6, 0.25 do
  local n = 10 ^ e
  far = math.max(far, 2 * n ^ 3 / (64 * both.predict { p = 64, N = n }))
end
if far < speed then
  print(string.format("the discovered T(p, N) gives at most %.3g flop/s per worker at p = 64, below the %.3g to "
                      .. "hold: it found too little speed-up with p to predict larger machines", far, speed))
  return
end
experiment {
  name = "predicted-isospeed", kernel = discovered, procs = { 1, 2, 4, 8, 16, 32, 64 },
  scale = isospeed { speed = speed, vary = "N" }, report = { "scaled", "psi" },
}
