#pragma once
// Mandelbrot image (the steady-state timing models paper, 004_accb5d5a432b67f2.txt §4 and §9):
// the colour of pixel (x, y) is the orbit length of its point c of the square (-1,-1)-(1,1), the
// seed's §9 domain: the loop of §9, z <- z^2 + c from z = 0 while |z|^2 < 4, at most `limit`
// times. Pixels are independent; the work is handed out in tasks of `grain` pixels, cut in one of
// the seed's three ways (§4): runs of a row (grain = width: one row per task), runs of a column
// (grain = height: one column per task), or square tiles of side floor(sqrt(grain)). Tasks go to
// the workers dynamically (TBB's work stealing, one task per chunk), which is what keeps the
// workers busy while orbit lengths differ by four orders of magnitude from pixel to pixel.
//
// Parameters: width, height, limit, grain (>= 1), shape (0 rows, 1 columns, 2 tiles), and, for the
// work figure only, fill and ops_iter. Work W = width height fill limit ops_iter (instructions, as
// in kernels/fractal.lua: fill is the mean orbit length over limit, which the run reports as
// measured); memory M = 4 width height bytes (one 32-bit colour per pixel, the description's result).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels {

enum class TaskShape : std::uint64_t { rows = 0, columns = 1, tiles = 2 };

struct FractalSetup {
  std::size_t width = 0, height = 0;
  std::uint32_t limit = 0;
  std::size_t grain = 1;  // pixels per task
  TaskShape shape = TaskShape::rows;

  std::size_t pixels() const { return width * height; }
  std::size_t tile_side() const;  // tiles: floor(sqrt(grain)), at least 1
  std::size_t tasks() const;
  double re(std::size_t x) const;  // c of the pixel's centre
  double im(std::size_t y) const;
};

// The orbit length of c = (re, im): the seed's §9 loop, at most `limit` iterations.
std::uint32_t escape_count(double re, double im, std::uint32_t limit);

// Colours the pixels of tasks [lo, hi) of image (row-major, width * height): the body every worker
// count runs.
void render_tasks(const FractalSetup& setup, std::vector<std::uint32_t>& image, std::size_t lo, std::size_t hi);

// The whole image, one task per chunk, on rt or, with rt null, on the calling thread (the serial
// reference).
void render(const FractalSetup& setup, std::vector<std::uint32_t>& image, runtime::Runtime* rt);

// True when c lies in the main cardioid or the period-2 disc, where the orbit stays bounded
// (closed forms, no iteration): such a pixel must reach the limit.
bool in_cardioid_or_bulb(double re, double im);

// Checks image against facts known without the kernel: every colour in [1, limit]; every pixel in
// the main cardioid or the period-2 disc at the limit; `sampled` pixels equal to escape_count of
// their point; and escape_count itself at points whose orbits are known in closed form (|c| > 2
// escapes on the first iteration, c = 1 on the second, 0, -1, i and 1/4 never). The checksum is an
// order-sensitive hash of the image (53 bits), identical for every worker count.
runtime::KernelResult verify_image(const FractalSetup& setup, const std::vector<std::uint32_t>& image,
                                   std::size_t sampled = 256);

// native = "fractal": parameters, work, memory and run as one descriptor (see registry.hpp).
extern const runtime::NativeKernel fractal_kernel;

}  // namespace scalerun::kernels
