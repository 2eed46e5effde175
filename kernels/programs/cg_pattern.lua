-- The sparsity pattern of NPB CG's matrix (../shared/reference/npb.md, "CG": makea, sprnvc,
-- vecset, sparse), built in Lua so that the CG program charges each processor for the nonzeros of
-- its own rows: the random pattern makes the row blocks unequal, a real source of work imbalance.
-- Only positions are generated (values do not change the operation count). Built once per
-- (na, nonzer) and kept.
--
-- NPB's generator: x(k+1) = a x(k) mod 2^46 with a = 5^13, returned as 2^-46 x. Lua 5.4 integers
-- wrap modulo 2^64, a multiple of 2^46, so (x * a) & (2^46 - 1) is exact.
local pattern = {}

local A = 1220703125            -- 5^13
local MASK = (1 << 46) - 1
local SEED = 314159265          -- NPB CG's tran
local cache = {}

local function build(na, nonzer)
  local x = SEED
  local function randlc()
    x = (x * A) & MASK
    return x * 2.0^-46
  end
  randlc()                       -- NPB draws zeta once before building the matrix
  local nn1 = 1
  while nn1 < na do nn1 = 2 * nn1 end

  local columns = {}             -- columns[row] = set of column indices (1-based, as NPB)
  for row = 1, na do columns[row] = {} end
  for i = 1, na do
    -- sprnvc: nonzer distinct positions in 1..na, each from a (value, position) pair of draws
    local iv, seen = {}, {}
    while #iv < nonzer do
      randlc()                   -- the element's value
      local pos = math.floor(nn1 * randlc()) + 1
      if pos <= na and not seen[pos] then
        iv[#iv + 1] = pos
        seen[pos] = true
      end
    end
    -- vecset: element i is set to 0.5, appended when it is not already there
    if not seen[i] then iv[#iv + 1] = i end
    -- the outer product v v^T adds every (iv[a], iv[b]); sparse() sums duplicates
    for _, a in ipairs(iv) do
      local row = columns[a]
      for _, b in ipairs(iv) do row[b] = true end
    end
  end

  local per_row = {}
  for row = 1, na do
    local n = 0
    for _ in pairs(columns[row]) do n = n + 1 end
    per_row[row] = n
  end
  return per_row
end

local function per_row(na, nonzer)
  local key = na .. ":" .. nonzer
  if cache[key] == nil then cache[key] = build(na, nonzer) end
  return cache[key]
end

-- Nonzeros in the `count` rows starting at row `first` (0-based).
function pattern.nonzeros(na, nonzer, first, count)
  local rows = per_row(na, nonzer)
  local n = 0
  for row = first + 1, first + count do n = n + rows[row] end
  return n
end

-- Nonzeros of the whole matrix.
function pattern.total(na, nonzer)
  return pattern.nonzeros(na, nonzer, 0, na)
end

return pattern
