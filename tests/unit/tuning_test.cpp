// Workload tuning (study/measure_tuning): the search and the efficiency evaluation, on kernels whose
// times are given by a law, so the tests see exactly what the tuner measured.

#include <chrono>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "runtime/stop.hpp"
#include "study/measure_tuning.hpp"

using namespace scalerun;
using study::Measurement;
using study::MeasureSettings;

namespace {

// One run of `time(n, p)` seconds per repetition, counted in `calls`.
template <class Law>
study::MeasuredSource law_kernel(Law time, int& calls) {
  study::MeasuredSource k;
  k.measure = [time, &calls](const runtime::Params& params, int p, const MeasureSettings& s) {
    Measurement m;
    for (int i = 0; i < s.repeat; ++i) m.samples.push_back(time(params.at("n"), p, calls++));
    study::summarize(m);
    return m;
  };
  k.work = [](const runtime::Params& params) { return params.at("n"); };
  k.memory = [](const runtime::Params&) { return std::nan(""); };
  return k;
}

model::ScalingRule efficiency_rule(double e) {
  model::ScalingRule rule;
  rule.kind = model::RuleKind::Efficiency;
  rule.target = e;
  rule.has_target = true;
  rule.vary = {{"n", 1.0}};
  return rule;
}

study::TuneRequest request_for(const study::MeasuredSource& k, const model::ScalingRule& rule, double p, int repeat) {
  study::TuneRequest r;
  r.kernel = k;
  r.base = {{"n", 1000}};
  r.settings = {0, repeat};
  r.rule = &rule;
  r.p = p;
  r.budget = 12;
  r.max_pairs = 8 * repeat;
  return r;
}

}  // namespace

TEST_CASE("tuning: the latency step lands an exact law's efficiency target in two evaluations", "[tuning]") {
  int calls = 0;
  // T = n t / p + L log2 p: E = 0.8 needs n t = 4 p L log2 p.
  const auto k = law_kernel([](double n, int p, int) { return n * 1e-7 / p + 1e-3 * std::log2(p); }, calls);
  const auto rule = efficiency_rule(0.8);
  for (double p : {2.0, 4.0, 8.0}) {
    const auto tp = study::tune_point(request_for(k, rule, p, 1));
    INFO("p " << p << ": " << tp.trail);
    CHECK(tp.reached);
    CHECK(std::abs(tp.quantity / 0.8 - 1) <= 0.02);
    CHECK(tp.runs == 4);  // two evaluations of T(1) and T(p)
    CHECK(tp.params.at("n") == Approx(4 * p * 1e-3 * std::log2(p) / 1e-7).epsilon(0.02));
  }
}

TEST_CASE("tuning: a steady host decides an efficiency with the first repeats", "[tuning]") {
  int calls = 0;
  // 0.3 % jitter: every pair's E lies well inside or well outside the +-2 % band.
  const auto k = law_kernel(
      [](double n, int p, int call) { return (n * 1e-7 / p + 1e-3 * (p - 1)) * (1 + 0.003 * (call % 3)); }, calls);
  const auto rule = efficiency_rule(0.8);
  const auto tp = study::tune_point(request_for(k, rule, 2, 5));
  INFO(tp.trail);
  CHECK(tp.reached);
  CHECK(tp.pairs == 5);
  CHECK(tp.interval.low <= tp.quantity);
  CHECK(tp.interval.high >= tp.quantity);
}

TEST_CASE("tuning: a noisy host gets more pairs, and an interval wider than the band is reported", "[tuning]") {
  int calls = 0;
  // T(p) alternates between two host states 30 % apart: pair efficiencies straddle the band
  // whatever the size, so each evaluation takes pairs up to the cap.
  const auto k = law_kernel(
      [](double n, int p, int call) {
        const double slow = p > 1 && (call / 2) % 2 == 1 ? 1.3 : 1.0;
        return (n * 1e-7 / p + 1e-3 * (p - 1)) * slow;
      },
      calls);
  const auto rule = efficiency_rule(0.8);
  auto r = request_for(k, rule, 2, 5);
  r.budget = 2;  // one evaluation
  r.base = {{"n", 80000}};  // E = 0.8 in the fast state, 0.62 in the slow one
  const auto tp = study::tune_point(r);
  INFO(tp.trail);
  CHECK(tp.pairs == r.max_pairs);
  CHECK(calls == 2 * r.max_pairs);
  CHECK(tp.interval.high - tp.interval.low > 2 * 0.02 * 0.8);
  CHECK(tp.runs == 2);  // still one configuration at 1 and one at p
  CHECK_FALSE(tp.reached);
  CHECK_FALSE(tp.decided);
  CHECK_THAT(tp.diagnosis, Catch::Contains("straddles the band of +-2 %"));
}

TEST_CASE("tuning: efficiencies in the wrong order across evaluations are named as a changing host", "[tuning]") {
  int calls = 0;
  // The host slows T(p) by 1.6 after the first evaluation (5 pairs = 10 calls): the second, larger
  // size measures a lower efficiency than the first.
  const auto k = law_kernel(
      [](double n, int p, int call) {
        const double slow = p > 1 && call >= 10 ? 1.6 : 1.0;
        return (n * 1e-7 / p + 1e-3 * (p - 1)) * slow;
      },
      calls);
  const auto rule = efficiency_rule(0.8);
  auto r = request_for(k, rule, 2, 5);
  r.budget = 4;                // two evaluations
  r.base = {{"n", 30000}};     // E = 0.6 at first; the latency step then asks for n = 80000
  const auto tp = study::tune_point(r);
  INFO(tp.trail);
  CHECK_FALSE(tp.reached);
  CHECK(tp.params.at("n") == Approx(80000).epsilon(1e-6));
  CHECK(tp.quantity == Approx(0.5).epsilon(1e-9));
  CHECK_THAT(tp.diagnosis, Catch::Contains("E fell as the size grew") && Catch::Contains("30000 -> [0.6, 0.6]"));
}

// T = 1 s at every n and p, so E = 0.5 at p = 2 whatever the size: 0.8 is unreachable. Runs at n
// above 1e5 take "too long": the runtime's limit would stop them, which the fake kernel stands in
// for by throwing what the limit throws.
namespace {

study::MeasuredSource unreachable_kernel_stopped_above_1e5(int& calls) {
  study::MeasuredSource k = law_kernel([](double, int, int) { return 1.0; }, calls);
  auto inner = k.measure;
  k.measure = [inner](const runtime::Params& params, int p, const MeasureSettings& s) {
    if (params.at("n") > 1e5) throw runtime::Stopped(runtime::StopCause::run_limit);
    return inner(params, p, s);
  };
  return k;
}

}  // namespace

// Issue 10 item 8: a search that cannot reach its target must end at a cap a user can wait for,
// say which, and show each evaluation as it goes.
TEST_CASE("tuning: a run past max_run_time ends the search at the sizes measured, and says so", "[tuning]") {
  int calls = 0;
  study::MeasuredSource k = unreachable_kernel_stopped_above_1e5(calls);
  const auto rule = efficiency_rule(0.8);
  auto r = request_for(k, rule, 2, 1);
  r.budget = 1000;
  r.max_run_seconds = 60;
  std::vector<std::string> lines;
  r.on_evaluation = [&](const std::string& line) { lines.push_back(line); };
  const auto tp = study::tune_point(r);
  CHECK_FALSE(tp.reached);
  CHECK(tp.capped.find("passed max_run_time = 60 s") != std::string::npos);
  CHECK(tp.params.at("n") <= 1e5);  // the last size measured, not the one stopped
  REQUIRE(!lines.empty());
  CHECK(lines.size() == static_cast<std::size_t>(tp.runs / 2));  // one line per evaluation (2 runs each)
  CHECK(lines.front().find("p=2: n=1000 -> E = ") != std::string::npos);
}

TEST_CASE("tuning: the user's smaller run_timeout is not the tuner's cap: it stays an error", "[tuning]") {
  int calls = 0;
  study::MeasuredSource k = unreachable_kernel_stopped_above_1e5(calls);
  const auto rule = efficiency_rule(0.8);
  auto r = request_for(k, rule, 2, 1);
  r.budget = 1000;
  r.max_run_seconds = 60;
  r.settings.run_limit_seconds = 5;
  CHECK_THROWS_AS(study::tune_point(r), runtime::Stopped);
}

TEST_CASE("tuning: a first size already past max_run_time is one clear error", "[tuning]") {
  int calls = 0;
  study::MeasuredSource k = law_kernel([](double, int p, int) { return 1.0 / p; }, calls);
  k.measure = [](const runtime::Params&, int, const MeasureSettings&) -> Measurement {
    throw runtime::Stopped(runtime::StopCause::run_limit);
  };
  const auto rule = efficiency_rule(0.8);
  auto r = request_for(k, rule, 2, 1);
  r.max_run_seconds = 30;
  CHECK_THROWS_WITH(study::tune_point(r), Catch::Contains("passed max_run_time = 30 s, the first size tried"));
}

TEST_CASE("tuning: max_point_time ends a point's search between evaluations", "[tuning]") {
  int calls = 0;
  // Each run sleeps a little so the point's clock moves; E = 0.5 is never 0.8.
  const auto k = law_kernel(
      [](double, int, int) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        return 1.0;
      },
      calls);
  const auto rule = efficiency_rule(0.8);
  auto r = request_for(k, rule, 2, 1);
  r.budget = 1000;
  r.max_point_seconds = 0.1;
  const auto tp = study::tune_point(r);
  CHECK_FALSE(tp.reached);
  CHECK(tp.capped.find("past max_point_time = 0.1 s") != std::string::npos);
  CHECK(tp.runs < 20);
}

TEST_CASE("tuning: isospeed-e over a machine set, and no size beyond the host's memory", "[tuning]") {
  // T(n) = n / (0.2 C) + 1 ms on a set of marked speed C: Es = W/(T C) grows towards 0.2.
  const double C = 1e9;
  int calls = 0;
  auto k = law_kernel([C](double n, int, int) { return n / (0.2 * C) + 1e-3; }, calls);
  model::ScalingRule rule;
  rule.kind = model::RuleKind::IsospeedE;
  rule.target = 0.1;
  rule.has_target = true;
  rule.vary = {{"n", 1.0}};
  auto r = request_for(k, rule, 2, 1);
  r.marked = C;
  r.tolerance = 0.01;
  auto t = study::tune_point(r);
  CHECK(t.reached);
  CHECK(t.quantity == Approx(0.1).epsilon(0.01));
  CHECK(t.params.at("n") == Approx(0.2 * C * 1e-3).epsilon(0.02));  // Es = 0.1 where n/(0.2 C) = 1 ms

  // The same search with the memory of a size n = 8 n bytes and a host of 1 MB: sizes beyond
  // 100,000 (80 % of the memory) are never run, and the search says why it stopped.
  rule.target = 0.19;
  k.memory = [](const runtime::Params& p) { return 8 * p.at("n"); };
  r = request_for(k, rule, 2, 1);
  r.marked = C;
  r.host_memory = 1e6;
  r.kernel.measure = [&, inner = k.measure](const runtime::Params& params, int p, const MeasureSettings& s) {
    CHECK(8 * params.at("n") <= 0.8e6);
    return inner(params, p, s);
  };
  t = study::tune_point(r);
  CHECK_FALSE(t.reached);
  CHECK_THAT(t.capped, Catch::Contains("needs more than 80 % of this host's 1e+06 bytes of memory"));
  CHECK(t.params.at("n") == Approx(1e5).epsilon(0.01));

  // isospeed_e needs a marked speed.
  r.marked = std::nan("");
  CHECK_THROWS_WITH(study::tune_point(r), Catch::Contains("isospeed_e needs the machine's marked speed"));
}
