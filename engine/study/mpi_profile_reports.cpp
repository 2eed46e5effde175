#include "study/mpi_profile_reports.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace scalerun::study {

namespace {

using report::Cell;
using report::Table;

// Min, mean and max of one figure over all ranks of a point (0 for a rank without it).
struct OverRanks {
  double min = HUGE_VAL, sum = 0, max = 0;
  void add(double v) {
    min = std::min(min, v);
    max = std::max(max, v);
    sum += v;
  }
};

std::string size_label(std::size_t bucket) {
  if (bucket == 0) return "0 B";
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  const auto low = bucket - 1;  // sizes in [2^low, 2^(low+1))
  const auto unit = std::min<std::size_t>(low / 10, 4);
  const double lo = std::ldexp(1.0, static_cast<int>(low - 10 * unit));
  return fmt::format("{:g}-{:g} {}", lo, 2 * lo, kUnits[unit]);
}

// "p = 4: point-to-point messages by size: 1-2 KiB 40, 8-16 KiB 12".
std::string sizes_note(const MeasuredPoint& pt) {
  std::vector<double> sizes;
  for (const auto& r : pt.ranks) {
    if (sizes.size() < r.message_sizes.size()) sizes.resize(r.message_sizes.size());
    for (std::size_t k = 0; k < r.message_sizes.size(); ++k) sizes[k] += r.message_sizes[k];
  }
  std::string parts;
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    if (sizes[k] > 0) parts += fmt::format("{}{} {:g}", parts.empty() ? "" : ", ", size_label(k), sizes[k]);
  }
  return fmt::format("{}p = {:g}: point-to-point messages by size (sent, all ranks): {}",
                     pt.set.empty() ? "" : pt.set + ", ", pt.p, parts.empty() ? "none" : parts);
}

Table profile_table(const MeasuredSweep& sweep) {
  Table t;
  t.name = "profile";
  t.title = fmt::format("{}: MPI time per function over the ranks, the run nearest the median", sweep.spec->name);
  add_point_columns(t, sweep);
  t.add_column("function").add_column("calls", "{:g}").add_column("min", "{:.4g}").add_column("mean", "{:.4g}");
  t.add_column("max", "{:.4g}").add_column("bytes", "{:.4g}").add_column("share", "{:.1f}");
  for (const auto& pt : sweep.points) {
    if (pt.ranks.empty()) continue;
    std::map<std::string, OverRanks> time;
    std::map<std::string, double> calls, bytes;
    for (const auto& r : pt.ranks)
      for (const auto& [name, f] : r.functions) time[name];  // every function any rank called
    double total = 0;
    for (const auto& r : pt.ranks) {
      for (auto& [name, over] : time) {
        const auto it = r.functions.find(name);
        const double seconds = it == r.functions.end() ? 0 : it->second.seconds;
        over.add(seconds);
        total += seconds;
        if (it != r.functions.end()) {
          calls[name] += it->second.calls;
          bytes[name] += it->second.bytes;
        }
      }
    }
    std::vector<std::string> names;
    for (const auto& [name, over] : time) names.push_back(name);
    std::stable_sort(names.begin(), names.end(),
                     [&](const std::string& a, const std::string& b) { return time[a].sum > time[b].sum; });
    const auto ranks = static_cast<double>(pt.ranks.size());
    for (const auto& name : names) {
      std::vector<Cell> row = point_cells(sweep, pt);
      const OverRanks& over = time[name];
      row.emplace_back(name);
      for (const double v : {calls[name], over.min, over.sum / ranks, over.max, bytes[name],
                             total > 0 ? 100 * over.sum / total : 0.0}) {
        row.emplace_back(v);
      }
      t.add_row(std::move(row));
    }
    t.notes.push_back(sizes_note(pt));
  }
  t.unit({"min", "mean", "max"}, "s").unit("bytes", "B").unit("share", "%");
  t.role("function", report::Role::Note);
  t.notes.push_back("per MPI function, over the ranks of each point: calls (all ranks), the time of its outermost "
                    "calls per rank (min, mean, max over ranks; a rank that never called it counts 0), bytes sent, "
                    "received or contributed to collectives (all ranks), and share = its part of the job's MPI "
                    "time");
  return t;
}

bool has_regions(const MeasuredSweep& sweep) {
  for (const auto& pt : sweep.points)
    for (const auto& r : pt.ranks)
      if (!r.regions.empty() || !r.region_error.empty()) return true;
  return false;
}

double figure(const std::map<std::string, double>& totals, const char* name) {
  const auto it = totals.find(name);
  return it == totals.end() ? 0 : it->second;
}

Table regions_table(const MeasuredSweep& sweep) {
  Table t;
  t.name = "regions";
  t.title = fmt::format("{}: the program's regions (scalerun_begin/end) over the ranks, the run nearest the median",
                        sweep.spec->name);
  add_point_columns(t, sweep);
  t.add_column("region").add_column("calls", "{:g}").add_column("min", "{:.4g}").add_column("mean", "{:.4g}");
  t.add_column("max", "{:.4g}").add_column("mpi", "{:.4g}").add_column("mpi_share", "{:.1f}");
  for (const auto& pt : sweep.points) {
    if (pt.ranks.empty()) continue;
    std::map<std::string, OverRanks> time;
    std::map<std::string, double> calls, mpi;
    for (const auto& r : pt.ranks)
      for (const auto& [name, totals] : r.regions) time[name];
    for (const auto& r : pt.ranks) {
      for (auto& [name, over] : time) {
        const auto it = r.regions.find(name);
        over.add(it == r.regions.end() ? 0 : figure(it->second, "seconds"));
        if (it == r.regions.end()) continue;
        calls[name] += figure(it->second, "calls");
        mpi[name] += figure(it->second, "mpi");
      }
    }
    const auto ranks = static_cast<double>(pt.ranks.size());
    for (const auto& [name, over] : time) {
      std::vector<Cell> row = point_cells(sweep, pt);
      row.emplace_back(name);
      for (const double v : {calls[name], over.min, over.sum / ranks, over.max, mpi[name] / ranks,
                             over.sum > 0 ? 100 * mpi[name] / over.sum : 0.0}) {
        row.emplace_back(v);
      }
      t.add_row(std::move(row));
    }
    for (const auto& r : pt.ranks) {
      if (!r.region_error.empty()) {
        t.notes.push_back(fmt::format("{}p = {:g}: rank {}: {}", pt.set.empty() ? "" : pt.set + ", ", pt.p, r.rank,
                                      r.region_error));
      }
    }
  }
  t.unit({"min", "mean", "max", "mpi"}, "s").unit("mpi_share", "%");
  t.role("region", report::Role::Note);
  t.notes.push_back("per region, over the ranks of each point: calls (all ranks), its inclusive time per rank (min, "
                    "mean, max over ranks; 0 for a rank that never entered it), mpi = the mean time inside MPI while "
                    "it was open, mpi_share = that part of the region's time; the values a program sets with "
                    "scalerun_value() are in the ranks table");
  return t;
}

}  // namespace

std::vector<Table> mpi_profile_tables(const MeasuredSweep& sweep) {
  std::vector<Table> tables;
  // Points stored by a version that kept no profile have none to show.
  const bool profiled = std::any_of(sweep.points.begin(), sweep.points.end(), [](const MeasuredPoint& pt) {
    return std::any_of(pt.ranks.begin(), pt.ranks.end(), [](const auto& r) { return !r.functions.empty(); });
  });
  if (profiled) tables.push_back(profile_table(sweep));
  if (has_regions(sweep)) tables.push_back(regions_table(sweep));
  return tables;
}

}  // namespace scalerun::study
