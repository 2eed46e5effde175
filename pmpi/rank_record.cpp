#include "rank_record.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif
#include <string>

#include "rank_file.hpp"

namespace scalerun::pmpi {

RankRecord& record() {
  static RankRecord r;
  return r;
}

std::vector<std::string>& function_names() {
  static std::vector<std::string> names;
  return names;
}

namespace {

double monotonic_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// CLOCK_MONOTONIC read through the processor's time-stamp counter: a vDSO clock_gettime costs
// about 25 ns, the counter about 10, and every MPI call reads the clock twice. Used only where the
// counter runs at one rate whatever the core's frequency and sleep state (constant_tsc and
// nonstop_tsc), mapped to CLOCK_MONOTONIC by a line through two readings of both: 2 ms apart at
// MPI_Init, corrected by a reading at the end (clock_times_corrected) so the times of ranks, each
// calibrated on its own, agree over a long run as CLOCK_MONOTONIC does.
struct CounterClock {
  bool on = false;
  double mono0 = 0, seconds_per_tick = 0, correction = 1;
  unsigned long long tsc0 = 0;
};

CounterClock& counter_clock() {
  static CounterClock clock;
  return clock;
}

#if defined(__x86_64__)
bool counter_is_invariant() {
  std::FILE* info = std::fopen("/proc/cpuinfo", "r");
  if (info == nullptr) return false;
  char line[4096];
  bool constant = false, nonstop = false;
  while (std::fgets(line, sizeof line, info) != nullptr) {
    if (std::strncmp(line, "flags", 5) != 0) continue;
    constant = std::strstr(line, " constant_tsc") != nullptr;
    nonstop = std::strstr(line, " nonstop_tsc") != nullptr;
    break;
  }
  std::fclose(info);
  return constant && nonstop;
}

// A reading of both clocks at (nearly) one moment: the counter halfway across the clock read, the
// tightest of several tries (a rank preempted inside one, as oversubscribed ranks are, would put
// the two readings milliseconds apart and skew the line through them).
void read_both(double& mono, unsigned long long& tsc) {
  unsigned long long best = ~0ULL;
  for (int attempt = 0; attempt < 16; ++attempt) {
    const unsigned long long before = __rdtsc();
    const double m = monotonic_seconds();
    const unsigned long long after = __rdtsc();
    if (after - before < best) {
      best = after - before;
      mono = m;
      tsc = before + (after - before) / 2;
    }
  }
}
#endif

}  // namespace

void start_clock() {
#if defined(__x86_64__)
  const char* choice = std::getenv("SCALERUN_PMPI_CLOCK");
  if ((choice != nullptr && std::strcmp(choice, "monotonic") == 0) || !counter_is_invariant()) return;
  double m0 = 0, m1 = 0;
  unsigned long long t0 = 0, t1 = 0;
  read_both(m0, t0);
  do {
    read_both(m1, t1);
  } while (m1 - m0 < 2e-3);
  if (t1 <= t0) return;
  auto& c = counter_clock();
  c.seconds_per_tick = (m1 - m0) / static_cast<double>(t1 - t0);
  c.mono0 = m1;
  c.tsc0 = t1;
  c.on = true;
#endif
}

double now_seconds() {
#if defined(__x86_64__)
  const auto& c = counter_clock();
  if (c.on) return c.mono0 + static_cast<double>(__rdtsc() - c.tsc0) * c.seconds_per_tick;
#endif
  return monotonic_seconds();
}

void end_clock() {
#if defined(__x86_64__)
  auto& c = counter_clock();
  if (!c.on) return;
  double m = 0;
  unsigned long long t = 0;
  read_both(m, t);
  const double predicted = c.mono0 + static_cast<double>(t - c.tsc0) * c.seconds_per_tick;
  if (predicted > c.mono0 && m > c.mono0) c.correction = (m - c.mono0) / (predicted - c.mono0);
#endif
}

double corrected(double t) {
  const auto& c = counter_clock();
  return c.on ? c.mono0 + (t - c.mono0) * c.correction : t;
}

double clock_correction() { return counter_clock().on ? counter_clock().correction : 1.0; }

namespace {

// The length of the valid UTF-8 sequence at text[i] (0 when the byte there starts none).
std::size_t utf8_length(const std::string& text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t n = 0;
  unsigned min = 0;
  if (lead >= 0xc2 && lead <= 0xdf) n = 2, min = 0x80;
  else if (lead >= 0xe0 && lead <= 0xef) n = 3, min = 0x800;
  else if (lead >= 0xf0 && lead <= 0xf4) n = 4, min = 0x10000;
  else return 0;
  if (i + n > text.size()) return 0;
  unsigned code = lead & (0xff >> (n + 1));
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3f);
  }
  if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return 0;
  return n;
}

// Region names come from the program: escaped for JSON by hand, the one thing this library
// writes that it does not control (a JSON library would be one more dependency in every rank).
// Bytes that are not UTF-8 (a Latin-1 name) are written as the characters of those codes, so the
// record stays JSON whatever the program passed.
std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
      ++i;
    } else if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(u));
      out += buf;
      ++i;
    } else if (u < 0x80) {
      out += c;
      ++i;
    } else if (const std::size_t n = utf8_length(text, i); n > 0) {
      out.append(text, i, n);
      i += n;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(u));
      out += buf;
      ++i;
    }
  }
  return out + "\"";
}

}  // namespace

namespace {

// How this rank ends, for a launcher that does not say which rank failed (MPICH's mpiexec):
// rank-<rank>.exit with its exit status (glibc's on_exit for exit() and a return from main, the
// _exit wrapper below for _exit), rank-<rank>.signal with a fatal signal it raised. The paths are
// made once, at MPI_Init: a signal handler may only make async-signal-safe calls.
char exit_path[4096] = "", signal_path[4096] = "";

void write_number(const char* path, int number) {
  if (*path == '\0') return;
  char text[16];
  int n = 0;
  unsigned v = static_cast<unsigned>(number < 0 ? -number : number);
  do {
    text[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0 && n < 12);
  if (number < 0) text[n++] = '-';
  char line[16];
  for (int i = 0; i < n; ++i) line[i] = text[n - 1 - i];
  line[n] = '\n';
  const int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return;
  [[maybe_unused]] const ssize_t written = write(fd, line, static_cast<std::size_t>(n) + 1);
  close(fd);
}

// The status the parent sees is the low byte of what exit() was given.
void write_exit_status(int status, void* /*unused*/) { write_number(exit_path, status & 0xff); }

constexpr int kFatalSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
struct sigaction previous_actions[sizeof kFatalSignals / sizeof kFatalSignals[0]];

// Notes the signal, then lets what was there before (the MPI's own handler, or the default: the
// process ends by the signal) handle it.
void on_fatal_signal(int sig, siginfo_t* info, void* context) {
  write_number(signal_path, sig);
  for (std::size_t i = 0; i < std::size(kFatalSignals); ++i) {
    if (kFatalSignals[i] != sig) continue;
    const struct sigaction& before = previous_actions[i];
    if ((before.sa_flags & SA_SIGINFO) != 0 && before.sa_sigaction != nullptr) {
      before.sa_sigaction(sig, info, context);
      return;
    }
    if (before.sa_handler != SIG_DFL && before.sa_handler != SIG_IGN) {
      before.sa_handler(sig);
      return;
    }
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

}  // namespace

void write_pid_file(int rank) {
  const char* dir = std::getenv("SCALERUN_PMPI_DIR");
  if (dir == nullptr || *dir == '\0') return;
  {
    const RankFile file(dir, rank, ".pid");
    if (std::FILE* f = file.get()) std::fprintf(f, "%ld\n", static_cast<long>(getpid()));
  }
  std::snprintf(exit_path, sizeof exit_path, "%s/rank-%d.exit", dir, rank);
  std::snprintf(signal_path, sizeof signal_path, "%s/rank-%d.signal", dir, rank);
  on_exit(write_exit_status, nullptr);
  for (std::size_t i = 0; i < std::size(kFatalSignals); ++i) {
    struct sigaction action {};
    action.sa_sigaction = on_fatal_signal;
    action.sa_flags = SA_SIGINFO | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(kFatalSignals[i], &action, &previous_actions[i]);
  }
}

}  // namespace scalerun::pmpi

// _exit and _Exit skip on_exit: wrapped, so a rank that leaves through them is known too.
extern "C" {

[[noreturn]] void _exit(int status) {
  scalerun::pmpi::write_exit_status(status, nullptr);
  syscall(SYS_exit_group, status);
  __builtin_unreachable();
}

[[noreturn]] void _Exit(int status) {
  scalerun::pmpi::write_exit_status(status, nullptr);
  syscall(SYS_exit_group, status);
  __builtin_unreachable();
}

}  // extern "C"

namespace scalerun::pmpi {

void write_record(double finalize, const char* ended_by, int abort_code) {
  const char* dir = std::getenv("SCALERUN_PMPI_DIR");
  if (dir == nullptr || *dir == '\0') return;
  RankRecord& r = record();
  // Times compared with other ranks' (the trace's, the log's, the window's ends) on
  // CLOCK_MONOTONIC's scale, the counter's drift over the run taken out.
  end_clock();
  finalize = corrected(finalize);
  r.init_exit = corrected(r.init_exit);
  // Durations read on the counter, on the same scale.
  const double scale = clock_correction();
  r.busy *= scale;
  r.polling *= scale;
  for (double& t : r.in_mpi) t *= scale;
  for (auto& f : r.functions) f.seconds *= scale;
  for (auto& [name, t] : r.regions) {
    t.seconds *= scale;
    t.mpi_seconds *= scale;
  }
  char host[256] = "";
  gethostname(host, sizeof host - 1);
  // The node group scalerun placed this rank in (an application context line sets it per group).
  const char* group = std::getenv("SCALERUN_GROUP");
  // CLOCK_MONOTONIC counts from this boot: ranks whose records name the same boot share a clock.
  char boot[64] = "";
  if (std::FILE* id = std::fopen("/proc/sys/kernel/random/boot_id", "r")) {
    if (std::fgets(boot, sizeof boot, id) == nullptr) boot[0] = '\0';
    std::fclose(id);
    boot[std::strcspn(boot, "\n")] = '\0';
  }
  if (r.trace.on()) r.trace.write(dir, r.rank, r.init_exit, finalize);
  // A program calling MPI from several threads at once has no log: its calls have no one order.
  if (!r.thread_multiple) r.events.write(dir, r.rank);
  const RankFile file(dir, r.rank, ".json");
  std::FILE* f = file.get();
  if (f == nullptr) return;
  if (!r.regions_open.empty() && r.region_error.empty()) {
    r.region_error = "region '" + r.regions_open.begin()->first + "' still open at MPI_Finalize";
  }
  std::fprintf(f,
               "{\"rank\": %d, \"size\": %d, \"host\": %s, \"group\": %s, \"pid\": %ld, \"ended_by\": \"%s\", \"abort_code\": %d,\n"
               " \"wall\": %.17g, \"busy\": %.17g, \"point_to_point\": %.17g, \"collective\": %.17g, "
               "\"wait\": %.17g, \"barrier\": %.17g, \"one_sided\": %.17g, \"io\": %.17g, \"polling\": %.17g, "
               "\"clock\": %s, \"clock_correction\": %.17g,\n"
               " \"point_to_point_calls\": %ld, \"collective_calls\": %ld, \"wait_calls\": %ld, \"barrier_calls\": %ld, "
               "\"one_sided_calls\": %ld, \"io_calls\": %ld, \"one_sided_bytes\": %.17g, \"io_bytes\": %.17g,\n"
               " \"messages_sent\": %ld, \"messages_received\": %ld, \"bytes_sent\": %.17g, "
               "\"bytes_received\": %.17g, \"collective_bytes\": %.17g, \"thread_multiple\": %s,\n"
               " \"region_error\": %s, \"regions\": {",
               r.rank, r.size, json_string(host).c_str(), json_string(group != nullptr ? group : "").c_str(),
               static_cast<long>(getpid()), ended_by, abort_code,
               finalize - r.init_exit, r.busy, r.in_mpi[0], r.in_mpi[1], r.in_mpi[2], r.in_mpi[3], r.in_mpi[4], r.in_mpi[5], r.polling,
               json_string(boot).c_str(), clock_correction(), r.calls[0], r.calls[1], r.calls[2], r.calls[3], r.calls[4], r.calls[5],
               r.one_sided_bytes, r.io_bytes, r.messages_sent, r.messages_received, r.bytes_sent,
               r.bytes_received, r.collective_bytes, r.thread_multiple ? "true" : "false",
               json_string(r.region_error).c_str());
  const char* sep = "";
  for (const auto& [name, t] : r.regions) {
    std::fprintf(f, "%s%s: {\"seconds\": %.17g, \"mpi\": %.17g, \"calls\": %ld}", sep, json_string(name).c_str(),
                 t.seconds, t.mpi_seconds, t.calls);
    sep = ", ";
  }
  std::fprintf(f, "}, \"functions\": {");
  sep = "";
  const auto& names = function_names();
  for (std::size_t i = 0; i < r.functions.size() && i < names.size(); ++i) {
    const FunctionTotals& t = r.functions[i];
    if (t.calls == 0) continue;
    std::fprintf(f, "%s\"%s\": [%ld, %.17g, %.17g]", sep, names[i].c_str(), t.calls, t.seconds, t.bytes);
    sep = ", ";
  }
  std::fprintf(f, "}, \"message_sizes\": [");
  for (int k = 0; k < kSizeBuckets; ++k) std::fprintf(f, "%s%ld", k == 0 ? "" : ", ", r.message_sizes[k]);
  std::fprintf(f, "], \"values\": {");
  sep = "";
  for (const auto& [name, value] : r.values) {
    if (std::isfinite(value)) std::fprintf(f, "%s%s: %.17g", sep, json_string(name).c_str(), value);
    else std::fprintf(f, "%s%s: null", sep, json_string(name).c_str());
    sep = ", ";
  }
  std::fprintf(f, "}}\n");
}

}  // namespace scalerun::pmpi
