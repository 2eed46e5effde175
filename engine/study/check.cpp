#include "study/check.hpp"

#include <algorithm>
#include <cmath>
#include <variant>

#include <fmt/format.h>

#include "errors/errors.hpp"
#include "report/table.hpp"
#include "study/session.hpp"

namespace scalerun::study {

namespace {

// The section of that name that ran most recently.
const report::Section* find_section(const Session& session, const std::string& name) {
  for (auto it = session.sections.rbegin(); it != session.sections.rend(); ++it) {
    if (it->name == name) return &*it;
  }
  return nullptr;
}

const report::Table& find_table(const CheckSpec& spec, const report::Section& section, const std::string& name) {
  for (const auto& t : section.tables) {
    if (t.name == name) return t;
  }
  std::string known;
  for (const auto& t : section.tables) known += (known.empty() ? "" : ", ") + t.name;
  field_error(spec.where, "table", fmt::format("'{}' has no table '{}' (it has: {})", section.name, name, known));
}

int column_index(const CheckSpec& spec, const report::Table& t, const std::string& name, const char* field) {
  if (const report::Column* c = t.find_column(name)) return static_cast<int>(c - t.columns.data());
  std::string known;
  for (const auto& c : t.columns) known += (known.empty() ? "" : ", ") + c.name;
  field_error(spec.where, field, fmt::format("table '{}' has no column '{}' (it has: {})", t.name, name, known));
}

bool same_key(const report::Cell& cell, double key) {
  if (const double* d = std::get_if<double>(&cell)) return *d == key || std::abs(*d - key) <= 1e-12 * std::abs(key);
  if (const std::string* s = std::get_if<std::string>(&cell)) return *s == fmt::format("{:g}", key);
  return false;
}

bool within(const CheckSpec& spec, double value, double expected) {
  const double error = value - expected;
  if (!std::isfinite(value)) return false;
  // Matches to the printed decimals: the value rounds to the expected figure.
  if (spec.by_decimals) return std::abs(error) <= 0.5 * std::pow(10.0, -spec.decimals) * (1 + 1e-9);
  const double tolerance = std::max(spec.abs_tol, spec.rel_tol * std::abs(expected));
  switch (spec.compare) {
    case Comparison::at_least: return error >= -tolerance;
    case Comparison::at_most: return error <= tolerance;
    case Comparison::equal: break;
  }
  return std::abs(error) <= tolerance;
}

// "to 3 decimals", "within 2 %", "at least their bound (slack 5 %)".
std::string how_close(const CheckSpec& spec) {
  if (spec.compare != Comparison::equal) {
    return fmt::format("{} their bound{}", spec.compare == Comparison::at_least ? "at least" : "at most",
                       spec.rel_tol > 0 ? fmt::format(" (slack {:g} %)", 100 * spec.rel_tol)
                                        : (spec.abs_tol > 0 ? fmt::format(" (slack {:g})", spec.abs_tol) : std::string()));
  }
  if (spec.by_decimals) return fmt::format("to {:g} decimals", spec.decimals);
  if (spec.rel_tol > 0 && spec.abs_tol > 0) return fmt::format("within {:g} % or {:g}", 100 * spec.rel_tol, spec.abs_tol);
  return spec.rel_tol > 0 ? fmt::format("within {:g} %", 100 * spec.rel_tol) : fmt::format("within {:g}", spec.abs_tol);
}

}  // namespace

bool run_check(const CheckSpec& spec, Session& session) {
  const report::Section* section = find_section(session, spec.of);
  if (section == nullptr) {
    field_error(spec.where, "of", fmt::format("no experiment, map or fit named '{}' has run before this check", spec.of));
  }
  const report::Table& table = find_table(spec, *section, spec.table);
  const int key_col = column_index(spec, table, spec.key.value_or(table.columns.front().name), "key");
  std::vector<int> cols;
  for (const auto& c : spec.columns) cols.push_back(column_index(spec, table, c, "columns"));
  report::Table out;
  out.name = "check";
  out.title = fmt::format("{}: {}/{} against {}", spec.name, spec.of, table.name,
                          spec.source.empty() ? "reference values" : spec.source);
  out.add_column(table.columns[static_cast<std::size_t>(key_col)].name, "{:.10g}");
  out.add_column("column").add_column("computed", "{:.6g}").add_column("expected", "{:.6g}");
  out.add_column("error", "{:.3g}").add_column("ok");
  int compared = 0, failed = 0;
  for (std::size_t i = 0; i < spec.expect.size(); ++i) {
    const CheckSpec::Row& expected_row = spec.expect[i];
    const std::vector<report::Cell>* row = nullptr;
    for (const auto& candidate : table.rows) {
      if (same_key(candidate[static_cast<std::size_t>(key_col)], expected_row.key)) row = &candidate;
    }
    if (row == nullptr) {
      field_error(spec.where, "expect", fmt::format("row {}: table '{}' has no row with {} = {:g}", i + 1, table.name,
                                                    table.columns[static_cast<std::size_t>(key_col)].name, expected_row.key));
    }
    for (std::size_t c = 0; c < cols.size(); ++c) {
      if (!expected_row.values[c]) continue;
      const double expected = *expected_row.values[c];
      const report::Cell& cell = (*row)[static_cast<std::size_t>(cols[c])];
      const double* computed = std::get_if<double>(&cell);
      const double value = computed ? *computed : std::nan("");
      const double error = value - expected;
      const bool ok = within(spec, value, expected);
      ++compared;
      if (!ok) ++failed;
      if (ok && !spec.show_all) continue;
      out.add_row({expected_row.key, spec.columns[c], computed ? report::Cell(value) : report::Cell(), expected,
                   spec.by_decimals || spec.rel_tol <= 0 || expected == 0 ? report::Cell(error) : report::Cell(error / expected),
                   std::string(ok ? "yes" : "NO")});
    }
  }
  const std::string how = how_close(spec);
  const bool equal = spec.compare == Comparison::equal;
  out.notes.push_back(fmt::format("{} of {} values {} {}{}", compared - failed, compared, equal ? "match" : "are", how,
                                  !spec.by_decimals && spec.rel_tol > 0 ? " (error is relative where the expected value is not 0)" : ""));
  ++session.checks_run;
  if (failed > 0) {
    ++session.checks_failed;
    if (equal) {
      session.warn(fmt::format("{}check '{}' failed: {} of {} values do not match {} {}", spec.where, spec.name, failed,
                               compared, spec.source.empty() ? "the reference" : spec.source, how));
    } else {
      session.warn(fmt::format("{}check '{}' failed: {} of {} values are not {} ({})", spec.where, spec.name, failed,
                               compared, how, spec.source.empty() ? "the bounds given" : spec.source));
    }
  }
  session.sections.push_back({spec.name, "check", {out}});
  return failed == 0;
}

}  // namespace scalerun::study
