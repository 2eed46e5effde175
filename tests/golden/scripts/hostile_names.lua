-- Names stay names (issue 25): every name a script or a shared library can set, made of what acts as
-- code or breaks a file where it lands: gnuplot's `command` substitution and system(), a line
-- break that ends a gnuplot comment or command, quotes of both kinds, </script> and an HTML
-- comment, CSV and Markdown separators, printf's %, a terminal escape, invalid UTF-8 (bytes FF FE,
-- an overlong '/'), a trailing backslash (a gnuplot line continuation). Every injected command
-- touches `marker`; tests/golden/hostile_names.sh checks that it never exists and that every output
-- still parses. `command` (default "true") is the external program measured, its template shown
-- in its table's title.
local marker = param("marker", "hostile_names.marker")
local command = param("command", "true")

local function hostile(tag)
  local touch = "touch " .. marker
  return tag .. " `" .. touch .. "` $(" .. touch .. ")\n" ..
      'system("' .. touch .. '")\n' ..
      "' . system('" .. touch .. "') . '" ..
      '" . system("' .. touch .. '") . "' ..
      "</script><script>alert(1)</script><!-- | a,b;c 50% %s @x \r\t\27[31m \255\254\192\175 end \\"
end

local bus = machine {
  name = hostile("machine"), speed = 1e8, procs = 8,
  network = { kind = "bus", bandwidth = 1e8, latency = 1e-6, overhead = 1e-6 },
}

local term = hostile("term")
local k = kernel {
  name = hostile("kernel"), size = "n",
  params = { n = 1e6, t = 1e-8 },
  work = function(k) return k.n end,
  model = function(k, p) return { compute = k.n * k.t / p, [term] = 1e-4 * log2(p) } end,
  program = function(ctx, k)
    ctx:compute(k.n / ctx.size)
    ctx:allreduce(8, 1)
  end,
}

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
