#include "study/fit.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <optional>

#include <Eigen/Dense>
#include <fmt/format.h>

#include "expr/program.hpp"
#include "fit/least_squares.hpp"
#include "lua/call.hpp"
#include "lua/error.hpp"
#include "lua/native.hpp"
#include "lua/field_reader.hpp"
#include "lua/kernel_model_reader.hpp"
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

// The data's rows as observations of the model: every column a parameter of the kernel (or p,
// or the time column) sets that parameter's slot for its row; the other slots keep the kernel's.
struct Columns {
  int time = -1, p = -1;
};

std::vector<Observation> observations_of(const NumericCsv& data, const Columns& col, const model::KernelModel& m,
                                         const lua::FieldReader& r, const std::string& time_column) {
  std::vector<Observation> obs;
  const std::vector<double> base = m.params().values();
  const bool stored = r.has("stored");
  for (std::size_t i = 0; i < data.rows.size(); ++i) {
    const auto& row = data.rows[i];
    Observation o{base, row[static_cast<std::size_t>(col.p)], row[static_cast<std::size_t>(col.time)]};
    for (std::size_t c = 0; c < data.columns.size(); ++c) {
      if (static_cast<int>(c) == col.time || static_cast<int>(c) == col.p) continue;
      const int slot = m.params().find(data.columns[c]);
      if (slot < 0 && stored) continue;  // a native-only setting the model does not use
      if (slot < 0) {
        r.fail("data", fmt::format("column '{}' is not a parameter of kernel '{}' (nor p or {})", data.columns[c],
                                   m.kernel_name(), time_column));
      }
      if (std::isfinite(row[c])) o.slots[static_cast<std::size_t>(slot)] = row[c];
    }
    if (!std::isfinite(o.time) || !std::isfinite(o.p)) r.fail("data", fmt::format("row {} lacks p or {}", i + 1, time_column));
    obs.push_back(std::move(o));
  }
  return obs;
}

// The model's time against the observations as a least-squares problem in the fitted slots. The
// Jacobian is symbolic when the model is traced (and then the problem is linear when no
// derivative depends on a fitted parameter); forward differences otherwise.
class ModelProblem {
 public:
  ModelProblem(model::KernelModel& m, const std::vector<Observation>& obs, const std::vector<std::size_t>& fitted)
      : m_(m), obs_(obs), fitted_(fitted) {
    if (!m.traced()) return;
    expr::Graph& g = m.graph();
    std::vector<expr::NodeId> roots;
    for (std::size_t slot : fitted) roots.push_back(g.derivative(m.time_node(), static_cast<std::uint32_t>(slot)));
    linear_ = true;
    for (expr::NodeId d : roots) {
      for (std::size_t slot : fitted) linear_ = linear_ && !g.depends_on(d, static_cast<std::uint32_t>(slot));
    }
    jacobian_.emplace(g, roots);
  }

  fit::Problem problem() {
    fit::Problem p;
    p.observations = static_cast<Eigen::Index>(obs_.size());
    p.linear = linear_;
    p.residuals = [this](const Eigen::VectorXd& th, Eigen::VectorXd& res) { residuals(th, res); };
    p.jacobian = [this](const Eigen::VectorXd& th, Eigen::MatrixXd& J) { jacobian(th, J); };
    return p;
  }

 private:
  std::vector<double> slots_at(const Eigen::VectorXd& th, std::size_t i) const {
    std::vector<double> slots = obs_[i].slots;
    for (std::size_t j = 0; j < fitted_.size(); ++j) slots[fitted_[j]] = th[static_cast<Eigen::Index>(j)];
    return slots;
  }
  double time_at(const std::vector<double>& slots, double p) const {
    model::Evaluation e;
    m_.evaluate(slots, p, e);
    return e.time;
  }
  void residuals(const Eigen::VectorXd& th, Eigen::VectorXd& res) const {
    res.resize(static_cast<Eigen::Index>(obs_.size()));
    for (std::size_t i = 0; i < obs_.size(); ++i) {
      res[static_cast<Eigen::Index>(i)] = time_at(slots_at(th, i), obs_[i].p) - obs_[i].time;
    }
  }
  void jacobian(const Eigen::VectorXd& th, Eigen::MatrixXd& J) const {
    const std::size_t k = fitted_.size();
    J.resize(static_cast<Eigen::Index>(obs_.size()), static_cast<Eigen::Index>(k));
    std::vector<double> vars, out(k);
    for (std::size_t i = 0; i < obs_.size(); ++i) {
      const auto row = static_cast<Eigen::Index>(i);
      const std::vector<double> slots = slots_at(th, i);
      if (jacobian_) {
        vars.assign(slots.begin(), slots.end());
        vars.resize(m_.graph().variables().size(), 0.0);
        vars[m_.p_variable()] = obs_[i].p;
        jacobian_->eval(vars, out);
        for (std::size_t j = 0; j < k; ++j) J(row, static_cast<Eigen::Index>(j)) = out[j];
        continue;
      }
      const double t = time_at(slots, obs_[i].p);
      for (std::size_t j = 0; j < k; ++j) {
        const double h = 1e-6 * std::max(std::abs(slots[fitted_[j]]), 1e-12);
        std::vector<double> bumped = slots;
        bumped[fitted_[j]] += h;
        J(row, static_cast<Eigen::Index>(j)) = (time_at(bumped, obs_[i].p) - t) / h;
      }
    }
  }

  model::KernelModel& m_;
  const std::vector<Observation>& obs_;
  const std::vector<std::size_t>& fitted_;
  std::optional<expr::Program> jacobian_;
  bool linear_ = false;
};

struct FitOutcome {
  std::string name, time_column;
  std::vector<std::string> fitted_names;
  std::vector<std::size_t> fitted;
  std::vector<double> base;
  fit::Solution solution;
};

report::Table parameters_table(const FitOutcome& f, const std::string& kernel_name) {
  report::Table values;
  values.name = "fit";
  values.title = fmt::format("{}: fitted parameters of {}", f.name, kernel_name);
  values.add_column("param").add_column("start", "{:.6g}").add_column("fitted", "{:.6g}");
  for (std::size_t j = 0; j < f.fitted.size(); ++j) {
    values.add_row({f.fitted_names[j], f.base[f.fitted[j]], f.solution.theta[static_cast<Eigen::Index>(j)]});
  }
  values.notes.push_back(f.solution.linear ? "the model is linear in these parameters: " + f.solution.method
                                           : f.solution.method);
  values.notes.push_back(fmt::format("rms residual {:.6g} s over {} observations", f.solution.rms(),
                                     f.solution.residuals.size()));
  return values;
}

report::Table residuals_table(const FitOutcome& f, const NumericCsv& data, const std::vector<Observation>& obs) {
  report::Table table;
  table.name = "residuals";
  table.title = fmt::format("{}: observations and the fitted model", f.name);
  table.add_column("p", "{:g}");
  for (const auto& c : data.columns) {
    if (c != "p" && c != f.time_column) table.add_column(c, "{:.6g}");
  }
  table.add_column("measured", "{:.6g}").add_column("model", "{:.6g}").add_column("residual", "{:.3g}");
  table.add_column("rel%", "{:.3f}");
  for (std::size_t i = 0; i < obs.size(); ++i) {
    std::vector<report::Cell> row{obs[i].p};
    for (std::size_t c = 0; c < data.columns.size(); ++c) {
      if (data.columns[c] != "p" && data.columns[c] != f.time_column) row.emplace_back(data.rows[i][c]);
    }
    const double ri = f.solution.residuals[static_cast<Eigen::Index>(i)];
    row.emplace_back(obs[i].time);
    row.emplace_back(obs[i].time + ri);
    row.emplace_back(ri);
    row.emplace_back(100.0 * ri / obs[i].time);
    table.add_row(std::move(row));
  }
  return table;
}

// The slots named by params = { ... }, each a numeric parameter of the kernel.
std::vector<std::size_t> fitted_slots(const model::KernelModel& m, const lua::FieldReader& r,
                                      const std::vector<std::string>& names) {
  if (names.empty()) r.fail("params", "name the parameters to fit, e.g. params = { 'tau', 'beta[1]' }");
  std::vector<std::size_t> fitted;
  for (const auto& n : names) {
    const int slot = m.params().find(n);
    if (slot < 0) {
      r.fail("params", fmt::format("kernel '{}' has no numeric parameter '{}' (it has: {})", m.kernel_name(), n,
                                   fmt::join(m.params().names(), ", ")));
    }
    fitted.push_back(static_cast<std::size_t>(slot));
  }
  return fitted;
}

Columns columns_of(const NumericCsv& data, const lua::FieldReader& r, const std::string& time_column) {
  auto column = [&](const std::string& c) -> int {
    auto it = std::find(data.columns.begin(), data.columns.end(), c);
    return it == data.columns.end() ? -1 : static_cast<int>(it - data.columns.begin());
  };
  const Columns col{column(time_column), column("p")};
  if (col.time < 0) r.fail("time", fmt::format("the data has no column '{}' with measured seconds", time_column));
  if (col.p < 0) r.fail("data", "the data has no column 'p' (processor count)");
  return col;
}

}  // namespace

// fit{}: the facade reads the table and the data; engine/fit solves; the kernel comes back
// configured with the fitted values.
int fit_native(lua_State* L) {
  Session& session = session_of(L);
  if (lua_type(L, 1) != LUA_TTABLE) throw lua::NativeError("fit{} expects a table");
  const std::string where = lua::user_where(L);
  lua::FieldReader r(L, 1, where);
  r.reject_unknown({"name", "kernel", "machine", "params", "data", "csv", "stored", "time", "doc"});
  FitOutcome f;
  f.name = r.string("name");
  f.time_column = r.string_or("time", "time");
  r.push("kernel", LUA_TTABLE, true);
  const int kernel = lua_gettop(L);
  require_kernel(L, kernel, r, "kernel");
  int machine = 0;
  if (r.push("machine", LUA_TTABLE, false)) {
    machine = lua_gettop(L);
    require_machine(L, machine, r, "machine");
  }
  model::KernelModel m(lua::kernel_model_parts(L, kernel, machine, fmt::format("fit '{}'", f.name)));
  f.fitted_names = r.string_list("params");
  f.fitted = fitted_slots(m, r, f.fitted_names);
  if (session.options.dry_run && r.has("stored")) {  // nothing was measured, so nothing to fit
    session.info(fmt::format("fit '{}': dry run, the kernel keeps its parameters", f.name));
    lua_pushvalue(L, kernel);
    return 1;
  }
  std::string script_dir;
  if (auto colon = where.find(':'); colon != std::string::npos) {
    script_dir = std::filesystem::path(where.substr(0, colon)).parent_path().string();
  }
  const NumericCsv data = read_data(L, r, script_dir, m.kernel_name());
  const std::vector<Observation> obs = observations_of(data, columns_of(data, r, f.time_column), m, r, f.time_column);
  if (obs.size() < f.fitted.size()) {
    r.fail("data", fmt::format("{} data rows cannot determine {} parameters", obs.size(), f.fitted.size()));
  }
  f.base = m.params().values();
  Eigen::VectorXd start(static_cast<Eigen::Index>(f.fitted.size()));
  for (std::size_t j = 0; j < f.fitted.size(); ++j) start[static_cast<Eigen::Index>(j)] = f.base[f.fitted[j]];
  ModelProblem problem(m, obs, f.fitted);
  f.solution = fit::solve(problem.problem(), start);
  session.sections.push_back({f.name, "fit", {parameters_table(f, m.kernel_name()), residuals_table(f, data, obs)}});

  std::vector<double> slots = f.base;
  for (std::size_t j = 0; j < f.fitted.size(); ++j) slots[f.fitted[j]] = f.solution.theta[static_cast<Eigen::Index>(j)];
  push_configured(L, kernel, m.params(), slots);
  return 1;
}

}  // namespace scalerun::study
