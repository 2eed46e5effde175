#include "measure/mpi_failure.hpp"

#include <fstream>
#include <regex>
#include <vector>

#include <fmt/format.h>

namespace scalerun::measure {

namespace {

// The last `count` lines of a file the program wrote itself, joined with " | ". Open MPI's own
// signal handler adds "[host:pid] ..." lines (a backtrace) to the rank's stderr: left out.
std::string last_lines(const std::string& path, std::size_t count) {
  static const std::regex handler_line(R"(^\[[^\]\s]+:\d+\] .*)");
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos || std::regex_match(line, handler_line)) continue;
    lines.push_back(line);
  }
  std::string out;
  for (std::size_t i = lines.size() > count ? lines.size() - count : 0; i < lines.size(); ++i) {
    out += (out.empty() ? "" : " | ") + lines[i];
  }
  return out;
}

// A rank that recorded MPI_Abort (rank_record.cpp writes ended_by "abort" before aborting).
std::optional<RankFailure> aborted_rank(const MpiJob& job, const std::string& records) {
  for (int rank = 0; rank < job_ranks(job); ++rank) {
    const auto record = read_rank_record(records, rank);
    if (!record || record->ended_by != "abort") continue;
    return RankFailure{rank, record->host.empty() ? host_of_rank(job, rank) : record->host,
                       fmt::format("called MPI_Abort with error code {}", record->abort_code), ""};
  }
  return std::nullopt;
}

// What mpirun says of the first rank that ended the job (Open MPI 4's help texts).
std::optional<RankFailure> reported_rank(const std::string& launcher_stderr, const MpiJob& job) {
  static const std::regex signal_line(
      R"(process rank (\d+) with PID \d+ on node (\S+) exited on signal (\d+) \(([^)]*)\))");
  static const std::regex status_name(R"(Process name:\s*\[\[\d+,\d+\],(\d+)\])");
  // Open MPI 4 on a rank that left without MPI_Finalize: "mpirun has exited due to process rank 1
  // with PID 0 on\nnode vm exiting improperly".
  static const std::regex improper_line(R"(process rank (\d+) with PID \d+ on\s+node (\S+) exiting improperly)");
  static const std::regex status_code(R"(Exit code:\s*(-?\d+))");
  // srun: "srun: error: node1: task 1: Segmentation fault (core dumped)", "...: Exited with exit code 3".
  static const std::regex srun_line(R"(srun: error: (\S+): task (\d+): ([^\n]+))");
  static const std::regex srun_exit(R"(Exited with exit code (\d+))");
  std::smatch m;
  if (std::regex_search(launcher_stderr, m, srun_line)) {
    const int rank = std::stoi(m[2]);
    std::smatch code;
    const std::string what = m[3];
    return RankFailure{rank, m[1],
                       std::regex_search(what, code, srun_exit) ? fmt::format("exited with status {}", code[1].str())
                                                                 : "was killed: " + what,
                       ""};
  }
  if (std::regex_search(launcher_stderr, m, signal_line)) {
    const int rank = std::stoi(m[1]);
    return RankFailure{rank, m[2], fmt::format("was killed by signal {} ({})", m[3].str(), m[4].str()), ""};
  }
  if (std::regex_search(launcher_stderr, m, improper_line)) {
    return RankFailure{std::stoi(m[1]), m[2], "ended (returned from main or called exit) without calling MPI_Finalize",
                       ""};
  }
  if (std::regex_search(launcher_stderr, m, status_name)) {
    const int rank = std::stoi(m[1]);
    std::smatch code;
    const std::string status = std::regex_search(launcher_stderr, code, status_code) ? code[1].str() : "?";
    return RankFailure{rank, host_of_rank(job, rank), fmt::format("exited with status {}", status), ""};
  }
  return std::nullopt;
}

}  // namespace

std::string host_of_rank(const MpiJob& job, int rank) {
  for (const auto& place : job.placement) {
    if (rank < place.ranks) return place.host;
    rank -= place.ranks;
  }
  return "";
}

std::optional<RankFailure> find_failed_rank(const CommandResult& result, const MpiJob& job,
                                            const std::string& records) {
  std::optional<RankFailure> failure = aborted_rank(job, records);
  if (!failure) failure = reported_rank(result.stderr_text, job);
  if (!failure) return std::nullopt;
  // The rank's own record knows the host by its real name (the launcher's may say localhost), and
  // whether the rank got through MPI_Finalize before its status.
  if (const auto record = read_rank_record(records, failure->rank)) {
    if (!record->host.empty()) failure->host = record->host;
    if (record->ended_by == "finalize" && failure->how.starts_with("exited with status"))
      failure->how += " after MPI_Finalize";
  } else if (failure->how.starts_with("exited with status")) {
    failure->how += " before MPI_Finalize";  // it wrote no record: it never got there
  }
  if (const std::string path = rank_stderr_path(job, failure->rank); !path.empty()) {
    failure->stderr_tail = last_lines(path, 3);
  }
  return failure;
}

std::string describe_rank_failure(const RankFailure& failure) {
  std::string line = fmt::format("rank {}{} {}", failure.rank,
                                  failure.host.empty() ? "" : " on host " + failure.host, failure.how);
  if (!failure.stderr_tail.empty()) line += fmt::format("; its stderr ends: '{}'", failure.stderr_tail);
  return line;
}

}  // namespace scalerun::measure
