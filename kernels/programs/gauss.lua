-- Heterogeneous Gaussian elimination A x = b (A N x N), the STAS paper's GE
-- (002_f0da52e7e2d6c7d5.txt §4.2.1), as an SPMD program:
--   1. process 0 sends every other process its rows of A and b, dealt row-cyclically in proportion
--      to the marked speeds (kernels/programs/shares.lua, cyclic): N + 1 elements per row;
--   2. for i = 0 .. N-2: the owner of row i broadcasts the pivot row from column i on, with b
--      (N - i + 1 elements, binomial tree); every process eliminates column i from its rows below i;
--      then all processes synchronise (a barrier, "due to data dependence");
--   3. every other process sends process 0 its rows of the upper triangle (row j from column j on,
--      with b: N - j + 1 elements) and process 0 alone does the back substitution.
-- Reads k.N and k.elem (bytes per element).
--
-- Operation counts:
--   eliminating column i from one row: the multiplier (1 division), then a multiply and an add for
--   each of the N - i - 1 remaining columns and for b: 2 (N - i) + 1 ops. Summed over all rows and
--   steps this is 2/3 N^3 + 1/2 N^2 - 7/6 N; the seed's W(N) (kernels/gauss.lua) differs in the
--   lower-order terms only.
--   back substitution: row j needs N - 1 - j multiply-adds and a division: N^2 ops in all, on
--   process 0 alone (ctx:serial).
local shares = require "kernels.programs.shares"

return function(ctx, k)
  local N = math.tointeger(k.N) or math.floor(k.N)
  local e = k.elem
  local p, me = ctx.size, ctx.rank
  local owner = shares.cyclic(N, shares.speeds(ctx))

  -- my rows, and how many of them lie below each row i
  local mine = 0
  local upper_bytes = 0           -- my part of the upper triangle, sent back in step 3
  for j = 0, N - 1 do
    if owner[j + 1] == me then
      mine = mine + 1
      upper_bytes = upper_bytes + (N - j + 1) * e
    end
  end

  if me == 0 then
    local count = {}
    for r = 0, p - 1 do count[r] = 0 end
    for j = 1, N do count[owner[j]] = count[owner[j]] + 1 end
    for r = 1, p - 1 do ctx:send(r, count[r] * (N + 1) * e, "rows") end
  else
    ctx:recv(0, "rows")
  end

  local below = mine              -- my rows with index > i, kept as i advances
  for i = 0, N - 2 do
    if owner[i + 1] == me then below = below - 1 end
    ctx:broadcast((N - i + 1) * e, owner[i + 1])
    if below > 0 then ctx:compute(below * (2 * (N - i) + 1)) end
    ctx:barrier()
  end

  if me == 0 then
    for r = 1, p - 1 do ctx:recv(r, "upper") end
    ctx:serial(N * N)
  else
    ctx:send(0, upper_bytes, "upper")
  end
end
