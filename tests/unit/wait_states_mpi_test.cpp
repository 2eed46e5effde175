#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "measure/mpi_launch.hpp"
#include "study/experiment.hpp"
#include "study/mpi_measurement.hpp"
#include "study/mpi_profile_reports.hpp"

// Wait states of a real MPI job (tests/programs/mpi_waits.cpp, two ranks under Open MPI's
// mpirun) against the moments the program itself marks on the same clock: each cause within
// 2 ms + 2 % of what the program constructed, and the idle time of the overhead split is the
// waiting, not the time inside MPI calls by kind.

namespace {

namespace study = scalerun::study;

std::map<std::string, double> read_marks(const std::filesystem::path& file) {
  std::map<std::string, double> marks;
  std::ifstream in(file);
  std::string name;
  double t = 0;
  while (in >> name >> t) marks[name] = t;
  return marks;
}

}  // namespace

TEST_CASE("wait states of a real MPI job are the waits its program constructed") {
  const auto dir = std::filesystem::temp_directory_path() / ("scalerun-waits-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  study::MachineSpec machine;
  machine.name = "localhost";
  machine.hosts = {"localhost"};
  machine.launcher = scalerun::measure::Launcher{};
  machine.launcher->oversubscribe = true;
  study::KernelSpec kernel;
  kernel.name = "mpi_waits";
  kernel.mpi = std::string(SCALERUN_TEST_PROGRAMS) + "/mpi_waits " + dir.string();
  const study::Measurement m = study::measure_mpi(kernel, machine, {}, 2, study::MeasureSettings{0, 1}, "test: ");
  REQUIRE(m.ranks.size() == 2);
  const auto r0 = read_marks(dir / "marks-0.txt");
  const auto r1 = read_marks(dir / "marks-1.txt");
  REQUIRE(r0.size() == 11);
  REQUIRE(r1.size() == 10);
  const auto& w0 = m.ranks[0];
  const auto& w1 = m.ranks[1];
  INFO("wait states: " << w0.wait_states);
  REQUIRE(w0.wait_states.empty());
  const auto within = [](double got, double constructed) {
    INFO("measured " << got << " s, constructed " << constructed << " s");
    CHECK(std::abs(got - constructed) <= 2e-3 + 0.02 * constructed);
  };
  const double late_sender = (r1.at("A_send") - r0.at("A_enter")) + (r1.at("C_send") - r0.at("C_enter")) +
                             (r1.at("I_send") - r0.at("I_enter"));
  within(w0.figures.at("late_sender"), late_sender);
  within(w0.figures.at("late_receiver"), r1.at("B_post") - r0.at("B_enter"));
  within(w0.figures.at("polling"), r0.at("D_done") - r0.at("D_enter"));
  within(w0.figures.at("wait_at_barrier"), r1.at("E_last") - r0.at("E_enter"));
  within(w0.figures.at("late_broadcast"), r1.at("G_root") - r0.at("G_enter"));
  within(w0.figures.at("early_reduce"), r1.at("H_last") - r0.at("H_enter"));
  within(w0.figures.at("wait_at_collective"), 0);
  within(w1.figures.at("wait_at_collective"), r0.at("F_last") - r1.at("F_enter"));
  for (const char* other : {"late_sender", "late_receiver", "wait_at_barrier", "late_broadcast", "early_reduce"})
    within(w1.figures.at(other), 0);
  // The sleeping rank waits for nothing; the split's idle time is the ranks' waiting (and the
  // time a rank ended before the job), and the rest of the MPI time is primitive.
  REQUIRE(m.instrumentation.sums);
  const double constructed_wait = late_sender + (r1.at("B_post") - r0.at("B_enter")) +
                                  (r0.at("D_done") - r0.at("D_enter")) + (r1.at("E_last") - r0.at("E_enter")) +
                                  (r1.at("G_root") - r0.at("G_enter")) + (r1.at("H_last") - r0.at("H_enter")) +
                                  (r0.at("F_last") - r1.at("F_enter"));
  double ended_early = 0, in_mpi = 0;
  for (const auto& r : m.ranks) {
    const auto& f = r.figures;
    ended_early += std::max(0.0, m.median - f.at("wall"));
    in_mpi += f.at("point_to_point") + f.at("collective") + f.at("wait") + f.at("barrier");
  }
  within(m.instrumentation.sums->idle - ended_early, constructed_wait);
  CHECK(m.instrumentation.sums->primitive == Approx(in_mpi - (m.instrumentation.sums->idle - ended_early)).margin(1e-9));

  // The profile: calls and bytes per MPI function as the program makes them (rank 0: 3 MPI_Recv,
  // one of 8000 bytes and two of 80; rank 1: one of 8000; MPI_Send only on rank 1: 8000 bytes
  // and five of 80).
  const auto calls = [&](const char* function) {
    double n = 0;
    for (const auto& r : m.ranks) n += r.functions.count(function) != 0 ? r.functions.at(function).calls : 0;
    return n;
  };
  const auto bytes = [&](const char* function) {
    double n = 0;
    for (const auto& r : m.ranks) n += r.functions.count(function) != 0 ? r.functions.at(function).bytes : 0;
    return n;
  };
  CHECK(calls("MPI_Recv") == 4);
  CHECK(bytes("MPI_Recv") == 16160);
  CHECK(calls("MPI_Send") == 6);
  CHECK(bytes("MPI_Send") == 8400);
  CHECK(calls("MPI_Ssend") == 1);
  CHECK(calls("MPI_Irecv") == 3);
  CHECK(calls("MPI_Barrier") == 2);
  CHECK(calls("MPI_Test") >= 1);
  // Every function's time adds up to the rank's time inside MPI.
  for (const auto& r : m.ranks) {
    double in_functions = 0;
    for (const auto& [name, f] : r.functions) in_functions += f.seconds;
    const auto& f = r.figures;
    CHECK(in_functions == Approx(f.at("point_to_point") + f.at("collective") + f.at("wait") + f.at("barrier")));
  }
  // Message sizes (sent): rank 1's 8000-byte message in [4 KiB, 8 KiB), its five 80-byte ones in
  // [64, 128): buckets 13 and 7; rank 0's 8000-byte MPI_Ssend in bucket 13 too.
  REQUIRE(m.ranks[1].message_sizes.size() > 13);
  CHECK(m.ranks[1].message_sizes[7] == 5);
  CHECK(m.ranks[1].message_sizes[13] == 1);
  CHECK(m.ranks[0].message_sizes[13] == 1);
  // The region: phase A on each rank, its time and time inside MPI as the program's own marks say.
  within(m.ranks[0].regions.at("phase A").at("seconds"), r0.at("A_end") - r0.at("A_enter"));
  within(m.ranks[0].regions.at("phase A").at("mpi"), r0.at("A_end") - r0.at("A_enter"));
  within(m.ranks[1].regions.at("phase A").at("seconds"), r1.at("A_end") - r1.at("A_begin"));
  CHECK(m.ranks[1].regions.at("phase A").at("mpi") < 0.01);
  CHECK(m.ranks[1].values.at("rank_plus_one") == 2);
  // The profile and regions tables show them: one row per function and per region, per point.
  study::ExperimentSpec spec;
  spec.name = "waits";
  study::MeasuredSweep sweep;
  sweep.spec = &spec;
  study::MeasuredPoint pt;
  pt.p = 2;
  pt.ranks = m.ranks;
  sweep.points.push_back(pt);
  const auto tables = study::mpi_profile_tables(sweep);
  REQUIRE(tables.size() == 2);
  CHECK(tables[0].name == "profile");
  CHECK(tables[1].name == "regions");
  CHECK(tables[1].rows.size() == 1);
  std::filesystem::remove_all(dir);
}
