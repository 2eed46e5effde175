#include "kernels/native/apps/fractal.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "kernels/native/apps/chunked_loop.hpp"
#include "kernels/native/counter_rng.hpp"

namespace scalerun::kernels {

namespace {

constexpr std::array<runtime::ParamSpec, 7> kParams{{
    {"width", 256, 1, "pixels per row"},
    {"height", 256, 1, "pixels per column"},
    {"limit", 10000, 1, "most iterations per pixel (colours)"},
    {"grain", 1, 1, "pixels per task"},
    {"shape", 0, 0, "how tasks are cut: 0 runs of rows, 1 runs of columns, 2 square tiles"},
    {"fill", 0.32, 0, "mean orbit length / limit, for the work figure only"},
    {"ops_iter", 10, 0, "instructions per iteration, for the work figure only"},
}};

FractalSetup setup_of(const runtime::Params& given) {
  FractalSetup s;
  s.width = static_cast<std::size_t>(runtime::count_param(kParams, given, "width"));
  s.height = static_cast<std::size_t>(runtime::count_param(kParams, given, "height"));
  if (static_cast<double>(s.width) * static_cast<double>(s.height) > 0x1.0p48)
    throw std::invalid_argument(fmt::format("width x height = {} x {} pixels is more than 2^48", s.width, s.height));
  const std::uint64_t limit = runtime::count_param(kParams, given, "limit");
  if (limit > std::numeric_limits<std::uint32_t>::max())
    throw std::invalid_argument(fmt::format("parameter 'limit' = {} must fit in 32 bits", limit));
  s.limit = static_cast<std::uint32_t>(limit);
  s.grain = static_cast<std::size_t>(runtime::count_param(kParams, given, "grain"));
  const std::uint64_t shape = runtime::count_param(kParams, given, "shape");
  if (shape > 2)
    throw std::invalid_argument(
        fmt::format("parameter 'shape' = {} must be 0 (rows), 1 (columns) or 2 (tiles)", shape));
  s.shape = static_cast<TaskShape>(shape);
  return s;
}

// Points whose orbit lengths follow from a few exact steps of z <- z^2 + c.
struct KnownPoint {
  double re, im;
  std::uint32_t count;  // 0: never escapes, so the limit
};
constexpr std::array<KnownPoint, 8> kKnownPoints{{
    {3.0, 0.0, 1},   // |c| > 2: |z_1|^2 = 9
    {0.0, -2.5, 1},  // |c| > 2
    {1.0, 0.0, 2},   // z: 0, 1, 2 and |z_2|^2 = 4 stops the loop
    {0.0, 0.0, 0},   // fixed at 0
    {-1.0, 0.0, 0},  // the 2-cycle 0, -1
    {0.0, 1.0, 0},   // i: 0, i, -1 + i, -i, then the 2-cycle -1 + i, -i
    {0.25, 0.0, 0},  // the cusp: z rises to 1/2 and never reaches it
    {-0.1, 0.1, 0},  // inside the main cardioid (attracting fixed point)
}};

}  // namespace

std::size_t FractalSetup::tile_side() const {
  auto t = static_cast<std::size_t>(std::sqrt(static_cast<double>(grain)));
  while (t * t > grain) --t;  // floor of the square root, whatever the rounding
  while ((t + 1) * (t + 1) <= grain) ++t;
  return std::max<std::size_t>(t, 1);
}

std::size_t FractalSetup::tasks() const {
  if (shape == TaskShape::tiles) {
    const std::size_t t = tile_side();
    return ((width + t - 1) / t) * ((height + t - 1) / t);
  }
  return (pixels() + grain - 1) / grain;
}

double FractalSetup::re(std::size_t x) const {
  return -1.0 + (static_cast<double>(x) + 0.5) * 2.0 / static_cast<double>(width);
}
double FractalSetup::im(std::size_t y) const {
  return -1.0 + (static_cast<double>(y) + 0.5) * 2.0 / static_cast<double>(height);
}

std::uint32_t escape_count(double re, double im, std::uint32_t limit) {
  double zx = 0, zy = 0;
  std::uint32_t count = 0;
  while (zx * zx + zy * zy < 4.0 && count < limit) {
    ++count;
    const double next_zy = 2.0 * zx * zy + im;
    zx = zx * zx - zy * zy + re;
    zy = next_zy;
  }
  return count;
}

void render_tasks(const FractalSetup& setup, std::vector<std::uint32_t>& image, std::size_t lo, std::size_t hi) {
  const std::size_t w = setup.width, h = setup.height, n = setup.pixels();
  for (std::size_t task = lo; task < hi; ++task) {
    switch (setup.shape) {
      case TaskShape::rows:
        for (std::size_t i = task * setup.grain; i < std::min(n, (task + 1) * setup.grain); ++i)
          image[i] = escape_count(setup.re(i % w), setup.im(i / w), setup.limit);
        break;
      case TaskShape::columns:
        for (std::size_t m = task * setup.grain; m < std::min(n, (task + 1) * setup.grain); ++m) {
          const std::size_t x = m / h, y = m % h;
          image[y * w + x] = escape_count(setup.re(x), setup.im(y), setup.limit);
        }
        break;
      case TaskShape::tiles: {
        const std::size_t t = setup.tile_side(), across = (w + t - 1) / t;
        const std::size_t x0 = task % across * t, y0 = task / across * t;
        for (std::size_t y = y0; y < std::min(h, y0 + t); ++y)
          for (std::size_t x = x0; x < std::min(w, x0 + t); ++x)
            image[y * w + x] = escape_count(setup.re(x), setup.im(y), setup.limit);
        break;
      }
    }
  }
}

void render(const FractalSetup& setup, std::vector<std::uint32_t>& image, runtime::Runtime* rt) {
  for_chunks(rt, 0, setup.tasks(), 1, [&](std::size_t lo, std::size_t hi) { render_tasks(setup, image, lo, hi); });
}

bool in_cardioid_or_bulb(double re, double im) {
  const double x = re - 0.25, y2 = im * im;
  const double q = x * x + y2;
  const bool cardioid = q * (q + x) < 0.25 * y2;
  const bool bulb = (re + 1.0) * (re + 1.0) + y2 < 1.0 / 16;
  return cardioid || bulb;
}

runtime::KernelResult verify_image(const FractalSetup& setup, const std::vector<std::uint32_t>& image,
                                   std::size_t sampled) {
  runtime::KernelResult r;
  const std::size_t n = setup.pixels();
  if (image.size() != n || n == 0) {
    r.message = fmt::format("fractal: {} colours for {} pixels", image.size(), n);
    return r;
  }
  std::size_t out_of_range = 0, interior = 0, interior_wrong = 0;
  std::uint64_t iterations = 0, hash = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t c = image[i];
    iterations += c;
    hash += counter_random(c, i);
    if (c < 1 || c > setup.limit) ++out_of_range;
    if (in_cardioid_or_bulb(setup.re(i % setup.width), setup.im(i / setup.width))) {
      ++interior;
      if (c != setup.limit) ++interior_wrong;
    }
  }
  r.checksum = static_cast<double>(hash >> 11);
  std::size_t sample_wrong = 0;
  const std::size_t samples = std::min(sampled, n);
  for (std::size_t s = 0; s < samples; ++s) {
    const std::size_t i = counter_random(0x5eed, s) % n;
    if (image[i] != escape_count(setup.re(i % setup.width), setup.im(i / setup.width), setup.limit)) ++sample_wrong;
  }
  std::size_t known_wrong = 0;
  for (const auto& k : kKnownPoints) {
    const std::uint32_t expected = k.count == 0 ? setup.limit : std::min(k.count, setup.limit);
    if (escape_count(k.re, k.im, setup.limit) != expected) ++known_wrong;
  }
  r.verified = out_of_range == 0 && interior_wrong == 0 && sample_wrong == 0 && known_wrong == 0;
  const double fill = static_cast<double>(iterations) / (static_cast<double>(n) * setup.limit);
  r.message = fmt::format(
      "fractal: {} x {} pixels, limit {}, {} tasks: {} colours out of [1, limit]; {} of {} pixels in the cardioid "
      "or the period-2 disc short of the limit; {} of {} sampled pixels differ from their point's orbit; {} of {} "
      "known points wrong; measured fill {:.4f}",
      setup.width, setup.height, setup.limit, setup.tasks(), out_of_range, interior_wrong, interior, sample_wrong,
      samples, known_wrong, kKnownPoints.size(), fill);
  return r;
}

static double fractal_work(const runtime::Params& given) {
  const FractalSetup s = setup_of(given);
  return static_cast<double>(s.pixels()) * runtime::real_param(kParams, given, "fill") * s.limit *
         runtime::real_param(kParams, given, "ops_iter");
}

static double fractal_memory(const runtime::Params& given) {
  return 4.0 * static_cast<double>(setup_of(given).pixels());
}

static runtime::KernelResult fractal_run(const runtime::Params& given, runtime::Runtime& rt) {
  const FractalSetup setup = setup_of(given);
  std::vector<std::uint32_t> image(setup.pixels());
  rt.measure([&] { render(setup, image, &rt); });
  return verify_image(setup, image);
}

const runtime::NativeKernel fractal_kernel{
    .name = "fractal",
    .doc = "Mandelbrot image of (-1,-1)-(1,1), width x height pixels, at most limit iterations, dynamic tasks of "
         "grain pixels cut as rows, columns or tiles; W = width height fill limit ops_iter",
    .params = kParams,
    .work = fractal_work,
    .memory = fractal_memory,
    .run = fractal_run,
};

}  // namespace scalerun::kernels
