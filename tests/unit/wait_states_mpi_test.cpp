#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

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

// A rank's marks file: "phase NAME WAITER CAUSE" lines, and "NAME enter|late SECONDS" or
// "NAME SECONDS" marks.
struct Marks {
  std::map<std::string, double> at;  // "A enter", "A_begin", ...
  struct Phase {
    std::string name, cause;
    int waiter = 0;
  };
  std::vector<Phase> phases;
};

Marks read_marks(const std::filesystem::path& file) {
  Marks marks;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.size() == 4 && w[0] == "phase") {
      marks.phases.push_back({w[1], w[3], std::stoi(w[2])});
    } else if (w.size() == 3) {
      marks.at[w[0] + " " + w[1]] = std::stod(w[2]);
    } else if (w.size() == 2) {
      marks.at[w[0]] = std::stod(w[1]);
    }
  }
  return marks;
}

}  // namespace

// The MPIs the tests run jobs under: Open MPI's mpirun, and MPICH's mpiexec where the build has
// the library and programs for it (CI installs both).
std::vector<std::pair<std::string, std::string>> flavours() {
  std::vector<std::pair<std::string, std::string>> kinds{{"mpirun", SCALERUN_TEST_PROGRAMS}};
#ifdef SCALERUN_TEST_MPICH
  kinds.emplace_back("mpich", std::string(SCALERUN_TEST_PROGRAMS) + "/mpich");
#endif
  return kinds;
}

TEST_CASE("wait states of a real MPI job are the waits its program constructed", "[wall]") {
  const auto [launcher, programs] = GENERATE(from_range(flavours()));
  INFO("launcher kind " << launcher);
  const auto dir = std::filesystem::temp_directory_path() / ("scalerun-waits-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  study::MachineSpec machine;
  machine.name = "localhost";
  machine.hosts = {"localhost"};
  machine.launcher = scalerun::measure::Launcher{};
  machine.launcher->kind = launcher;
  machine.launcher->command = scalerun::measure::default_command(launcher);
  machine.launcher->oversubscribe = true;
  study::KernelSpec kernel;
  kernel.name = "mpi_waits";
  kernel.mpi = programs + "/mpi_waits " + dir.string();
  const study::Measurement m = study::measure_mpi(kernel, machine, {}, 2, study::MeasureSettings{0, 1}, "test: ");
  REQUIRE(m.ranks.size() == 2);
  const Marks marks[2] = {read_marks(dir / "marks-0.txt"), read_marks(dir / "marks-1.txt")};
  REQUIRE(marks[0].phases.size() == 25);
  REQUIRE(marks[0].phases.size() == marks[1].phases.size());
  INFO("wait states: " << m.ranks[0].wait_states);
  REQUIRE(m.ranks[0].wait_states.empty());
  // What each rank waited for each cause, as the program constructed it: per phase, the late
  // rank's mark minus the waiter's.
  std::map<std::pair<int, std::string>, double> constructed;
  double constructed_total = 0;
  for (const auto& phase : marks[0].phases) {
    if (phase.cause == "none") continue;
    const double wait = marks[1 - phase.waiter].at.at(phase.name + " late") - marks[phase.waiter].at.at(phase.name + " enter");
    INFO("phase " << phase.name);
    CHECK(wait > 0.02);  // every phase makes its waiter wait
    constructed[{phase.waiter, phase.cause}] += wait;
    constructed_total += wait;
  }
  const auto within = [](double got, double expected) {
    INFO("measured " << got << " s, constructed " << expected << " s");
    CHECK(std::abs(got - expected) <= 2e-3 + 0.02 * expected);
  };
  for (int r = 0; r < 2; ++r) {
    for (const char* cause : {"late_sender", "late_receiver", "wait_at_barrier", "wait_at_collective",
                              "late_broadcast", "early_reduce", "polling"}) {
      INFO("rank " << r << ", " << cause);
      const auto it = constructed.find({r, cause});
      within(m.ranks[static_cast<std::size_t>(r)].figures.at(cause), it == constructed.end() ? 0.0 : it->second);
    }
  }
  const auto& r0 = marks[0].at;
  const auto& r1 = marks[1].at;
  // The split's idle time is the ranks' waiting (and the time a rank ended before the job); the
  // rest of the MPI time is primitive.
  REQUIRE(m.instrumentation.sums);
  double ended_early = 0, in_mpi = 0;
  for (const auto& r : m.ranks) {
    const auto& f = r.figures;
    ended_early += std::max(0.0, m.median - f.at("wall"));
    in_mpi += f.at("point_to_point") + f.at("collective") + f.at("wait") + f.at("barrier") + f.at("one_sided") + f.at("io");
  }
  within(m.instrumentation.sums->idle - ended_early, constructed_total);
  CHECK(m.instrumentation.sums->primitive == Approx(in_mpi - (m.instrumentation.sums->idle - ended_early)).margin(1e-9));
  // The profile: calls and bytes per MPI function as the program makes them. MPI_Send only on
  // rank 1: one of 8000 bytes (phase A) and 19 of 80; MPI_Recv: rank 0's 10 (one of 8000 bytes,
  // nine of 80), rank 1's two (8000 and 80).
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
  CHECK(calls("MPI_Send") == 20);
  CHECK(bytes("MPI_Send") == 8000 + 19 * 80);
  CHECK(calls("MPI_Recv") == 12);
  CHECK(bytes("MPI_Recv") == 16000 + 10 * 80);
  CHECK(calls("MPI_Ssend") == 2);
  CHECK(calls("MPI_Irecv") == 9);
  CHECK(calls("MPI_Barrier") == 2);
  CHECK(calls("MPI_Test") >= 1);
  // Every function's time adds up to the rank's time inside MPI.
  for (const auto& r : m.ranks) {
    double in_functions = 0;
    for (const auto& [name, f] : r.functions) in_functions += f.seconds;
    const auto& f = r.figures;
    CHECK(in_functions == Approx(f.at("point_to_point") + f.at("collective") + f.at("wait") + f.at("barrier") + f.at("one_sided") + f.at("io")));
  }
  // Message sizes (sent): 8000 bytes in [4 KiB, 8 KiB) (bucket 13), 80 in [64, 128) (bucket 7).
  // Rank 1: one of 8000, 19 + 1 (Sendrecv_replace) + 1 (Ssend of phase O) of 80; rank 0: the
  // 8000-byte MPI_Ssend, the Issend and the Sendrecv_replace of 80.
  REQUIRE(m.ranks[1].message_sizes.size() > 13);
  CHECK(m.ranks[1].message_sizes[7] == 21);
  CHECK(m.ranks[1].message_sizes[13] == 1);
  CHECK(m.ranks[0].message_sizes[13] == 1);
  CHECK(m.ranks[0].message_sizes[7] == 2);
  // The region: phase A on each rank, its time and time inside MPI as the program's own marks say.
  within(m.ranks[0].regions.at("phase A").at("seconds"), r0.at("A_end") - r0.at("A_begin"));
  within(m.ranks[0].regions.at("phase A").at("mpi"), r0.at("A_end") - r0.at("A enter"));
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
