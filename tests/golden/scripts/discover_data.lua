-- discover{} on data given in the script: one parameter (200 + 10 p^(3/2) log2(p)), two parameters
-- (2 + 1e-5 n^2 + 0.25 p log2(p), a sum), exact, and the model used to predict.
local rows = {}
for _, p in ipairs { 2, 4, 8, 16, 32 } do rows[#rows + 1] = { p = p, time = 200 + 10 * p ^ 1.5 * log2(p) } end
local one = discover { name = "one-parameter", params = { "p" }, data = rows }
print(string.format("predict(p = 64) = %.6g (exact: %.6g)", one.predict { p = 64 }, 200 + 10 * 64 ^ 1.5 * 6))

local grid = {}
for _, n in ipairs { 100, 200, 400, 800, 1600 } do
  for _, p in ipairs { 1, 2, 4, 8, 16 } do
    grid[#grid + 1] = { n = n, p = p, time = 2 + 1e-5 * n * n + 0.25 * p * log2(p) }
  end
end
local two = discover { name = "two-parameters", params = { "n", "p" }, data = grid }
print("two parameters: " .. two.formula)
