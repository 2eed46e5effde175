#include "measure/mpi_failure.hpp"
#include "measure/text_file.hpp"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <regex>
#include <thread>
#include <vector>

#include <fmt/format.h>

namespace scalerun::measure {

namespace {

// The last `count` lines of a file the program wrote itself, joined with " | ". Open MPI's own
// signal handler adds "[host:pid] ..." lines (a backtrace) to the rank's stderr, and under MPICH
// UCX's handler a "[host:pid :thread:tid] Caught signal" line and a block from "==== backtrace
// ... ====" to a line of "=", and MPICH's echo of an MPI_Abort: left out.
std::string last_lines(const std::string& path, std::size_t count) {
  // "[vm:4242] ..." (Open MPI), "[vm:954  :0:954] Caught signal 11 ..." (UCX, under MPICH).
  static const std::regex handler_line(R"(^\[[^\]]*:\d+\] .*)");
  static const std::regex backtrace_start(R"(^=+ backtrace.*)");
  // MPICH's echo of a program's own MPI_Abort (the failure says so already); its other "Abort(...)"
  // lines, an MPI error it made fatal, are the rank's last words and stay.
  static const std::regex abort_echo(R"(^Abort\(-?\d+\) on node \d+ \(rank \d+ in comm \d+\): application called MPI_Abort.*)");
  static const std::regex rule(R"(^=+\s*$)");
  std::ifstream in(path);
  std::vector<std::string> lines;
  bool in_backtrace = false;
  for (std::string line; std::getline(in, line);) {
    if (std::regex_match(line, backtrace_start)) in_backtrace = true;
    if (in_backtrace) {
      if (std::regex_match(line, rule)) in_backtrace = false;
      continue;
    }
    if (line.find_first_not_of(" \t\r") == std::string::npos || std::regex_match(line, handler_line) ||
        std::regex_match(line, abort_echo)) {
      continue;
    }
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

// A number a rank's file holds (rank-<r>.pid, rank-<r>.exit), or nothing.
std::optional<long> rank_number(const std::string& records, int rank, const char* suffix) {
  const auto text = read_text_file(fmt::format("{}/rank-{}{}", records, rank, suffix));
  if (!text || text->empty()) return std::nullopt;
  return std::atol(text->c_str());
}

// What MPICH's mpiexec (Hydra) says of a process that ended the job ("BAD TERMINATION OF ONE OF
// YOUR APPLICATION PROCESSES", "PID 1234 RUNNING AT vm", "EXIT CODE: 6", or "EXIT STRING:
// Segmentation fault (signal 11)"). It names a process, not a rank: the rank is the one whose
// record has that pid, else the one MPICH's abort message in a rank's stderr names ("(rank 1 in
// comm 0)"), else the first rank that wrote no record.
std::optional<RankFailure> hydra_rank(const std::string& launcher_output, int exit_status, const MpiJob& job,
                                      const std::string& records) {
  static const std::regex bad(R"(BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES)");
  static const std::regex pid_line(R"(PID (\d+) RUNNING AT (\S+))");
  static const std::regex exit_code(R"(EXIT CODE: (-?\d+))");
  static const std::regex exit_signal(R"(EXIT STRING: ([^\n(]*)\(signal (\d+)\))");
  static const std::regex abort_rank(R"(\(rank (\d+) in comm 0\))");
  std::smatch m;
  const int ranks = job_ranks(job);
  if (!std::regex_search(launcher_output, m, bad)) {
    // No banner: a rank MPICH itself aborted (an MPI error is fatal by default) says so in its
    // stderr, and mpiexec exits with its status.
    if (exit_status == 0) return std::nullopt;
    for (int r = 0; r < ranks; ++r) {
      const std::string text = read_text_file(rank_stderr_path(job, r)).value_or("");
      if (std::regex_search(text, m, abort_rank)) {
        const int rank = std::stoi(m[1]);
        return RankFailure{rank, host_of_rank(job, rank), fmt::format("was aborted by MPICH (exit status {})", exit_status),
                           ""};
      }
    }
    return std::nullopt;
  }
  RankFailure failure;
  long pid = -1;
  if (std::regex_search(launcher_output, m, pid_line)) {
    pid = std::stol(m[1]);
    failure.host = m[2];
  }
  std::smatch how;
  if (std::regex_search(launcher_output, how, exit_signal)) {
    std::string name = how[1];
    while (!name.empty() && name.back() == ' ') name.pop_back();
    failure.how = fmt::format("was killed by signal {} ({})", how[2].str(), name);
  } else if (std::regex_search(launcher_output, how, exit_code)) {
    failure.how = fmt::format("exited with status {}", how[1].str());
  } else {
    failure.how = "ended the job";
  }
  // Each rank wrote its pid when MPI_Init returned (rank-<r>.pid).
  for (int r = 0; r < ranks && failure.rank < 0; ++r) {
    if (rank_number(records, r, ".pid") == pid) failure.rank = r;
  }
  for (int r = 0; r < ranks && failure.rank < 0; ++r) {
    const std::string text = read_text_file(rank_stderr_path(job, r)).value_or("");
    if (std::regex_search(text, m, abort_rank)) failure.rank = std::stoi(m[1]);
  }
  for (int r = 0; r < ranks && failure.rank < 0; ++r) {
    if (!read_rank_record(records, r)) failure.rank = r;
  }
  if (failure.rank < 0) return std::nullopt;
  if (failure.host.empty()) failure.host = host_of_rank(job, failure.rank);
  return failure;
}

// The first rank whose exit status (recorded by the interposition library at exit) was not 0.
std::optional<RankFailure> exited_rank(const MpiJob& job, const std::string& records) {
  for (int r = 0; r < job_ranks(job); ++r) {
    const auto status = rank_number(records, r, ".exit");
    if (status && *status != 0) return RankFailure{r, host_of_rank(job, r), fmt::format("exited with status {}", *status), ""};
  }
  return std::nullopt;
}

// The first rank that noted a fatal signal it raised (the interposition library's handler writes
// rank-<r>.signal before the signal ends the process).
std::optional<RankFailure> signalled_rank(const MpiJob& job, const std::string& records) {
  for (int r = 0; r < job_ranks(job); ++r) {
    const auto sig = rank_number(records, r, ".signal");
    if (!sig) continue;
    const char* name = strsignal(static_cast<int>(*sig));
    return RankFailure{r, host_of_rank(job, r),
                       fmt::format("was killed by signal {} ({})", *sig, name != nullptr ? name : "unknown"), ""};
  }
  return std::nullopt;
}

// The first rank that got through MPI_Init (it wrote its pid) and ended without MPI_Finalize.
// `exited`: only a rank that exited by itself (it wrote its exit status), not one a launcher killed.
std::optional<RankFailure> unfinished_rank(const MpiJob& job, const std::string& records, bool exited = false) {
  for (int r = 0; r < job_ranks(job); ++r) {
    if (!rank_number(records, r, ".pid") || read_rank_record(records, r)) continue;
    if (exited && !rank_number(records, r, ".exit")) continue;
    return RankFailure{r, host_of_rank(job, r), "ended (returned from main or called exit) without calling MPI_Finalize",
                       ""};
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
  // A rank's own note of its end beats a launcher's account, which may name a rank it killed
  // itself after the first one failed.
  if (!failure) failure = signalled_rank(job, records);
  if (!failure && job.launcher.kind == "mpich") {
    failure = hydra_rank(result.stdout_text + result.stderr_text, result.exit_code, job, records);
    // Hydra ends the other ranks with SIGKILL once one has failed, and on a loaded machine may name
    // a rank it killed: a rank that ended by itself, with a failing status or without
    // MPI_Finalize, is the one that failed.
    if (failure && failure->how.find("signal 9 ") != std::string::npos) {
      if (auto by_itself = exited_rank(job, records)) failure = by_itself;
      else if (auto left = unfinished_rank(job, records, true)) failure = left;
    }
  }
  if (!failure) failure = reported_rank(result.stderr_text, job);
  if (!failure) failure = exited_rank(job, records);
  if (!failure) failure = unfinished_rank(job, records, true);
  if (!failure) failure = unfinished_rank(job, records);
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
    // MPICH's mpiexec can return before its proxy, a process of its own, has written the rank's
    // last words to the file: give it a moment.
    for (int wait = 0; wait < 60 && failure->stderr_tail.empty() && job.launcher.kind == "mpich"; ++wait) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      failure->stderr_tail = last_lines(path, 3);
    }
  }
  return failure;
}

std::string first_rank_stderr(const MpiJob& job) {
  for (int r = 0; r < job_ranks(job); ++r) {
    const std::string path = rank_stderr_path(job, r);
    if (path.empty()) return "";
    if (const std::string tail = last_lines(path, 3); !tail.empty()) return fmt::format("rank {}'s stderr ends: '{}'", r, tail);
  }
  return "";
}

std::string describe_rank_failure(const RankFailure& failure) {
  std::string line = fmt::format("rank {}{} {}", failure.rank,
                                  failure.host.empty() ? "" : " on host " + failure.host, failure.how);
  if (!failure.stderr_tail.empty()) line += fmt::format("; its stderr ends: '{}'", failure.stderr_tail);
  return line;
}

}  // namespace scalerun::measure
