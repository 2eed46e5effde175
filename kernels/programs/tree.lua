-- Collectives written out in Lua because their combining work matters to the time: the engine's
-- native ctx:reduce moves the bytes but charges no arithmetic, while IS adds a whole bucket array
-- at every step, which is the work imbalance the SPASM paper measures (003_542419d79f31dea1.txt §4:
-- the participating processors halve at each step of the logarithmic reduce).
local tree = {}

-- Logarithmic reduce to rank 0 (seed 003 §4): in step i (distance d = 2^i) a rank that is a
-- multiple of 2d receives from rank + d and combines (combine_ops operations); a rank that is an
-- odd multiple of d sends its partial result to rank - d and is done. Works for any p: a rank
-- whose partner would be p or beyond skips that step.
function tree.reduce(ctx, bytes, combine_ops, tag)
  local p, r = ctx.size, ctx.rank
  local d = 1
  while d < p do
    if r % (2 * d) == 0 then
      if r + d < p then
        ctx:recv(r + d, tag)
        ctx:compute(combine_ops)
      end
    else
      ctx:send(r - d, bytes, tag)
      return
    end
    d = 2 * d
  end
end

-- ceil(log2 p): the steps of a recursive-doubling or binomial-tree collective on p ranks.
function tree.steps(p)
  local s, d = 0, 1
  while d < p do
    s = s + 1
    d = 2 * d
  end
  return s
end

return tree
