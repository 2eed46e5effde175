// trace_check FILE.json [MIN_POINTS]: reads a --trace file as a Chrome Trace Event document and
// checks what a viewer and a user rely on, independently of how scalerun wrote it:
//   - the JSON object form: a traceEvents array of events with ph, pid, tid (and ts, dur for "X");
//   - every point (process) names itself and its span; every complete event lies inside [0, span];
//   - the slices of one thread do not overlap;
//   - per thread of a point written exactly (not compacted to fit the file's budget, not cut
//     short), the slices of each activity add up to what the mode's accounting counted for that
//     thread (its "accounted" metadata) within 1 % (and 1 us for sums near zero); at least one
//     point is exact;
//   - every flow ("s") has its end ("f") no earlier than its start.
// Prints one line per point; exits 1 on the first failure, naming it.

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

using nlohmann::json;

struct Thread {
  std::string name;
  std::map<std::string, double> accounted;  // seconds
  std::map<std::string, double> sums;       // microseconds
  std::vector<std::pair<double, double>> slices;
};

struct Point {
  std::string name;
  double span_us = -1;
  bool truncated = false;
  bool exact = true;
  std::map<long, Thread> threads;
  long events = 0;
};

[[noreturn]] void fail(const std::string& what) { throw std::runtime_error(what); }

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: trace_check FILE.json [MIN_POINTS]\n");
    return 2;
  }
  try {
    std::ifstream in(argv[1]);
    if (!in) fail(std::string("cannot read ") + argv[1]);
    const json doc = json::parse(in);
    if (!doc.is_object() || !doc.contains("traceEvents") || !doc["traceEvents"].is_array())
      fail("not a Trace Event document: no traceEvents array");
    std::map<long, Point> points;
    std::map<std::string, std::pair<double, double>> flows;  // id: start, end
    for (const json& e : doc["traceEvents"]) {
      for (const char* key : {"ph", "pid", "tid"})
        if (!e.contains(key)) fail("an event without " + std::string(key) + ": " + e.dump());
      const std::string ph = e["ph"];
      Point& point = points[e["pid"].get<long>()];
      Thread& thread = point.threads[e["tid"].get<long>()];
      if (ph == "M") {
        const std::string name = e["name"];
        if (name == "process_name") {
          point.name = e["args"]["name"];
          point.span_us = e["args"]["span_us"];
          point.truncated = e["args"]["truncated"];
          point.exact = e["args"]["exact"];
        } else if (name == "thread_name") {
          thread.name = e["args"]["name"];
          thread.accounted = e["args"]["accounted"].get<std::map<std::string, double>>();
        }
      } else if (ph == "X") {
        const double ts = e.at("ts"), dur = e.at("dur");
        if (!(dur >= 0)) fail("a negative duration: " + e.dump());
        thread.sums[e.at("cat").get<std::string>()] += dur;
        thread.slices.emplace_back(ts, ts + dur);
        ++point.events;
      } else if (ph == "s" || ph == "f") {
        auto& flow = flows[e.at("id").get<std::string>()];
        (ph == "s" ? flow.first : flow.second) = e.at("ts");
      } else {
        fail("an event of unexpected phase '" + ph + "'");
      }
    }
    const long want = argc > 2 ? std::stol(argv[2]) : 1;
    if (static_cast<long>(points.size()) < want)
      fail("expected at least " + std::to_string(want) + " points, found " + std::to_string(points.size()));
    std::size_t exact_points = 0;
    for (auto& [pid, point] : points) {
      if (point.span_us < 0) fail("point " + std::to_string(pid) + " has no process_name with span_us");
      const double eps = 1e-6 * point.span_us + 1e-3;  // rounding of microsecond doubles
      double busy_us = 0, accounted_busy_us = 0;
      for (auto& [tid, thread] : point.threads) {
        if (thread.slices.empty() && thread.name.empty()) continue;  // the process's own metadata slot
        std::sort(thread.slices.begin(), thread.slices.end());
        for (std::size_t i = 0; i < thread.slices.size(); ++i) {
          const auto [start, end] = thread.slices[i];
          if (start < -eps || end > point.span_us + eps)
            fail(point.name + ": " + thread.name + ": a slice [" + std::to_string(start) + ", " + std::to_string(end) +
                 "] us outside the run [0, " + std::to_string(point.span_us) + "]");
          if (i > 0 && start < thread.slices[i - 1].second - eps)
            fail(point.name + ": " + thread.name + ": slices overlap at " + std::to_string(start) + " us");
        }
        if (point.truncated || !point.exact) continue;
        for (const auto& [activity, seconds] : thread.accounted) {
          const double sum = thread.sums[activity], want_us = seconds * 1e6;
          if (std::abs(sum - want_us) > 0.01 * want_us + 1.0)
            fail(point.name + ": " + thread.name + ": " + activity + " slices add up to " + std::to_string(sum) +
                 " us, the accounting says " + std::to_string(want_us) + " us");
        }
        busy_us += thread.sums["busy"];
        accounted_busy_us += thread.accounted.count("busy") ? thread.accounted.at("busy") * 1e6 : 0;
      }
      const bool checked = !point.truncated && point.exact;
      if (checked && accounted_busy_us <= 0) fail(point.name + ": no thread accounts busy time");
      exact_points += checked;
      std::printf("%s: %zu tracks, %ld slices, span %.6g s, busy %.6g s (accounted %.6g s)%s\n", point.name.c_str(),
                  point.threads.size(), point.events, point.span_us * 1e-6, busy_us * 1e-6, accounted_busy_us * 1e-6,
                  point.truncated ? ", truncated" : !point.exact ? ", compacted" : "");
    }
    for (const auto& [id, flow] : flows)
      if (flow.second < flow.first) fail("message " + id + " arrives before it was sent");
    if (!points.empty() && exact_points == 0) fail("no point is written exactly: nothing to check the sums of");
    std::printf("trace_check: ok: %zu points (%zu exact), %zu messages\n", points.size(), exact_points, flows.size());
    return 0;
  } catch (const std::exception& e) {
    std::printf("trace_check: FAIL: %s\n", e.what());
    return 1;
  }
}
