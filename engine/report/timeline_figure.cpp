#include "report/timeline_figure.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "report/encode.hpp"
#include "report/gnuplot_style.hpp"

namespace scalerun::report {

namespace {

constexpr int kColumns = 400;  // segments per track: a few per pixel of the figure's width
constexpr std::size_t kMostTracks = 48;

// One colour per activity, the same in every timeline: busy green, waiting grey, the machinery
// light blue, communication blue, latency vermilion, contention yellow, serial purple.
const char* colour_of(Activity a) {
  switch (a) {
    case Activity::busy: return "#009E73";
    case Activity::serial: return "#CC79A7";
    case Activity::idle: return "#BBBBBB";
    case Activity::sync: return "#56B4E9";
    case Activity::comm: return "#0072B2";
    case Activity::latency: return "#D55E00";
    case Activity::contention: return "#E69F00";
    case Activity::io: return "#000000";
  }
  return "#000000";
}

// The tracks drawn: all of them, or kMostTracks spread evenly from the first to the last.
std::vector<std::size_t> shown_tracks(std::size_t count) {
  std::vector<std::size_t> shown;
  if (count <= kMostTracks) {
    for (std::size_t k = 0; k < count; ++k) shown.push_back(k);
    return shown;
  }
  for (std::size_t i = 0; i < kMostTracks; ++i) shown.push_back(i * (count - 1) / (kMostTracks - 1));
  return shown;
}

// Seconds, milliseconds or microseconds: whichever keeps the tics readable.
std::pair<double, const char*> time_unit(double span) {
  if (span >= 1) return {1, "s"};
  if (span >= 1e-3) return {1e3, "ms"};
  return {1e6, "us"};
}

}  // namespace

const Timeline* telling_timeline(const Section& section) {
  const Timeline* best = nullptr;
  for (const Timeline& t : section.timelines) {
    if (t.tracks.empty() || !(t.span > 0)) continue;
    if (best == nullptr || t.busy_share() < best->busy_share() ||
        (t.busy_share() == best->busy_share() && t.p > best->p))
      best = &t;
  }
  return best;
}

std::optional<Figure> timeline_figure(const Section& section, const Timeline& t, const std::string& stem,
                                      FigureFormat format) {
  const Timeline view = compact(t, kColumns);
  const std::vector<std::size_t> shown = shown_tracks(view.tracks.size());
  const auto [scale, unit] = time_unit(t.span);
  // Data: one block per activity present (gnuplot's index), each box "x y x_low x_high y_low y_high".
  std::string data;
  std::vector<Activity> blocks;
  for (int a = 0; a < kActivities; ++a) {
    const auto activity = static_cast<Activity>(a);
    std::string block;
    for (std::size_t row = 0; row < shown.size(); ++row) {
      for (const Slice& s : view.tracks[shown[row]].slices) {
        if (s.what != activity) continue;
        const double lo = s.start * scale, hi = s.end * scale, y = static_cast<double>(row);
        block += fmt::format("{:.9g}\t{:g}\t{:.9g}\t{:.9g}\t{:g}\t{:g}\n", 0.5 * (lo + hi), y, lo, hi, y - 0.4, y + 0.4);
      }
    }
    if (block.empty()) continue;
    data += fmt::format("{}# {}\n{}", blocks.empty() ? "" : "\n\n", activity_name(activity), block);
    blocks.push_back(activity);
  }
  if (blocks.empty()) return std::nullopt;

  Figure f;
  f.stem = stem;
  f.format = format;
  f.section = 0;
  f.table = kTimeline;
  f.title = fmt::format("{}: timeline of {}", section.name, t.label);
  const double busy = 100 * t.busy_share();
  const std::string subtitle =
      fmt::format("{}, {} clock; the point with the least busy time ({:.0f} % busy){}", t.source, t.clock, busy,
                  shown.size() < t.tracks.size() ? fmt::format("; {} of {} tracks shown", shown.size(), t.tracks.size())
                                                 : "");
  const int height = std::clamp(160 + 22 * static_cast<int>(shown.size()), 300, 1200);
  std::string s = figure_header(f.title, stem, format, height, subtitle);
  s += "unset grid\nset grid xtics lc rgb \"#dddddd\"\nset style fill solid 1.0 noborder\n";
  s += fmt::format("set xlabel {} noenhanced\n",
                   gnuplot_string(fmt::format("{} ({})", t.clock == "simulated" ? "simulated time" : "time", unit)));
  s += fmt::format("set xrange [0:{:.9g}]\n", t.span * scale);
  s += fmt::format("set yrange [{}:-0.6]\n", static_cast<double>(shown.size()) - 0.4);
  // The track names as the y tics (every one while they fit, then every few).
  const std::size_t every = std::max<std::size_t>(1, shown.size() / 24);
  std::string tics;
  for (std::size_t row = 0; row < shown.size(); row += every)
    tics += fmt::format("{}{} {}", tics.empty() ? "" : ", ", gnuplot_tic_label(view.tracks[shown[row]].name), row);
  s += fmt::format("set ytics ({}) noenhanced\nset ylabel \"\"\n", tics);
  std::string plots;
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    plots += fmt::format("{}{} index {} using 1:2:3:4:5:6 with boxxyerror lc rgb {} title {}",
                         plots.empty() ? "" : ", \\\n     ", b == 0 ? gnuplot_string(stem + ".dat") : "''", b,
                         gnuplot_string(colour_of(blocks[b])), gnuplot_string(std::string(activity_name(blocks[b]))));
  }
  f.script = fmt::format("{}plot {}\n", s, plots);
  f.data = std::move(data);
  return f;
}

}  // namespace scalerun::report
