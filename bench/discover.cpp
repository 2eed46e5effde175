// discover: the cost of model discovery. N single-parameter data sets of 5 points (p = 2, 4, 8,
// 16, 32), each 200-ish + c p^i log2(p)^j for a random pair of Extra-P's 42 default exponents,
// with 1 % noise, are modelled: the constant and the 42 hypotheses, each scored by leave-one-out
// cross-validation. The reference, timed on the same data sets in the same run, is the bare power
// fit the isoefficiency report used before (fit::growth_order, one straight line in log-log).
// Also printed: how often discovery returned the generating exponents.
//
//   discover [models] [seed]        defaults: 1000 1
//
// Last line: discover models=N ms_per_model=X power_fit_us_per_model=R ratio=X/R recovered_pct=P
// Bar (issue): X <= 1 on this machine.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <random>
#include <vector>

#include <fmt/format.h>

#include "fit/growth_order.hpp"
#include "fit/model_discovery.hpp"

namespace {

using namespace scalerun::fit;
using Clock = std::chrono::steady_clock;

struct DataSet {
  std::vector<double> y;
  ExponentPair truth;
};

}  // namespace

int main(int argc, char** argv) {
  try {
    const int models = argc > 1 ? std::atoi(argv[1]) : 1000;
    const unsigned seed = argc > 2 ? static_cast<unsigned>(std::atoi(argv[2])) : 1u;
    if (models < 1) throw std::invalid_argument("models must be at least 1");
    const std::vector<double> p{2, 4, 8, 16, 32};
    std::mt19937 rng(seed);
    std::uniform_int_distribution<std::size_t> pair(0, default_exponents().size() - 1);
    std::uniform_real_distribution<double> c0(100, 300), c1(1, 20), noise(-0.01, 0.01);
    std::vector<DataSet> sets;
    for (int m = 0; m < models; ++m) {
      DataSet d{{}, default_exponents()[pair(rng)]};
      const Factor f{0, d.truth.num, d.truth.den, d.truth.log};
      const double a = c0(rng), b = c1(rng);
      for (double x : p) d.y.push_back((a + b * f(x)) * (1 + noise(rng)));
      sets.push_back(std::move(d));
    }

    int recovered = 0;
    double checksum = 0;
    const auto t0 = Clock::now();
    for (const DataSet& d : sets) {
      const DiscoveredModel m = discover(p, d.y, "p");
      checksum += m.constant.value;
      if (m.terms.size() == 1) {
        const Factor& f = m.terms[0].factors[0];
        recovered += f.num * d.truth.den == d.truth.num * f.den && f.log == d.truth.log;
      }
    }
    const auto t1 = Clock::now();
    for (const DataSet& d : sets) checksum += growth_order(p, d.y);
    const auto t2 = Clock::now();

    const double ms = std::chrono::duration<double, std::milli>(t1 - t0).count() / models;
    const double power_us = std::chrono::duration<double, std::micro>(t2 - t1).count() / models;
    std::printf("%s", fmt::format("discovery: {} models in {:.1f} ms, {:.4f} ms each (43 hypotheses x 5 folds); "
                                  "power fit {:.3f} us each; generating exponents recovered in {} of {} (1 % noise); "
                                  "checksum {:.6g}\n",
                                  models, ms * models, ms, power_us, recovered, models, checksum)
                          .c_str());
    std::printf("%s", fmt::format("discover models={} ms_per_model={:.4f} power_fit_us_per_model={:.3f} ratio={:.1f} "
                                  "recovered_pct={:.1f}\n",
                                  models, ms, power_us, ms * 1000 / power_us, 100.0 * recovered / models)
                          .c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "discover: %s\n", e.what());
    return 1;
  }
}
