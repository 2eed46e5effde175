-- Heterogeneous 2-D convolution of two N x N complex images by FFT (the STAS paper,
-- 002_f0da52e7e2d6c7d5.txt §4.2.3).
-- Work (seed 002 §4.2.3): W(N) = 66 N^2 lg N + 21 N^2 + 84 N lg N   (lg = log2).
-- Algorithm (seed 002 §4.2.3): process 0 reads both images and distributes their rows proportionally
-- to the marked speeds (row-based heterogeneous block distribution); each process does the forward
-- 2-D FFTs of its two sub-images, the point-wise product and the inverse 2-D FFT; process 0 gathers
-- the result.
-- Model on p nodes of total marked speed C = m:marked_speed(p):
--   compute = W / C                                   work proportional to marked speed
--   comm    = e N^2 (1 - 1/p) [ 3 + t / p ] / bw
--             scatter of the two images and gather of the result through process 0's link (it
--             keeps 1/p), plus t all-to-all transposes of one image, each node sending its
--             e N^2 (1 - 1/p) / p bytes over its own link. The seed's step list shows no transpose (and says
--             MM and 2DConv "have the same amount of communication overhead when the matrix rank is
--             the same"), so t = 0 by default; a row-block 2-D FFT really needs one transpose per
--             2-D FFT (t = 3) unless the column FFTs are done by process 0: set transposes = 3 to see it.
--   latency = (3 + t)(p - 1) (latency + overhead)    process 0 sends/receives p - 1 messages per
--                                                    scatter and gather phase one after another;
--                                                    in a transpose every node sends p - 1, all
--                                                    nodes at once
--   contention = t e N^2 (1 - 1/p) max(0, 1/capacity - 1/(p bw))   only with a network capacity (a
--             shared bus, seed 003 §6): the transposes' p links' worth of traffic then serialises
-- e = 16 bytes (double complex). Terms vanish at p = 1; without m.network only compute remains.
-- Native kernel (kernels/native/apps/conv2d.cpp): the same three 2-D FFTs with FFTW on shared memory,
-- parallel over rows then over blocks of columns; verified against the direct circular convolution.
local function lg(x) return log2(x) end

return kernel {
  name = "conv2d",
  doc  = "heterogeneous FFT-based 2-D convolution of two N x N complex images (seed 002 §4.2.3)",
  size = "N",
  integer = { "N" },  -- an image side: a rule's solved size is rounded to the nearest whole one
  params = {
    N          = 512,
    elem       = 16,   -- bytes per complex element (two doubles)
    transposes = 0,    -- all-to-all transposes (0 as in the seed's algorithm; 3 for a true row-block 2-D FFT)
  },
  work   = function(k) return 66 * k.N^2 * lg(k.N) + 21 * k.N^2 + 84 * k.N * lg(k.N) end,
  memory = function(k) return 3 * k.elem * k.N^2 end,
  model  = function(k, p, m)
    local N = k.N
    local W = 66 * N^2 * lg(N) + 21 * N^2 + 84 * N * lg(N)
    local C = m:marked_speed(p)
    local comm, latency, contention = 0, 0, 0
    if m.network then
      local net = m.network
      local t = k.transposes
      comm = k.elem * N^2 * (1 - 1 / p) * (3 + t / p) / net.bandwidth
      latency = (3 + t) * (p - 1) * ((net.latency or 0) + (net.overhead or 0))
      if net.capacity then
        contention = t * k.elem * N^2 * (1 - 1 / p) * math.max(0, 1 / net.capacity - 1 / (p * net.bandwidth))
      end
    end
    return {
      compute = W / C,
      comm    = comm,
      latency = latency,
      contention = contention,
    }
  end,
  native = "conv2d",
  program = require "kernels.programs.conv2d",
}
