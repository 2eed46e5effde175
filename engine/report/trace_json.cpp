#include "report/trace_json.hpp"

#include <nlohmann/json.hpp>

namespace scalerun::report {

namespace {

constexpr double kMicro = 1e6;

class EventStream {
 public:
  explicit EventStream(std::ostream& os) : os_(os) {}
  void operator()(const nlohmann::json& event) {
    os_ << (first_ ? "\n" : ",\n") << event.dump();
    first_ = false;
  }

 private:
  std::ostream& os_;
  bool first_ = true;
};

void write_point(EventStream& emit, int pid, const Section& section, const Timeline& t) {
  emit({{"ph", "M"}, {"name", "process_name"}, {"pid", pid}, {"tid", 0},
        {"args",
         {{"name", section.name + ": " + t.label + " (" + t.source + ")"},
          {"experiment", section.name},
          {"point", t.label},
          {"p", t.p},
          {"clock", t.clock},
          {"span_us", t.span * kMicro},
          {"truncated", t.truncated},
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

std::size_t write_trace(std::ostream& os, const Context& ctx, std::span<const Section> sections) {
  os << "{\"displayTimeUnit\": \"ns\",\n\"otherData\": "
     << nlohmann::json{{"scalerun", ctx.scalerun_version}, {"script", ctx.script_path},
                       {"command_line", ctx.command_line}, {"host", ctx.host}, {"started_at", ctx.started_at}}
            .dump()
     << ",\n\"traceEvents\": [";
  EventStream emit(os);
  int pid = 0;
  for (const Section& section : sections)
    for (const Timeline& t : section.timelines) write_point(emit, ++pid, section, t);
  os << "\n]}\n";
  return static_cast<std::size_t>(pid);
}

}  // namespace scalerun::report
