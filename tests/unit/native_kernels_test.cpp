// The native kernels: the registry, verification, determinism across worker counts, and that a
// wrong answer fails verification.

#include <algorithm>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>

#include <catch2/catch.hpp>

#include "kernels/native/linalg/matmul.hpp"
#include "kernels/native/apps/montecarlo.hpp"
#include "kernels/native/registry.hpp"
#include "runtime/runtime.hpp"
#include "tests/unit/kernels/kernel_runs.hpp"

using namespace scalerun;
using runtime::Params;
using runtime::Runtime;

TEST_CASE("native kernels: the registry finds kernels by their native name", "[runtime][native]") {
  REQUIRE(kernels::find_kernel("montecarlo") != nullptr);
  REQUIRE(kernels::find_kernel("matmul") != nullptr);
  CHECK(kernels::find_kernel("montecarlo")->name == "montecarlo");
  CHECK(kernels::find_kernel("nope") == nullptr);
  const auto names = kernels::kernel_names();
  for (auto name : names) {  // every listed name is found, and only once
    REQUIRE(kernels::find_kernel(name) != nullptr);
    CHECK(std::count(names.begin(), names.end(), name) == 1);
  }
  CHECK_THROWS_WITH(kernels::kernel("nope"), Catch::Contains("montecarlo") && Catch::Contains("matmul"));
}

TEST_CASE("native kernels: work and memory follow the kernel descriptions", "[runtime][native]") {
  const auto& mm = kernels::kernel("matmul");
  CHECK(mm.work({{"N", 512}}) == 2.0 * 512 * 512 * 512);
  CHECK(mm.memory({{"N", 512}}) == 3.0 * 8 * 512 * 512);
  CHECK(mm.work({}) == 2.0 * 512 * 512 * 512);                      // the default
  CHECK(mm.work({{"N", 4}, {"elem", 8}}) == 2.0 * 4 * 4 * 4);  // model-only entries are ignored
  const auto& mc = kernels::kernel("montecarlo");
  CHECK(mc.work({{"samples", 1e6}}) == 1e6);
  CHECK_THROWS_AS(mm.work({{"N", 0}}), std::invalid_argument);
  CHECK_THROWS_AS(mm.work({{"N", 2.5}}), std::invalid_argument);
  CHECK_THROWS_AS(mc.work({{"samples", 1e300}}), std::invalid_argument);
}

TEST_CASE("native kernels: montecarlo is verified and bit-identical for p = 1, 2, 3, 4", "[runtime][native]") {
  // Sizes cut into differently many chunks for each p (see samples_per_chunk).
  for (double samples : {1.0, 7783.0, 100001.0, 3e6 + 17}) {
    test::check_kernel_runs("montecarlo", {{"samples", samples}, {"seed", 7}}, {1, 2, 3, 4},
                            [](const runtime::RunStats& s, int) { CHECK(s.reductions == 1); });
  }
}

TEST_CASE("native kernels: montecarlo hits do not depend on how the samples are split", "[runtime][native]") {
  const std::uint64_t whole = kernels::count_hits(3, 0, 100000);
  CHECK(kernels::count_hits(3, 0, 33333) + kernels::count_hits(3, 33333, 100000) == whole);
}

TEST_CASE("native kernels: montecarlo cuts the samples so no worker gets a structural extra piece", "[runtime][native]") {
  for (std::uint64_t samples : {1ull, 100ull, 2047ull, 7783ull, 100000ull, 3000017ull, 50000000ull}) {
    for (int p : {1, 2, 3, 4, 8}) {
      const std::uint64_t grain = kernels::samples_per_chunk(samples, p);
      const std::uint64_t count = (samples + grain - 1) / grain;
      const std::uint64_t per_worker = (count + p - 1) / p;
      INFO("samples " << samples << ", p " << p << ": " << count << " chunks of " << grain);
      CHECK(grain >= 1);
      CHECK(grain <= kernels::kMaxChunkSamples);
      // Chunks stay above the accounting's floor unless the run is too small to give every worker one.
      if (samples >= static_cast<std::uint64_t>(p) * kernels::kMinChunkSamples) CHECK(grain >= kernels::kMinChunkSamples);
      // Dealt out evenly, the busiest worker exceeds its ideal share by less than one sample per chunk.
      const double busiest = static_cast<double>(std::min(samples, per_worker * grain));
      CHECK(busiest - static_cast<double>(samples) / p < static_cast<double>(per_worker));
    }
  }
}

TEST_CASE("native kernels: a wrong pi estimate fails verification", "[runtime][native]") {
  kernels::PiEstimate e;
  e.samples = 1000000;
  e.hits = 785398;  // pi/4 of them
  CHECK(kernels::verify_pi(e).verified);
  e.hits = 790000;  // about 11 sigma high
  CHECK_FALSE(kernels::verify_pi(e).verified);
  e.hits = e.samples + 1;
  CHECK_FALSE(kernels::verify_pi(e).verified);
}

TEST_CASE("native kernels: matmul matches a plain triple loop", "[runtime][native]") {
  const std::size_t n = 37;  // not a multiple of any block size
  const auto a = kernels::random_matrix(n, 1), b = kernels::random_matrix(n, 2);
  kernels::Matrix c(n);
  Runtime rt(2);
  kernels::multiply(a, b, c, rt);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      double dot = 0;
      for (std::size_t k = 0; k < n; ++k) dot += a.at(i, k) * b.at(k, j);
      CHECK(c.at(i, j) == Approx(dot).margin(1e-12));
    }
}

TEST_CASE("native kernels: matmul is verified and identical for p = 1, 2, 4", "[runtime][native]") {
  for (double n : {1.0, 100.0, 300.0}) {
    // Two loops: pack B's panels, then multiply.
    test::check_kernel_runs("matmul", {{"N", n}, {"seed", 5}}, {1, 2, 4},
                            [](const runtime::RunStats& s, int) { CHECK(s.loops == 2); });
  }
}

TEST_CASE("native kernels: a corrupted product fails verification", "[runtime][native]") {
  const std::size_t n = 64;
  const auto a = kernels::random_matrix(n, 1), b = kernels::random_matrix(n, 2);
  kernels::Matrix c(n);
  Runtime rt(2);
  kernels::multiply(a, b, c, rt);
  REQUIRE(kernels::verify_product(a, b, c, 9).verified);
  SECTION("one entry off by a millionth") {
    c.at(17, 42) += 1e-6;
    CHECK_FALSE(kernels::verify_product(a, b, c, 9).verified);
  }
  SECTION("two rows swapped") {
    for (std::size_t j = 0; j < n; ++j) std::swap(c.at(3, j), c.at(4, j));
    CHECK_FALSE(kernels::verify_product(a, b, c, 9).verified);
  }
  SECTION("a NaN") {
    c.at(0, 0) = std::nan("");
    CHECK_FALSE(kernels::verify_product(a, b, c, 9).verified);
  }
  SECTION("the transpose of the product") {
    kernels::Matrix t(n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) t.at(i, j) = c.at(j, i);
    CHECK_FALSE(kernels::verify_product(a, b, t, 9).verified);
  }
}

// ML is the growth of busy + serial; with Tp and T(1) the runs' own Tpara, the per-worker identity
// leaves exactly the p-worker run's time between regions, less the one-worker run's idle,
// primitive and between-regions time over p, unaccounted.
TEST_CASE("native kernels: the overheads of a real run leave the time outside regions unaccounted", "[runtime][native]") {
  const auto& mm = kernels::kernel("matmul");
  const Params params{{"N", 200}};
  Runtime one(1);
  REQUIRE(mm.run(params, one).verified);
  const auto s1 = one.finish();
  Runtime two(2);
  REQUIRE(mm.run(params, two).verified);
  const auto s2 = two.finish();
  const auto o = s2.overheads(s1);
  CHECK(o.ml == Approx(s2.work_time() - s1.work_time()).epsilon(1e-9));
  CHECK(o.latency == Approx(s2.tpara - s1.tpara / 2).epsilon(1e-9));
  CHECK(s1.primitive_sum() > 0);
  CHECK(o.unaccounted ==
        Approx(s2.between_regions - (s1.idle_sum() + s1.primitive_sum() + s1.between_regions) / 2).epsilon(0).margin(1e-9 * s2.tpara));
  CHECK(o.imbalance >= 0);
  CHECK(o.sync >= 0);
}

// Issue 26: the runtime instruments parallel regions and serial() calls only, so a kernel's serial
// steps run outside serial() would be time no term explains (unaccounted). Every native kernel
// keeps its time between regions to a few percent of its window (plus 0.1 ms of loop bookkeeping):
// its serial steps are in serial().
// (Taking the unblocked Givens rotations out of serial() put 17 % of its window there.)
TEST_CASE("native kernels: every kernel's serial steps are instrumented, not between regions", "[native]") {
  const std::map<std::string, Params, std::less<>> sizes = {
      {"matmul", {{"N", 256}}},
      {"gauss", {{"N", 400}}},
      {"householder", {{"n", 200}}},
      {"householder_unblocked", {{"n", 200}}},
      {"givens", {{"n", 200}}},
      {"givens_unblocked", {{"n", 200}}},
      {"conv2d", {{"N", 128}}},
      {"fractal", {{"width", 256}, {"height", 256}, {"limit", 256}, {"grain", 64}}},
      {"montecarlo", {{"samples", 1e6}}},
      {"montecarlo_slices", {{"n", 200}, {"t", 5}}},
      {"mergesort", {{"n", 2e5}}},
      {"sort_n2", {{"n", 5000}}},
      {"billiards", {{"balls", 500}, {"steps", 2000}}},
      {"npb_ep", {{"m", 20}}},
      {"npb_is", {}},
      {"npb_cg", {}},
  };
  for (const std::string_view name : kernels::kernel_names()) {
    if (name == "timed_law") continue;  // waits outside every region on purpose (its `hidden`)
    INFO("kernel " << name);
    const auto it = sizes.find(name);
    REQUIRE(it != sizes.end());  // a new kernel needs a size here
    Runtime rt(2);
    REQUIRE(kernels::kernel(name).run(it->second, rt).verified);
    const auto s = rt.finish();
    INFO("between regions " << s.between_regions << " s of a " << s.tpara << " s window");
    CHECK(s.between_regions <= 0.03 * s.tpara + 100e-6);
  }
}
