-- Prediction at scale from small runs, the isospeed paper's method (001_1a7b8ec92e9080bf.txt: a
-- model calibrated on runs with 2 and 4 processors predicts the large machine) with the model
-- found automatically instead of written by hand: the native matrix multiply is measured on this
-- host at small sizes, discover{} finds T(N) for each worker count in the performance model
-- normal form (Extra-P's search, fit/model_discovery), and the models predict the time, speedup
-- and efficiency at twice the largest measured size (eight times the work), which is then
-- measured and checked against the prediction.
local matmul = require "kernels.matmul"

local small = { 128, 192, 256, 384, 512, 768 }
local target = param("N", 1536, "matrix order to predict and then measure")
local repeats = param("repeats", 5, "measured runs per point")
local tolerance = param("tolerance", 0.5, "relative error the prediction may have and still pass")
local procs = { 1, 2 }

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
local speedup = predicted[1] / predicted[2]
print(string.format("predicted at N = %d: speedup %.3f, efficiency %.3f", target, speedup, speedup / 2))

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
  expect = { { 1, predicted[1] }, { 2, predicted[2] } },
}
