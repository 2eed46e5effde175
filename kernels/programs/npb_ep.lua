-- NAS EP ("embarrassingly parallel") as the SPMD message-passing program that the SPASM paper
-- simulates (003_542419d79f31dea1.txt §4, Table I); the per-pair arithmetic follows NPB's EP
-- (../shared/reference/npb.md, "EP").
--
-- Phase 1 (local floating point, large granularity): the 2^m pairs of uniform deviates are split
-- into equal contiguous blocks, one per processor. A processor walks its block in batches of at
-- most 2^mk pairs (NPB's batch, mk = 16); each batch first jumps the generator to its start by
-- binary exponentiation, then draws and tests its pairs. No data is exchanged: a batch needs only
-- its index.
-- Phase 2 (global sum): the 10 annulus counts and the two coordinate sums are combined by
-- logarithmic reduces to processor 0 (seed 003 §4: in step i a processor receives from the one
-- 2^i away and adds): one reduce of the counts (4-byte integers) and one of the two sums
-- (8-byte doubles).
--
-- Reads k.m (log2 of the number of pairs; NPB class S: 24, the SPASM study: 16, "64K pairs") and,
-- if present, k.mk (log2 of the batch, default 16).
--
-- Operation counts (one floating-point or integer operation = one op):
--   one random number (NPB randlc, the 23-bit split of npb.md): t1 = r23 x; x1 = int t1;
--     x2 = x - t23 x1; t1 = a1 x2 + a2 x1; t2 = int(r23 t1); z = t1 - t23 t2; t3 = t23 z + a2 x2;
--     t4 = int(r46 t3); x = t3 - t46 t4; y = r46 x                                      19 ops
--   a pair: two randoms (38); x1 = 2 u1 - 1, x2 = 2 u2 - 1 (4); t = x1^2 + x2^2 (3); t <= 1 (1)
--                                                                                        46 ops
--   an accepted pair (probability pi/4: the pair falls in the unit disc): log t and sqrt (a libm
--     call each, counted as 20 ops, a polynomial evaluation), -2 log t / t (2), X = x1 f,
--     Y = x2 f (2), max(|X|, |Y|) (3), the annulus index and its count (2), sx += X, sy += Y (2)
--                                                                                        51 ops
--   jumping to a batch's start: a^(2 start) by squaring, two randlc-sized multiplications per bit
--     of 2 start                                                                 2 * 19 ops/bit
-- The accepted fraction is taken at its expectation pi/4 rather than drawn: the simulation
-- charges time, it does not compute the deviates.
local shares = require "kernels.programs.shares"

local NQ = 10                         -- annuli (NPB nq)
local RANDOM_OPS = 19
local PAIR_OPS = 2 * RANDOM_OPS + 4 + 3 + 1
local ACCEPTED_OPS = 20 + 20 + 2 + 2 + 3 + 2 + 2
local ACCEPT = math.pi / 4

-- Ops to jump the generator to pair number `start` (0-based): NPB squares a by the bits of 2 start.
local function jump_ops(start)
  local bits = 0
  local e = 2 * start
  while e > 0 do
    bits = bits + 1
    e = e // 2
  end
  return 2 * RANDOM_OPS * bits
end

return function(ctx, k)
  local total = 1 << math.tointeger(k.m)
  local batch = 1 << math.tointeger(k.mk or 16)
  local mine, first = shares.equal(total, ctx.size, ctx.rank)

  local ops = 0
  local done = 0
  while done < mine do
    local n = math.min(batch, mine - done)
    ops = ops + jump_ops(first + done) + n * (PAIR_OPS + ACCEPT * ACCEPTED_OPS)
    done = done + n
  end
  ctx:compute(ops)

  ctx:reduce(NQ * 4, 0)   -- annulus counts q[0..9]
  ctx:reduce(2 * 8, 0)    -- sx, sy
end
