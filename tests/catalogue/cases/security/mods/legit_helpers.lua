-- An honest library: local helpers, string, math and table, a metatable of its own, a coroutine
-- generator, pcall, load of a text chunk, print, and a kernel with a model.
local function square(x) return x * x end
local Counter = {}
Counter.__index = Counter
function Counter.new() return setmetatable({ n = 0 }, Counter) end
function Counter:add(k) self.n = self.n + k return self end
local sizes = {}
for v in coroutine.wrap(function() for i = 1, 3 do coroutine.yield(2 ^ i) end end) do sizes[#sizes + 1] = v end
table.sort(sizes, function(a, b) return a > b end)
local ok, err = pcall(error, "caught inside the library")
assert(not ok and err == "caught inside the library")
local five = load("return 2 + 3")()
local label = string.format("%s-%d", ("lib"):upper(), math.floor(five + 0.5))
assert(Counter.new():add(2):add(3).n == five and #sizes == 3 and table.concat(sizes, ",") == "8.0,4.0,2.0")
print("legit library: " .. label)
return kernel {
  name = label, params = { n = 64 },
  work = function(k) return square(k.n) end,
  model = function(k, p) return { compute = square(k.n) / (p * 1e6), comm = math.log(p + 1) * 1e-3 } end,
}
