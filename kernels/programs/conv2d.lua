-- Heterogeneous 2-D convolution of two N x N complex images by FFT, the STAS paper's 2DConv
-- (002_f0da52e7e2d6c7d5.txt §4.2.3), as the SPMD program kernels/conv2d.lua's model describes:
--   1. process 0 sends every other process its block of rows of image A and of image B (two
--      messages), the blocks in proportion to the marked speeds;
--   2. every process does its share of the forward 2-D FFTs, the point-wise product and the inverse
--      2-D FFT: rows_i / N of the seed's W(N) = 66 N^2 lg N + 21 N^2 + 84 N lg N;
--   3. process 0 gathers the rows of the result.
-- The seed's steps have no transpose (k.transposes = 0, as in the model). With k.transposes = t > 0
-- the work is cut into t + 1 equal parts with an all-to-all transpose of one image between them:
-- process i sends process j the rows_i x rows_j block, e rows_i rows_j bytes.
-- Reads k.N, k.elem (bytes per complex element), k.transposes.
local shares = require "kernels.programs.shares"

local function work(N)
  local lg = math.log(N, 2)
  return 66 * N^2 * lg + 21 * N^2 + 84 * N * lg
end

local function transpose(ctx, rows, e)
  local me = ctx.rank
  local reqs = {}
  for r = 0, ctx.size - 1 do
    if r ~= me then
      reqs[#reqs + 1] = ctx:irecv(r, "transpose")
      reqs[#reqs + 1] = ctx:isend(r, rows[me + 1] * rows[r + 1] * e, "transpose")
    end
  end
  ctx:waitall(reqs)
end

return function(ctx, k)
  local N = math.tointeger(k.N) or math.floor(k.N)
  local e = k.elem
  local p, me = ctx.size, ctx.rank
  local t = math.tointeger(k.transposes or 0)
  local rows = shares.block(N, shares.speeds(ctx))
  local row_bytes = N * e

  if me == 0 then
    for r = 1, p - 1 do
      ctx:send(r, rows[r + 1] * row_bytes, "A")
      ctx:send(r, rows[r + 1] * row_bytes, "B")
    end
  else
    ctx:recv(0, "A")
    ctx:recv(0, "B")
  end

  local part = work(N) * rows[me + 1] / N / (t + 1)
  for phase = 0, t do
    if phase > 0 and p > 1 then transpose(ctx, rows, e) end
    ctx:compute(part)
  end

  if me == 0 then
    for r = 1, p - 1 do ctx:recv(r, "D") end
  else
    ctx:send(0, rows[me + 1] * row_bytes, "D")
  end
end
