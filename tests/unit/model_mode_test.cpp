// Model mode end to end, in-process: tracing, the scaling rules, sets, maps and fits.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>

#include <nlohmann/json.hpp>

#include "report/formatters.hpp"
#include "script_fixture.hpp"

using namespace scalerun::testing;

namespace {

// A kernel written twice: once traceable, once branching on p (so it falls back to Lua calls).
const char* kKernels = R"(
local function body(k, p)
  return { compute = k.n^2 * k.t / p, comm = k.c * k.n * log2(p + 1), io = k.d * k.n }
end
traced = kernel { name = "traced", size = "n", params = { n = 100, t = 1e-6, c = 1e-5, d = 1e-7 },
  work = function(k) return k.n^2 end, memory = function(k) return 8 * k.n^2 end,
  model = function(k, p) return body(k, p) end }
branchy = kernel { name = "branchy", size = "n", params = { n = 100, t = 1e-6, c = 1e-5, d = 1e-7 },
  work = function(k) return k.n^2 end, memory = function(k) return 8 * k.n^2 end,
  model = function(k, p) if p > 0 then return body(k, p) end end }
)";

std::string rule_script(const std::string& rule, const std::string& kernel) {
  return std::string(kKernels) + "experiment { name = 'e', kernel = " + kernel +
         ", procs = { 1, 2, 4, 8, 16 }, scale = " + rule + ", report = { 'scaled', 'speedup', 'formula' } }\n";
}

}  // namespace

TEST_CASE("each scaling rule holds its quantity at the solved sizes, traced and plain alike") {
  struct Case { const char* rule; const char* column; double target; };
  const Case cases[] = {
      {"isospeed { speed = 2e5 }", "a", 2e5},
      {"efficiency { E = 0.6 }", "E", 0.6},
      {"time_bound { T = 0.5 }", "T", 0.5},
      {"memory_bound { per_proc = 8e6 }", "M/p", 8e6},
  };
  for (const auto& c : cases) {
    for (const char* kernel : {"traced", "branchy"}) {
      INFO(c.rule << " with kernel " << kernel);
      const auto out = run_source(rule_script(c.rule, kernel));
      const auto& scaled = table_of(out, "e", "scaled");
      for (std::size_t row = 0; row < scaled.rows.size(); ++row) {
        if (std::string(c.column) == "E" && row == 0) continue;  // E(1) = 1 whatever the size
        CHECK(number_at(scaled, row, c.column) == Approx(c.target).epsilon(1e-9));
      }
    }
  }
}

TEST_CASE("traced and plain evaluation give the same numbers") {
  const auto a = run_source(rule_script("isospeed { speed = 2e5 }", "traced"));
  const auto b = run_source(rule_script("isospeed { speed = 2e5 }", "branchy"));
  const auto& ta = table_of(a, "e", "scaled");
  const auto& tb = table_of(b, "e", "scaled");
  for (std::size_t r = 0; r < ta.rows.size(); ++r) {
    CHECK(number_at(ta, r, "n") == Approx(number_at(tb, r, "n")).epsilon(1e-10));
    CHECK(number_at(ta, r, "T") == Approx(number_at(tb, r, "T")).epsilon(1e-10));
  }
  const auto& fa = table_of(a, "e", "formula");
  const auto& fb = table_of(b, "e", "formula");
  CHECK(fa.rows.size() == 3);  // compute, comm, io
  CHECK(fb.rows.empty());
  REQUIRE_FALSE(fb.notes.empty());
  CHECK(fb.notes.front().find("plain Lua calls") != std::string::npos);
}

TEST_CASE("ratio scaling grows several parameters together") {
  const auto out = run_source(R"(
    local k = kernel { name = "b", params = { balls = 1000, steps = 100 },
      work = function(k) return k.balls * k.steps end,
      model = function(k, p) return { compute = k.balls * k.steps * 1e-7 / p, sync = k.steps * 1e-4 * log2(p + 1) } end }
    experiment { name = "r", kernel = k, procs = { 1, 2, 4, 8 },
      scale = efficiency { E = 0.5, vary = { balls = 5, steps = 1 } } }
  )");
  const auto& t = table_of(out, "r", "scaled");
  for (std::size_t r = 1; r < t.rows.size(); ++r) {
    CHECK(number_at(t, r, "balls") == Approx(5 * number_at(t, r, "steps")).epsilon(1e-12));
    CHECK(number_at(t, r, "E") == Approx(0.5).epsilon(1e-9));
  }
}

TEST_CASE("custom rules and configured copies") {
  const auto out = run_source(R"(
    local k = kernel { name = "c", params = { n = 1 }, work = function(k) return k.n end,
      model = function(k, p) return k.n * 1e-6 / p + 1e-6 end }
    experiment { name = "c", kernel = k { n = 5 }, procs = { 1, 2, 4 },
      scale = custom(function(p) return { n = 100 * p } end) }
    experiment { name = "f", kernel = k { n = 5 }, procs = { 1, 2 } }
  )");
  const auto& t = table_of(out, "c", "scaled");
  CHECK(number_at(t, 2, "n") == 400);
  CHECK(number_at(table_of(out, "f", "scaled"), 1, "W") == 5);
}

TEST_CASE("machine sets double and balance groups like STAS") {
  const auto out = run_source(R"(
    local m = machine { name = "het", groups = {
      { name = "server", count = 1, speed = 20 },
      { name = "blade", count = 60, speed = 10 },
      { name = "fire", count = 20, speed = 40 } } }
    local sets = machine_sets { machine = m, start = { server = 1, fire = 1 } }
    assert(#sets == 5, "five sets, then the fire group is exhausted")
    assert(sets[5].composition.blade == 15 and sets[5].composition.fire == 16)
    local k = kernel { name = "mm", params = { n = 10 }, size = "n", work = function(k) return 2 * k.n^3 end,
      model = function(k, p, m) return { compute = 2 * k.n^3 / m:marked_speed(p), comm = 1e-3 * k.n^2 * p } end }
    experiment { name = "s", kernel = k, sets = sets, scale = isospeed_e { Es = 0.2 }, report = { "scaled", "psi" } }
  )");
  const auto& t = table_of(out, "s", "scaled");
  CHECK(number_at(t, 0, "C") == 60);                  // server + fire
  CHECK(number_at(t, 4, "C") == 20 + 15 * 10 + 16 * 40);
  for (std::size_t r = 0; r < t.rows.size(); ++r) CHECK(number_at(t, r, "Es") == Approx(0.2).epsilon(1e-9));
  const auto& psi = table_of(out, "s", "psi_e");
  CHECK(psi.columns.at(1).name == "Set1");
}

TEST_CASE("a performance map evaluated in bulk equals point-by-point evaluation") {
  const std::string base = std::string(kKernels) + R"(
    map { name = "m1", kernel = traced, rows = { param = "n", values = { 10, 100, 1000 } },
          cols = { param = "p", values = { 1, 2, 4, 8 } }, value = "efficiency" }
    map { name = "m2", kernel = branchy, rows = { param = "n", values = { 10, 100, 1000 } },
          cols = { param = "p", values = { 1, 2, 4, 8 } }, value = "efficiency" }
  )";
  const auto out = run_source(base);
  const auto& a = table_of(out, "m1", "map");
  const auto& b = table_of(out, "m2", "map");
  REQUIRE(a.rows.size() == 3);
  for (std::size_t r = 0; r < 3; ++r) {
    for (std::size_t c = 1; c < a.columns.size(); ++c) {
      CHECK(std::get<double>(a.rows[r][c]) == Approx(std::get<double>(b.rows[r][c])).epsilon(1e-12));
    }
  }
  CHECK(a.notes.front().find("natively in parallel") != std::string::npos);
}

TEST_CASE("fit recovers the parameters that generated the data (seed 001 eq. 21)") {
  // Times generated here from eq. 13 with tau = 0.2 us and beta = 4 us; the fit starts elsewhere.
  std::ostringstream data;
  for (auto [p, n] : {std::pair{2.0, 362.0}, {4.0, 512.0}, {8.0, 700.0}}) {
    const double t = (2 * n * n * n / p + 3 * n * n) * 0.2e-6 + n * n * 4e-6;
    data.precision(17);
    data << "{ p = " << p << ", n = " << n << ", time = " << t << " },";
  }
  const auto out = run_source(R"(
    local rlsp = require "kernels.rlsp"
    local fitted = fit { name = "f", kernel = rlsp, machine = require "machines.ksr1",
      params = { "tau", "beta[1]" }, data = { )" + data.str() + R"( } }
    assert(math.abs(fitted.tau - 0.2e-6) < 1e-15, "tau " .. fitted.tau)
    assert(math.abs(fitted.beta[1] - 4e-6) < 1e-14, "beta " .. fitted.beta[1])
  )");
  const auto& values = table_of(out, "f", "fit");
  CHECK(values.notes.front().find("exact linear least squares") != std::string::npos);
}

TEST_CASE("nonlinear parameters are fitted by Levenberg-Marquardt") {
  const auto out = run_source(R"(
    local k = kernel { name = "nl", params = { n = 1, alpha = 1.0, t0 = 1.0 },
      model = function(k, p) return k.t0 * p^(-k.alpha) end }
    local data = {}
    for _, p in ipairs { 1, 2, 4, 8, 16 } do data[#data + 1] = { p = p, time = 3.0 * p^(-0.7) } end
    local f = fit { name = "nl", kernel = k, params = { "alpha", "t0" }, data = data }
    assert(math.abs(f.alpha - 0.7) < 1e-8 and math.abs(f.t0 - 3.0) < 1e-8, f.alpha .. " " .. f.t0)
  )");
  CHECK(table_of(out, "nl", "fit").notes.front().find("Levenberg-Marquardt") != std::string::npos);
}

TEST_CASE("the JSON document follows the contract, numbers at full precision") {
  const auto out = run_source(std::string(kKernels) +
                              "experiment { name = 'e', kernel = traced, procs = { 1, 2 }, report = { 'scaled', 'psi' } }");
  scalerun::report::Context ctx;
  ctx.script_path = "x.lua";
  std::ostringstream os;
  scalerun::report::write_json(os, ctx, out.sections);
  const auto doc = nlohmann::json::parse(os.str());
  CHECK(doc["schema_version"] == 1);
  REQUIRE(doc["context"].contains("git_revision"));
  const auto& tables = doc["experiments"][0]["tables"];
  CHECK(doc["experiments"][0]["name"] == "e");
  CHECK(tables[0]["name"] == "scaled");
  CHECK(tables[0]["columns"][0] == "p");
  // T at p = 2 is n^2 t/2 + c n log2(3) + d n: compare the emitted double exactly.
  const double expected = 100.0 * 100.0 * 1e-6 / 2 + 1e-5 * 100 * std::log2(3.0) + 1e-7 * 100;
  const auto& row = tables[0]["rows"][1];
  CHECK(row[2].get<double>() == Approx(expected).epsilon(1e-15));
  CHECK(tables[1]["rows"][1][1].is_null());  // below the diagonal of psi
}

// The key results that notes state in words are values a program can read (issue 11, item 3).
TEST_CASE("px and the isoefficiency growth order are table values, equal to a direct computation") {
  const auto out = run_source(std::string(kKernels) +
                              "experiment { name = 'fixed', kernel = traced, procs = { 1, 2, 4 }, px_max = 300,\n"
                              "  report = { 'speedup' } }\n"
                              "experiment { name = 'iso', kernel = traced, procs = { 1, 2, 4, 8, 16 },\n"
                              "  scale = efficiency { E = 0.5 }, report = { 'isoefficiency' } }\n");
  const auto& speedup = table_of(out, "fixed", "speedup");
  // T(p) of the traced kernel at n = 100, by hand: the best whole p in 1..300.
  double best_p = 0, best_t = INFINITY;
  for (int p = 1; p <= 300; ++p) {
    const double t = 100.0 * 100 * 1e-6 / p + 1e-5 * 100 * std::log2(p + 1.0) + 1e-7 * 100;
    if (t < best_t) {
      best_t = t;
      best_p = p;
    }
  }
  REQUIRE(speedup.values.size() == 3);
  CHECK(speedup.values[0].name == "px");
  CHECK(speedup.values[0].value == best_p);
  CHECK(speedup.values[1].name == "T_px");
  CHECK(speedup.values[1].value == Approx(best_t).epsilon(1e-12));
  CHECK(speedup.values[2].value == 300);

  const auto& iso = table_of(out, "iso", "isoefficiency");
  REQUIRE(iso.values.size() == 1);
  CHECK(iso.values[0].name == "growth_order");
  // The least-squares slope of log W against log p over the rows with p > 1, from the table.
  double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0;
  for (std::size_t row = 0; row < iso.rows.size(); ++row) {
    const double p = number_at(iso, row, "p");
    if (p <= 1) continue;
    const double x = std::log(p), y = std::log(number_at(iso, row, "W"));
    sx += x, sy += y, sxx += x * x, sxy += x * y, n += 1;
  }
  CHECK(iso.values[0].value == Approx((n * sxy - sx * sy) / (n * sxx - sx * sx)).epsilon(1e-9));
  CHECK(iso.plot.chart == scalerun::report::Chart::Lines);
  CHECK(iso.plot.log_x);
  CHECK(iso.plot.log_y);
}

TEST_CASE("script parameters: --set overrides, unknown names are refused") {
  scalerun::study::SessionOptions opt;
  opt.sets["n"] = "5*KB";
  const auto out = run_source(R"(
    local n = param("n", 10)
    local k = kernel { name = "k", params = { n = n }, work = function(k) return k.n end,
      model = function(k, p) return k.n * 1e-6 / p end }
    experiment { name = "x", kernel = k, procs = { 1 } }
  )", opt);
  CHECK(number_at(table_of(out, "x", "scaled"), 0, "W") == 5000);
  opt.sets["m"] = "1";
  CHECK_THROWS_WITH(run_source("param('n', 1)", opt), Catch::Contains("--set m: the script declares no param('m'"));
}

TEST_CASE("fit reads its observations from a CSV file beside the script") {
  // Times of T = t0 + n * t / p for t0 = 0.5 ms and t = 2 us, written here as a run log.
  std::ostringstream csv;
  csv.precision(17);
  csv << "p,n,time\n";
  for (double p : {1.0, 2.0, 4.0}) {
    for (double n : {1e3, 1e4}) csv << p << "," << n << "," << 0.5e-3 + n * 2e-6 / p << "\n";
  }
  write_script("runs.csv", csv.str());
  const auto out = run_source(R"(
    local k = kernel { name = "lin", params = { n = 1, t = 1e-6, t0 = 0 },
      model = function(k, p) return { compute = k.n * k.t / p, serial = k.t0 } end }
    local f = fit { name = "csv", kernel = k, params = { "t", "t0" }, csv = "runs.csv" }
    assert(math.abs(f.t - 2e-6) < 1e-15 and math.abs(f.t0 - 0.5e-3) < 1e-15, f.t .. " " .. f.t0)
  )");
  CHECK(table_of(out, "csv", "residuals").rows.size() == 6);
  CHECK_THROWS_WITH(run_source("fit { name = 'x', kernel = kernel { name = 'k', params = { n = 1 }, "
                               "model = function(k, p) return k.n end }, params = { 'n' }, csv = 'missing.csv' }"),
                    Catch::Contains("field 'csv': cannot open data file '") && Catch::Contains("missing.csv'"));
}

TEST_CASE("a size declared whole is rounded after the solve and reported at the rounded size") {
  for (const char* kernel : {"traced", "branchy"}) {
    INFO("kernel " << kernel);
    const std::string rule = "isospeed { speed = 2e5 }";
    const auto out = run_source(std::string(kKernels) +
                                "experiment { name = 'real', kernel = " + kernel + ", procs = { 1, 2, 4, 8 }, scale = " +
                                rule + " }\n" + "experiment { name = 'up', kernel = " + kernel +
                                " { integer = { n = 'up' } }, procs = { 1, 2, 4, 8 }, scale = " + rule + " }\n");
    const auto& real = table_of(out, "real", "scaled");
    const auto& up = table_of(out, "up", "scaled");
    for (std::size_t r = 0; r < real.rows.size(); ++r) {
      const double n_real = number_at(real, r, "n"), n = number_at(up, r, "n");
      REQUIRE(n_real != std::floor(n_real));  // otherwise the case proves nothing
      CHECK(n == std::ceil(n_real));
      // W = n^2 and a = W/(p T) at the whole n, not at the fraction the rule met.
      CHECK(number_at(up, r, "W") == Approx(n * n).epsilon(1e-12));
      const double p = number_at(up, r, "p");
      CHECK(number_at(up, r, "a") == Approx(n * n / (p * number_at(up, r, "T"))).epsilon(1e-12));
      CHECK(number_at(up, r, "a") != Approx(2e5).epsilon(1e-9));
    }
  }
}

TEST_CASE("ratio scaling rounds each declared whole parameter") {
  const auto out = run_source(R"(
    local k = kernel { name = "b", params = { balls = 1000, steps = 100 }, integer = { "balls", "steps" },
      work = function(k) return k.balls * k.steps end,
      model = function(k, p) return { compute = k.balls * k.steps * 1e-7 / p, sync = k.steps * 1e-4 * log2(p + 1) } end }
    experiment { name = "r", kernel = k, procs = { 2, 4, 8 },
      scale = efficiency { E = 0.5, vary = { balls = 5, steps = 1 } } }
  )");
  const auto& t = table_of(out, "r", "scaled");
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    CHECK(number_at(t, r, "balls") == std::round(number_at(t, r, "balls")));
    CHECK(number_at(t, r, "steps") == std::round(number_at(t, r, "steps")));
  }
}

TEST_CASE("a model that uses the machine only at some p is told apart when none is given") {
  // Branching on p sends the model to plain Lua calls; at p = 1 it never touches m, so the
  // failure comes at p = 2, inside the map's loop, and is still reported at the map's line.
  const std::string message = error_of(R"(
    local k = kernel { name = "late", params = { n = 10 },
      model = function(k, p, m) if p > 1 then return k.n / p + m.latency end return k.n end }
    map { name = "m", kernel = k, rows = { param = "p", values = { 1, 2 } } }
  )");
  CHECK_THAT(message, Catch::Contains("map 'm' names no machine, but kernel 'late''s model uses one (it reads m.latency"));
  // A model that tests for the machine itself works without one.
  const auto out = run_source(R"(
    local k = kernel { name = "careful", params = { n = 10 },
      model = function(k, p, m) return k.n / p + (m and m.latency or 0) end }
    map { name = "m", kernel = k, rows = { param = "p", values = { 1, 2 } } }
  )");
  CHECK(number_at(table_of(out, "m", "map"), 1, "time") == 5);
}
