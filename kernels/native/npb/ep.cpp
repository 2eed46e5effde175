#include "kernels/native/npb/ep.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "kernels/native/npb/npb_classes.hpp"
#include "kernels/native/npb/npb_random.hpp"

namespace scalerun::kernels::npb {

namespace {

constexpr std::uint64_t kMaxM = 40;  // 2^41 numbers: well inside the generator's period of 2^44

constexpr std::array<runtime::ParamSpec, 1> kParams{{
    {"m", 24, 1, "log2 of the number of pairs (NPB class S = 24, W = 25, A = 28)"},
}};

constexpr double kClassTolerance = 1e-8;  // NPB's epsilon for sx and sy
constexpr double kSigmas = 6;             // one-sided normal tail 1e-9
constexpr double kMinExpected = 5;        // an annulus expecting fewer is merged into the one below

std::uint64_t m_of(const runtime::Params& given) {
  const std::uint64_t m = runtime::count_param(kParams, given, "m");
  if (m > kMaxM) throw std::invalid_argument(fmt::format("parameter 'm' = {} must be at most {}", m, kMaxM));
  return m;
}

std::uint64_t batch_pairs(std::uint64_t m) { return std::uint64_t{1} << std::min<std::uint64_t>(m, kEpBatchLog2); }

// P(max(|X|, |Y|) < r) for independent standard normals.
double inside_square(double r) {
  const double e = std::erf(r / std::numbers::sqrt2);
  return e * e;
}

// The 1 - 1e-9 quantile of chi-square with k degrees of freedom (Wilson-Hilferty).
double chi_square_bound(int k) {
  const double c = 2.0 / (9.0 * k);
  const double root = 1 - c + kSigmas * std::sqrt(c);
  return k * root * root * root;
}

double relative_error(double value, double reference) { return std::abs((value - reference) / reference); }

runtime::KernelResult verify_class(const EpClass& c, const EpTally& t) {
  const double ex = relative_error(t.sx, c.sx), ey = relative_error(t.sy, c.sy);
  runtime::KernelResult r;
  r.verified = ex <= kClassTolerance && ey <= kClassTolerance;  // false for a NaN
  r.message = fmt::format(
      "class {} {}: sx = {:.15e}, sy = {:.15e} against NPB's {:.15e}, {:.15e} (relative errors {:.2e}, {:.2e}; "
      "bound {:g})",
      c.name, r.verified ? "VERIFIED" : "FAILED", t.sx, t.sy, c.sx, c.sy, ex, ey, kClassTolerance);
  return r;
}

runtime::KernelResult verify_statistics(std::uint64_t m, const EpTally& t) {
  const double pairs = std::ldexp(1.0, static_cast<int>(m));
  const double n = static_cast<double>(t.accepted());
  constexpr double q = std::numbers::pi / 4;
  const double z_accept = (n - pairs * q) / std::sqrt(pairs * q * (1 - q));
  const double z_sx = n > 0 ? t.sx / std::sqrt(n) : t.sx;
  const double z_sy = n > 0 ? t.sy / std::sqrt(n) : t.sy;
  // Annuli from the outside in: one expecting too few joins the one below it.
  std::vector<double> observed, expected;
  double o = 0, e = 0;
  for (int l = kEpAnnuli - 1; l >= 0; --l) {
    const double upper = l == kEpAnnuli - 1 ? 1.0 : inside_square(l + 1);
    o += static_cast<double>(t.counts[static_cast<std::size_t>(l)]);
    e += n * (upper - inside_square(l));
    if (e >= kMinExpected || l == 0) {
      observed.push_back(o);
      expected.push_back(e);
      o = e = 0;
    }
  }
  double chi2 = 0;
  for (std::size_t i = 0; i < observed.size(); ++i)
    if (expected[i] > 0) chi2 += (observed[i] - expected[i]) * (observed[i] - expected[i]) / expected[i];
  const int dof = static_cast<int>(observed.size()) - 1;
  const double chi2_bound = dof > 0 ? chi_square_bound(dof) : 0;
  const bool annuli_ok = dof == 0 || chi2 <= chi2_bound;  // one bin (a tiny run) has nothing to test
  runtime::KernelResult r;
  r.verified = std::abs(z_accept) <= kSigmas && std::abs(z_sx) <= kSigmas && std::abs(z_sy) <= kSigmas && annuli_ok;
  r.message = fmt::format(
      "m = {} (not an NPB class) {} by the statistical check: {:g} of {:g} pairs accepted ({:+.2f} sigma), "
      "sx = {:.6g} ({:+.2f} sigma), sy = {:.6g} ({:+.2f} sigma), bound {:g} sigma; annulus chi-square {:.3g} on {} "
      "dof (bound {:.3g})",
      m, r.verified ? "VERIFIED" : "FAILED", n, pairs, z_accept, t.sx, z_sx, t.sy, z_sy, kSigmas, chi2, dof,
      chi2_bound);
  return r;
}

}  // namespace

std::uint64_t EpTally::accepted() const {
  std::uint64_t n = 0;
  for (const auto c : counts) n += c;
  return n;
}

EpTally& EpTally::operator+=(const EpTally& other) {
  sx += other.sx;
  sy += other.sy;
  for (std::size_t l = 0; l < counts.size(); ++l) counts[l] += other.counts[l];
  return *this;
}

void accumulate_pairs(std::uint64_t first, std::uint64_t last, EpTally& t) {
  std::uint64_t x = lcg_skip(kEpSeed, kMultiplier, 2 * first);
  double u[2 * kEpBlockPairs];
  double sx = t.sx, sy = t.sy;
  for (std::uint64_t pair = first; pair < last;) {
    const std::size_t len = static_cast<std::size_t>(std::min<std::uint64_t>(kEpBlockPairs, last - pair));
    vranlc(2 * len, x, kMultiplier, u);
    // One pass with a branch: gathering the accepted pairs first to avoid mispredicting the
    // fifth that fall outside the circle measured 15 % slower (the log and sqrt overlap anyway).
    for (std::size_t i = 0; i < len; ++i) {
      const double x1 = 2.0 * u[2 * i] - 1.0;
      const double x2 = 2.0 * u[2 * i + 1] - 1.0;
      const double s = x1 * x1 + x2 * x2;
      // NPB takes s <= 1; s = 0 (both numbers exactly 1/2) would make 0 * inf, so it is left out.
      if (s <= 1.0 && s > 0.0) {
        const double f = std::sqrt(-2.0 * std::log(s) / s);
        const double gx = x1 * f, gy = x2 * f;
        const auto l = static_cast<std::size_t>(std::max(std::abs(gx), std::abs(gy)));
        ++t.counts[std::min<std::size_t>(l, kEpAnnuli - 1)];
        sx += gx;
        sy += gy;
      }
    }
    pair += len;
  }
  t.sx = sx;
  t.sy = sy;
}

EpTally run_ep(std::uint64_t m, runtime::Runtime& rt) {
  const std::uint64_t pairs = std::uint64_t{1} << m;
  return rt.parallel_reduce(
      std::size_t{0}, static_cast<std::size_t>(pairs), static_cast<std::size_t>(batch_pairs(m)), EpTally{},
      [](std::size_t lo, std::size_t hi, EpTally acc) {
        accumulate_pairs(lo, hi, acc);
        return acc;
      },
      [](const EpTally& a, const EpTally& b) {
        EpTally sum = a;
        return sum += b;
      });
}

runtime::KernelResult verify_ep(std::uint64_t m, const EpTally& t) {
  runtime::KernelResult r;
  if (const auto c = find_ep_class(m)) {
    r = verify_class(*c, t);
  } else {
    r = verify_statistics(m, t);
  }
  r.checksum = t.sx + t.sy;
  return r;
}

static double npb_ep_work(const runtime::Params& given) { return std::ldexp(1.0, static_cast<int>(m_of(given) + 1)); }

static double npb_ep_memory(const runtime::Params&) { return 2 * kEpBlockPairs * sizeof(double); }

static runtime::KernelResult npb_ep_run(const runtime::Params& given, runtime::Runtime& rt) {
  const std::uint64_t m = m_of(given);
  EpTally t;
  rt.measure([&] { t = run_ep(m, rt); });
  return verify_ep(m, t);
}

const runtime::NativeKernel npb_ep_kernel{
    .name = "npb_ep",
    .doc = "NPB 3.4 EP: 2^m pairs of NPB random numbers to Gaussian deviates (polar method), summed and counted in "
         "annuli; W = 2^(m+1)",
    .params = kParams,
    .work = npb_ep_work,
    .memory = npb_ep_memory,
    .run = npb_ep_run,
};

}  // namespace scalerun::kernels::npb
