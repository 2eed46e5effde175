#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "measure/command.hpp"
#include "measure/mpi_failure.hpp"
#include "measure/mpi_launch.hpp"

// Which rank failed, from what the ranks noted of their own end (rank-<r>.pid at MPI_Init,
// rank-<r>.exit, rank-<r>.signal, the record at MPI_Finalize) and what MPICH's mpiexec printed:
// cases built by hand, where Hydra's banner names a rank it killed itself after another failed.

namespace {

namespace measure = scalerun::measure;
namespace fs = std::filesystem;

struct Records {
  fs::path dir = fs::temp_directory_path() / ("scalerun-failure-" + std::to_string(::getpid()));
  Records() {
    fs::remove_all(dir);
    fs::create_directories(dir / "output");
  }
  ~Records() { fs::remove_all(dir); }
  void write(int rank, const char* suffix, const std::string& text) const {
    std::ofstream(dir / ("rank-" + std::to_string(rank) + suffix)) << text;
  }
};

measure::MpiJob four_ranks(const Records& records) {
  measure::MpiJob job;
  job.launcher.kind = "mpich";
  job.launcher.command = "mpiexec.mpich";
  job.placement = {{"node1", 4, ""}};
  job.output_dir = (records.dir / "output").string();
  return job;
}

std::string banner(long pid, const std::string& how) {
  return "=====\n=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES\n=   PID " + std::to_string(pid) +
         " RUNNING AT node1\n" + how + "\n=====\n";
}

}  // namespace

TEST_CASE("mpi failure: the rank that noted its signal is named, not the one Hydra killed after it") {
  const Records records;
  const auto job = four_ranks(records);
  for (int r = 0; r < 4; ++r) records.write(r, ".pid", std::to_string(100 + r) + "\n");
  records.write(2, ".signal", "11\n");
  measure::CommandResult result;
  result.exit_code = 139;
  // Hydra names rank 0's pid (it killed it with SIGKILL) and the job's status, signal 11.
  result.stdout_text = banner(100, "=   EXIT CODE: 9\nYOUR APPLICATION TERMINATED WITH THE EXIT STRING: Segmentation fault (signal 11)");
  const auto failure = measure::find_failed_rank(result, job, records.dir.string());
  REQUIRE(failure);
  CHECK(failure->rank == 2);
  CHECK(failure->how == "was killed by signal 11 (Segmentation fault)");
}

TEST_CASE("mpi failure: a rank that exited by itself is named before one Hydra killed") {
  const Records records;
  const auto job = four_ranks(records);
  for (int r = 0; r < 4; ++r) records.write(r, ".pid", std::to_string(100 + r) + "\n");
  records.write(3, ".exit", "3\n");
  measure::CommandResult result;
  result.exit_code = 9;
  result.stdout_text = banner(101, "=   EXIT CODE: 9\nYOUR APPLICATION TERMINATED WITH THE EXIT STRING: Killed (signal 9)");
  auto failure = measure::find_failed_rank(result, job, records.dir.string());
  REQUIRE(failure);
  CHECK(failure->rank == 3);
  CHECK(failure->how == "exited with status 3 before MPI_Finalize");
  // mpiexec exits 0 when a rank returned from main without MPI_Finalize: the rank that wrote its
  // exit status (0) and no record, not the first rank without a record (killed, no status).
  fs::remove(records.dir / "rank-3.exit");
  records.write(3, ".exit", "0\n");
  result = {};
  result.exit_code = 0;
  failure = measure::find_failed_rank(result, job, records.dir.string());
  REQUIRE(failure);
  CHECK(failure->rank == 3);
  CHECK(failure->how == "ended (returned from main or called exit) without calling MPI_Finalize");
}

TEST_CASE("mpi failure: Hydra's pid names the rank when the ranks noted nothing else") {
  const Records records;
  const auto job = four_ranks(records);
  for (int r = 0; r < 4; ++r) records.write(r, ".pid", std::to_string(100 + r) + "\n");
  measure::CommandResult result;
  result.exit_code = 7;
  result.stdout_text = banner(102, "=   EXIT CODE: 7");
  const auto failure = measure::find_failed_rank(result, job, records.dir.string());
  REQUIRE(failure);
  CHECK(failure->rank == 2);
  CHECK(failure->host == "node1");
  CHECK(failure->how == "exited with status 7 before MPI_Finalize");
}

TEST_CASE("mpi launch under MPICH: the machine's environment and hosts in order") {
  const Records records;
  auto job = four_ranks(records);
  job.placement = {{"a", 1, "fast"}, {"b", 2, "slow"}};
  job.launcher.env = {{"ODD", "x y"}};
  job.program = {"prog"};
  const auto launch = measure::prepare_launch(job, records.dir.string());
  const auto& argv = launch.argv;
  const auto at = [&](const std::string& word) { return std::find(argv.begin(), argv.end(), word) - argv.begin(); };
  REQUIRE(at("-hosts") + 1 < static_cast<long>(argv.size()));
  CHECK(argv[static_cast<std::size_t>(at("-hosts") + 1)] == "a:1,b:2");  // ranks fill hosts in rank order
  REQUIRE(at("ODD") < static_cast<long>(argv.size()));
  CHECK(argv[static_cast<std::size_t>(at("ODD") - 1)] == "-genv");
  CHECK(argv[static_cast<std::size_t>(at("ODD") + 1)] == "x y");
}
