#include "study/report_registry.hpp"

#include <array>
#include <cstddef>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace scalerun::study {

namespace {

constexpr std::size_t kModeCount = 3;

constexpr std::array<std::string_view, kModeCount> kModeNames = {"model", "measure", "simulate"};

struct Entry {
  std::string_view name;
  std::string_view description;
  // What each mode (in enum order: model, measure, simulate) makes of the name: the name itself
  // where the mode provides the report, another report where the name is an alias there, ""
  // where the mode has nothing for it.
  std::array<std::string_view, kModeCount> gives;
};

// The order is the documented one, and each mode's list reads in it: the points first (scaled,
// measured), then what every mode shares (speedup, overhead), then each mode's own.
constexpr std::array kEntries = {
    Entry{"scaled", "the points the scaling rule gives: varied sizes, work W, time T, speed, E, memory per processor",
          {"scaled", "measured", "speedup"}},
    Entry{"measured", "measured time per p: median, spread, runs, speed, speedup, efficiency, verified",
          {"", "measured", ""}},
    Entry{"psi", "isospeed scalability psi(p, p') of every pair of points (psi(C, C') over machine sets)",
          {"psi", "psi", ""}},
    Entry{"speedup", "speedup and efficiency against T(1), with Karp-Flatt and the fixed-size optimum px, or the "
                     "three simulated times",
          {"speedup", "speedup", "speedup"}},
    Entry{"overhead", "time by source: the model's terms, measured serial, imbalance and sync, or simulated overheads",
          {"overhead", "overhead", "overhead"}},
    Entry{"latency", "average latency L(W, N) = Tpara - W tc/N per point (measured: ML, IT, PT), its scalability",
          {"latency", "latency", ""}},
    Entry{"triple", "latency under the time-bound, E-conserved and memory-bound rules (seed 000 Fig. 14; needs bounds)",
          {"triple", "", ""}},
    Entry{"isoefficiency", "the isoefficiency function W(p) and its growth order (with scale = efficiency{})",
          {"isoefficiency", "", ""}},
    Entry{"formula", "the model's terms as traced expressions", {"formula", "", ""}},
    Entry{"compare", "the kernel's model beside the measured times, with the relative error",
          {"", "compare", "speedup"}},
    Entry{"counters", "event counters of the measured window: CPU use, context switches, page faults, IPC, misses",
          {"", "counters", ""}},
    Entry{"ranks", "an MPI kernel's ranks per p: host, wall, busy, MPI time by kind, waiting, messages, bytes, its own "
          "values", {"", "ranks", ""}},
    Entry{"profile", "an MPI kernel's time per MPI function (min, mean, max over ranks), bytes, message sizes, and its "
          "regions (scalerun_begin/end)", {"", "profile", ""}},
    Entry{"wait", "time blocked before the awaited message was sent: imbalance, latency, contention (seed 003 IV, V)",
          {"", "", "wait"}},
    Entry{"links", "utilization and mean queue length of the network's resources", {"", "", "links"}},
    Entry{"overhead_functions", "each overhead fitted against p, and where one overtakes another (seed 003 VI-VIII)",
          {"", "", "overhead_functions"}},
};

constexpr std::size_t index_of(Mode mode) { return static_cast<std::size_t>(mode); }

const Entry* find(std::string_view report) {
  for (const auto& e : kEntries) {
    if (e.name == report) return &e;
  }
  return nullptr;
}

}  // namespace

std::string_view mode_name(Mode mode) { return kModeNames[index_of(mode)]; }

std::vector<std::string> mode_names() { return {std::begin(kModeNames), std::end(kModeNames)}; }

std::optional<Mode> parse_mode(std::string_view name) {
  for (std::size_t i = 0; i < kModeCount; ++i) {
    if (kModeNames[i] == name) return static_cast<Mode>(i);
  }
  return std::nullopt;
}

const std::vector<std::string>& report_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const auto& e : kEntries) all.emplace_back(e.name);
    return all;
  }();
  return names;
}

std::vector<std::string> report_names(Mode mode) {
  std::vector<std::string> names;
  for (const auto& e : kEntries) {
    if (e.gives[index_of(mode)] == e.name) names.emplace_back(e.name);
  }
  return names;
}

bool is_report(std::string_view report) { return find(report) != nullptr; }

std::string_view describe(std::string_view report) {
  const Entry* e = find(report);
  return e != nullptr ? e->description : std::string_view{};
}

std::vector<Mode> report_modes(std::string_view report) {
  std::vector<Mode> modes;
  const Entry* e = find(report);
  if (e == nullptr) return modes;
  for (std::size_t i = 0; i < kModeCount; ++i) {
    if (e->gives[i] == e->name) modes.push_back(static_cast<Mode>(i));
  }
  return modes;
}

std::optional<std::string> report_in(Mode mode, std::string_view report) {
  const Entry* e = find(report);
  if (e == nullptr || e->gives[index_of(mode)].empty()) return std::nullopt;
  return std::string(e->gives[index_of(mode)]);
}

std::optional<std::string> unavailable(Mode mode, std::string_view report) {
  if (!is_report(report) || report_in(mode, report)) return std::nullopt;
  return fmt::format("'{}' is not a {}-mode report ({} mode reports: {})", report, mode_name(mode), mode_name(mode),
                     fmt::join(report_names(mode), ", "));
}

}  // namespace scalerun::study
