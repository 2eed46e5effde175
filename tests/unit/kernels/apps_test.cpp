// The apps family of native kernels (kernels/native/apps/): each one against an answer computed
// here without it, identical for p = 1, 2, 4 and to its serial reference, and a corrupted result
// failing its verification.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "kernels/native/apps/conv2d.hpp"
#include "kernels/native/apps/fractal.hpp"
#include "kernels/native/apps/key_runs.hpp"
#include "kernels/native/apps/mergesort.hpp"
#include "kernels/native/apps/montecarlo_slices.hpp"
#include "kernels/native/apps/sort_n2.hpp"
#include "kernels/native/counter_rng.hpp"
#include "kernels/native/registry.hpp"
#include "runtime/runtime.hpp"
#include "tests/unit/kernels/kernel_runs.hpp"

using namespace scalerun;
using kernels::Complex;
using kernels::ComplexImage;
using kernels::Key;
using runtime::Params;
using runtime::Runtime;

using test::check_kernel_runs;

namespace {

constexpr int kWorkerCounts[] = {1, 2, 4};

bool same_entries(const ComplexImage& x, const ComplexImage& y) {
  return x.n() == y.n() && std::equal(x.data(), x.data() + x.n() * x.n(), y.data());
}

ComplexImage copy_of(const ComplexImage& x) {
  ComplexImage c(x.n());
  std::copy(x.data(), x.data() + x.n() * x.n(), c.data());
  return c;
}

// The circular convolution by its definition, with plain sums: O(N^4).
ComplexImage textbook_convolution(const ComplexImage& a, const ComplexImage& b) {
  const std::size_t n = a.n();
  ComplexImage d(n);
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t l = 0; l < n; ++l) {
      Complex sum = 0;
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) sum += a.at(i, j) * b.at((k + n - i) % n, (l + n - j) % n);
      d.at(k, l) = sum;
    }
  return d;
}

// d = a (*) b on p workers (p = 0: the serial reference).
ComplexImage fft_convolution(const ComplexImage& a, const ComplexImage& b, int p) {
  ComplexImage x = copy_of(a), y = copy_of(b);
  if (p == 0) {
    kernels::convolve_in_place(x, y, nullptr);
  } else {
    Runtime rt(p);
    kernels::convolve_in_place(x, y, &rt);
    CHECK(rt.finish().loops == 3);  // rows, column blocks, rows
  }
  return x;
}

std::vector<std::uint32_t> render_image(const kernels::FractalSetup& setup, int p) {
  std::vector<std::uint32_t> image(setup.pixels(), 0);
  if (p == 0) {
    kernels::render(setup, image, nullptr);
  } else {
    Runtime rt(p);
    kernels::render(setup, image, &rt);
  }
  return image;
}

std::vector<Key> sorted_copy(std::vector<Key> keys) {
  std::sort(keys.begin(), keys.end());
  return keys;
}

}  // namespace

// ---- conv2d ----

TEST_CASE("apps: conv2d by FFTs equals the direct circular convolution", "[apps]") {
  // Orders below, at and above the column block, odd and even, a power of two and not.
  for (std::size_t n : {1, 2, 5, 8, 12, 17}) {
    const ComplexImage a = kernels::random_image(n, 3), b = kernels::random_image(n, 4);
    const ComplexImage direct = textbook_convolution(a, b);
    const ComplexImage serial = fft_convolution(a, b, 0);
    const double tol = kernels::fft_entry_tolerance(a, b);
    INFO("N = " << n << ", tolerance " << tol);
    CHECK(tol < 1e-8);  // small enough to mean something: the entries are of order N
    double worst = 0;
    for (std::size_t k = 0; k < n; ++k)
      for (std::size_t l = 0; l < n; ++l) {
        worst = std::max(worst, std::abs(serial.at(k, l) - direct.at(k, l)));
        CHECK(std::abs(kernels::direct_entry(a, b, k, l) - direct.at(k, l)) <= 1e-10);
      }
    CHECK(worst <= tol);
    for (int p : kWorkerCounts) CHECK(same_entries(fft_convolution(a, b, p), serial));
    CHECK(kernels::verify_convolution(a, b, serial, 9).verified);
  }
}

TEST_CASE("apps: conv2d runs verified with the same checksum for p = 1, 2, 4", "[apps]") {
  check_kernel_runs("conv2d", {{"N", 24}, {"seed", 2}});  // every entry checked directly
  check_kernel_runs("conv2d", {{"N", 50}, {"seed", 5}});  // sampled entries and two frequencies
  const auto& k = kernels::kernel("conv2d");
  const double n = 512;  // kernels/conv2d.lua's work and memory, its model-only entries ignored
  CHECK(k.work({{"N", n}, {"elem", 16}, {"transposes", 3}}) ==
        Approx(66 * n * n * std::log2(n) + 21 * n * n + 84 * n * std::log2(n)));
  CHECK(k.memory({{"N", n}}) == 3 * 16 * n * n);
  CHECK_THROWS_AS(k.work({{"N", 0}}), std::invalid_argument);
  CHECK_THROWS_AS(ComplexImage(std::size_t{1} << 40), std::length_error);  // N^2 entries overflow
}

TEST_CASE("apps: a corrupted convolution fails verification", "[apps]") {
  for (std::size_t n : {20, 64}) {  // checked in full, and by samples and frequencies
    const ComplexImage a = kernels::random_image(n, 7), b = kernels::random_image(n, 8);
    const ComplexImage d = fft_convolution(a, b, 2);
    INFO("N = " << n);
    REQUIRE(kernels::verify_convolution(a, b, d, 1).verified);
    auto passes_after = [&](auto corrupt) {
      ComplexImage bad = copy_of(d);
      corrupt(bad);
      return kernels::verify_convolution(a, b, bad, 1).verified;
    };
    CHECK_FALSE(passes_after([](ComplexImage& x) { x.at(x.n() / 3, x.n() / 2) += Complex(1e-3, 0); }));
    CHECK_FALSE(passes_after([](ComplexImage& x) { std::swap(x.at(1, 2), x.at(x.n() - 2, 5)); }));
    CHECK_FALSE(passes_after([](ComplexImage& x) {  // the transpose
      for (std::size_t i = 0; i < x.n(); ++i)
        for (std::size_t j = i + 1; j < x.n(); ++j) std::swap(x.at(i, j), x.at(j, i));
    }));
    CHECK_FALSE(passes_after([](ComplexImage& x) { x.at(0, 0) = Complex(std::nan(""), 0); }));
    CHECK_FALSE(passes_after([](ComplexImage& x) {  // left unscaled by 1 / N^2
      for (std::size_t i = 0; i < x.n() * x.n(); ++i) x.data()[i] *= static_cast<double>(x.n() * x.n());
    }));
  }
}

// ---- fractal ----

TEST_CASE("apps: fractal escape counts and the analytic interior", "[apps]") {
  CHECK(kernels::escape_count(2.5, 0, 100) == 1);  // |c| > 2: out after one step
  CHECK(kernels::escape_count(-1.5, -1.5, 100) == 1);
  CHECK(kernels::escape_count(0, 0, 100) == 100);
  CHECK(kernels::escape_count(0.26, 0, 1000) < 1000);  // just right of the cusp: escapes, slowly
  CHECK(kernels::escape_count(0, 0, 1) == 1);
  CHECK(kernels::in_cardioid_or_bulb(0, 0));
  CHECK(kernels::in_cardioid_or_bulb(-1.2, 0.1));  // the period-2 disc around -1
  CHECK(kernels::in_cardioid_or_bulb(-0.5, 0.5));
  CHECK_FALSE(kernels::in_cardioid_or_bulb(0.3, 0));
  CHECK_FALSE(kernels::in_cardioid_or_bulb(-1.0, 0.5));
  CHECK_FALSE(kernels::in_cardioid_or_bulb(0, 1.0));  // i is in the set, but on a filament
  // Points the closed forms call interior never escape within a long limit.
  for (double re = -1.3; re < 0.4; re += 0.0173)
    for (double im = -0.7; im < 0.7; im += 0.0191)
      if (kernels::in_cardioid_or_bulb(re, im)) CHECK(kernels::escape_count(re, im, 5000) == 5000);
}

TEST_CASE("apps: fractal images are the same for every task shape, grain and p", "[apps]") {
  kernels::FractalSetup setup;
  setup.width = 37;
  setup.height = 23;
  setup.limit = 300;
  std::vector<std::uint32_t> expected(setup.pixels());
  for (std::size_t y = 0; y < setup.height; ++y)
    for (std::size_t x = 0; x < setup.width; ++x)
      expected[y * setup.width + x] = kernels::escape_count(setup.re(x), setup.im(y), setup.limit);
  using Shape = kernels::TaskShape;
  for (auto [shape, grain] : {std::pair{Shape::rows, 1},
                              {Shape::rows, 7},
                              {Shape::rows, 37},
                              {Shape::columns, 1},
                              {Shape::columns, 23},
                              {Shape::columns, 100},
                              {Shape::tiles, 1},
                              {Shape::tiles, 10},
                              {Shape::tiles, 64},
                              {Shape::rows, 5000}}) {
    setup.shape = shape;
    setup.grain = static_cast<std::size_t>(grain);
    INFO("shape " << static_cast<int>(shape) << ", grain " << grain << ", " << setup.tasks() << " tasks");
    CHECK(render_image(setup, 0) == expected);
    for (int p : kWorkerCounts) CHECK(render_image(setup, p) == expected);
    CHECK(kernels::verify_image(setup, expected).verified);
  }
  setup.grain = 10;
  setup.shape = Shape::tiles;
  CHECK(setup.tile_side() == 3);
  CHECK(setup.tasks() == 13 * 8);
  setup.shape = Shape::columns;
  CHECK(setup.tasks() == (37 * 23 + 9) / 10);
}

TEST_CASE("apps: fractal runs verified with the same checksum for p = 1, 2, 4", "[apps]") {
  for (double shape : {0, 1, 2})
    check_kernel_runs("fractal", {{"width", 64}, {"height", 48}, {"limit", 500}, {"grain", 16}, {"shape", shape}});
  const auto& k = kernels::kernel("fractal");
  // kernels/fractal.lua's work and memory: width height fill limit ops_iter, and 4 bytes a pixel.
  CHECK(k.work({{"width", 100}, {"height", 30}, {"limit", 200}, {"fill", 0.25}, {"ops_iter", 10}, {"u", 1e8}}) ==
        Approx(100.0 * 30 * 0.25 * 200 * 10));
  CHECK(k.memory({{"width", 100}, {"height", 30}}) == 4.0 * 100 * 30);
  CHECK_THROWS_AS(k.work({{"shape", 3}}), std::invalid_argument);
  CHECK_THROWS_AS(k.work({{"grain", 0}}), std::invalid_argument);
  CHECK_THROWS_AS(k.work({{"fill", -0.5}}), std::invalid_argument);
  CHECK_THROWS_AS(k.work({{"width", 1 << 30}, {"height", 1 << 30}}), std::invalid_argument);
}

TEST_CASE("apps: a corrupted fractal image fails verification", "[apps]") {
  kernels::FractalSetup setup;
  setup.width = 48;
  setup.height = 40;
  setup.limit = 400;
  setup.grain = 5;
  std::vector<std::uint32_t> image = render_image(setup, 2);
  REQUIRE(kernels::verify_image(setup, image).verified);
  SECTION("an interior pixel short of the limit") {
    const std::size_t x = 20, y = 20;  // c = -0.146 + 0.025 i, inside the cardioid
    REQUIRE(kernels::in_cardioid_or_bulb(setup.re(x), setup.im(y)));
    image[y * setup.width + x] -= 1;
    CHECK_FALSE(kernels::verify_image(setup, image).verified);
  }
  SECTION("a pixel never computed") {
    image[7] = 0;
    CHECK_FALSE(kernels::verify_image(setup, image).verified);
  }
  SECTION("the image shifted by one pixel") {
    std::rotate(image.begin(), image.begin() + 1, image.end());
    CHECK_FALSE(kernels::verify_image(setup, image).verified);
  }
  SECTION("an image computed with a lower limit") {
    kernels::FractalSetup lower = setup;
    lower.limit = 399;
    CHECK_FALSE(kernels::verify_image(setup, render_image(lower, 1)).verified);
  }
}

// ---- montecarlo_slices ----

TEST_CASE("apps: montecarlo_slices walks are the serial reference's for p = 1, 2, 4", "[apps]") {
  const kernels::WalkSetup setup{200, 7, 300, 11};
  const std::vector<std::int64_t> serial = kernels::simulate_walks(setup, nullptr);
  for (int p : kWorkerCounts) {
    Runtime rt(p);
    CHECK(kernels::simulate_walks(setup, &rt) == serial);
    CHECK(rt.finish().loops == 7);  // one parallel loop per slice: the slices follow one another
  }
  // A walker is the sum of its +-1 steps, drawn here one by one from its own stream.
  const std::uint64_t key = kernels::counter_random(setup.seed, 123);
  std::int64_t x = 0;
  for (std::uint64_t k = 0; k < setup.total_steps(); ++k) x += (kernels::counter_random(key, k) >> 63) != 0 ? 1 : -1;
  CHECK(serial[123] == x);
  CHECK(kernels::verify_walks(setup, serial).verified);
}

TEST_CASE("apps: montecarlo_slices runs verified with the same checksum for p = 1, 2, 4", "[apps]") {
  check_kernel_runs("montecarlo_slices", {{"n", 300}, {"t", 5}, {"rho", 2000}, {"seed", 3}});
  check_kernel_runs("montecarlo_slices", {{"n", 1}, {"t", 1}, {"rho", 1}});
  const auto& k = kernels::kernel("montecarlo_slices");
  // kernels/montecarlo.lua: W = t n rho, M = delta n with delta = 8; W and u are model-only.
  CHECK(k.work({{"n", 1000}, {"t", 20}, {"rho", 32000}, {"W", 1.01e8}, {"u", 1e8}}) == 1000.0 * 20 * 32000);
  CHECK(k.memory({{"n", 1000}, {"delta", 8}}) == 8 * 1000);
  CHECK_THROWS_AS(k.work({{"t", 1e10}, {"rho", 1e10}}), std::invalid_argument);  // more steps than fit
}

TEST_CASE("apps: the walk's statistical check holds for small populations too", "[apps]") {
  // The bounds are tail inequalities valid for every n, so tiny runs pass as well as big ones.
  int verified = 0, runs = 0;
  for (std::uint64_t units : {1, 2, 5, 40})
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      const kernels::WalkSetup setup{units, 3, 5, seed};
      verified += kernels::verify_walks(setup, kernels::simulate_walks(setup, nullptr)).verified ? 1 : 0;
      ++runs;
    }
  CHECK(verified == runs);
}

TEST_CASE("apps: corrupted walks fail verification", "[apps]") {
  const kernels::WalkSetup setup{400, 4, 250, 5};
  std::vector<std::int64_t> positions = kernels::simulate_walks(setup, nullptr);
  REQUIRE(kernels::verify_walks(setup, positions).verified);
  SECTION("one position off by one: the wrong parity") {
    positions[17] += 1;
    CHECK_FALSE(kernels::verify_walks(setup, positions).verified);
  }
  SECTION("every position moved by two: the sampled units differ") {
    for (auto& x : positions) x += 2;
    CHECK_FALSE(kernels::verify_walks(setup, positions).verified);
  }
  SECTION("walks of another seed: right law, wrong walkers") {
    kernels::WalkSetup other = setup;
    other.seed = 6;
    CHECK_FALSE(kernels::verify_walks(setup, kernels::simulate_walks(other, nullptr)).verified);
  }
  SECTION("walks twice as wide: the second moment is off") {
    for (auto& x : positions) x *= 2;
    CHECK_FALSE(kernels::verify_walks(setup, positions, 0).verified);  // the statistics alone
  }
  SECTION("all walks at 0: the second moment is off") {
    std::fill(positions.begin(), positions.end(), 0);
    CHECK_FALSE(kernels::verify_walks(setup, positions, 0).verified);
  }
}

// ---- mergesort and sort_n2 ----

TEST_CASE("apps: the parallel merge merges any runs, empty and odd ones included", "[apps]") {
  std::vector<Key> keys = kernels::random_keys(100000, 4);
  for (auto& k : keys) k %= 1000;  // many equal keys
  const std::vector<Key> expected = sorted_copy(keys);
  const std::vector<std::size_t> bounds{0, 0, 10, 40000, 40001, 40001, 77777, 100000};
  for (std::size_t r = 0; r + 1 < bounds.size(); ++r)
    std::sort(keys.begin() + static_cast<std::ptrdiff_t>(bounds[r]),
              keys.begin() + static_cast<std::ptrdiff_t>(bounds[r + 1]));
  for (int p : {0, 1, 2, 4}) {
    std::vector<Key> data = keys, scratch;
    Runtime rt(std::max(p, 1));
    kernels::merge_runs(data, scratch, bounds, p == 0 ? nullptr : &rt);
    CHECK(data == expected);
  }
  CHECK(kernels::even_bounds(10, 3) == std::vector<std::size_t>{0, 4, 7, 10});
  CHECK(kernels::even_bounds(2, 4) == std::vector<std::size_t>{0, 1, 2, 2, 2});
}

TEST_CASE("apps: mergesort sorts like std::sort for p = 1, 2, 4", "[apps]") {
  for (std::size_t n : {std::size_t{1}, std::size_t{2}, kernels::kSortBlock - 1, 3 * kernels::kSortBlock + 5}) {
    const std::vector<Key> keys = kernels::random_keys(n, n);
    const std::vector<Key> expected = sorted_copy(keys);
    std::vector<Key> serial = keys, scratch;
    kernels::mergesort(serial, scratch, nullptr);
    CHECK(serial == expected);
    for (int p : kWorkerCounts) {
      std::vector<Key> data = keys;
      Runtime rt(p);
      kernels::mergesort(data, scratch, &rt);
      CHECK(data == expected);
    }
  }
  check_kernel_runs("mergesort", {{"n", 200000}, {"seed", 9}});
  const auto& k = kernels::kernel("mergesort");
  CHECK(k.work({{"n", 1 << 20}, {"W", 5.2e6}, {"B", 2.5e6}}) == 20.0 * (1 << 20));  // n log2 n
  CHECK(k.memory({{"n", 1000}}) == 8000);
}

TEST_CASE("apps: sort_n2 sorts like std::sort for any number of parts and p", "[apps]") {
  const std::vector<Key> keys = kernels::random_keys(3001, 2);
  const std::vector<Key> expected = sorted_copy(keys);
  for (std::size_t parts : {1, 2, 3, 7, 5000}) {
    std::vector<Key> serial = keys, scratch;
    kernels::split_sort(serial, scratch, parts, nullptr);
    CHECK(serial == expected);
    for (int p : kWorkerCounts) {
      std::vector<Key> data = keys;
      Runtime rt(p);
      kernels::split_sort(data, scratch, parts, &rt);
      CHECK(data == expected);
    }
  }
  check_kernel_runs("sort_n2", {{"n", 4000}, {"seed", 1}});                // parts = p
  check_kernel_runs("sort_n2", {{"n", 4000}, {"seed", 1}, {"parts", 3}});  // the same parts for every p
  const auto& k = kernels::kernel("sort_n2");
  CHECK(k.work({{"n", 10000}, {"parts", 4}, {"W", 5e6}}) == 1e8);  // the unsplit n^2 of kernels/sort_n2.lua
  CHECK(k.memory({{"n", 10000}}) == 80000);
}

TEST_CASE("apps: splitting the O(n^2) sort saves work (the seed's superlinear speedup)", "[apps]") {
  const std::vector<Key> keys = kernels::random_keys(4000, 8);
  auto shifted_in_parts = [&](std::size_t parts) {
    std::vector<Key> data = keys;
    std::uint64_t shifted = 0;
    const auto bounds = kernels::even_bounds(data.size(), parts);
    for (std::size_t r = 0; r < parts; ++r)
      shifted += kernels::insertion_sort(std::span<Key>(data).subspan(bounds[r], bounds[r + 1] - bounds[r]));
    return shifted;
  };
  const std::uint64_t whole = shifted_in_parts(1);
  // The shifts are the inversions: n (n - 1) / 4 expected, so within 5 % here.
  CHECK(static_cast<double>(whole) == Approx(4000.0 * 3999 / 4).epsilon(0.05));
  for (std::size_t parts : {2, 4, 8}) {
    INFO(parts << " parts");
    CHECK(static_cast<double>(shifted_in_parts(parts)) ==
          Approx(static_cast<double>(whole) / static_cast<double>(parts)).epsilon(0.1));
  }
}

TEST_CASE("apps: a corrupted sort fails verification", "[apps]") {
  const std::vector<Key> keys = kernels::random_keys(5000, 6);
  const kernels::KeyFingerprint input = kernels::fingerprint(keys);
  std::vector<Key> out = sorted_copy(keys);
  REQUIRE(kernels::verify_sorted("test", out, input).verified);
  SECTION("two neighbours swapped") {
    std::swap(out[100], out[101]);
    CHECK_FALSE(kernels::verify_sorted("test", out, input).verified);
  }
  SECTION("a key replaced by its neighbour: still ascending") {
    out[100] = out[101];
    CHECK_FALSE(kernels::verify_sorted("test", out, input).verified);
  }
  SECTION("the last key lost") {
    out.pop_back();
    CHECK_FALSE(kernels::verify_sorted("test", out, input).verified);
  }
  SECTION("two keys changed by opposite amounts: the same plain sum") {
    out[10] -= 1;
    out[4000] += 1;
    CHECK_FALSE(kernels::verify_sorted("test", out, input).verified);
  }
  SECTION("the input unsorted") { CHECK_FALSE(kernels::verify_sorted("test", keys, input).verified); }
}
