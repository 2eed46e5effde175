// The NAS Parallel Benchmarks EP, IS and CG: the generator against NPB's double-precision form,
// each class S verified and identical for p = 1, 2, 4, corrupted results failing, the checks
// for sizes that are not an NPB class, and the Lua descriptions agreeing with the natives.

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "kernels/native/npb/cg.hpp"
#include "kernels/native/npb/ep.hpp"
#include "kernels/native/npb/is.hpp"
#include "kernels/native/npb/npb_random.hpp"
#include "kernels/native/registry.hpp"
#include "runtime/runtime.hpp"

using namespace scalerun;
using namespace scalerun::kernels::npb;
using runtime::Params;
using runtime::Runtime;

namespace {

constexpr double kA = 1220703125.0;  // 5^13 as NPB passes it, a double

// NPB's way to reach the start of EP batch k (1-based): s an^(k-1) by binary exponentiation, all
// in randlc's double form, with an = a^(2^17) from squaring a 17 times.
double npb_batch_start(std::uint64_t k) {
  double an = kA;
  for (int i = 0; i <= static_cast<int>(kEpBatchLog2); ++i) {
    double square = an;
    randlc_split(square, an);
    an = square;
  }
  double start = static_cast<double>(kEpSeed), power = an;
  for (std::uint64_t e = k - 1; e != 0; e >>= 1) {
    if (e & 1) randlc_split(start, power);
    double square = power;
    randlc_split(square, power);
    power = square;
  }
  return start;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("npb generator: the 64-bit integer form gives NPB's double-precision stream", "[npb]") {
  for (const std::uint64_t seed : {std::uint64_t{314159265}, std::uint64_t{271828183}, kModulusMask}) {
    std::uint64_t xi = seed;
    double xd = static_cast<double>(seed);
    for (int step = 0; step < 200000; ++step) {
      const double ri = randlc(xi, kMultiplier);
      const double rd = randlc_split(xd, kA);
      if (ri != rd || static_cast<double>(xi) != xd) {
        FAIL("streams part at step " << step << " from seed " << seed);
      }
    }
  }
  // Another multiplier (a^3, as the split form takes any a below 2^46) and a state near 2^46.
  const std::uint64_t a3 = lcg_power(kMultiplier, 3);
  std::uint64_t xi = kModulusMask - 12345;
  double xd = static_cast<double>(xi);
  for (int step = 0; step < 10000; ++step) REQUIRE(randlc(xi, a3) == randlc_split(xd, static_cast<double>(a3)));
}

TEST_CASE("npb generator: skip-ahead equals stepping, and vranlc equals randlc", "[npb]") {
  std::uint64_t x = 314159265;
  for (std::uint64_t n = 0; n < 3000; ++n) {
    REQUIRE(lcg_skip(314159265, kMultiplier, n) == x);
    randlc(x, kMultiplier);
  }
  // Far jumps compose: a^(n1 + n2) = a^n1 a^n2, and a^(2n) = (a^n)^2.
  const std::uint64_t n1 = 123456789012, n2 = 987654321;
  CHECK(lcg_skip(lcg_skip(7, kMultiplier, n1), kMultiplier, n2) == lcg_skip(7, kMultiplier, n1 + n2));
  const std::uint64_t an = lcg_power(kMultiplier, n1);
  CHECK(lcg_step(an, an) == lcg_power(kMultiplier, 2 * n1));
  CHECK(lcg_power(kMultiplier, 0) == 1);
  // The generator's period is 2^44 for an odd seed: a^(2^44) = 1 and a^(2^43) != 1.
  CHECK(lcg_power(kMultiplier, std::uint64_t{1} << 44) == 1);
  CHECK(lcg_power(kMultiplier, std::uint64_t{1} << 43) != 1);

  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{4}, std::size_t{5},
                              std::size_t{1001}}) {
    std::uint64_t xv = 271828183, xs = 271828183;
    std::vector<double> y(n + 1, -1.0);
    vranlc(n, xv, kMultiplier, y.data());
    for (std::size_t i = 0; i < n; ++i) REQUIRE(y[i] == randlc(xs, kMultiplier));
    CHECK(y[n] == -1.0);  // nothing written past n
    CHECK(xv == xs);      // left at the state of the last number
  }
}

TEST_CASE("npb generator: EP's batch starts by skip-ahead are NPB's", "[npb]") {
  for (const std::uint64_t k : {1, 2, 3, 77, 256, 4096}) {
    const std::uint64_t pairs_before = (k - 1) << kEpBatchLog2;
    CHECK(static_cast<double>(lcg_skip(kEpSeed, kMultiplier, 2 * pairs_before)) == npb_batch_start(k));
  }
}

TEST_CASE("npb EP: class S is verified and bit-identical for p = 1, 2, 4", "[npb]") {
  const auto& ep = kernels::kernel("npb_ep");
  EpTally first;
  for (int p : {1, 2, 4}) {
    Runtime rt(p);
    const EpTally t = run_ep(24, rt);
    const auto r = verify_ep(24, t);
    INFO(r.message);
    CHECK(r.verified);
    CHECK(contains(r.message, "class S VERIFIED"));
    if (p == 1) first = t;
    CHECK(t.sx == first.sx);
    CHECK(t.sy == first.sy);
    CHECK(t.counts == first.counts);
    CHECK(rt.finish().reductions == 1);
  }
  CHECK(ep.work({{"m", 24}}) == std::ldexp(1.0, 25));
}

TEST_CASE("npb EP: the pairs do not depend on how the stream is split", "[npb]") {
  EpTally whole, halves;
  accumulate_pairs(0, 50000, whole);
  accumulate_pairs(0, 12345, halves);
  accumulate_pairs(12345, 50000, halves);
  CHECK(whole.counts == halves.counts);
  CHECK(whole.sx == Approx(halves.sx).epsilon(1e-12));
  CHECK(whole.sy == Approx(halves.sy).epsilon(1e-12));
}

TEST_CASE("npb EP: wrong sums or counts fail verification", "[npb]") {
  Runtime rt(2);
  const EpTally s = run_ep(24, rt);
  REQUIRE(verify_ep(24, s).verified);
  EpTally wrong = s;
  wrong.sx *= 1 + 1e-7;  // ten times NPB's tolerance
  CHECK_FALSE(verify_ep(24, wrong).verified);
  CHECK(contains(verify_ep(24, wrong).message, "class S FAILED"));
  wrong = s;
  wrong.sy = std::nan("");
  CHECK_FALSE(verify_ep(24, wrong).verified);
  // Class S's numbers are not class W's.
  CHECK_FALSE(verify_ep(25, s).verified);
}

TEST_CASE("npb EP: a size that is no class gets the statistical check, which can fail", "[npb]") {
  Runtime rt(2);
  const EpTally t = run_ep(18, rt);
  const auto r = verify_ep(18, t);
  INFO(r.message);
  CHECK(r.verified);
  CHECK(contains(r.message, "not an NPB class"));
  CHECK(contains(r.message, "statistical check"));
  const double n = static_cast<double>(t.accepted());
  EpTally wrong = t;
  wrong.sx += 7 * std::sqrt(n);  // 7 sigma off
  CHECK_FALSE(verify_ep(18, wrong).verified);
  wrong = t;
  const std::uint64_t moved = wrong.counts[0] / 20;  // 5 % of the inner annulus moved outwards
  wrong.counts[0] -= moved;
  wrong.counts[1] += moved;
  CHECK_FALSE(verify_ep(18, wrong).verified);
  wrong = t;
  wrong.counts[2] += wrong.counts[1];  // too many accepted pairs, and the wrong shape
  CHECK_FALSE(verify_ep(18, wrong).verified);
  // The uniform numbers themselves instead of Gaussian deviates: sums near zero, wrong annuli.
  EpTally uniform;
  std::uint64_t x = kEpSeed;
  for (std::uint64_t i = 0; i < t.accepted(); ++i) {
    const double u = randlc(x, kMultiplier), v = randlc(x, kMultiplier);
    uniform.sx += 2 * u - 1;
    uniform.sy += 2 * v - 1;
    ++uniform.counts[0];
  }
  CHECK_FALSE(verify_ep(18, uniform).verified);
}

TEST_CASE("npb IS: class S is verified and the ranks are identical for p = 1, 2, 4", "[npb]") {
  const IsSizes s{16, 11, 9};
  std::vector<std::int32_t> ranks, bucketed;
  for (int p : {1, 2, 4}) {
    IsRanking ranking(s);
    ranking.rank(1, ChunkedLoops(nullptr));
    Runtime rt(p);
    const IsOutcome out = run_is(ranking, rt);
    CHECK(rt.finish().loops == 3 * kIsIterations);
    if (p == 1) {
      ranks = ranking.ranks();
      bucketed = ranking.bucketed();
    }
    CHECK(ranking.ranks() == ranks);
    CHECK(ranking.bucketed() == bucketed);
    const auto r = verify_is(ranking, out);
    INFO(r.message);
    CHECK(r.verified);
    CHECK(contains(r.message, "class S VERIFIED: 51 of 51"));
  }
  Runtime rt(2);
  CHECK(kernels::kernel("npb_is").run({}, rt).verified);  // the defaults are class S
}

TEST_CASE("npb IS: the ranks count the keys", "[npb]") {
  IsRanking ranking(IsSizes{12, 8, 3});
  ranking.rank(4, ChunkedLoops(nullptr));
  const auto& keys = ranking.keys();
  CHECK(keys[4] == 4);
  CHECK(keys[14] == 256 - 4);
  for (const std::int32_t v : {0, 1, 37, 128, 200, 255}) {
    std::int64_t at_most = 0;
    for (const std::int32_t k : keys) at_most += k <= v ? 1 : 0;
    CHECK(ranking.ranks()[static_cast<std::size_t>(v)] == at_most);
  }
}

TEST_CASE("npb IS: wrong ranks fail verification", "[npb]") {
  for (const IsSizes s : {IsSizes{16, 11, 9}, IsSizes{15, 10, 5}}) {
    IsRanking ranking(s);
    ranking.rank(1, ChunkedLoops(nullptr));
    Runtime rt(2);
    const IsOutcome out = run_is(ranking, rt);
    INFO("log2 keys " << s.log2_keys);
    IsRanking copy = ranking;  // verifying sorts the keys: each check gets its own copy
    REQUIRE(verify_is(copy, out).verified);
    IsRanking high = ranking;
    ++high.ranks()[300];
    CHECK_FALSE(verify_is(high, out).verified);
    IsRanking swapped = ranking;
    std::swap(swapped.ranks()[500], swapped.ranks()[501]);
    CHECK_FALSE(verify_is(swapped, out).verified);
    if (out.npb_class) {
      IsOutcome partial = out;
      partial.test_ranks[6][3] += 1;
      IsRanking same = ranking;
      const auto r = verify_is(same, partial);
      CHECK_FALSE(r.verified);
      CHECK(contains(r.message, "50 of 51"));
    }
  }
}

TEST_CASE("npb IS: a size that is no class is checked against a histogram", "[npb]") {
  std::vector<std::int32_t> ranks;
  for (int p : {1, 2}) {
    Runtime rt(p);
    const auto r = kernels::kernel("npb_is").run({{"log2_keys", 17}, {"log2_max_key", 12}, {"log2_buckets", 4}}, rt);
    INFO(r.message);
    CHECK(r.verified);
    CHECK(contains(r.message, "not an NPB class"));
    CHECK(contains(r.message, "0 of 4096 ranks differ"));
  }
  // Class S's key and key range with another bucket count is not class S either.
  Runtime rt(2);
  const auto r = kernels::kernel("npb_is").run({{"log2_buckets", 8}}, rt);
  CHECK(r.verified);
  CHECK(contains(r.message, "not an NPB class"));
  CHECK_THROWS_AS(kernels::kernel("npb_is").work({{"log2_buckets", 12}}), std::invalid_argument);
}

TEST_CASE("npb CG: class S is verified and zeta is identical for p = 1, 2, 4", "[npb]") {
  const auto& cg = kernels::kernel("npb_cg");
  double zeta = 0;
  for (int p : {1, 2, 4}) {
    Runtime rt(p);
    const auto r = cg.run({}, rt);  // the defaults are class S
    INFO(r.message);
    CHECK(r.verified);
    CHECK(contains(r.message, "class S VERIFIED"));
    if (p == 1) zeta = r.checksum;
    CHECK(r.checksum == zeta);
    const auto s = rt.finish();
    CHECK(s.loops + s.reductions == 15 * (3 * kCgInnerIterations + 4));
  }
}

TEST_CASE("npb CG: the matrix is symmetric, and a wrong zeta or solve fails verification", "[npb]") {
  const CgSizes s;
  const CsrMatrix a = make_cg_matrix(s.na, s.nonzer, static_cast<double>(s.shift));
  // A = sum of size_i v_i v_i^T + (rcond - shift) I: symmetric up to rounding (NPB forms a_ij as
  // v_j (size v_i) and a_ji as v_i (size v_j)).
  auto entry = [&a](std::size_t i, std::size_t j) {
    for (std::size_t k = a.row_start[i]; k < a.row_start[i + 1]; ++k)
      if (a.column[k] == j) return a.value[k];
    return 0.0;
  };
  for (std::size_t i = 0; i < a.n; i += 37)
    for (std::size_t k = a.row_start[i]; k < a.row_start[i + 1]; ++k) {
      REQUIRE(entry(a.column[k], i) == Approx(a.value[k]).epsilon(1e-14));
    }
  CHECK(a.nonzeros() <= s.na * (s.nonzer + 1) * (s.nonzer + 1));

  // The untimed warm-up runs inline: it computes what the runtime's loops compute.
  CgVectors inline_v(a.n), parallel_v(a.n);
  double inline_rnorm = 0, parallel_rnorm = 0;
  Runtime warm(2);
  CHECK(cg_outer_iteration(a, 10.0, inline_v, ChunkedLoops(nullptr), inline_rnorm) ==
        cg_outer_iteration(a, 10.0, parallel_v, ChunkedLoops(&warm), parallel_rnorm));
  CHECK(inline_rnorm == parallel_rnorm);
  CHECK(inline_v.x == parallel_v.x);

  CgVectors v(a.n);
  Runtime rt(2);
  CgOutcome out = run_cg(a, s, v, rt);
  REQUIRE(verify_cg(a, v, out).verified);
  out.zeta *= 1 + 1e-9;  // ten times NPB's tolerance
  CHECK_FALSE(verify_cg(a, v, out).verified);
  CHECK(contains(verify_cg(a, v, out).message, "class S FAILED"));
  // The same run as if it were no class: the residual check on the last solve.
  out.npb_class.reset();
  out.zeta /= 1 + 1e-9;
  REQUIRE(verify_cg(a, v, out).verified);
  v.z[100] += 1e-6;
  CHECK_FALSE(verify_cg(a, v, out).verified);
}

TEST_CASE("npb CG: a size that is no class gets the residual check, identical for p = 1, 2", "[npb]") {
  const Params params{{"na", 900}, {"nonzer", 6}, {"niter", 4}, {"shift", 8}};
  double zeta = 0;
  for (int p : {1, 2}) {
    Runtime rt(p);
    const auto r = kernels::kernel("npb_cg").run(params, rt);
    INFO(r.message);
    CHECK(r.verified);
    CHECK(contains(r.message, "not an NPB class"));
    CHECK(contains(r.message, "residual check"));
    if (p == 1) zeta = r.checksum;
    CHECK(r.checksum == zeta);
  }
  CHECK_THROWS_AS(kernels::kernel("npb_cg").work({{"na", 10}, {"nonzer", 10}}), std::invalid_argument);
}
