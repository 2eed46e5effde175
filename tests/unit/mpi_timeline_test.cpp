// The timeline of a measured MPI job from its ranks' traces (measure/rank_trace, study/mpi_timeline):
// the trace file read back, calls and the work between them as slices, one origin on one host.
// A real job's traces are checked in mpi_measurement_test.cpp.

#include <catch2/catch.hpp>

#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "measure/rank_trace.hpp"
#include "measure/temp_folder.hpp"
#include "study/mpi_timeline.hpp"

namespace {

using namespace scalerun;
using report::Activity;

// A rank's record with the figures the timeline accounts by.
measure::RankRecord rank_record(int rank, const std::string& host, double busy, double p2p, double wait,
                                double collective, double barrier) {
  measure::RankRecord r;
  r.rank = rank;
  r.host = host;
  r.ended_by = "finalize";
  r.figures = {{"busy", busy}, {"point_to_point", p2p}, {"wait", wait}, {"collective", collective},
               {"barrier", barrier}};
  return r;
}

// Rank 0 from 100 s: works 1 s, sends for 0.5 s, works 1 s, reduces for 0.25 s, works 0.25 s.
constexpr const char* kRank0 =
    "100 103 0\n"
    "point_to_point 101 101.5\n"
    "collective 102.5 102.75\n";
// Rank 1 starts 0.5 s later, waits 0.5 s, then 1 s in a barrier, and works 1 s.
constexpr const char* kRank1 =
    "100.5 103 0\n"
    "wait 100.5 101\n"
    "barrier 101 102\n";

std::optional<measure::RankTrace> parsed(const char* text) { return measure::parse_rank_trace(text); }

}  // namespace

TEST_CASE("mpi trace: a rank's trace file reads back, a malformed one does not", "[mpi]") {
  const measure::TempFolder dir("scalerun-trace-test");
  std::ofstream(dir.path() + "/rank-0.trace") << kRank0;
  std::ofstream(dir.path() + "/rank-2.trace") << "100 103 0\nsend 101 102\n";
  const auto traces = measure::read_rank_traces(dir.path(), 3);
  REQUIRE(traces.size() == 3);
  REQUIRE(traces[0]);
  CHECK(traces[0]->init_exit == 100);
  CHECK(traces[0]->finalize == 103);
  CHECK(traces[0]->dropped == 0);
  REQUIRE(traces[0]->calls.size() == 2);
  CHECK(traces[0]->calls[1].kind == measure::CallKind::collective);
  CHECK(traces[0]->calls[1].start == 102.5);
  CHECK(traces[0]->calls[1].end == 102.75);
  CHECK_FALSE(traces[1]);  // missing
  CHECK_FALSE(traces[2]);  // an unknown kind
  CHECK_FALSE(parsed(""));
  CHECK_FALSE(parsed("100 103\n"));
  CHECK_FALSE(parsed("100 103 0\nwait 101\n"));
  CHECK(parsed("1.5e2 1.6e2 7\n")->dropped == 7);
}

TEST_CASE("mpi trace: ranks on one host share the earliest MPI_Init as origin; work between calls is busy", "[mpi]") {
  const std::vector<measure::RankRecord> ranks{rank_record(0, "node-a", 2.25, 0.5, 0, 0.25, 0),
                                               rank_record(1, "node-a", 1, 0, 0.5, 0, 1)};
  const report::Timeline t = study::mpi_timeline(ranks, {parsed(kRank0), parsed(kRank1)});
  CHECK(t.source == "MPI ranks");
  CHECK(t.clock == "wall");
  CHECK(t.p == 2);
  CHECK(t.span == 3);
  CHECK_FALSE(t.truncated);
  REQUIRE(t.tracks.size() == 2);
  CHECK(t.tracks[0].name == "rank 0 (node-a)");
  const std::vector<report::Slice>& s0 = t.tracks[0].slices;
  REQUIRE(s0.size() == 5);
  CHECK(s0[1].what == Activity::comm);
  CHECK(s0[1].start == 1);
  CHECK(s0[3].what == Activity::sync);
  CHECK(s0[4].end == 3);
  // Rank 1 starts half a second after rank 0, in its wait, and goes from there into the barrier.
  const std::vector<report::Slice>& s1 = t.tracks[1].slices;
  REQUIRE(s1.size() == 3);
  CHECK(s1[0].start == 0.5);
  CHECK(s1[0].what == Activity::comm);
  CHECK(s1[1].what == Activity::sync);
  CHECK(s1[2].what == Activity::busy);
  for (const report::Track& track : t.tracks) {
    INFO(track.name);
    CHECK(track.total(Activity::busy) == Approx(track.accounted.at("busy")));
    CHECK(track.total(Activity::comm) == Approx(track.accounted.at("comm")));
    CHECK(track.total(Activity::sync) == Approx(track.accounted.at("sync")));
  }
}

TEST_CASE("mpi trace: ranks on different hosts start at their own MPI_Init; a dropped call truncates", "[mpi]") {
  const std::vector<measure::RankRecord> ranks{rank_record(0, "node-a", 2.25, 0.5, 0, 0.25, 0),
                                               rank_record(1, "node-b", 1, 0, 0.5, 0, 1)};
  const report::Timeline t = study::mpi_timeline(ranks, {parsed(kRank0), parsed(kRank1)});
  CHECK(t.tracks[1].slices.front().start == 0);
  CHECK(t.span == 3);
  CHECK_FALSE(t.truncated);

  // Past the cap the calls are unknown, so the track ends at its last kept call.
  const report::Timeline capped =
      study::mpi_timeline(ranks, {parsed("100 103 4\npoint_to_point 101 101.5\n"), std::nullopt});
  CHECK(capped.truncated);
  CHECK(capped.tracks[0].slices.back().end == 1.5);
  CHECK(capped.tracks[1].slices.empty());
  CHECK(capped.tracks[1].accounted.at("busy") == 1);
}
