// One synthetic kernel whose time is a known law, T(n, p) = a n/p + b log2 p + c with W = n, run
// through model, simulate and measure mode under every scaling rule each mode supports (issue 26).
// Every metric column is compared with the law's own value, computed here from the law alone at
// the size the table reports: the definitions of S and E (study/rule_metrics) must be the same in
// all three modes.
//   model:    the law is the kernel's model;
//   simulate: every processor computes the law's time at the machine's speed on an ideal network;
//   measure:  an external program that reports the law's time as its own (timer = "seconds"), so
//             the measured noise is the printing of 17 significant digits: the bound is 1e-9.
// Not run: isospeed_e in simulate mode (a simulation has no marked speed: the rule refuses it,
// checked below) and in measure mode (tuned over machine sets with MPI kernels only).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "script_fixture.hpp"

using namespace scalerun::testing;

namespace {

constexpr double kA = 1e-7, kB = 1e-3, kC = 2e-3;  // seconds per unit of work, per doubling of p, fixed
constexpr double kSpeed = 1e9;                      // the machine's operations per second (isospeed_e: C = p speed)

double law(double n, double p) { return kA * n / p + kB * std::log2(p) + kC; }

const char* kKernel = R"(
local A, B, C = 1e-7, 1e-3, 2e-3
law = kernel {
  name = "law", size = "n", params = { n = 100000 },
  work = function(k) return k.n end,
  memory = function(k) return 8 * k.n end,
  model = function(k, p) return { compute = A * k.n / p, latency = B * log2(p), fixed = C } end,
  program = function(ctx, k)
    local p = ctx.size
    ctx:compute((A * k.n / p + B * log2(p) + C) * ctx:speed())
  end,
  command = [[awk 'BEGIN {{ p = {p}; n = {n}; printf "{{\"seconds\": %.17g}}\n", 1e-7 * n / p + 1e-3 * log(p) / log(2) + 2e-3 }}']],
  timer = "seconds",
}
box = machine { name = "box", speed = 1e9, procs = 8, memory = 1e9, network = { kind = "ideal" } }
)";

struct Rule {
  const char* name;
  const char* scale;  // the Lua scale = ...
};

const Rule kRules[] = {
    {"fixed", "fixed{}"},
    {"memory_bound", "memory_bound { per_proc = 8e5, vary = 'n' }"},
    {"time_bound", "time_bound { T = 0.05, vary = 'n' }"},
    {"efficiency", "efficiency { E = 0.5, vary = 'n' }"},
    {"isospeed", "isospeed { speed = 5e6, vary = 'n' }"},
    {"isospeed_e", "isospeed_e { Es = 0.004, vary = 'n' }"},
};

std::optional<double> cell(const scalerun::report::Table& t, std::size_t row, const std::string& column) {
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    if (t.columns[c].name != column) continue;
    if (const double* v = std::get_if<double>(&t.rows.at(row).at(c))) return *v;
    return std::nullopt;
  }
  FAIL("no column " << column << " in " << t.name);
  return std::nullopt;
}
bool has_column(const scalerun::report::Table& t, const std::string& column) { return t.find_column(column) != nullptr; }

// What the law says every metric of a point is, given the sizes the table reports.
struct Expected {
  double t1, s, e;
  std::optional<double> karp_flatt, weak;
};

// The same for any law T(n, p) of this shape.
Expected expected_of(double (*t)(double, double), const std::string& rule, double n, double p, double n_base) {
  const double tp = t(n, p);
  if (rule == "fixed") {
    const double t1 = t(n, 1), s = t1 / tp;
    std::optional<double> kf;
    if (p > 1) kf = (1 / s - 1 / p) / (1 - 1 / p);
    return {t1, s, s / p, kf, std::nullopt};
  }
  if (rule == "efficiency") {
    const double t1 = t(n, 1), e = t1 / (p * tp);
    return {t1, p * e, e, std::nullopt, std::nullopt};
  }
  const double t1 = t(n_base, 1), tc = t1 / n_base, e = n * tc / (p * tp);
  std::optional<double> weak;
  if (rule == "memory_bound") weak = t1 / tp;
  return {t1, p * e, e, std::nullopt, weak};
}

Expected expected(const std::string& rule, double n, double p, double n_base) {
  return expected_of(law, rule, n, p, n_base);
}

void check_value(const scalerun::report::Table& t, std::size_t row, const std::string& column,
                 std::optional<double> want, double rel) {
  INFO(t.name << " row " << row << " column " << column);
  const std::optional<double> got = cell(t, row, column);
  if (!want) {
    CHECK_FALSE(got.has_value());
    return;
  }
  REQUIRE(got.has_value());
  CHECK(*got == Approx(*want).epsilon(rel).margin(1e-300));
}

// The T(1), S, E, karp_flatt and E_weak columns of a table against the law, W in `work_column`
// (or the n of the point when the table has none: `sizes`) and T in `time_column`.
void check_metrics(const scalerun::report::Table& t, const std::string& rule, const std::vector<double>& sizes,
                   const std::string& time_column, double rel) {
  REQUIRE(t.rows.size() == sizes.size());
  // The base is the point of fewest processors, wherever procs lists it.
  std::size_t base = 0;
  for (std::size_t row = 1; row < t.rows.size(); ++row) {
    if (*cell(t, row, "p") < *cell(t, base, "p")) base = row;
  }
  for (std::size_t row = 0; row < t.rows.size(); ++row) {
    const double p = *cell(t, row, "p"), n = sizes[row];
    const Expected want = expected(rule, n, p, sizes[base]);
    check_value(t, row, time_column, law(n, p), rel);
    if (has_column(t, "T(1)")) check_value(t, row, "T(1)", want.t1, rel);
    if (has_column(t, "S")) check_value(t, row, "S", want.s, rel);
    check_value(t, row, "E", want.e, rel);
    if (has_column(t, "karp_flatt")) check_value(t, row, "karp_flatt", want.karp_flatt, rel);
    CHECK(has_column(t, "E_weak") == (rule == "memory_bound"));
    if (has_column(t, "E_weak")) check_value(t, row, "E_weak", want.weak, rel);
  }
}

std::vector<double> works_of(const scalerun::report::Table& t) {
  std::vector<double> w;
  for (std::size_t row = 0; row < t.rows.size(); ++row) w.push_back(*cell(t, row, "W"));
  return w;
}

std::string experiment(const std::string& mode, const Rule& rule, const std::string& reports,
                       const std::string& extra = "", const std::string& procs = "1, 2, 4") {
  return std::string(kKernel) + "experiment { name = 'e', mode = '" + mode + "', kernel = law, machine = box, procs = { " + procs + " }, scale = " +
         rule.scale + ", report = { " + reports + " }" + extra + " }\n";
}

}  // namespace

TEST_CASE("exact law: model mode's scaled and speedup tables equal the law under every rule", "[rule_metrics]") {
  for (const Rule& rule : kRules) {
    INFO("rule " << rule.name);
    const auto out = run_source(experiment("model", rule, "'scaled', 'speedup'"));
    const auto& scaled = table_of(out, "e", "scaled");
    const std::vector<double> n = works_of(scaled);
    check_metrics(scaled, rule.name, n, "T", 1e-9);
    check_metrics(table_of(out, "e", "speedup"), rule.name, n, "T(p)", 1e-9);
  }
}

TEST_CASE("exact law: simulate mode's speedup table equals the law under every rule it runs", "[rule_metrics]") {
  for (const Rule& rule : kRules) {
    INFO("rule " << rule.name);
    if (std::string(rule.name) == "isospeed_e") {
      CHECK_THAT(error_of(experiment("simulate", rule, "'speedup'")), Catch::Contains("isospeed_e needs marked speeds"));
      continue;
    }
    // The sizes simulated are the model's (the same law), read from its scaled table.
    const auto model = run_source(experiment("model", rule, "'scaled'"));
    const std::vector<double> n = works_of(table_of(model, "e", "scaled"));
    const auto out = run_source(experiment("simulate", rule, "'speedup'"));
    const auto& t = table_of(out, "e", "speedup");
    check_metrics(t, rule.name, n, "T", 1e-9);
    // The ideal machine is the real one here (no network cost): S_ideal is S.
    for (std::size_t row = 0; row < t.rows.size(); ++row) {
      check_value(t, row, "S_ideal", cell(t, row, "S"), 1e-9);
    }
  }
}

TEST_CASE("exact law: measure mode's measured and speedup tables equal the law under every rule it tunes", "[rule_metrics]") {
  for (const Rule& rule : kRules) {
    if (std::string(rule.name) == "isospeed_e") continue;  // machine sets with MPI kernels only
    INFO("rule " << rule.name);
    const auto out = run_source(experiment("measure", rule, "'measured', 'speedup'", ", repeats = 1, warmup = 0"));
    const auto& measured = table_of(out, "e", "measured");
    const std::vector<double> n = works_of(measured);
    check_metrics(measured, rule.name, n, "T", 1e-9);
    check_metrics(table_of(out, "e", "speedup"), rule.name, n, "T(p)", 1e-9);
    if (std::string(rule.name) != "fixed") {
      for (std::size_t row = 0; row < measured.rows.size(); ++row) {
        const std::string target = std::get<std::string>(measured.rows[row].back());
        CHECK((target == "met" || target == "not tuned"));
      }
    }
  }
}

TEST_CASE("exact law: the rules hold their quantity at the sizes the tables report", "[rule_metrics]") {
  // Independent of the metrics: the solved sizes themselves, from the law.
  const auto mem = run_source(experiment("model", kRules[1], "'scaled'"));
  const auto& t = table_of(mem, "e", "scaled");
  for (std::size_t row = 0; row < t.rows.size(); ++row) {
    CHECK(*cell(t, row, "W") == Approx(1e5 * *cell(t, row, "p")).epsilon(1e-9));  // 8 n = p 8e5
  }
  const auto iso = run_source(experiment("model", kRules[5], "'scaled'"));
  const auto& ti = table_of(iso, "e", "scaled");
  for (std::size_t row = 0; row < ti.rows.size(); ++row) {
    const double p = *cell(ti, row, "p"), n = *cell(ti, row, "W");
    CHECK(n / (law(n, p) * p * kSpeed) == Approx(0.004).epsilon(1e-9));
  }
}

TEST_CASE("exact law: procs in any order take the point of fewest processors as the base in every mode", "[rule_metrics]") {
  // Found by review: model and simulate mode took the first listed point as the base, so
  // procs = { 2, 1, 4 } gave E != 1 at p = 1 and no E_weak.
  for (const Rule& rule : {kRules[0], kRules[1], kRules[2]}) {
    INFO("rule " << rule.name);
    const auto model = run_source(experiment("model", rule, "'scaled', 'speedup'", "", "2, 1, 4"));
    const auto& scaled = table_of(model, "e", "scaled");
    const std::vector<double> n = works_of(scaled);
    check_metrics(scaled, rule.name, n, "T", 1e-9);
    check_metrics(table_of(model, "e", "speedup"), rule.name, n, "T(p)", 1e-9);
    const auto sim = run_source(experiment("simulate", rule, "'speedup'", "", "2, 1, 4"));
    check_metrics(table_of(sim, "e", "speedup"), rule.name, n, "T", 1e-9);
  }
}

// Measure mode against the wall clock (issue 26): the native calibration kernel timed_law
// (kernels/native/calibration/timed_law.cpp) waits the law's own time, and scalerun times it as it
// times every native kernel, so T, T(1), S, E, karp_flatt and E_weak carry real measurement noise.
// The wall law has a larger fixed part than the one above (c = 8 ms): the one-worker time per unit
// of work then differs by a third between the sizes the growing rules reach, so E from the work
// rate and E against each point's own one-worker time (the wrong definition for those rules)
// differ by far more than the bound.
// The noise bound is measured, not assumed: a calibration sweep of the same native kernel with a
// law of the ranks' share alone gives the largest excess of a point's median over its law (what
// waking the ranks and the fork and join cost); a point's bound is three times that plus the
// spread of its own runs. The calibration's law leaves out the terms the test checks, so an error
// there cannot excuse itself by widening the bound. Every wait ends at or after its deadline, so T may not come in below the
// law (by more than a microsecond of clock reads); a derived value's bound follows from its T's by
// the usual propagation. On a host too busy for this (the calibration's excess above 2 ms) the test
// says so; ctest runs the [wall] tests alone.
namespace {

constexpr double kWallC = 8e-3;
double wall_law(double n, double p) { return kA * n / p + kB * std::log2(p) + kWallC; }

const char* kWallKernels = R"(
law = kernel {
  name = "law", size = "n", integer = { "n" }, params = { n = 100000, a = 1e-7, b = 1e-3, c = 8e-3, hidden = 0 },
  work = function(k) return k.n end,
  memory = function(k) return 8 * k.n end,
  native = "timed_law",
}
-- The calibration's law: the ranks' share alone (no b, no c), so an error in those terms of the
-- kernel cannot widen the bound that is to catch it.
flat = kernel {
  name = "flat", size = "n", integer = { "n" }, params = { n = 100000, a = 1e-7, b = 0, c = 0, hidden = 0 },
  work = function(k) return k.n end,
  memory = function(k) return 8 * k.n end,
  native = "timed_law",
}
box = machine { name = "box", speed = 1e9, procs = 8, memory = 1e9, network = { kind = "ideal" } }
)";

std::string wall_experiment(const std::string& kernel, const std::string& scale, int repeats) {
  return std::string(kWallKernels) + "experiment { name = 'e', mode = 'measure', kernel = " + kernel +
         ", machine = box, procs = { 1, 2, 4 }, scale = " + scale + ", repeats = " + std::to_string(repeats) +
         ", warmup = 1, report = { 'measured', 'speedup' } }\n";
}

// What the wall law says every metric of a point is.
Expected wall_expected(const std::string& rule, double n, double p, double n_base) {
  return expected_of(wall_law, rule, n, p, n_base);
}

// |got - want| <= bound, with the three numbers in the message.
void check_within(const scalerun::report::Table& t, std::size_t row, const std::string& column,
                  std::optional<double> want, double bound) {
  INFO(t.name << " row " << row << " column " << column << " bound " << bound);
  const std::optional<double> got = cell(t, row, column);
  if (!want) {
    CHECK_FALSE(got.has_value());
    return;
  }
  REQUIRE(got.has_value());
  CHECK(*got == Approx(*want).margin(bound));
}

// A measured T against the law: not below it, and above it by no more than the bound.
void check_time(const scalerun::report::Table& t, std::size_t row, const std::string& column, double want,
                double bound) {
  INFO(t.name << " row " << row << " column " << column << " law " << want << " bound " << bound);
  const std::optional<double> got = cell(t, row, column);
  REQUIRE(got.has_value());
  CHECK(*got >= want - 1e-6);
  CHECK(*got <= want + bound);
}

// The largest excess of a point's median over its law in a fixed-size sweep of the flat kernel
// (a n / p alone), five runs a point: what waking p sleeping ranks and the fork and join cost.
double calibrated_excess() {
  const auto calibration = run_source(wall_experiment("flat", "fixed{}", 5), {}, 60);
  const auto& cal = table_of(calibration, "e", "measured");
  double excess = 0;
  for (std::size_t row = 0; row < cal.rows.size(); ++row) {
    const double want = kA * *cell(cal, row, "W") / *cell(cal, row, "p");
    CHECK(*cell(cal, row, "min") >= want - 1e-6);
    excess = std::max(excess, *cell(cal, row, "T") - want);
  }
  return excess;
}

}  // namespace

TEST_CASE("exact law: measure mode on the wall clock equals the law within the measured noise bound", "[rule_metrics][wall]") {
  const double excess = calibrated_excess();
  INFO("a point's median beyond the law, measured: " << excess
       << " s (above 1 ms the host is too busy for a wall-clock check: ctest runs this test alone)");
  REQUIRE(excess < 1e-3);
  std::printf("wall law: calibrated excess %.3g s\n", excess);

  for (const Rule& rule : kRules) {
    if (std::string(rule.name) == "isospeed_e") continue;  // machine sets with MPI kernels only
    INFO("rule " << rule.name);
    const auto out = run_source(wall_experiment("law", rule.scale, 5), {}, 120);
    const auto& measured = table_of(out, "e", "measured");
    const auto& speedup = table_of(out, "e", "speedup");
    const std::vector<double> n = works_of(measured);
    REQUIRE(measured.rows.size() == 3);
    std::size_t base = 0;
    for (std::size_t row = 1; row < measured.rows.size(); ++row)
      if (*cell(measured, row, "p") < *cell(measured, base, "p")) base = row;
    std::vector<double> bound;
    for (std::size_t row = 0; row < measured.rows.size(); ++row)
      bound.push_back(3 * excess + *cell(measured, row, "max") - *cell(measured, row, "min"));
    for (std::size_t row = 0; row < measured.rows.size(); ++row) {
      const double p = *cell(measured, row, "p");
      const Expected want = wall_expected(rule.name, n[row], p, n[base]);
      const double tp = wall_law(n[row], p);
      // T(1) is the one-worker run at this point's size (fixed, efficiency) or at the base size;
      // a one-worker run not in the table is taken to be as noisy as the base point.
      const double d1 = bound[base], dp = bound[row];
      const double rel = d1 / want.t1 + dp / tp;  // |dE/E| <= |dT1/T1| + |dTp/Tp|
      check_time(measured, row, "T", tp, dp);
      check_time(speedup, row, "T(p)", tp, dp);
      for (const auto* t : {&measured, &speedup}) {
        if (has_column(*t, "T(1)")) check_time(*t, row, "T(1)", want.t1, d1);
        if (has_column(*t, "S")) check_within(*t, row, "S", want.s, want.s * rel);
        check_within(*t, row, "E", want.e, want.e * rel);
        if (has_column(*t, "karp_flatt") && want.karp_flatt)
          check_within(*t, row, "karp_flatt", want.karp_flatt, (tp / want.t1) * rel / (1 - 1 / p));
        else if (has_column(*t, "karp_flatt"))
          check_within(*t, row, "karp_flatt", std::nullopt, 0);
        CHECK(has_column(*t, "E_weak") == (std::string(rule.name) == "memory_bound"));
        if (has_column(*t, "E_weak")) check_within(*t, row, "E_weak", want.weak, *want.weak * rel);
      }
    }
  }
}

// The latency split against the same law (issue 26): each rank's b log2 p is busy time that grows
// with p (ML = p b log2 p), the caller's c in serial() is the others' wait (IT = (p - 1) c), and the
// delay the kernel spends in no region is seen by no term: unaccounted = hidden (1 - 1/p). Were ML
// closed on T, or the time between regions counted as serial, the delay would vanish into ML or IT
// and unaccounted would be about zero. Noise: a point's median beyond the law (each rank's wait
// overshoots by at most that, and ML and IT sum p of them) plus the spread of its runs and 0.1 ms,
// against ML of 2 and 8 ms, IT of 8 and 24 ms and a delay of 40 ms.
TEST_CASE("exact law: the measured latency split shows ML, IT and a delay outside every region as the law says", "[rule_metrics][wall]") {
  constexpr double kHidden = 0.04;
  const std::string source = std::string(kWallKernels) +
                             "experiment { name = 'e', mode = 'measure', kernel = law { hidden = 0.04 }, "
                             "procs = { 1, 2, 4 }, repeats = 5, warmup = 1, report = { 'measured', 'latency' } }\n";
  const auto out = run_source(source, {}, 60);
  const auto& latency = table_of(out, "e", "latency");
  const auto& measured = table_of(out, "e", "measured");
  REQUIRE(latency.rows.size() == 3);
  double excess = 0;
  for (std::size_t row = 0; row < measured.rows.size(); ++row)
    excess = std::max(excess, *cell(measured, row, "T") - (wall_law(1e5, *cell(measured, row, "p")) + kHidden));
  INFO("a point's median beyond the law: " << excess << " s");
  REQUIRE(excess < 2e-3);
  for (std::size_t row = 0; row < latency.rows.size(); ++row) {
    const double p = *cell(latency, row, "p");
    INFO("p = " << p);
    const double noise = excess + *cell(measured, row, "max") - *cell(measured, row, "min") + 1e-4;
    CHECK(*cell(latency, row, "ML") == Approx(p * kB * std::log2(p)).margin((p + 1) * noise));
    CHECK(*cell(latency, row, "IT") == Approx((p - 1) * kWallC).margin((p + 1) * noise));
    CHECK(*cell(latency, row, "PT") == Approx(0).margin((p + 1) * noise));
    CHECK(*cell(latency, row, "unaccounted") == Approx(kHidden * (1 - 1 / p)).margin(2 * noise));
  }
  CHECK(*cell(latency, 2, "unaccounted") > 0.02);  // 30 ms of the 40 ms delay, not closed into ML or IT
}
