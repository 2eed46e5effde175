#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "measure/mpi_launch.hpp"
#include "study/experiment.hpp"
#include "study/mpi_measurement.hpp"

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
  REQUIRE(r0.size() == 10);
  REQUIRE(r1.size() == 8);
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
  std::filesystem::remove_all(dir);
}
