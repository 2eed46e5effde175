// Timelines as data: slices, compaction for figures, the Chrome trace written from them, and the
// Gantt figure's data and script (not its pixels).

#include <sstream>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "report/timeline.hpp"
#include "report/timeline_figure.hpp"
#include "report/trace_json.hpp"

using namespace scalerun::report;

namespace {

// Two workers over 10 ms: worker 0 busy 8 ms then idle; worker 1 idle 2 ms, busy 6 ms, sync 2 ms.
Timeline two_workers(double p = 2) {
  Timeline t;
  t.label = "p=2";
  t.source = "TBB workers";
  t.clock = "wall";
  t.span = 0.010;
  t.p = p;
  Track a{"worker 0", {}, {{"busy", 0.008}}};
  append_slice(a, 0, 0.004, Activity::busy);
  append_slice(a, 0.004, 0.008, Activity::busy);  // touching: merged into one
  append_slice(a, 0.008, 0.010, Activity::idle);
  Track b{"worker 1", {}, {{"busy", 0.006}}};
  append_slice(b, 0, 0.002, Activity::idle);
  append_slice(b, 0.002, 0.008, Activity::busy);
  append_slice(b, 0.008, 0.010, Activity::sync);
  append_slice(b, 0.010, 0.010, Activity::busy);  // empty: dropped
  t.tracks = {a, b};
  return t;
}

}  // namespace

TEST_CASE("timeline: touching slices of one activity merge, empty ones are dropped", "[timeline]") {
  const Timeline t = two_workers();
  CHECK(t.tracks[0].slices.size() == 2);
  CHECK(t.tracks[1].slices.size() == 3);
  CHECK(t.tracks[0].total(Activity::busy) == Approx(0.008));
  CHECK(t.total(Activity::busy) == Approx(0.014));
  CHECK(t.busy_share() == Approx(0.7));
}

TEST_CASE("timeline: compacting keeps each column's dominant activity", "[timeline]") {
  const Timeline c = compact(two_workers(), 10);  // 1 ms columns
  REQUIRE(c.tracks.size() == 2);
  const Track& w1 = c.tracks[1];
  REQUIRE(w1.slices.size() == 3);
  CHECK(w1.slices[0].what == Activity::idle);
  CHECK(w1.slices[0].end == Approx(0.002));
  CHECK(w1.slices[1].what == Activity::busy);
  CHECK(w1.slices[2].what == Activity::sync);
  // A slice shorter than a column loses it to the activity that filled most of the column.
  Timeline spiky = two_workers();
  spiky.tracks[0].slices = {{0, 0.0004, Activity::busy}, {0.0004, 0.010, Activity::idle}};
  CHECK(compact(spiky, 10).tracks[0].slices.size() == 1);
  CHECK(compact(spiky, 10).tracks[0].slices[0].what == Activity::idle);
}

TEST_CASE("trace: every slice is a complete event inside its point, with the accounting beside it", "[timeline]") {
  Section s("study", "experiment");
  s.timelines = {two_workers(), two_workers(4)};
  s.timelines[1].flights = {{0, 1, 0.001, 0.003, 64}};
  std::ostringstream os;
  Context ctx;
  ctx.scalerun_version = "test";
  CHECK(write_trace(os, ctx, std::span<const Section>(&s, 1)) == 2);
  const nlohmann::json doc = nlohmann::json::parse(os.str());
  REQUIRE(doc["traceEvents"].is_array());
  int complete = 0, flows = 0, names = 0;
  double busy_us[3][2] = {};
  for (const auto& e : doc["traceEvents"]) {
    const int pid = e["pid"], tid = e["tid"];
    if (e["ph"] == "X") {
      ++complete;
      CHECK(e["ts"].get<double>() >= 0);
      CHECK(e["ts"].get<double>() + e["dur"].get<double>() <= 10000.0 + 1e-9);
      CHECK(e["name"] == e["cat"]);
      if (e["cat"] == "busy") busy_us[pid][tid] += e["dur"].get<double>();
    } else if (e["ph"] == "s" || e["ph"] == "f") {
      ++flows;
      CHECK(e["id"] == "2.0");
    } else if (e["name"] == "process_name") {
      ++names;
      CHECK(e["args"]["span_us"].get<double>() == Approx(10000));
      CHECK(e["args"]["clock"] == "wall");
    } else if (e["name"] == "thread_name") {
      CHECK(e["args"]["accounted"].contains("busy"));
    }
  }
  CHECK(complete == 2 * 5);
  CHECK(flows == 2);
  CHECK(names == 2);
  CHECK(busy_us[1][0] == Approx(8000));
  CHECK(busy_us[2][1] == Approx(6000));
}

TEST_CASE("trace: a run without timelines is an empty but valid document", "[timeline]") {
  const Section s("model-only", "experiment");
  std::ostringstream os;
  CHECK(write_trace(os, Context{}, std::span<const Section>(&s, 1)) == 0);
  CHECK(nlohmann::json::parse(os.str())["traceEvents"].empty());
}

TEST_CASE("timeline figure: the least busy point, one block per activity, rows named after the tracks", "[timeline][figure]") {
  Section s("study", "experiment");
  Timeline busy = two_workers(1);
  busy.label = "p=1";
  busy.tracks[1].slices = {{0, 0.010, Activity::busy}};
  s.timelines = {busy, two_workers(2)};
  const Timeline* shown = telling_timeline(s);
  REQUIRE(shown != nullptr);
  CHECK(shown->label == "p=2");
  const auto f = timeline_figure(s, *shown, "study__timeline", FigureFormat::svg);
  REQUIRE(f);
  CHECK(f->table == kTimeline);
  // Blocks in activity order: busy, idle, sync; each box "x y x_low x_high y_low y_high" in ms.
  CHECK(f->data.find("# busy\n") == 0);
  CHECK(f->data.find("\n\n\n# idle\n") != std::string::npos);
  CHECK(f->data.find("\n\n\n# sync\n") != std::string::npos);
  CHECK(f->data.find("4\t0\t0\t8\t-0.4\t0.4\n") != std::string::npos);  // worker 0 busy 0..8 ms
  CHECK(f->script.find("with boxxyerror") != std::string::npos);
  CHECK(f->script.find("index 2 using 1:2:3:4:5:6") != std::string::npos);
  CHECK(f->script.find("set xlabel 'time (ms)'") != std::string::npos);
  CHECK(f->script.find("set ytics ('worker 0' 0, 'worker 1' 1)") != std::string::npos);
  CHECK(f->script.find("title 'idle'") != std::string::npos);
  CHECK(f->script.find("set output 'study__timeline.svg'") != std::string::npos);
}

TEST_CASE("trace: a point beyond its share of the budget is written compacted, the small ones exact", "[timeline]") {
  Section s("study", "experiment");
  Timeline big = two_workers(8);
  big.tracks[0].slices.clear();
  for (int i = 0; i < 1000; ++i)  // 2000 alternating slices of 5 us
    append_slice(big.tracks[0], i * 1e-5, i * 1e-5 + 5e-6, i % 2 ? Activity::busy : Activity::sync);
  for (int i = 0; i < 400; ++i) big.flights.push_back({0, 1, i * 1e-5, i * 1e-5 + 1e-6, 8});
  s.timelines = {two_workers(), big};
  std::ostringstream os;
  write_trace(os, Context{}, std::span<const Section>(&s, 1), 400);
  const nlohmann::json doc = nlohmann::json::parse(os.str());
  std::size_t events[3] = {}, flows = 0, left_out = 0;
  bool exact[3] = {};
  for (const auto& e : doc["traceEvents"]) {
    const int pid = e["pid"];
    if (e["ph"] == "X") ++events[pid];
    if (e["ph"] == "s") ++flows;
    if (e["name"] == "process_name") {
      exact[pid] = e["args"]["exact"];
      if (!exact[pid]) {
        CHECK(e["args"]["resolution_us"].get<double>() > 0);
        left_out = e["args"]["flights_left_out"];
      }
    }
  }
  CHECK(exact[1]);
  CHECK(events[1] == 5);
  CHECK_FALSE(exact[2]);
  CHECK(events[2] + 2 * flows <= 400 - 5);  // within what the small point left
  CHECK(flows > 0);
  CHECK(left_out == 400 - flows);
}
