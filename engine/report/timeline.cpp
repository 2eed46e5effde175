#include "report/timeline.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace scalerun::report {

std::string_view activity_name(Activity a) {
  switch (a) {
    case Activity::busy: return "busy";
    case Activity::serial: return "serial";
    case Activity::idle: return "idle";
    case Activity::sync: return "sync";
    case Activity::comm: return "comm";
    case Activity::latency: return "latency";
    case Activity::contention: return "contention";
    case Activity::io: return "io";
  }
  return "?";
}

double Track::total(Activity a) const {
  double sum = 0;
  for (const Slice& s : slices)
    if (s.what == a) sum += s.length();
  return sum;
}

double Timeline::total(Activity a) const {
  double sum = 0;
  for (const Track& t : tracks) sum += t.total(a);
  return sum;
}

double Timeline::busy_share() const {
  double busy = 0, all = 0;
  for (const Track& t : tracks)
    for (const Slice& s : t.slices) {
      all += s.length();
      if (s.what == Activity::busy) busy += s.length();
    }
  return all > 0 ? busy / all : 1.0;
}

void append_slice(Track& track, double start, double end, Activity what) {
  if (!(end > start)) return;
  if (!track.slices.empty()) {
    Slice& last = track.slices.back();
    if (last.what == what && last.end == start) {
      last.end = end;
      return;
    }
  }
  track.slices.push_back(Slice{start, end, what});
}

Timeline compact(const Timeline& t, int columns) {
  Timeline out = t;
  out.flights.clear();
  if (columns < 1 || !(t.span > 0)) return out;
  const double width = t.span / columns;
  for (std::size_t k = 0; k < t.tracks.size(); ++k) {
    Track& track = out.tracks[k];
    track.slices.clear();
    std::vector<std::array<double, kActivities>> filled(static_cast<std::size_t>(columns));
    std::vector<double> any(static_cast<std::size_t>(columns), 0.0);
    for (const Slice& s : t.tracks[k].slices) {
      // Spread the slice over the columns it covers.
      auto first = static_cast<int>(std::floor(s.start / width));
      auto last = static_cast<int>(std::floor(s.end / width));
      first = std::clamp(first, 0, columns - 1);
      last = std::clamp(last, 0, columns - 1);
      for (int c = first; c <= last; ++c) {
        const double lo = std::max(s.start, c * width), hi = std::min(s.end, (c + 1) * width);
        if (hi <= lo) continue;
        filled[static_cast<std::size_t>(c)][static_cast<std::size_t>(s.what)] += hi - lo;
        any[static_cast<std::size_t>(c)] += hi - lo;
      }
    }
    for (int c = 0; c < columns; ++c) {
      const auto& f = filled[static_cast<std::size_t>(c)];
      if (any[static_cast<std::size_t>(c)] <= 0) continue;  // nothing recorded here (between windows)
      const auto most = static_cast<std::size_t>(std::max_element(f.begin(), f.end()) - f.begin());
      append_slice(track, c * width, (c + 1) * width, static_cast<Activity>(most));
    }
  }
  return out;
}

}  // namespace scalerun::report
