#include "study/fit.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>

#include <Eigen/Dense>
#include <fmt/format.h>

#include "expr/program.hpp"
#include "lua/call.hpp"
#include "lua/error.hpp"
#include "lua/native.hpp"
#include "lua/field_reader.hpp"
#include "model/kernel_model.hpp"
#include "store/database.hpp"
#include "study/csv_data.hpp"
#include "study/kernel_config.hpp"
#include "study/results.hpp"
#include "study/session.hpp"
#include "study/validate.hpp"

namespace scalerun::study {

namespace {

struct Observation {
  std::vector<double> slots;
  double p = 1;
  double time = 0;
};

// Data rows from the script (a list of tables) or from a CSV file; columns name parameters,
// p and the measured time.
NumericCsv read_data(lua_State* L, const lua::FieldReader& r, const std::string& script_dir,
                      const std::string& kernel_name) {
  if (r.has("stored")) {
    // Measured points from the results database: the newest of each configuration of that
    // experiment, time = the median of its runs.
    const std::string experiment = r.string("stored");
    std::vector<store::StoredPoint> points;
    try {
      points = session_of(L).db().latest_points(experiment, kernel_name);
    } catch (const std::runtime_error& e) {
      r.fail("stored", std::string("--db: ") + e.what());
    }
    if (points.empty()) {
      r.fail("stored", fmt::format("'{}' holds no measured points of experiment '{}' with kernel '{}' (run it in "
                                   "measure mode first)", session_of(L).options.db_path, experiment, kernel_name));
    }
    NumericCsv csv;
    csv.columns = {"p", "time"};
    for (const auto& [name, value] : points.front().record.params) csv.columns.push_back(name);
    for (const auto& pt : points) {
      std::vector<double> row{pt.record.p, pt.record.median};
      for (std::size_t c = 2; c < csv.columns.size(); ++c) {
        const auto it = pt.record.params.find(csv.columns[c]);
        row.push_back(it == pt.record.params.end() ? std::numeric_limits<double>::quiet_NaN() : it->second);
      }
      csv.rows.push_back(std::move(row));
    }
    return csv;
  }
  if (r.has("csv")) {
    std::string path = r.string("csv");
    if (!std::filesystem::exists(path) && !script_dir.empty() && std::filesystem::path(path).is_relative()) {
      path = (std::filesystem::path(script_dir) / path).string();
    }
    try {
      return read_numeric_csv(path);
    } catch (const std::runtime_error& e) {
      r.fail("csv", e.what());
    }
  }
  r.push("data", LUA_TTABLE, true);
  NumericCsv csv;
  const auto n = static_cast<int>(lua_rawlen(L, -1));
  if (n == 0) r.fail("data", "no data rows: give data = { { p = 2, n = 362, time = 1.9 }, ... } or csv = 'file.csv'");
  for (int i = 1; i <= n; ++i) {
    if (lua_rawgeti(L, -1, i) != LUA_TTABLE) r.fail("data", fmt::format("row {} is not a table", i));
    std::vector<double> row(csv.columns.size(), std::numeric_limits<double>::quiet_NaN());
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TNUMBER) {
        r.fail("data", fmt::format("row {}: entries must be name = number", i));
      }
      const std::string key = lua_tostring(L, -2);
      auto it = std::find(csv.columns.begin(), csv.columns.end(), key);
      if (it == csv.columns.end()) {
        csv.columns.push_back(key);
        for (auto& earlier : csv.rows) earlier.push_back(std::numeric_limits<double>::quiet_NaN());
        row.push_back(lua_tonumber(L, -1));
      } else {
        row[static_cast<std::size_t>(it - csv.columns.begin())] = lua_tonumber(L, -1);
      }
      lua_pop(L, 1);
    }
    csv.rows.push_back(std::move(row));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return csv;
}

}  // namespace

int fit_native(lua_State* L) {
  Session& session = session_of(L);
  if (lua_type(L, 1) != LUA_TTABLE) throw lua::NativeError("fit{} expects a table");
  const std::string where = lua::user_where(L);
  lua::FieldReader r(L, 1, where);
  r.reject_unknown({"name", "kernel", "machine", "params", "data", "csv", "stored", "time", "doc"});
  const std::string name = r.string("name");
  const std::string time_column = r.string_or("time", "time");
  r.push("kernel", LUA_TTABLE, true);
  const int kernel = lua_gettop(L);
  require_kernel(L, kernel, r, "kernel");
  int machine = 0;
  if (r.push("machine", LUA_TTABLE, false)) {
    machine = lua_gettop(L);
    require_machine(L, machine, r, "machine");
  }
  model::KernelModel m(L, kernel, machine, fmt::format("fit '{}'", name));
  const auto fitted_names = r.string_list("params");
  if (fitted_names.empty()) r.fail("params", "name the parameters to fit, e.g. params = { 'tau', 'beta[1]' }");
  std::vector<std::size_t> fitted;
  for (const auto& n : fitted_names) {
    const int slot = m.params().find(n);
    if (slot < 0) {
      r.fail("params", fmt::format("kernel '{}' has no numeric parameter '{}' (it has: {})", m.kernel_name(), n,
                                   fmt::join(m.params().names(), ", ")));
    }
    fitted.push_back(static_cast<std::size_t>(slot));
  }
  if (session.options.dry_run && r.has("stored")) {  // nothing was measured, so nothing to fit
    session.info(fmt::format("fit '{}': dry run, the kernel keeps its parameters", name));
    lua_pushvalue(L, kernel);
    return 1;
  }
  std::string script_dir;
  if (auto colon = where.find(':'); colon != std::string::npos) {
    script_dir = std::filesystem::path(where.substr(0, colon)).parent_path().string();
  }
  const NumericCsv data = read_data(L, r, script_dir, m.kernel_name());
  auto column = [&](const std::string& c) -> int {
    auto it = std::find(data.columns.begin(), data.columns.end(), c);
    return it == data.columns.end() ? -1 : static_cast<int>(it - data.columns.begin());
  };
  const int time_col = column(time_column), p_col = column("p");
  if (time_col < 0) r.fail("time", fmt::format("the data has no column '{}' with measured seconds", time_column));
  if (p_col < 0) r.fail("data", "the data has no column 'p' (processor count)");

  std::vector<Observation> obs;
  const std::vector<double> base = m.params().values();
  for (std::size_t i = 0; i < data.rows.size(); ++i) {
    Observation o{base, data.rows[i][static_cast<std::size_t>(p_col)], data.rows[i][static_cast<std::size_t>(time_col)]};
    for (std::size_t c = 0; c < data.columns.size(); ++c) {
      if (static_cast<int>(c) == time_col || static_cast<int>(c) == p_col) continue;
      const int slot = m.params().find(data.columns[c]);
      if (slot < 0 && r.has("stored")) continue;  // a native-only setting the model does not use
      if (slot < 0) {
        r.fail("data", fmt::format("column '{}' is not a parameter of kernel '{}' (nor p or {})", data.columns[c],
                                   m.kernel_name(), time_column));
      }
      if (std::isfinite(data.rows[i][c])) o.slots[static_cast<std::size_t>(slot)] = data.rows[i][c];
    }
    if (!std::isfinite(o.time) || !std::isfinite(o.p)) r.fail("data", fmt::format("row {} lacks p or {}", i + 1, time_column));
    obs.push_back(std::move(o));
  }
  if (obs.size() < fitted.size()) {
    r.fail("data", fmt::format("{} data rows cannot determine {} parameters", obs.size(), fitted.size()));
  }

  // Jacobian of the model time in the fitted parameters: symbolic when traced.
  const std::size_t k = fitted.size();
  std::optional<expr::Program> jacobian;
  bool linear = false;
  if (m.traced()) {
    expr::Graph& g = m.graph();
    std::vector<expr::NodeId> roots;
    for (std::size_t slot : fitted) roots.push_back(g.derivative(m.time_node(), static_cast<std::uint32_t>(slot)));
    linear = true;
    for (expr::NodeId d : roots) {
      for (std::size_t slot : fitted) linear = linear && !g.depends_on(d, static_cast<std::uint32_t>(slot));
    }
    jacobian.emplace(g, roots);
  }
  Eigen::VectorXd theta(static_cast<Eigen::Index>(k));
  for (std::size_t j = 0; j < k; ++j) theta[static_cast<Eigen::Index>(j)] = base[fitted[j]];
  const auto n = static_cast<Eigen::Index>(obs.size());
  model::Evaluation e;
  auto residuals = [&](const Eigen::VectorXd& th, Eigen::VectorXd& res, Eigen::MatrixXd* J) {
    res.resize(n);
    if (J) J->resize(n, static_cast<Eigen::Index>(k));
    std::vector<double> vars, out(k);
    for (Eigen::Index i = 0; i < n; ++i) {
      std::vector<double> slots = obs[static_cast<std::size_t>(i)].slots;
      for (std::size_t j = 0; j < k; ++j) slots[fitted[j]] = th[static_cast<Eigen::Index>(j)];
      m.evaluate(slots, obs[static_cast<std::size_t>(i)].p, e);
      res[i] = e.time - obs[static_cast<std::size_t>(i)].time;
      if (!J) continue;
      if (jacobian) {
        vars.assign(slots.begin(), slots.end());
        vars.resize(m.graph().variables().size(), 0.0);
        vars[m.p_variable()] = obs[static_cast<std::size_t>(i)].p;
        jacobian->eval(vars, out);
        for (std::size_t j = 0; j < k; ++j) (*J)(i, static_cast<Eigen::Index>(j)) = out[j];
      } else {
        for (std::size_t j = 0; j < k; ++j) {
          const double h = 1e-6 * std::max(std::abs(slots[fitted[j]]), 1e-12);
          std::vector<double> bumped = slots;
          bumped[fitted[j]] += h;
          model::Evaluation eb;
          m.evaluate(bumped, obs[static_cast<std::size_t>(i)].p, eb);
          (*J)(i, static_cast<Eigen::Index>(j)) = (eb.time - e.time) / h;
        }
      }
    }
  };

  Eigen::VectorXd res;
  Eigen::MatrixXd J;
  int iterations = 0;
  if (linear) {
    // T = T0 + J theta exactly: one least-squares solve is the answer (seed 001 eq. 21).
    residuals(theta, res, &J);
    theta += J.colPivHouseholderQr().solve(-res);
    iterations = 1;
  } else {
    double lambda = 1e-3;
    residuals(theta, res, &J);
    double cost = res.squaredNorm();
    for (iterations = 1; iterations <= 200; ++iterations) {
      Eigen::MatrixXd A = J.transpose() * J;
      A.diagonal() += lambda * A.diagonal().cwiseMax(1e-300);
      const Eigen::VectorXd step = A.ldlt().solve(-J.transpose() * res);
      Eigen::VectorXd trial = theta + step;
      Eigen::VectorXd trial_res;
      residuals(trial, trial_res, nullptr);
      const double trial_cost = trial_res.squaredNorm();
      if (std::isfinite(trial_cost) && trial_cost < cost) {
        theta = trial;
        lambda *= 0.3;
        const bool converged = (cost - trial_cost) <= 1e-15 * cost;
        cost = trial_cost;
        residuals(theta, res, &J);
        if (converged || step.norm() <= 1e-14 * theta.norm()) break;
      } else {
        lambda *= 10;
        if (lambda > 1e12) break;
      }
    }
  }
  residuals(theta, res, nullptr);

  report::Table values;
  values.name = "fit";
  values.title = fmt::format("{}: fitted parameters of {}", name, m.kernel_name());
  values.add_column("param").add_column("start", "{:.6g}").add_column("fitted", "{:.6g}");
  for (std::size_t j = 0; j < k; ++j) values.add_row({fitted_names[j], base[fitted[j]], theta[static_cast<Eigen::Index>(j)]});
  values.notes.push_back(linear ? "the model is linear in these parameters: exact linear least squares"
                                : fmt::format("Levenberg-Marquardt, {} iterations", iterations));
  values.notes.push_back(fmt::format("rms residual {:.6g} s over {} observations", std::sqrt(res.squaredNorm() / static_cast<double>(n)), n));

  report::Table table;
  table.name = "residuals";
  table.title = fmt::format("{}: observations and the fitted model", name);
  table.add_column("p", "{:g}");
  for (const auto& c : data.columns) {
    if (c != "p" && c != time_column) table.add_column(c, "{:.6g}");
  }
  table.add_column("measured", "{:.6g}").add_column("model", "{:.6g}").add_column("residual", "{:.3g}");
  table.add_column("rel%", "{:.3f}");
  for (std::size_t i = 0; i < obs.size(); ++i) {
    std::vector<report::Cell> row{obs[i].p};
    for (std::size_t c = 0; c < data.columns.size(); ++c) {
      if (data.columns[c] == "p" || data.columns[c] == time_column) continue;
      row.emplace_back(data.rows[i][c]);
    }
    const double ri = res[static_cast<Eigen::Index>(i)];
    row.emplace_back(obs[i].time);
    row.emplace_back(obs[i].time + ri);
    row.emplace_back(ri);
    row.emplace_back(100.0 * ri / obs[i].time);
    table.add_row(std::move(row));
  }
  session.sections.push_back({name, "fit", {values, table}});

  std::vector<double> slots = base;
  for (std::size_t j = 0; j < k; ++j) slots[fitted[j]] = theta[static_cast<Eigen::Index>(j)];
  push_configured(L, kernel, m.params(), slots);
  return 1;
}

}  // namespace scalerun::study
