-- NAS IS (integer sort: ranking keys by bucket counting) as an SPMD message-passing program, in
-- two variants chosen by k.exchange:
--
-- "reduce" (default): the program the SPASM paper simulates (003_542419d79f31dea1.txt §4, Table II).
--   The keys are split equally; every processor keeps its own count per key value (2^log2_max_key
--   "buckets", 2K for the paper's 2K key range) for its keys.
--   1. local bucket updates: clear the counts, count the local keys;
--   2. global bucket merge: a logarithmic reduce of the count arrays to processor 0 (messages of
--      4 bytes per bucket: 8 KB for 2K buckets), adding a whole array at every step, then the
--      merged counts propagated back to every processor (a binomial broadcast);
--   3. local bucket updates: prefix sums of the merged counts give each key value's rank; rank the
--      local keys.
--   The array additions in step 2 are the work imbalance of seed 003 §6 (the adding processors halve
--   at each step), which caps IS's "ideal" speedup.
--
-- "alltoall": the NPB 3.x MPI ranking (../shared/reference/npb.md "IS"): keys counted into
--   2^log2_buckets coarse buckets and moved into bucket order, an allreduce of the bucket sizes, an
--   all-to-all of the send counts and an all-to-all of the keys so that each processor holds one
--   contiguous key range (taken as an equal n/p keys: the bucket split balances them), then local
--   counting and prefix sums over that key range.
--
-- Both repeat the ranking k.iterations times (NPB: 10 timed iterations; default 10). NPB's two key
-- changes per iteration and its 5-key partial verification are a handful of operations and are
-- not charged.
-- Reads k.log2_keys (log2 of the key count; class S: 16 = 64K keys), k.log2_max_key (class S: 11 =
-- 2K key values), k.log2_buckets (class S: 9, the "alltoall" variant only) and, if present,
-- k.iterations (default 10) and k.exchange (default "reduce"), as kernels/npb_is.lua names them.
--
-- Operation counts: IS is integer, memory-bound code, so every load, store and integer
-- arithmetic operation counts as one op:
--   count a key into a per-value count: load key, load count, add 1, store            4 ops
--   rank a key from the prefix sums: load key, load its value's start, store rank     3 ops
--   clear a count: store                                                              1 op
--   prefix sum, per count: load, add, store                                           3 ops
--   merge one bucket of a received array: load both, add, store                       4 ops
--   coarse bucket of a key: load key, shift, load count, add 1, store                 5 ops
--   move a key into bucket order: load key, shift, load pointer, store key, add 1,
--     store pointer                                                                   6 ops
--   assign a bucket to its destination processor: compare and add                     1 op
local shares = require "kernels.programs.shares"
local tree = require "kernels.programs.tree"
local replicated = require "kernels.programs.replicated"

local COUNT_OPS, RANK_OPS, CLEAR_OPS, PREFIX_OPS, MERGE_OPS = 4, 3, 1, 3, 4
local BUCKET_OPS, MOVE_OPS, ASSIGN_OPS = 5, 6, 1
local INT = 4   -- bytes per key and per count

-- Work on whole count arrays (clearing them, the prefix sums of the merged counts) is done in full
-- by every processor, however many there are: it does not divide (kernels/programs/replicated.lua).
local function seed003_iteration(ctx, keys, values)
  replicated(ctx, values * CLEAR_OPS)
  ctx:compute(keys * COUNT_OPS)
  tree.reduce(ctx, values * INT, values * MERGE_OPS, "is-merge")
  ctx:broadcast(values * INT, 0)
  replicated(ctx, values * PREFIX_OPS)
  ctx:compute(keys * RANK_OPS)
end

local function npb_mpi_iteration(ctx, keys, values, buckets, total_keys)
  local p = ctx.size
  replicated(ctx, buckets * (CLEAR_OPS + PREFIX_OPS))
  ctx:compute(keys * (BUCKET_OPS + MOVE_OPS))
  ctx:allreduce(buckets * INT)
  -- recursive doubling adds the whole array at every step, on every processor; every processor
  -- then assigns all the buckets to their destinations
  ctx:compute(tree.steps(p) * buckets * MERGE_OPS)
  replicated(ctx, buckets * ASSIGN_OPS)
  ctx:alltoall(INT)                                -- how many keys each processor will send
  ctx:alltoall(INT * total_keys / (p * p))         -- the keys themselves
  local range = values / p                         -- this processor's key values
  ctx:compute(range * CLEAR_OPS + keys * COUNT_OPS + range * PREFIX_OPS)
end

return function(ctx, k)
  local total_keys = 1 << math.tointeger(k.log2_keys)
  local values = 1 << math.tointeger(k.log2_max_key)
  local keys = shares.equal(total_keys, ctx.size, ctx.rank)
  local exchange = k.exchange or "reduce"
  local iterations = math.tointeger(k.iterations or 10)
  for _ = 1, iterations do
    if exchange == "reduce" then
      seed003_iteration(ctx, keys, values)
    elseif exchange == "alltoall" then
      npb_mpi_iteration(ctx, keys, values, 1 << math.tointeger(k.log2_buckets), total_keys)
    else
      error(string.format("npb_is: exchange = '%s': \"reduce\" (seed 003) or \"alltoall\" (NPB MPI) expected",
                          tostring(exchange)))
    end
  end
end
