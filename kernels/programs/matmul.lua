-- Heterogeneous row-block matrix multiplication C = A x B (N x N), the STAS paper's MM
-- (002_f0da52e7e2d6c7d5.txt §4.2.2), as the SPMD program kernels/matmul.lua's model describes:
--   1. process 0 sends every other process its block of rows of A, the blocks in proportion to the
--      processes' marked speeds (row-based heterogeneous block distribution);
--   2. process 0 sends B whole to the others: k.broadcast = "tree" a binomial broadcast (MPI_Bcast),
--      "serial" one send per process;
--   3. each process multiplies its rows: 2 N ops (a multiply and an add) per element of its rows
--      of C, 2 rows N^2 in all (W = 2 N^3 summed over the processes);
--   4. process 0 collects the rows of C.
-- Reads k.N, k.elem (bytes per element), k.broadcast.
local shares = require "kernels.programs.shares"

return function(ctx, k)
  local N, e = k.N, k.elem
  local p, me = ctx.size, ctx.rank
  local rows = shares.block(math.tointeger(N) or math.floor(N), shares.speeds(ctx))
  local row_bytes = N * e

  if me == 0 then
    for r = 1, p - 1 do ctx:send(r, rows[r + 1] * row_bytes, "A") end
  else
    ctx:recv(0, "A")
  end

  if k.broadcast == "serial" then
    if me == 0 then
      for r = 1, p - 1 do ctx:send(r, N * row_bytes, "B") end
    else
      ctx:recv(0, "B")
    end
  else
    ctx:broadcast(N * row_bytes, 0)
  end

  ctx:compute(2 * rows[me + 1] * N * N)

  if me == 0 then
    for r = 1, p - 1 do ctx:recv(r, "C") end
  else
    ctx:send(0, rows[me + 1] * row_bytes, "C")
  end
end
