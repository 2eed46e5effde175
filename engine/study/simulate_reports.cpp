#include "study/simulate_reports.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "fit/overhead_functions.hpp"

namespace scalerun::study {

namespace {

using namespace sim;
using report::Cell;
using report::Table;

std::string heading(const SimulatedStudy& s, const std::string& what) {
  return fmt::format("{}: {} — {} simulated on {} ({} network{}{})", s.name, what, s.kernel, s.machine, s.network,
                     s.overhead > 0 ? fmt::format(", {:.3g} s software overhead per message", s.overhead) : "",
                     s.speed_factor != 1 ? fmt::format(", processors x{:g}", s.speed_factor) : "");
}

double percent(double part, double whole) { return whole != 0 ? 100 * part / whole : 0.0; }

bool wide_p(const SimulatedStudy& s) {
  return report::log_axis_suits(s.points.front().p, s.points.back().p, s.points.size());
}

// An empty cell for a metric the rule does not define at this point.
Cell number(double v) {
  if (!std::isfinite(v)) return std::monostate{};
  return v;
}

Table speedup_table(const SimulatedStudy& s) {
  Table t;
  t.name = "speedup";
  t.title = heading(s, "simulated time and speedup");
  const bool model = std::any_of(s.points.begin(), s.points.end(), [](const auto& pt) { return pt.model_time.has_value(); });
  t.add_column("p", "{:.10g}").add_column("T_ideal", "{:.6g}").add_column("T_cf", "{:.6g}");
  if (model) t.add_column("model", "{:.6g}");
  t.add_column("T(1)", "{:.6g}").add_column("T", "{:.6g}").add_column("S", "{:.4f}").add_column("E", "{:.4f}");
  if (s.karp_flatt) t.add_column("karp_flatt", "{:.4f}");
  if (s.weak) t.add_column("E_weak", "{:.4f}");
  t.add_column("S_ideal", "{:.4f}");
  for (const auto& pt : s.points) {
    const Separation& sep = pt.separation;
    std::vector<Cell> row{pt.p, sep.t_ideal, sep.t_cf};
    if (model) row.emplace_back(pt.model_time ? Cell{*pt.model_time} : Cell{std::monostate{}});
    row.emplace_back(number(pt.rule.t1));
    row.emplace_back(sep.t_real);
    row.emplace_back(number(pt.rule.speedup));
    row.emplace_back(number(pt.rule.efficiency));
    if (s.karp_flatt) row.emplace_back(number(pt.rule.karp_flatt));
    if (s.weak) row.emplace_back(number(pt.rule.weak));
    row.emplace_back(number(pt.rule.speedup_ideal));
    t.add_row(std::move(row));
  }
  t.chart(report::Chart::Lines, "p", {"S", "S_ideal"}, "speedup").log_scales(wide_p(s), false);
  t.unit({"T_ideal", "T_cf", "T(1)", "T"}, "s");
  if (model) t.unit("model", "s");
  t.notes.push_back("T_ideal: on a PRAM (no network cost, no software overhead); T_cf: the real network with "
                    "contention switched off; T: the real machine; T(1): the one-processor time S and E are taken "
                    "against; S_ideal: S of the ideal machine's times (the speedup the algorithm allows)");
  for (const auto& note : s.metric_notes) t.notes.push_back(note);
  if (model) {
    t.notes.push_back("model: the kernel's model at the same p on the simulated machine (its p processors, speeds "
                      "times the speed factor; m:marked_speed(p) = the sum of their speeds), beside the simulated "
                      "times");
  }
  if (!s.model_note.empty()) t.notes.push_back(s.model_note);
  if (s.unequal_speeds) {
    t.notes.push_back("processors of unequal speeds: T(1) is processor 0 alone, so S and E compare with that "
                      "processor and may exceed p and 1 (seed 002's speed-efficiency W / (T C) uses the marked speed "
                      "C of all p instead)");
  }
  long unreceived = 0;
  for (const auto& pt : s.points) unreceived += pt.unreceived;
  if (unreceived > 0) {
    t.notes.push_back(fmt::format("{} message(s) were sent but never received; they still loaded the network",
                                  unreceived));
  }
  return t;
}

struct Series {
  const char* name;
  double Separation::*field;
};

constexpr Series kSeries[] = {
    {"computation", &Separation::computation},
    {"serial", &Separation::serial},
    {"imbalance", &Separation::imbalance},
    {"latency", &Separation::latency_overhead},
    {"net_latency", &Separation::network_latency},
    {"contention", &Separation::contention_overhead},
    {"net_contention", &Separation::network_contention},
    {"wait", &Separation::w_real},
};

// The overheads fitted against p over the points with p > 1, once for every table that shows them
// (the overhead_functions table lists them, the overhead table's figure draws them), and where one
// overtakes another.
struct FittedOverheads {
  std::vector<double> ps;
  std::vector<fit::OverheadFit> fits;  // one per kSeries

  const fit::OverheadFit& of(std::string_view name) const {
    for (std::size_t i = 0; i < std::size(kSeries); ++i) {
      if (kSeries[i].name == name) return fits[i];
    }
    return fits.front();
  }

  struct Crossing {
    std::string overhead, overtakes;
    std::optional<fit::Crossover> at;
  };
  std::vector<Crossing> crossings;
};

FittedOverheads fit_overheads(const SimulatedStudy& s) {
  FittedOverheads f;
  std::vector<const Separation*> seps;
  for (const auto& pt : s.points) {
    if (pt.p > 1) {
      f.ps.push_back(pt.p);
      seps.push_back(&pt.separation);
    }
  }
  for (const Series& series : kSeries) {
    std::vector<double> y;
    for (const Separation* x : seps) y.push_back(x->*series.field);
    f.fits.push_back(fit::fit_overhead(f.ps, y));
  }
  f.crossings.push_back({"contention", "latency", fit::crossover(f.of("contention"), f.of("latency"))});
  fit::OverheadFit interaction = f.of("latency");
  for (const auto& term : f.of("contention").terms) interaction.terms.push_back(term);
  f.crossings.push_back({"latency + contention", "computation", fit::crossover(interaction, f.of("computation"))});
  return f;
}

Table overhead_table(const SimulatedStudy& s, const FittedOverheads& fitted) {
  Table t;
  t.name = "overhead";
  t.title = heading(s, "overheads separated (seconds)");
  t.add_column("p", "{:.10g}").add_column("T", "{:.6g}").add_column("T(1)/p", "{:.6g}");
  t.add_column("algorithmic", "{:.4g}").add_column("serial", "{:.4g}").add_column("imbalance", "{:.4g}");
  t.add_column("latency", "{:.4g}").add_column("net_latency", "{:.4g}");
  t.add_column("contention", "{:.4g}").add_column("net_contention", "{:.4g}");
  t.add_column("T_cf-T_ideal", "{:.4g}").add_column("T-T_cf", "{:.4g}");
  for (const auto& pt : s.points) {
    const Separation& x = pt.separation;
    t.add_row({pt.p, x.t_real, x.t1 / pt.p, x.algorithmic, x.serial, x.imbalance, x.latency_overhead,
               x.network_latency, x.contention_overhead, x.network_contention, x.t_cf - x.t_ideal,
               x.t_real - x.t_cf});
  }
  t.chart(report::Chart::Lines, "p", {"serial", "imbalance", "latency", "contention"}, "seconds");
  t.log_scales(wide_p(s), false);
  // The figure: each overhead's fitted function through its points, and the crossovers it shows.
  if (fitted.ps.size() > 1) {
    const auto [from, to] = std::minmax_element(fitted.ps.begin(), fitted.ps.end());
    for (const char* name : {"serial", "imbalance", "latency", "contention"}) {
      const fit::OverheadFit& fit = fitted.of(name);
      t.curve(name, fmt::format("fit {} = {}", name, fit.formula()), [&fit](double p) { return fit.at(p); }, *from, *to);
    }
  }
  const auto [first, last] = std::minmax_element(s.points.begin(), s.points.end(),
                                                 [](const auto& a, const auto& b) { return a.p < b.p; });
  for (const auto& c : fitted.crossings) {
    if (c.at && !c.at->above_from_start && c.at->at >= first->p && c.at->at <= last->p) {
      t.mark(c.at->at, fmt::format("{} overtakes {} at p = {:.4g}", c.overhead, c.overtakes, c.at->at));
    }
  }
  t.unit({"T", "T(1)/p", "algorithmic", "serial", "imbalance", "latency", "net_latency", "contention", "net_contention",
          "T_cf-T_ideal", "T-T_cf"}, "s");
  t.notes.push_back("algorithmic = T_ideal - T(1)/p = serial + imbalance; serial = S (1 - 1/p) for the work S marked "
                    "with ctx:serial");
  t.notes.push_back("latency: software overhead plus time blocked on messages in flight, for the processor that "
                    "sees the most; net_latency: its software overhead plus the idle-network latency of every "
                    "message it received (the difference was hidden by computation)");
  t.notes.push_back("contention: time blocked on messages held up by busy links, for the processor that sees the "
                    "most; net_contention: the contention of every message it received");
  return t;
}

Table wait_table(const SimulatedStudy& s) {
  Table t;
  t.name = "wait";
  t.title = heading(s, "wait time by cause (mean seconds per processor, seed 003 Tables IV-V)");
  t.add_column("p", "{:.10g}").add_column("W_ideal", "{:.4g}").add_column("W_cf", "{:.4g}").add_column("W_real", "{:.4g}");
  t.add_column("W_imbalance", "{:.4g}").add_column("W_latency", "{:.4g}").add_column("W_contention", "{:.4g}");
  t.add_column("imbalance%", "{:.1f}").add_column("latency%", "{:.1f}").add_column("contention%", "{:.1f}");
  for (const auto& pt : s.points) {
    const Separation& x = pt.separation;
    t.add_row({pt.p, x.w_ideal, x.w_cf, x.w_real, x.w_imbalance, x.w_latency, x.w_contention,
               percent(x.w_imbalance, x.w_real), percent(x.w_latency, x.w_real), percent(x.w_contention, x.w_real)});
  }
  t.chart(report::Chart::StackedBars, "p", {"W_imbalance", "W_latency", "W_contention"}, "mean wait (s)");
  t.unit({"W_ideal", "W_cf", "W_real", "W_imbalance", "W_latency", "W_contention"}, "s");
  t.unit({"imbalance%", "latency%", "contention%"}, "%");
  t.notes.push_back("wait: blocked before the awaited message was sent (skew between processors). W_imbalance = "
                    "W_ideal, W_latency = W_cf - W_ideal, W_contention = W_real - W_cf; percentages of W_real");
  return t;
}

Table links_table(const SimulatedStudy& s) {
  Table t;
  t.name = "links";
  t.title = heading(s, "network resources on the real machine");
  t.add_column("p", "{:.10g}").add_column("links", "{:g}").add_column("messages", "{:g}");
  t.add_column("mean_util", "{:.4f}").add_column("max_util", "{:.4f}").add_column("busiest");
  t.add_column("mean_queue", "{:.4g}").add_column("max_queue", "{:.4g}");
  for (const auto& pt : s.points) {
    const LinkSummary& l = pt.links;
    if (l.count == 0) {
      t.add_row({pt.p, 0.0, static_cast<double>(pt.messages), std::monostate{}, std::monostate{}, std::monostate{},
                 std::monostate{}, std::monostate{}});
      continue;
    }
    t.add_row({pt.p, l.count, static_cast<double>(pt.messages), l.mean_utilization, l.max_utilization, l.busiest,
               l.mean_queue, l.max_queue});
  }
  t.chart(report::Chart::Lines, "p", {"mean_util", "max_util"}, "utilization").log_scales(wide_p(s), false);
  t.role("busiest", report::Role::Note);
  t.notes.push_back("per resource (a link direction, the bus, ...): utilization = busy time / T, queue = "
                    "time-averaged number of messages waiting for it; messages: sent by the programs, "
                    "collectives' included");
  return t;
}

std::vector<Table> overhead_function_tables(const SimulatedStudy& s, const FittedOverheads& fitted) {
  Table t;
  t.name = "overhead_functions";
  t.title = heading(s, "overhead functions of p (seconds, seed 003 Tables VI-VIII)");
  t.add_column("function").add_column("fit").add_column("rms%", "{:.2f}").add_column("points", "{:g}");
  const std::vector<double>& ps = fitted.ps;
  const std::vector<fit::OverheadFit>& fits = fitted.fits;
  for (std::size_t i = 0; i < fits.size(); ++i) {
    t.add_row({std::string(kSeries[i].name), fits[i].formula(), 100 * fits[i].relative_rms,
               static_cast<double>(fits[i].points)});
  }
  t.notes.push_back(fmt::format(
      "least squares over the points with p > 1 on the fewest terms of {{1/p, 1, log2 p, p, p log2 p, p^2}} that fit "
      "within {:g} %, at most {} term{} from {} point{} (one point more than terms); terms that grow with p never "
      "negative and no function below zero from p = 1 to 2^20; rms% = each fit's own error; wait = W_real",
      100 * fit::kFitGoal, fit::max_fit_terms(ps.size()), fit::max_fit_terms(ps.size()) == 1 ? "" : "s", ps.size(),
      ps.size() == 1 ? "" : "s"));
  std::vector<std::string> rough;
  for (std::size_t i = 0; i < fits.size(); ++i) {
    if (!fits[i].within_goal) rough.push_back(fmt::format("{} ({:.1f} %)", kSeries[i].name, 100 * fits[i].relative_rms));
  }
  if (!rough.empty()) {
    t.notes.push_back(fmt::format("not within {:g} %: {}; no admissible function of so few terms follows those points, "
                                  "so read them as trends", 100 * fit::kFitGoal, fmt::join(rough, ", ")));
  }
  if (ps.size() < 3) t.notes.push_back("fewer than three processor counts above 1: the fits are rough");

  Table c;
  c.name = "crossover";
  c.title = heading(s, "where one overhead overtakes another (fitted functions, p = 2 .. 2^20)");
  c.add_column("overhead").add_column("overtakes").add_column("at_p", "{:g}").add_column("measured");
  c.add_column("crossing", "{:.4g}");
  const double largest = ps.empty() ? 1 : *std::max_element(ps.begin(), ps.end());
  auto add = [&](const std::string& a, const std::string& b, const std::optional<fit::Crossover>& at) {
    if (!at) {
      c.add_row({a, b, std::string("none"), std::string("not up to 2^20"), std::monostate{}});
    } else if (at->above_from_start) {
      c.add_row({a, b, at->processors, std::string("already at the smallest p"), std::monostate{}});
    } else {
      c.add_row({a, b, at->processors,
                 std::string(at->processors <= largest ? "within the simulated range" : "extrapolated"), at->at});
    }
  };
  c.role("measured", report::Role::Note);
  for (const auto& crossing : fitted.crossings) add(crossing.overhead, crossing.overtakes, crossing.at);
  c.notes.push_back("from the fitted functions of the overhead_functions table, not from the simulated points: "
                    "crossing = where they cross, found by bisection between the two powers of two that bracket "
                    "it; at_p = the first whole processor count past it");
  return {std::move(t), std::move(c)};
}

}  // namespace

// The builders study/table_registry lists for simulate mode.
Tables simulate_speedup(const SimulateTableInputs& in) { return {speedup_table(in.study)}; }
Tables simulate_overhead(const SimulateTableInputs& in) { return {overhead_table(in.study, fit_overheads(in.study))}; }
Tables simulate_wait(const SimulateTableInputs& in) { return {wait_table(in.study)}; }
Tables simulate_links(const SimulateTableInputs& in) { return {links_table(in.study)}; }
Tables simulate_overhead_functions(const SimulateTableInputs& in) {
  return overhead_function_tables(in.study, fit_overheads(in.study));
}

}  // namespace scalerun::study
