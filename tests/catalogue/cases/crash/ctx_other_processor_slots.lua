-- Another processor's ctx used after the script swapped it into the ctx methods' slot table (read with debug.getupvalue): still refused. The script's debug cannot reach the methods' tables.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/ctx_other_processor_slots\.lua:10: attempt to call a nil value \(field 'getmetatable'\)
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local ctxs = {}
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  ctxs[ctx.rank] = ctx
  ctx:compute(1)
  if ctx.rank == 1 then
    local _, slots = debug.getupvalue(debug.getmetatable(ctx).__index.send, 3)
    for key, value in pairs(slots) do if value == ctx then slots[key] = ctxs[0] end end
    ctxs[0]:compute(1000)  -- <-
    ctxs[0]:send(1, 1e3)
  end
end }
experiment { name = "s", machine = m, kernel = k, procs = { 2 }, mode = "simulate" }
