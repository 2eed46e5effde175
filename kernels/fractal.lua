-- Mandelbrot fractal image (the steady-state timing models paper, 004_accb5d5a432b67f2.txt §4 and
-- §9; the equations are images in the seed's text and are rebuilt from the prose).
-- The image has n = width * height pixels; each pixel's colour is the orbit length of its complex
-- point, at most `limit` iterations of the loop of §9 (lines 8-13, about ops_iter instructions each).
-- Computing density rho (instructions per pixel) = fill * limit * ops_iter, where fill is the mean
-- orbit length as a fraction of limit: it depends on the complex domain (§2.2: (-2,-2)-(2,2) and
-- (-0.1,-0.1)-(0.1,0.1) differ drastically). The defaults give rho = 32,000, the density the seed
-- counted for domain (1,1)-(-1,-1) (§9, used for Figs. 3-4); fill = 0.32 is chosen to give it.
-- Sequential (4.1): T_seq = n rho / W            (W: processor power, instructions per second)
-- Parallel  (4.2): T_par = n rho / (P W) + n delta / u,   delta = bytes communicated per pixel
--   so Sp = P / (1 + P W delta / (rho u)) (4.3): no linear speedup, better for slower processors
--   and for a larger rho/delta ratio (coarser grain).
-- Grain (§9): the work is handed out in tasks of `grain` pixels, each task described by `desc` bytes
-- (4-byte single-precision numbers), and every pixel's colour comes back (`result` bytes):
--   delta = desc / grain + result
--   grain = 1, desc = 4       pixel tasks: delta = 8 bytes/pixel, the seed's §4 figure (default)
--   grain = height, desc = 4  one column (x-loop index) per task, "cutting the first loop": the
--                             distribution volume drops to 4 x bytes (§9)
--   grain = width             one row per task
--   grain = t*t, desc = 8     square tiles named by a corner
--   grain = n/P, desc = 8     packed assignments of x/P columns, distribution volume 2 * 4 P (§9)
-- idle = skew * grain * rho / W (P > 1): the tail of the last task when task times vary ("coarse
-- grain ... risking synchronization penalty", §9); the seed sets dynamic waiting to zero (§2.2), so
-- skew = 0 by default and the model is exactly (4.2).
-- Native kernel (kernels/native/apps/fractal.cpp): the §9 program on the domain (-1,-1)-(1,1), tasks
-- of `grain` pixels cut as `shape` says, 0: runs of rows (grain = width: one row per task), 1: runs
-- of columns (grain = height: one column per task), 2: square tiles of side floor(sqrt(grain)),
-- handed out dynamically; it reports the fill it measured (about 0.35 at the defaults). The default
-- image is 256 x 256 so one run takes about half a second on one core: n scales the time, not the
-- speedup (4.3), and rho keeps the seed's 32,000.
return kernel {
  name = "fractal",
  doc  = "Mandelbrot image, width x height pixels, at most limit iterations, tasks of grain pixels (seed 004 §4, §9)",
  size = "width",
  integer = { "width", "height" },  -- pixels: a rule's solved size is rounded to the nearest whole one
  params = {
    width    = 256,
    height   = 256,
    limit    = 10000,         -- maximal visible colours: the iteration cap
    ops_iter = 10,            -- instructions per iteration of the inner while loop
    fill     = 0.32,          -- mean orbit length / limit for the domain (gives rho = 32,000)
    grain    = 1,             -- pixels per task
    shape    = 0,             -- how tasks are cut (native run only): 0 rows, 1 columns, 2 square tiles
    desc     = 4,             -- bytes describing one task
    result   = 4,             -- bytes returned per pixel (colour index)
    skew     = 0,             -- task-time variation, in task times, waited for at the end
    W        = 101 * MIPS,    -- processor power (seed 004 §4: 512 processors of 101 MIPS ...)
    u        = 100 * MBps,    -- ... with a sustained 100 MB/s network: about 87 % efficiency
  },
  work   = function(k) return k.width * k.height * k.fill * k.limit * k.ops_iter end,
  memory = function(k) return k.result * k.width * k.height end,
  model  = function(k, p, m)
    local n = k.width * k.height
    local rho = k.fill * k.limit * k.ops_iter
    local delta = k.desc / k.grain + k.result
    return {
      compute = n * rho / (p * k.W),
      comm    = where(gt(p, 1), n * delta / k.u, 0),
      idle    = where(gt(p, 1), k.skew * k.grain * rho / k.W, 0),
    }
  end,
  native = "fractal",
}
