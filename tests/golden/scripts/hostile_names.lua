-- Names stay names (issue 25): every name a script or a shared library can set (experiment,
-- kernel, machine, model term, extra column, map and its column names, fit, discover, check, an
-- external command's template), made by lib/hostile/names.lua of what acts as code or breaks a
-- file where it lands. Every injected command touches `marker`; tests/golden/hostile_names.sh
-- checks that it never exists and that every output still parses. `command` (default "true") is
-- the external program measured, its template shown in its table's title.
local names = require "lib.hostile.names"
local marker = param("marker", "hostile_names.marker")
local command = param("command", "true")
local function hostile(tag) return names.hostile(tag, marker) end

local bus = names.machine(marker)
local k, term = names.kernel(marker)

experiment {
  name = hostile("experiment"), kernel = k, machine = bus, procs = { 1, 2, 4 },
  report = { "scaled", "speedup", "overhead", "formula" },
  columns = { [hostile("column")] = function(k, p) return p end },
}
experiment {
  name = hostile("simulated"), mode = "simulate", kernel = k, machine = bus, procs = { 1, 2, 4 },
  report = { "speedup", "overhead", "wait" },
}
experiment {
  name = hostile("measured"), mode = "measure", procs = { 1, 2 }, repeats = 2,
  kernel = kernel {
    name = hostile("command"), params = { n = 10 }, work = function(k) return k.n end,
    command = command .. ' "{n} `touch ' .. marker .. '` $(touch ' .. marker .. ') </script> \'q\' 50%" {p}',
  },
  report = { "measured", "speedup" },
}
map {
  name = hostile("map"), kernel = k, machine = bus, value = term,
  rows = { param = "n", values = { 1e5, 1e6 } },
  cols = { param = "p", values = { 2, 4 }, names = { hostile("quantity one"), hostile("quantity two") } },
}
fit {
  name = hostile("fit"), kernel = k, machine = bus, params = { "t" },
  data = { { p = 1, n = 1e6, time = 0.01 }, { p = 2, n = 1e6, time = 0.0051 }, { p = 4, n = 1e6, time = 0.0027 } },
}
local rows = {}
for _, p in ipairs { 2, 4, 8, 16, 32 } do rows[#rows + 1] = { p = p, time = 3 + 0.5 * p } end
discover { name = hostile("discover"), params = { "p" }, data = rows }
check {
  name = hostile("check"), of = hostile("experiment"), table = "speedup", key = "p", columns = { "S" },
  expect = { { 1, 1 } }, decimals = 2,
}
