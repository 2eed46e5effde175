-- The script-facing vocabulary of scalerun, loaded into every script's global environment.
-- Shapes and defaults live here; validation, evaluation and solving are native (see
-- engine/lua/vocabulary.cpp), reached through the table `native` passed to this chunk.
local native = ...

-------------------------------------------------------------------------------- units (SI)
ns, us, ms, s = 1e-9, 1e-6, 1e-3, 1
KB, MB, GB, TB = 1e3, 1e6, 1e9, 1e12
KiB, MiB, GiB, TiB = 1024, 1024^2, 1024^3, 1024^4
flops, Kflops, Mflops, Gflops, Tflops = 1, 1e3, 1e6, 1e9, 1e12
ops, Kops, Mops, Gops = 1, 1e3, 1e6, 1e9
MIPS = 1e6
Bps, KBps, MBps, GBps = 1, 1e3, 1e6, 1e9
Hz, KHz, MHz, GHz = 1, 1e3, 1e6, 1e9

local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  return c
end

-- A table that holds itself (t.self = t) would be copied for ever: named instead.
local function deep_copy_numbers(v, open)
  if type(v) == "table" and getmetatable(v) == nil then
    open = open or {}
    if open[v] then native.raise("a kernel's params hold a table that contains itself: give plain values") end
    open[v] = true
    local c = {}
    for k, x in pairs(v) do c[k] = deep_copy_numbers(x, open) end
    open[v] = nil
    return c
  end
  return v
end

-------------------------------------------------------------------------------- sealed values
-- A kernel or a machine is fixed when kernel{} or machine{} makes it: its command and MPI
-- templates, native kernel, launcher and hosts (what measuring it starts), and its model, params
-- and speeds (what its numbers are). Module tables are shared, every requirer gets the same one,
-- so a library could otherwise rewrite a kernel the script measures, or the numbers of a shipped
-- one under its name. A changed field is named where the value is used (docs/SECURITY.md); a
-- configured copy, k { command = ... } or ksr1 { memory = ... }, is a new sealed value.
local raw_getmetatable = debug.getmetatable
local sealed = setmetatable({}, { __mode = "k" })

-- A text that changes when the value does, read raw (no metamethod of the value runs): tables
-- field by field in a fixed order with their metatables (the engine's reads honour __index),
-- functions and userdata by identity.
local function fingerprint(v, depth)
  local t = type(v)
  if t == "string" then return ("%q"):format(v) end
  if t == "number" then return ("%.17g"):format(v) end
  if t == "nil" or t == "boolean" then return tostring(v) end
  if t ~= "table" then return t .. ("%p"):format(v) end
  if depth > 8 then return ("table%p"):format(v) end
  local items = {}
  for key, value in next, v do
    local k = type(key) == "string" and ("%q"):format(key) or fingerprint(key, depth + 1)
    items[#items + 1] = k .. "=" .. fingerprint(value, depth + 1)
  end
  table.sort(items)
  local mt = raw_getmetatable(v)
  return (mt and ("{%p:"):format(mt) or "{") .. table.concat(items, ",") .. "}"
end

local function seal(value)
  local prints = {}
  for key, field in next, value do prints[key] = fingerprint(field, 0) end
  sealed[value] = prints
  return value
end

local function check_sealed(value, kind)
  local prints = type(value) == "table" and sealed[value] or nil
  if prints == nil then return end
  local changed
  for key, print in next, prints do
    if fingerprint(rawget(value, key), 0) ~= print then changed = key break end
  end
  if changed == nil then
    for key in next, value do
      if prints[key] == nil then changed = key break end
    end
  end
  if changed ~= nil then
    native.raise(kind .. " '" .. tostring(rawget(value, "name")) .. "': its " .. tostring(changed) .. " was changed after "
                 .. kind .. "{} made it (perhaps by a library loaded with require): make a configured copy instead, "
                 .. "e.g. " .. (kind == "kernel" and "k" or "m") .. " { " .. tostring(changed) .. " = ... }")
  end
end

-------------------------------------------------------------------------------- machines
-- Methods live in a table of their own and the metatable is protected: a library given a machine
-- cannot reach the metatable through a field (m.__index) nor replace it, so it cannot change how
-- every machine behaves for the script. The prelude reads metatables raw.
local MachineMethods = {}
local Machine = { __name = "machine", __index = MachineMethods, __metatable = "machine" }

function Machine.__tostring(m) return "machine '" .. tostring(rawget(m, "name")) .. "'" end

-- m.levels_spanned(p) (a dot for the colon) would fail inside this file; say it at the caller's line.
local function check_machine_self(self, method)
  if raw_getmetatable(self) ~= Machine then
    error("call machine methods with a colon: m:" .. method .. "(...), got " .. type(self) .. " for m", 3)
  end
end

-- A machine called with a table returns a configured copy: ksr1 { memory = 64*MiB }.
function Machine.__call(m, overrides)
  if type(overrides) ~= "table" then native.raise("a machine is configured with a table, e.g. ksr1 { memory = 64*MiB }") end
  check_sealed(m, "machine")
  local t = copy(m)
  for k, v in pairs(overrides) do t[k] = v end
  setmetatable(t, nil)
  return machine(t)
end

-- Number of ring levels a job on p processors spans (1 inside ring:0, 2 across ring:1, ...).
-- Works on numbers and on symbolic p, so models that use it stay traceable.
function MachineMethods:levels_spanned(p)
  check_machine_self(self, "levels_spanned")
  local topo = self.topology
  if topo == nil or topo.kind ~= "rings" then return 1 end
  local levels, span = 1, 1
  for i = 1, #topo.levels - 1 do
    span = span * topo.levels[i].size
    levels = levels + gt(p, span)
  end
  return levels
end

-- Latency (seconds) of the highest ring level a job on p processors reaches.
function MachineMethods:ring_latency(p)
  check_machine_self(self, "ring_latency")
  local topo = self.topology
  if topo == nil or topo.kind ~= "rings" then return 0 end
  local result = topo.levels[#topo.levels].latency
  for i = #topo.levels - 1, 1, -1 do
    result = where(le(self:levels_spanned(p), i), topo.levels[i].latency, result)
  end
  return result
end

-- Marked speed C (operations/s) of p processors (seed 002 §2): the sum of the nodes' speeds.
function MachineMethods:marked_speed(p)
  check_machine_self(self, "marked_speed")
  if self.marked ~= nil then return self.marked end
  if self.groups ~= nil then
    native.raise("machine '" .. self.name .. "' is heterogeneous: iterate over machine_sets{} to get marked speeds")
  end
  return p * self.speed
end

function machine(t)
  if type(t) ~= "table" then native.raise("machine{} expects a table, got " .. type(t)) end
  native.validate_machine(t)
  local m = copy(t)
  m.speed = m.speed or m.peak
  if m.groups then
    m.nodes = 0
    for _, g in ipairs(m.groups) do m.nodes = m.nodes + g.count end
  end
  return seal(setmetatable(m, Machine))
end

-- This host as a machine: hwloc topology and a measured marked speed per core (seed 002 §3.1).
function host_machine() return machine(native.host_machine()) end

-- Hierarchical rings (KSR-1): levels from the innermost outwards, each { name, size, latency }.
function rings(levels)
  if type(levels) ~= "table" then native.raise("rings{} expects a list of levels") end
  return { kind = "rings", levels = levels }
end

-- Seed 002 §3.3: doubling, group-balanced machine sets. Set 1 is `start`; each next set doubles
-- the node count, adding nodes equally to the groups that still have free nodes; it stops when a
-- group cannot take its share (as STAS stops at Set5 on Sunwulf) or at `max_sets`.
function machine_sets(t)
  native.validate_machine_sets(t)
  check_sealed(t.machine, "machine")
  local m = t.machine
  local used, order = {}, {}
  for i, g in ipairs(m.groups) do
    used[g.name] = t.start[g.name] or 0
    order[i] = g
  end
  local function snapshot(index)
    local set = copy(m)
    local composition, marked, nodes = {}, 0, 0
    for _, g in ipairs(order) do
      local n = used[g.name]
      composition[g.name] = n
      nodes = nodes + n
      if g.speeds then
        for i = 1, n do marked = marked + g.speeds[i] end
      else
        marked = marked + n * g.speed
      end
    end
    set.name = (t.prefix or "Set") .. index
    set.machine_name = m.name
    set.procs, set.marked, set.composition = nodes, marked, composition
    return seal(setmetatable(set, Machine))
  end
  local sets = { snapshot(1) }
  local limit = t.max_sets or math.huge
  while #sets < limit do
    local size = sets[#sets].procs
    local open = {}
    for _, g in ipairs(order) do
      if used[g.name] < g.count and (t.start[g.name] or 0) ~= g.count then open[#open + 1] = g end
    end
    if #open == 0 then break end
    local share, extra = size // #open, size % #open
    local fits = true
    for i, g in ipairs(open) do
      local want = share + ((i <= extra) and 1 or 0)
      if used[g.name] + want > g.count then fits = false end
    end
    if not fits then break end
    for i, g in ipairs(open) do used[g.name] = used[g.name] + share + ((i <= extra) and 1 or 0) end
    sets[#sets + 1] = snapshot(#sets + 1)
  end
  return sets
end

-------------------------------------------------------------------------------- kernels
local Kernel = { __name = "kernel", __index = {}, __metatable = "kernel" }  -- as Machine's
local reserved = { name = true, params = true, work = true, memory = true, model = true,
                   native = true, command = true, mpi = true, program = true, size = true, doc = true, timer = true,
                   integer = true, run_timeout = true }

function Kernel.__tostring(k) return "kernel '" .. tostring(rawget(k, "name")) .. "'" end

-- A kernel called with a table returns a configured copy: rlsp { tau = 0.2*us } sets parameters,
-- and a kernel field given the same way replaces it (rlsp { program = my_program, integer = false }).
function Kernel.__call(k, overrides)
  if type(overrides) ~= "table" then native.raise("a kernel is configured with a table, e.g. rlsp { n = 512 }") end
  check_sealed(k, "kernel")
  local params = copy(k.params)
  local t = {}
  for key in pairs(reserved) do t[key] = k[key] end
  for name, value in pairs(overrides) do
    if name == "params" then
      native.raise("a configured copy sets parameters by name, e.g. " .. k.name .. " { n = 512 }, not params = { ... }")
    elseif reserved[name] then
      t[name] = value
    elseif k.params[name] == nil then
      native.raise(native.unknown_param(k.name, name, k.params))
    else
      params[name] = deep_copy_numbers(value)
    end
  end
  t.params = params
  return kernel(t)
end

-- integer = { "n" } or { n = "up" }: sizes a scaling rule must leave whole (matrix orders, grid
-- sides), rounded to the nearest whole number (or "up", or "down") once the rule has solved them;
-- false or absent: sizes stay as solved. Returns { n = "nearest", ... } or nil.
local roundings = { nearest = true, up = true, down = true }
local function whole_params(t)
  local spec = t.integer
  if spec == nil or spec == false then return nil end
  local label = "kernel '" .. tostring(t.name) .. "': "
  if type(spec) ~= "table" then
    native.raise(label .. "integer = { \"n\" } or { n = \"up\" } expected (the sizes kept whole), got " .. type(spec))
  end
  local params = t.params or {}
  local out = {}
  for key, value in pairs(spec) do
    local name, how = value, "nearest"
    if type(key) == "string" then name, how = key, value end
    if type(name) ~= "string" or type(params[name]) ~= "number" then
      native.raise(label .. "integer names '" .. tostring(name) .. "', which is not one of its numeric parameters")
    end
    if not roundings[how] then
      native.raise(label .. "integer: '" .. name .. "' is rounded \"nearest\", \"up\" or \"down\", not '" .. tostring(how) .. "'")
    end
    out[name] = how
  end
  return out
end

function kernel(t)
  if type(t) ~= "table" then native.raise("kernel{} expects a table, got " .. type(t)) end
  if type(t.params) == "table" and t.params.integer ~= nil then
    native.raise("'integer' cannot be a parameter name: kernels use it for their integer field")
  end
  local fields = t
  if t.integer ~= nil then  -- checked here, not by validate_kernel
    fields = copy(t)
    fields.integer = nil
  end
  native.validate_kernel(fields)
  local k = {}
  for key in pairs(reserved) do k[key] = t[key] end
  k.integer = whole_params(t)
  k.params = deep_copy_numbers(t.params or {})
  for name, value in pairs(k.params) do k[name] = value end
  return seal(setmetatable(k, Kernel))
end

-------------------------------------------------------------------------------- scaling rules
local function rule(kind)
  return function(t)
    t = t or {}
    if type(t) ~= "table" then native.raise(kind .. "{} expects a table") end
    local r = copy(t)
    r.rule = kind
    native.validate_rule(r)
    return r
  end
end

fixed = rule("fixed")
memory_bound = rule("memory_bound")
time_bound = rule("time_bound")
efficiency = rule("efficiency")
isospeed = rule("isospeed")
isospeed_e = rule("isospeed_e")

-- custom(function(p, k) return { n = ... } end): the script says how the problem grows.
function custom(f, options)
  if type(f) ~= "function" then native.raise("custom() expects a function(p, kernel) returning parameter values") end
  if options ~= nil and type(options) ~= "table" then
    native.raise("custom(f, options): options is a table such as { vary = \"n\" }, got " .. type(options))
  end
  local r = copy(options or {})
  r.rule, r.fn = "custom", f
  return r
end

-------------------------------------------------------------------------------- studies
-- Not tail calls: the natives look down the stack for a library's function (libraries describe,
-- scripts act), and a tail call would hide who called.
function experiment(t)
  if type(t) == "table" then
    check_sealed(rawget(t, "kernel"), "kernel")
    check_sealed(rawget(t, "machine"), "machine")
    local sets = rawget(t, "sets")
    if type(sets) == "table" then
      for i = 1, rawlen(sets) do check_sealed(rawget(sets, i), "machine") end
    end
  end
  return (native.experiment(t))
end
map = function(t) return (native.map(t)) end
fit = function(t) return (native.fit(t)) end
-- discover{}: the model the engine found, with predict(point) evaluating it at { p = ..., n = ... }
-- (also on symbols, so a kernel's model may call it and still be traced).
discover = function(t)
  local m = native.discover(t)
  if m == nil then return nil end
  m.predict = function(point)
    if type(point) ~= "table" then
      native.raise("predict(point): point is a table such as { p = 64 }, got " .. type(point))
    end
    local value = m.constant
    for _, term in ipairs(m.terms) do
      local v = term.coefficient
      for _, f in ipairs(term.factors) do
        local x = point[f.param]
        if x == nil then native.raise("predict(point): point has no " .. f.param) end
        if f.exponent ~= 0 then v = v * x ^ f.exponent end
        if f.log ~= 0 then v = v * log2(x) ^ f.log end
      end
      value = value + v
    end
    return value
  end
  -- As a kernel's model: p is the processor count, every other parameter the kernel's own
  -- (kernel{ model = m.model, ... }), so model mode's rules, psi, maps and reports work on it.
  m.model = function(k, p)
    local point = {}
    for _, name in ipairs(m.params) do
      if name == "p" then point.p = p else point[name] = k[name] end
    end
    return { total = m.predict(point) }
  end
  return m
end
check = function(t) return (native.check(t)) end

-- param("name", default): a script parameter that `--set name=value` overrides.
function param(name, default, doc) return native.param(name, default, doc) end

-------------------------------------------------------------------------------- print
-- stdout carries only the tables (so --format json/csv stay machine-readable); what a script
-- prints is context and goes to stderr.
-- Control characters but tab and newline are shown escaped (\027), so a name or a library's text
-- cannot drive the terminal (clear it, retitle it, hide what follows).
local function terminal_safe(c)
  if c == "\n" or c == "\t" then return c end
  return ("\\%03d"):format(c:byte())
end

function print(...)
  local parts = table.pack(...)
  for i = 1, parts.n do parts[i] = tostring(parts[i]) end
  io.stderr:write((table.concat(parts, "\t", 1, parts.n):gsub("%c", terminal_safe)), "\n")
end

-------------------------------------------------------------------------------- strict globals
-- Reading an undefined global is almost always a typo (machnie{}): say so, with a suggestion.
setmetatable(_G, {
  __index = function(_, name)
    native.raise(native.undefined_global(name))
  end,
})
