// pmpi_overhead: the cost of the MPI interposition library (pmpi/, libscalerun_pmpi.so) in the
// programs it is preloaded into. The same two MPI programs run on 2 ranks without and with the
// preload, interleaved in one run:
//
//   without: mpirun -np 2 PROGRAM ARGS
//   with:    mpirun -np 2 -x LD_PRELOAD=libscalerun_pmpi.so -x SCALERUN_PMPI_DIR=TMPDIR PROGRAM ARGS
//
// (what scalerun's MPI launcher does, less the speeds and groups), for
//   - bench/pmpi_pingpong: 2 ranks bounce 8 bytes back and forth; its per-call cost is
//     (median with - median without) / MPI calls per rank, in ns;
//   - kernels/mpi/cg.cpp, NAS CG class S (na 1400, nonzer 7, niter 15, shift 10; verified by
//     the program): overhead_pct = 100 (median with / median without - 1).
// Every time is the program's own timed section as it reports it on its JSON line ("time"), so
// mpirun's start-up and the matrix set-up are left out. Each round runs each program several
// times per variant (one class S run is 6-10 ms, and a launch's placement on the VM's cores can
// move the ping-pong's time by 2x), the order of the two variants flipping every pair, so neither
// always runs on a warmer machine. After each run with the preload the driver checks that every
// rank wrote its record (the library was really there) and deletes it.
//
// The paired ratios (each with/without pair ran back to back, so load that drifts over the run
// cancels) are printed too, and the bound the ping-pong's per-call cost puts on CG's overhead.
//
//   pmpi_overhead [rounds] [pingpong_iterations] [cg_repeats] [pingpong_repeats] [trace|nowaits]
//   defaults: 7 200000 10 3 (about a minute on 2 cores); "trace" also records every rank's
//   timeline (-x SCALERUN_PMPI_TRACE=1000000, what --trace and --html ask of an MPI job, with room
//   for every call of the ping-pong) and checks each rank wrote its rank-<r>.trace; "nowaits"
//   keeps no wait-state log (-x SCALERUN_PMPI_EVENTS=0), to price the log: by default every rank
//   logs each message and collective, as in every measured job
//
// Last line: pmpi_overhead pingpong_ns_per_call=X cg_without_s=A cg_with_s=B overhead_pct=Y trace=0|1
//   waits=0|1
// Bar (issue): Y <= 2 for CG. Exit status 1 when a run fails, a program's check fails or the
// library wrote no record; the bar itself is for the reader, as in the other benchmarks.

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "measure/temp_folder.hpp"

extern char** environ;

namespace {

namespace fs = std::filesystem;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The last `n` characters of `text`, for error messages.
std::string tail(const std::string& text, std::size_t n = 2000) {
  return text.size() <= n ? text : "..." + text.substr(text.size() - n);
}

struct Finished {
  int status = -1;  // the exit status, or 128 + the signal
  std::string out;  // all of stdout
};

// Runs argv (argv[0] an absolute path) in this environment, stdin from /dev/null, stdout
// captured through a pipe, stderr into `err_path`; waits for it.
Finished run_program(const std::vector<std::string>& argv, const fs::path& err_path) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error(fmt::format("pipe: {}", std::strerror(errno)));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // mpirun forwards its stdin to rank 0: give it nothing to read (and no terminal to stop on).
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (rc != 0) {
    close(fds[0]);
    throw std::runtime_error(fmt::format("cannot start {}: {}", argv[0], std::strerror(rc)));
  }
  Finished done;
  char buf[4096];
  for (;;) {
    const ssize_t got = read(fds[0], buf, sizeof buf);
    if (got > 0) {
      done.out.append(buf, static_cast<std::size_t>(got));
    } else if (got == 0 || errno != EINTR) {
      break;
    }
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw std::runtime_error(fmt::format("waitpid: {}", std::strerror(errno)));
  }
  done.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return done;
}

// One MPI program measured by this benchmark.
struct Program {
  std::string name;
  std::vector<std::string> argv;  // the program and its arguments
};

struct Measured {
  nlohmann::json line;  // the program's JSON line
  double calls = 0;     // MPI calls of rank 0 in its record (with the preload; 0 without)
};

class Runner {
 public:
  Runner(std::string mpirun, std::string library, int ranks, bool trace, bool waits)
      : mpirun_(std::move(mpirun)), library_(std::move(library)), trace_(trace), waits_(waits) {
    base_ = {mpirun_, "-np", std::to_string(ranks)};
    // Open MPI refuses to start more ranks than cores unless told to.
    if (std::thread::hardware_concurrency() < static_cast<unsigned>(ranks)) base_.emplace_back("--oversubscribe");
    ranks_ = ranks;
  }

  std::vector<std::string> command(const Program& program, bool preload) const {
    std::vector<std::string> argv = base_;
    if (preload) {
      argv.insert(argv.end(), {"-x", "LD_PRELOAD=" + library_, "-x", "SCALERUN_PMPI_DIR=" + records().string()});
      if (trace_) argv.insert(argv.end(), {"-x", "SCALERUN_PMPI_TRACE=1000000"});
      if (!waits_) argv.insert(argv.end(), {"-x", "SCALERUN_PMPI_EVENTS=0"});
    }
    argv.insert(argv.end(), program.argv.begin(), program.argv.end());
    return argv;
  }

  Measured run(const Program& program, bool preload) const {
    const fs::path err = fs::path(dir_.path()) / "stderr.txt";
    fs::create_directories(records());
    const std::vector<std::string> argv = command(program, preload);
    const Finished done = run_program(argv, err);
    const auto fail = [&](const std::string& why) {
      std::string cmd;
      for (const auto& a : argv) cmd += (cmd.empty() ? "" : " ") + a;
      return std::runtime_error(fmt::format("{} ({}): {}\n  command: {}\n  stdout: {}\n  stderr: {}", program.name,
                                            preload ? "with the preload" : "without", why, cmd, tail(done.out),
                                            tail(read_file(err))));
    };
    if (done.status != 0) throw fail(fmt::format("exit status {}", done.status));
    // The program's JSON line: the last line of stdout that is an object.
    Measured m;
    std::istringstream lines(done.out);
    for (std::string line; std::getline(lines, line);) {
      if (line.starts_with("{")) m.line = nlohmann::json::parse(line, nullptr, false);
    }
    if (!m.line.is_object() || !m.line.contains("time") || !m.line["time"].is_number()) {
      throw fail("no JSON line with a \"time\"");
    }
    if (!m.line.value("verified", false)) throw fail("its check failed");
    if (preload) {
      for (int rank = 0; rank < ranks_; ++rank) {
        const fs::path path = records() / fmt::format("rank-{}.json", rank);
        if (!fs::exists(path)) throw fail(fmt::format("the interposition library wrote no {}", path.string()));
        const fs::path trace = records() / fmt::format("rank-{}.trace", rank);
        if (trace_ && !fs::exists(trace)) throw fail(fmt::format("the interposition library wrote no {}", trace.string()));
        if (rank == 0) {
          const auto record = nlohmann::json::parse(read_file(path));
          for (const char* kind : {"point_to_point_calls", "collective_calls", "wait_calls", "barrier_calls"}) {
            m.calls += record.at(kind).get<double>();
          }
        }
      }
      fs::remove_all(records());
    }
    return m;
  }

 private:
  fs::path records() const { return fs::path(dir_.path()) / "records"; }

  std::string mpirun_, library_;
  bool trace_ = false;
  bool waits_ = true;
  std::vector<std::string> base_;
  int ranks_ = 2;
  // A private folder for the records and the children's stderr, removed at the end.
  scalerun::measure::TempFolder dir_{"pmpi_overhead"};
};

struct Series {
  std::vector<double> without, with, ratios;
  double record_calls = 0;  // rank 0's MPI calls in the whole run, from its record
  void add_pair(double t_without, double t_with) {
    without.push_back(t_without);
    with.push_back(t_with);
    ratios.push_back(t_with / t_without);
  }
};

// One pair, the order given: returns (without, with).
std::pair<Measured, Measured> run_pair(const Runner& runner, const Program& program, bool preload_first) {
  Measured first = runner.run(program, preload_first);
  Measured second = runner.run(program, !preload_first);
  return preload_first ? std::pair{second, first} : std::pair{first, second};
}

// The load averages, for the record: ranks that poll for messages are only as steady as the
// cores they get, so figures taken while other processes ran say more about the machine.
std::string load_average() {
  std::string text = read_file("/proc/loadavg");
  const auto end = text.find(' ', text.find(' ', text.find(' ') + 1) + 1);
  return end == std::string::npos ? "unknown" : text.substr(0, end);
}

std::string range(const std::vector<double>& v) {
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return fmt::format("min {:.6f}, max {:.6f}", *lo, *hi);
}

int positive_argument(int argc, char** argv, int index, int fallback) {
  if (argc <= index) return fallback;
  const int value = std::atoi(argv[index]);
  if (value < 1) throw std::invalid_argument(fmt::format("argument {} ('{}') must be a positive integer", index, argv[index]));
  return value;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const int rounds = positive_argument(argc, argv, 1, 7);
    const int iterations = positive_argument(argc, argv, 2, 200000);
    const int cg_repeats = positive_argument(argc, argv, 3, 10);
    const int pp_repeats = positive_argument(argc, argv, 4, 3);
    const bool trace = argc > 5 && std::string(argv[5]) == "trace";
    const bool waits = !(argc > 5 && std::string(argv[5]) == "nowaits");
    if (argc > 5 && !trace && waits) {
      throw std::invalid_argument(fmt::format("argument 5 ('{}') must be 'trace' or 'nowaits'", argv[5]));
    }
    // Running as root (containers, the project's VM) needs Open MPI's consent; a caller's own
    // setting wins.
    setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 0);
    setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 0);

    constexpr int kRanks = 2;
    const Runner runner(SCALERUN_MPIEXEC, SCALERUN_PMPI_LIBRARY, kRanks, trace, waits);
    const Program pingpong{"ping-pong", {SCALERUN_PMPI_PINGPONG, "--iterations", std::to_string(iterations), "--bytes", "8"}};
    const Program cg{"CG class S",
                     {SCALERUN_MPI_CG, "--na", "1400", "--nonzer", "7", "--niter", "15", "--shift", "10"}};

    std::printf("%s", fmt::format("pmpi_overhead: {} rounds on {} ranks; per variant per round, ping-pong ({} round "
                                  "trips of 8 bytes) {} times and CG class S {} times\n",
                                  rounds, kRanks, iterations, pp_repeats, cg_repeats)
                          .c_str());
    std::printf("load average at the start: %s\n", load_average().c_str());
    {
      std::string cmd;
      for (const auto& a : runner.command(cg, true)) cmd += (cmd.empty() ? "" : " ") + a;
      std::printf("with the preload: %s\n", cmd.c_str());
    }
    std::fflush(stdout);

    // Warm-up: one launch of each (page cache, Open MPI's shared-memory set-up).
    runner.run(pingpong, false);
    runner.run(cg, false);

    Series pp, cgs;
    double pp_calls = 0;
    long flip = 0;
    for (int round = 0; round < rounds; ++round) {
      std::vector<double> pw, pwith, cw, cwith;
      for (int rep = 0; rep < pp_repeats; ++rep) {
        const auto [without, with] = run_pair(runner, pingpong, flip++ % 2 == 1);
        pp.add_pair(without.line["time"].get<double>(), with.line["time"].get<double>());
        pp_calls = without.line.at("calls").get<double>();
        pp.record_calls = with.calls;
        pw.push_back(pp.without.back());
        pwith.push_back(pp.with.back());
      }
      for (int rep = 0; rep < cg_repeats; ++rep) {
        const auto [without, with] = run_pair(runner, cg, flip++ % 2 == 1);
        cgs.add_pair(without.line["time"].get<double>(), with.line["time"].get<double>());
        cgs.record_calls = with.calls;
        cw.push_back(cgs.without.back());
        cwith.push_back(cgs.with.back());
      }
      std::printf("%s", fmt::format("round {}: ping-pong without {:.6f} s, with {:.6f} s; CG without {:.6f} s, with "
                                    "{:.6f} s (medians of the round)\n",
                                    round + 1, median(pw), median(pwith), median(cw), median(cwith))
                            .c_str());
      std::fflush(stdout);
    }
    if (pp.record_calls < pp_calls) {
      throw std::runtime_error(fmt::format("the ping-pong's record counts {} MPI calls on rank 0, fewer than the {} it made",
                                           pp.record_calls, pp_calls));
    }

    const double ppw = median(pp.without), ppwith = median(pp.with);
    const double ns_per_call = 1e9 * (ppwith - ppw) / pp_calls;
    const double cgw = median(cgs.without), cgwith = median(cgs.with);
    const double overhead = 100.0 * (cgwith / cgw - 1.0);
    std::printf("%s", fmt::format("ping-pong: {:.0f} MPI calls per rank; without median {:.6f} s ({}; {:.1f} ns per "
                                  "call), with median {:.6f} s ({}); paired median {:+.2f} % over {} pairs\n",
                                  pp_calls, ppw, range(pp.without), 1e9 * ppw / pp_calls, ppwith, range(pp.with),
                                  100.0 * (median(pp.ratios) - 1.0), pp.ratios.size())
                          .c_str());
    // The fastest runs are the least disturbed ones: on a machine under load their difference
    // is the better estimate of the per-call cost.
    std::printf("%s", fmt::format("ping-pong: difference of the minima {:.1f} ns per call\n",
                                  1e9 * (*std::min_element(pp.with.begin(), pp.with.end()) -
                                         *std::min_element(pp.without.begin(), pp.without.end())) /
                                      pp_calls)
                          .c_str());
    std::printf("%s", fmt::format("CG class S: without median {:.6f} s ({}), with median {:.6f} s ({}); paired median "
                                  "{:+.2f} % over {} pairs\n",
                                  cgw, range(cgs.without), cgwith, range(cgs.with), 100.0 * (median(cgs.ratios) - 1.0),
                                  cgs.ratios.size())
                          .c_str());
    // CG's calls per rank (the whole run: its timed part is 15 of 16 outer iterations) at the
    // ping-pong's per-call cost. A bound, not a prediction: in the ping-pong all of a wrapper's
    // work is on the critical path, in CG's collectives much of it overlaps the wait for the
    // other rank.
    std::printf("%s", fmt::format("bound for CG: {:.0f} MPI calls per rank x {:.1f} ns = {:.3f} % of the median "
                                  "without, were every call as costly as on the ping-pong's critical path\n",
                                  cgs.record_calls, ns_per_call, 100.0 * cgs.record_calls * ns_per_call * 1e-9 / cgw)
                          .c_str());
    std::printf("load average at the end: %s\n", load_average().c_str());
    std::printf("%s", fmt::format("pmpi_overhead pingpong_ns_per_call={:.1f} cg_without_s={:.6f} cg_with_s={:.6f} "
                                  "overhead_pct={:.2f} trace={} waits={}\n",
                                  ns_per_call, cgw, cgwith, overhead, trace ? 1 : 0, waits ? 1 : 0)
                          .c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pmpi_overhead: %s\n", e.what());
    return 1;
  }
}
