// The timeline of a simulated run (sim/timeline_recorder): every processor's slices lie in the
// run, never overlap, add up to what the simulator charged it, messages arrive after they were
// sent, and recording changes nothing of the run.

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "report/timeline.hpp"
#include "script_fixture.hpp"
#include "sim_fixture.hpp"

namespace {

using namespace scalerun;
using testing::FormulaNetwork;
using testing::ProgramRunner;

// Compute of uneven length, a serial part, point-to-point messages that queue on a shared medium,
// and every kind of collective, on a processor count that is not a power of two.
const char* const kProgram = R"(
  for i = 1, 3 do
    ctx:compute(1000 * ((ctx.rank * 3 + i) % 4 + 1))
    if ctx.rank == 0 then
      ctx:serial(500)
      for j = 1, ctx.size - 1 do ctx:recv(ctx.any, "part") end
    else
      ctx:send(0, 2000 * ctx.rank, "part")
    end
    ctx:send(ctx.rank, 8, "self")
    ctx:recv(ctx.rank, "self")
    ctx:broadcast(64, 0, i)
    ctx:allreduce(8, ctx.rank)
    ctx:alltoall(100)
    ctx:allgather(50)
    ctx:reduce(8, 1, ctx.rank)
    ctx:barrier()
  end)";
constexpr int kP = 6;
constexpr double kOverhead = 1e-5;

sim::RunResult run(report::Timeline* timeline, sim::TimelineCaps caps = {}) {
  ProgramRunner runner;
  FormulaNetwork net(kP, 2e-5, 1e7, true);
  return runner.run(kProgram, kP, net, kOverhead, 1e6, timeline, caps);
}

}  // namespace

TEST_CASE("sim timeline: slices lie in the run, never overlap and add up to the processor's accounting", "[sim]") {
  report::Timeline t;
  const sim::RunResult r = run(&t);
  CHECK(t.source == "simulated processors");
  CHECK(t.clock == "simulated");
  CHECK(t.p == kP);
  CHECK(t.span == r.makespan);
  CHECK_FALSE(t.truncated);
  REQUIRE(t.tracks.size() == static_cast<std::size_t>(kP));
  for (std::size_t k = 0; k < t.tracks.size(); ++k) {
    const report::Track& track = t.tracks[k];
    INFO(track.name);
    CHECK(track.name == "processor " + std::to_string(k));
    double covered = 0, previous_end = 0;
    for (const report::Slice& s : track.slices) {
      CHECK(s.start >= previous_end);
      CHECK(s.end > s.start);
      CHECK(s.end <= t.span);
      previous_end = s.end;
      covered += s.length();
    }
    // A processor is always doing something until its program returns.
    CHECK(covered == Approx(r.procs[k].finish).epsilon(1e-12));
    for (int a = 0; a < report::kActivities; ++a) {
      const auto what = static_cast<report::Activity>(a);
      const auto it = track.accounted.find(std::string(report::activity_name(what)));
      const double accounted = it == track.accounted.end() ? 0.0 : it->second;
      INFO(report::activity_name(what) << ": slices " << track.total(what) << ", accounted " << accounted);
      CHECK(std::abs(track.total(what) - accounted) <= 1e-9 * accounted + 1e-15 * t.span);
    }
  }
  // Every overhead of the breakdown shows somewhere.
  for (const report::Activity a : {report::Activity::busy, report::Activity::serial, report::Activity::idle,
                                   report::Activity::latency, report::Activity::contention, report::Activity::comm}) {
    CHECK(t.total(a) > 0);
  }
}

TEST_CASE("sim timeline: each message between processors is a flight that arrives after it was sent", "[sim]") {
  report::Timeline t;
  const sim::RunResult r = run(&t);
  // The messages to oneself never enter the network: one per processor and round.
  CHECK(static_cast<long>(t.flights.size()) == r.messages - 3 * kP);
  CHECK(t.flights_left_out == 0);
  for (const report::Flight& f : t.flights) {
    CHECK(f.from != f.to);
    CHECK(f.to >= 0);
    CHECK(f.to < kP);
    CHECK(f.sent <= f.arrived);
    CHECK(f.arrived <= t.span);
  }
}

TEST_CASE("sim timeline: recording changes nothing of the run", "[sim]") {
  report::Timeline t;
  const sim::RunResult recorded = run(&t);
  const sim::RunResult plain = run(nullptr);
  CHECK(recorded.makespan == plain.makespan);
  CHECK(recorded.events == plain.events);
  CHECK(recorded.messages == plain.messages);
  REQUIRE(recorded.procs.size() == plain.procs.size());
  for (std::size_t i = 0; i < plain.procs.size(); ++i) CHECK(testing::same_stats(recorded.procs[i], plain.procs[i]));
}

TEST_CASE("sim timeline: past its caps a run keeps the first slices and flights and says so", "[sim]") {
  report::Timeline t;
  const sim::RunResult r = run(&t, sim::TimelineCaps{5, 10});
  CHECK(t.truncated);
  for (const report::Track& track : t.tracks) CHECK(track.slices.size() <= 5);
  CHECK(t.flights.size() == 10);
  CHECK(static_cast<long>(t.flights.size() + t.flights_left_out) == r.messages - 3 * kP);
}

TEST_CASE("simulate mode keeps the real network's timeline of each point when the session records them", "[sim]") {
  const std::string script = R"(
    local m = machine { name = "bus", speed = 1e6,
                        network = { kind = "bus", bandwidth = 1e6, latency = 1e-5, overhead = 1e-4 } }
    local k = kernel { name = "ring", params = { n = 1e5 }, program = function(ctx, k)
      ctx:compute(k.n / ctx.size)
      ctx:send((ctx.rank + 1) % ctx.size, 1000)
      ctx:recv(ctx.any)
      ctx:allreduce(8, 1)
    end }
    experiment { name = "ring", machine = m, kernel = k, procs = { 1, 2, 4 }, mode = "simulate" }
  )";
  study::SessionOptions options;
  options.record_timelines = true;
  const lua::RunOutcome out = testing::run_source(script, options);
  REQUIRE(out.sections.size() == 1);
  const auto& timelines = out.sections.front().timelines;
  REQUIRE(timelines.size() == 3);
  CHECK(timelines[0].label == "p=1");
  CHECK(timelines[2].label == "p=4");
  CHECK(timelines[2].tracks.size() == 4);
  CHECK(timelines[2].clock == "simulated");
  CHECK(timelines[2].total(report::Activity::contention) >= 0);
  CHECK(timelines[2].total(report::Activity::comm) > 0);  // the bus's software overhead

  CHECK(testing::run_source(script).sections.front().timelines.empty());
}
