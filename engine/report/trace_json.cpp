#include "report/trace_json.hpp"

#include <algorithm>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/encode.hpp"

namespace scalerun::report {

namespace {

constexpr double kMicro = 1e6;

class EventStream {
 public:
  explicit EventStream(std::ostream& os) : os_(os) {}
  void operator()(const nlohmann::json& event) {
    os_ << (first_ ? "\n" : ",\n") << json_text(event);
    first_ = false;
  }

 private:
  std::ostream& os_;
  bool first_ = true;
};

std::size_t events_of(const Timeline& t) {
  std::size_t n = 2 * t.flights.size();
  for (const Track& track : t.tracks) n += track.slices.size();
  return n;
}

// The point as written within `share` events: itself, or compacted with every k-th message.
Timeline within_share(const Timeline& t, std::size_t share, double& resolution) {
  resolution = 0;
  if (events_of(t) <= share) return t;
  const std::size_t tracks = std::max<std::size_t>(1, t.tracks.size());
  const int columns = static_cast<int>(std::clamp<std::size_t>(share * 3 / 4 / tracks, 20, 100'000));
  Timeline out = compact(t, columns);
  resolution = t.span / columns;
  const std::size_t keep = share / 4 / 2;  // a flight is two events
  if (!t.flights.empty() && keep > 0) {
    const std::size_t every = (t.flights.size() + keep - 1) / keep;
    for (std::size_t i = 0; i < t.flights.size(); i += every) out.flights.push_back(t.flights[i]);
  }
  out.flights_left_out = t.flights_left_out + t.flights.size() - out.flights.size();
  return out;
}

void write_point(EventStream& emit, int pid, const Section& section, const Timeline& original, std::size_t share) {
  double resolution = 0;
  const Timeline t = within_share(original, share, resolution);
  emit({{"ph", "M"}, {"name", "process_name"}, {"pid", pid}, {"tid", 0},
        {"args",
         {{"name", section.name + ": " + t.label + " (" + t.source + ")"},
          {"experiment", section.name},
          {"point", t.label},
          {"p", t.p},
          {"clock", t.clock},
          {"span_us", t.span * kMicro},
          {"truncated", t.truncated},
          {"exact", resolution == 0},
          {"resolution_us", resolution * kMicro},
          {"flights_left_out", t.flights_left_out}}}});
  emit({{"ph", "M"}, {"name", "process_sort_index"}, {"pid", pid}, {"tid", 0}, {"args", {{"sort_index", pid}}}});
  for (std::size_t k = 0; k < t.tracks.size(); ++k) {
    const Track& track = t.tracks[k];
    const int tid = static_cast<int>(k);
    emit({{"ph", "M"}, {"name", "thread_name"}, {"pid", pid}, {"tid", tid},
          {"args", {{"name", track.name}, {"accounted", track.accounted}}}});
    emit({{"ph", "M"}, {"name", "thread_sort_index"}, {"pid", pid}, {"tid", tid}, {"args", {{"sort_index", tid}}}});
    for (const Slice& s : track.slices) {
      const std::string_view what = activity_name(s.what);
      emit({{"ph", "X"}, {"name", what}, {"cat", what}, {"pid", pid}, {"tid", tid}, {"ts", s.start * kMicro},
            {"dur", s.length() * kMicro}});
    }
  }
  for (std::size_t i = 0; i < t.flights.size(); ++i) {
    const Flight& f = t.flights[i];
    const std::string id = std::to_string(pid) + "." + std::to_string(i);
    emit({{"ph", "s"}, {"name", "message"}, {"cat", "message"}, {"id", id}, {"pid", pid}, {"tid", f.from},
          {"ts", f.sent * kMicro}, {"args", {{"bytes", f.bytes}, {"to", f.to}}}});
    emit({{"ph", "f"}, {"bp", "e"}, {"name", "message"}, {"cat", "message"}, {"id", id}, {"pid", pid},
          {"tid", f.to}, {"ts", f.arrived * kMicro}});
  }
}

}  // namespace

std::size_t write_trace(std::ostream& os, const Context& ctx, std::span<const Section> sections, std::size_t budget) {
  os << "{\"displayTimeUnit\": \"ns\",\n\"otherData\": "
     << json_text(nlohmann::json{{"scalerun", ctx.scalerun_version},
                                 {"script", ctx.script_path},
                                 {"command_line", ctx.command_line},
                                 {"host", ctx.host},
                                 {"started_at", ctx.started_at}})
     << ",\n\"traceEvents\": [";
  EventStream emit(os);
  // Shares by water-filling: the smallest points whole, what they leave split among the rest.
  std::vector<std::size_t> events;
  for (const Section& section : sections)
    for (const Timeline& t : section.timelines) events.push_back(events_of(t));
  std::vector<std::size_t> order(events.size()), share(events.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return events[a] < events[b]; });
  std::size_t left = budget;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::size_t i = order[k];
    share[i] = std::min(events[i], left / (order.size() - k));
    left -= share[i];
  }
  int pid = 0;
  for (const Section& section : sections)
    for (const Timeline& t : section.timelines) {
      write_point(emit, pid + 1, section, t, share[static_cast<std::size_t>(pid)]);
      ++pid;
    }
  os << "\n]}\n";
  return static_cast<std::size_t>(pid);
}

}  // namespace scalerun::report
