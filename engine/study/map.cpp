#include "study/map.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "expr/program.hpp"
#include "lua/call.hpp"
#include "lua/error.hpp"
#include "lua/native.hpp"
#include "lua/field_reader.hpp"
#include "lua/state.hpp"
#include "lua/kernel_model_reader.hpp"
#include "model/kernel_model.hpp"
#include "study/results.hpp"
#include "study/session.hpp"
#include "study/validate.hpp"

namespace scalerun::study {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Axis {
  std::string param;
  std::vector<double> values;
  std::vector<std::string> names;  // optional column headers
  std::string label;
  int slot = -1;  // -1: the processor count p
};

Axis read_axis(lua_State* L, const lua::FieldReader& parent, const char* field, const model::KernelModel& m) {
  parent.push(field, LUA_TTABLE, true);
  lua::FieldReader r(L, -1, parent.where(), std::string(field) + ".");
  r.reject_unknown({"param", "values", "names", "label"});
  Axis a;
  a.param = r.string("param");
  a.values = r.number_list("values");
  a.names = r.string_list("names");
  a.label = r.string_or("label", a.param);
  if (!a.names.empty() && a.names.size() != a.values.size()) r.fail("names", "needs one name per value");
  if (a.param != "p") {
    a.slot = m.params().find(a.param);
    if (a.slot < 0) {
      r.fail("param", fmt::format("kernel '{}' has no numeric parameter '{}' (it has: {}, and p)", m.kernel_name(),
                                  a.param, fmt::join(m.params().names(), ", ")));
    }
  }
  lua_pop(L, 1);
  return a;
}

enum class Quantity { Time, Terms, Speedup, Efficiency, Speed, Term };

}  // namespace

int map_native(lua_State* L) {
  Session& session = session_of(L);
  if (lua_type(L, 1) != LUA_TTABLE) throw lua::NativeError("map{} expects a table");
  const std::string where = lua::user_where(L);
  lua::FieldReader r(L, 1, where);
  r.reject_unknown({"name", "title", "kernel", "machine", "p", "rows", "cols", "value", "digits", "doc"});
  const std::string name = r.string("name");
  const std::string title = r.string_or("title", name);
  const double p_fixed = r.number_or("p", 1);
  // Digits after the point; absent: the cell's own %g form. 17 digits are all a double has.
  const int digits = r.has("digits") ? static_cast<int>(r.number_or("digits", 0, lua::Range{0, 17, true})) : -1;
  r.push("kernel", LUA_TTABLE, true);
  const int kernel = lua_gettop(L);
  require_kernel(L, kernel, r, "kernel");
  int machine = 0;
  if (r.push("machine", LUA_TTABLE, false)) {
    machine = lua_gettop(L);
    require_machine(L, machine, r, "machine");
  }
  model::KernelModel m(lua::kernel_model_parts(L, kernel, machine, fmt::format("map '{}'", name)));

  const std::string value_name = r.string_or("value", "time");
  Quantity q = Quantity::Term;
  std::size_t term_index = 0;
  if (value_name == "time") q = Quantity::Time;
  else if (value_name == "terms") q = Quantity::Terms;
  else if (value_name == "speedup") q = Quantity::Speedup;
  else if (value_name == "efficiency") q = Quantity::Efficiency;
  else if (value_name == "speed") q = Quantity::Speed;
  else {
    const auto& terms = m.term_names();
    const auto it = std::find(terms.begin(), terms.end(), value_name);
    if (it == terms.end()) {
      r.fail("value", fmt::format("'{}' is neither a quantity (time, terms, speedup, efficiency, speed) nor a term of "
                                  "kernel '{}' ({})", value_name, m.kernel_name(), fmt::join(terms, ", ")));
    }
    term_index = static_cast<std::size_t>(it - terms.begin());
  }
  const Axis rows = read_axis(L, r, "rows", m);
  std::optional<Axis> cols;
  if (r.has("cols")) cols = read_axis(L, r, "cols", m);
  if (q == Quantity::Terms && cols) r.fail("value", "'terms' makes the terms the columns: give rows only");
  const bool p_on_axis = rows.slot < 0 || (cols && cols->slot < 0);
  if (p_on_axis && r.has("p")) r.fail("p", "p is an axis of this map, so p = ... would be ignored: remove it");
  if (!cols && q != Quantity::Terms) {
    // One axis and one quantity: a single column named after it.
  }

  report::Table t;
  t.name = "map";
  t.title = title;
  const std::string fmt_spec = digits >= 0 ? fmt::format("{{:.{}f}}", digits) : std::string();
  t.add_column(rows.label, "{:.10g}");
  std::vector<std::string> value_columns;
  if (q == Quantity::Terms) {
    value_columns = m.term_names();
    value_columns.push_back("total");
  } else if (cols) {
    for (std::size_t j = 0; j < cols->values.size(); ++j) {
      value_columns.push_back(cols->names.empty() ? fmt::format("{}={:g}", cols->label, cols->values[j]) : cols->names[j]);
    }
  } else {
    value_columns.push_back(value_name);
  }
  for (const auto& c : value_columns) t.add_column(c, fmt_spec);

  if (session.options.dry_run) {
    report::Table points;
    points.name = "points";
    points.title = fmt::format("{}: points (dry run, nothing evaluated)", name);
    points.add_column("rows").add_column("values", "{:g}").add_column("cols").add_column("value");
    points.add_row({rows.param, static_cast<double>(rows.values.size()), cols ? cols->param : std::string("-"), value_name});
    session.sections.push_back({name, "map", {points}});
    push_section(L, session.sections.back());
    return 1;
  }
  const std::size_t nr = rows.values.size();
  const std::size_t nc = q == Quantity::Terms ? value_columns.size() : (cols ? cols->values.size() : 1);
  std::vector<double> grid(nr * nc, kNaN);
  const std::vector<double> base = m.params().values();
  bool bulk = false;

  if (m.traced() && q != Quantity::Terms) {
    // The whole grid in one parallel pass over the compiled expression.
    expr::Graph& g = m.graph();
    const std::uint32_t pv = m.p_variable();
    const std::size_t nvars = g.variables().size();
    std::vector<expr::NodeId> repl(nvars, 0);
    auto flags = std::make_unique<bool[]>(nvars);  // value-initialized: nothing replaced yet
    repl[pv] = g.constant(1.0);
    flags[pv] = true;
    const expr::NodeId t1 = g.substitute(m.time_node(), repl, std::span<const bool>(flags.get(), nvars));
    expr::NodeId root = m.time_node();
    const expr::NodeId pnode = g.variable("p");
    switch (q) {
      case Quantity::Time: root = m.time_node(); break;
      case Quantity::Speedup: root = g.div(t1, m.time_node()); break;
      case Quantity::Efficiency: root = g.div(t1, g.mul(pnode, m.time_node())); break;
      case Quantity::Speed: root = g.div(m.work_node(), m.time_node()); break;
      case Quantity::Term: root = m.term_nodes()[term_index]; break;
      case Quantity::Terms: break;
    }
    const expr::NodeId roots[] = {root};
    expr::Program program(g, roots);
    std::vector<expr::Binding> bindings(g.variables().size());
    for (std::size_t i = 0; i < base.size(); ++i) bindings[i].scalar = base[i];
    bindings[pv].scalar = p_fixed;
    const std::size_t row_var = rows.slot < 0 ? pv : static_cast<std::size_t>(rows.slot);
    bindings[row_var].kind = expr::Binding::Kind::GridRow;
    bindings[row_var].values = rows.values;
    if (cols) {
      const std::size_t col_var = cols->slot < 0 ? pv : static_cast<std::size_t>(cols->slot);
      bindings[col_var].kind = expr::Binding::Kind::GridCol;
      bindings[col_var].values = cols->values;
    }
    expr::Batch batch{nr * nc, nc};
    double* outs[] = {grid.data()};
    program.eval_batch_parallel(bindings, batch, outs);
    bulk = true;
  } else {
    model::Evaluation e, e1;
    for (std::size_t i = 0; i < nr; ++i) {
      for (std::size_t j = 0; j < (q == Quantity::Terms ? 1 : nc); ++j) {
        lua::owner(L).check_budget();
        std::vector<double> slots = base;
        double p = p_fixed;
        auto set = [&](const Axis& a, double v) {
          if (a.slot < 0) p = v; else slots[static_cast<std::size_t>(a.slot)] = v;
        };
        set(rows, rows.values[i]);
        if (cols) set(*cols, cols->values[j]);
        m.evaluate(slots, p, e);
        if (q == Quantity::Terms) {
          for (std::size_t k = 0; k < e.terms.size(); ++k) grid[i * nc + k] = e.terms[k];
          grid[i * nc + e.terms.size()] = e.time;
          continue;
        }
        double v = e.time;
        if (q == Quantity::Speedup || q == Quantity::Efficiency) {
          m.evaluate(slots, 1.0, e1);
          v = e1.time / e.time;
          if (q == Quantity::Efficiency) v /= p;
        } else if (q == Quantity::Speed) {
          v = e.work / e.time;
        } else if (q == Quantity::Term) {
          v = e.terms[term_index];
        }
        grid[i * nc + j] = v;
      }
    }
  }
  for (std::size_t i = 0; i < nr; ++i) {
    std::vector<report::Cell> row{rows.values[i]};
    for (std::size_t j = 0; j < nc; ++j) {
      const double v = grid[i * nc + j];
      if (!std::isfinite(v)) {
        throw ScriptError(fmt::format("{}map '{}': the model of kernel '{}' gives {} at {} = {:g} (see {})", where, name,
                                      m.kernel_name(), v, rows.param, rows.values[i], m.model_where()));
      }
      row.emplace_back(v);
    }
    t.add_row(std::move(row));
  }
  // p = ... only holds where p is not itself an axis of the map.
  t.notes.push_back(fmt::format("{} of kernel '{}' {}{}", value_name, m.kernel_name(),
                                p_on_axis ? std::string("over p") : fmt::format("at p = {:g}", p_fixed),
                                bulk ? "; grid evaluated natively in parallel" : ""));
  session.sections.push_back({name, "map", {t}});
  push_section(L, session.sections.back());
  return 1;
}

}  // namespace scalerun::study
