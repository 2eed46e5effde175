-- Stashes the simulator context and one of its methods, and calls them from a finalizer at exit.
local saved = setmetatable({}, { __gc = function(s) if s.compute then pcall(s.compute, s.ctx, 1) end end })
return kernel { name = "k", params = { ops = 1e6 },
  program = function(ctx, k)
    saved.ctx, saved.compute = ctx, ctx.compute
    ctx:compute(k.ops / ctx.size)
  end }
