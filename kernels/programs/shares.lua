-- How the heterogeneous programs of the STAS paper (002_f0da52e7e2d6c7d5.txt §4.2) split rows over
-- processors "proportionally to the marked speeds", and how the homogeneous NPB programs split an
-- equal share. Ranks are numbered 0 .. p-1 as in ctx.rank; lists returned here are indexed by
-- rank + 1 (Lua lists).
local shares = {}

-- The marked speed of every rank (ops/s), as the engine uses it for ctx:compute.
function shares.speeds(ctx)
  if ctx.speed == nil then
    error("this program needs ctx:speed(rank) (the speed of every processor) from the simulate engine", 2)
  end
  local s = {}
  for r = 0, ctx.size - 1 do s[r + 1] = ctx:speed(r) end
  return s
end

-- Block distribution: `total` whole rows over the ranks in proportion to `weights`, by largest
-- remainder, so the counts add up to `total` exactly and no rank is more than one row away from
-- its exact share. Ties go to the lower rank, which keeps the split deterministic.
function shares.block(total, weights)
  local sum = 0
  for _, w in ipairs(weights) do sum = sum + w end
  local counts, given, rest = {}, 0, {}
  for i, w in ipairs(weights) do
    local exact = total * w / sum
    counts[i] = math.floor(exact)
    given = given + counts[i]
    rest[i] = { i = i, frac = exact - counts[i] }
  end
  table.sort(rest, function(a, b)
    if a.frac ~= b.frac then return a.frac > b.frac end
    return a.i < b.i
  end)
  for j = 1, total - given do counts[rest[j].i] = counts[rest[j].i] + 1 end
  return counts
end

-- Equal block of `total` items: the first total % p ranks get one more. Returns this rank's count
-- and the index (0-based) of its first item.
function shares.equal(total, p, rank)
  local base, extra = total // p, total % p
  local count = base + ((rank < extra) and 1 or 0)
  local first = rank * base + math.min(rank, extra)
  return count, first
end

-- Heterogeneous cyclic distribution (seed 002 §4.2.1, row-based heterogeneous cyclic): rows are
-- dealt out one at a time, each to the rank that is furthest behind its proportional share, i.e.
-- the smallest (rows already dealt + 1) / weight. Over any stretch of rows each rank receives rows
-- in proportion to its weight, interleaved as evenly as whole rows allow. Returns owner[row + 1]
-- (a rank) for rows 0 .. total - 1.
function shares.cyclic(total, weights)
  local dealt, owner = {}, {}
  for i = 1, #weights do dealt[i] = 0 end
  for row = 1, total do
    local best, best_key = 1, (dealt[1] + 1) / weights[1]
    for i = 2, #weights do
      local key = (dealt[i] + 1) / weights[i]
      if key < best_key then best, best_key = i, key end
    end
    dealt[best] = dealt[best] + 1
    owner[row] = best - 1
  end
  return owner
end

return shares
