#include "study/fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <Eigen/Dense>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "errors/errors.hpp"
#include "expr/program.hpp"
#include "fit/least_squares.hpp"
#include "store/database.hpp"
#include "study/measurement.hpp"
#include "study/session.hpp"

namespace scalerun::study {

namespace {

struct Observation {
  std::vector<double> slots;
  double p = 1;
  double time = 0;
};

// The data's rows as observations of the model: every column a parameter of the kernel (or p,
// or the time column) sets that parameter's slot for its row; the other slots keep the kernel's.
struct Columns {
  int time = -1, p = -1;
};

std::vector<Observation> observations_of(const NumericCsv& data, const Columns& col, const model::KernelModel& m,
                                         const FitSpec& spec) {
  std::vector<Observation> obs;
  const std::vector<double> base = m.params().values();
  const bool stored = !spec.stored.empty();
  const std::string& time_column = spec.time_column;
  for (std::size_t i = 0; i < data.rows.size(); ++i) {
    const auto& row = data.rows[i];
    Observation o{base, row[static_cast<std::size_t>(col.p)], row[static_cast<std::size_t>(col.time)]};
    for (std::size_t c = 0; c < data.columns.size(); ++c) {
      if (static_cast<int>(c) == col.time || static_cast<int>(c) == col.p) continue;
      const int slot = m.params().find(data.columns[c]);
      if (slot < 0 && stored) continue;  // a native-only setting the model does not use
      if (slot < 0) {
        field_error(spec.where, "data", fmt::format("column '{}' is not a parameter of kernel '{}' (nor p or {})",
                                                    data.columns[c], m.kernel_name(), time_column));
      }
      if (std::isfinite(row[c])) o.slots[static_cast<std::size_t>(slot)] = row[c];
    }
    if (!std::isfinite(o.time) || !std::isfinite(o.p)) field_error(spec.where, "data", fmt::format("row {} lacks p or {}", i + 1, time_column));
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
  values.value("rms_residual", f.solution.rms(), "s");
  values.notes.push_back(fmt::format("rms residual {:.6g} s over {} observations", f.solution.rms(),
                                     f.solution.residuals.size()));
  return values;
}

report::Table residuals_table(const FitOutcome& f, const NumericCsv& data, const std::vector<Observation>& obs) {
  report::Table table;
  table.name = "residuals";
  table.title = fmt::format("{}: observations and the fitted model", f.name);
  table.add_column("p", "{:.10g}");
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
  table.chart(report::Chart::Lines, "p", {"measured", "model"}, "seconds");
  table.unit({"measured", "model", "residual"}, "s").unit("rel%", "%");
  return table;
}

Columns columns_of(const NumericCsv& data, const FitSpec& spec) {
  const std::string& time_column = spec.time_column;
  auto column = [&](const std::string& c) -> int {
    auto it = std::find(data.columns.begin(), data.columns.end(), c);
    return it == data.columns.end() ? -1 : static_cast<int>(it - data.columns.begin());
  };
  const Columns col{column(time_column), column("p")};
  if (col.time < 0) field_error(spec.where, "time", fmt::format("the data has no column '{}' with measured seconds", time_column));
  if (col.p < 0) field_error(spec.where, "data", "the data has no column 'p' (processor count)");
  return col;
}

}  // namespace

std::vector<std::size_t> fitted_slots(const FitSpec& spec, const model::KernelModel& m) {
  if (spec.params.empty()) field_error(spec.where, "params", "name the parameters to fit, e.g. params = { 'tau', 'beta[1]' }");
  std::vector<std::size_t> fitted;
  for (const auto& n : spec.params) {
    const int slot = m.params().find(n);
    if (slot < 0) {
      field_error(spec.where, "params", fmt::format("kernel '{}' has no numeric parameter '{}' (it has: {})",
                                                    m.kernel_name(), n, fmt::join(m.params().names(), ", ")));
    }
    fitted.push_back(static_cast<std::size_t>(slot));
  }
  return fitted;
}

NumericCsv points_data(const std::vector<store::StoredPoint>& points) {
  NumericCsv csv;
  csv.columns = {"p", "time"};
  for (const auto& [name, value] : points.front().record.params) csv.columns.push_back(name);
  for (const auto& pt : points) {
    // A point recorded without its summary (a fixture, an old database) has its samples.
    const double time = std::isfinite(pt.record.median) ? pt.record.median : median_of(pt.record.samples);
    std::vector<double> row{pt.record.p, time};
    for (std::size_t c = 2; c < csv.columns.size(); ++c) {
      const auto it = pt.record.params.find(csv.columns[c]);
      row.push_back(it == pt.record.params.end() ? std::numeric_limits<double>::quiet_NaN() : it->second);
    }
    csv.rows.push_back(std::move(row));
  }
  return csv;
}

// Measured points from the results database: the newest of each configuration of that
// experiment, time = the median of its runs.
NumericCsv stored_data(const std::string& where, const std::string& experiment, Session& session,
                       const std::string& kernel_name) {
  std::vector<store::StoredPoint> points;
  try {
    points = session.db().latest_points(experiment, kernel_name);
  } catch (const std::runtime_error& e) {
    field_error(where, "stored", std::string("--db: ") + e.what());
  }
  if (points.empty()) {
    field_error(where, "stored", fmt::format("'{}' holds no measured points of experiment '{}' with kernel '{}' (run it in "
                                 "measure mode first)", session.options.db_path, experiment, kernel_name));
  }
  return points_data(points);
}

FitResult run_fit(const FitSpec& spec, const NumericCsv& data, model::KernelModel& m, Session& session) {
  FitOutcome f;
  f.name = spec.name;
  f.time_column = spec.time_column;
  f.fitted_names = spec.params;
  f.fitted = fitted_slots(spec, m);
  const std::vector<Observation> obs = observations_of(data, columns_of(data, spec), m, spec);
  if (obs.size() < f.fitted.size()) {
    field_error(spec.where, "data", fmt::format("{} data rows cannot determine {} parameters", obs.size(), f.fitted.size()));
  }
  f.base = m.params().values();
  Eigen::VectorXd start(static_cast<Eigen::Index>(f.fitted.size()));
  for (std::size_t j = 0; j < f.fitted.size(); ++j) start[static_cast<Eigen::Index>(j)] = f.base[f.fitted[j]];
  ModelProblem problem(m, obs, f.fitted);
  f.solution = fit::solve(problem.problem(), start);
  session.sections.push_back({f.name, "fit", {parameters_table(f, m.kernel_name()), residuals_table(f, data, obs)}});
  FitResult result;
  result.slots = f.base;
  for (std::size_t j = 0; j < f.fitted.size(); ++j) result.slots[f.fitted[j]] = f.solution.theta[static_cast<Eigen::Index>(j)];
  return result;
}

}  // namespace scalerun::study
