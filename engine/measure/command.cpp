#include "measure/command.hpp"
#include "measure/live_children.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <filesystem>

#include <fmt/format.h>

#include "measure/output_tail.hpp"
#include "measure/spawn.hpp"

namespace scalerun::measure {

namespace {

using Clock = std::chrono::steady_clock;
using detail::OutputTail;
using detail::UniqueFd;

// How often the loop wakes without a pidfd to learn about the exit, and with a cancel hook.
constexpr int kExitPollMs = 5;
constexpr int kCancelPollMs = 50;
// After the program exits and its group is killed, output still in the pipes is read for at most
// this long: only a process that left the group (setsid) can keep them open that long.
constexpr auto kDrainGrace = std::chrono::seconds(2);

struct Stream {
  UniqueFd fd;
  OutputTail tail{kOutputTailBytes};
};

// Reads what is ready; closes the stream at end of file (or on an error, which ends it too).
void pump(Stream& stream) {
  std::array<char, 65536> buffer;
  const ssize_t n = read(stream.fd.get(), buffer.data(), buffer.size());
  if (n > 0) {
    stream.tail.append(std::string_view(buffer.data(), static_cast<std::size_t>(n)));
  } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
    stream.fd.reset();
  }
}

// A pollable descriptor that becomes readable when the child exits (Linux 5.3+); -1 where the
// kernel or a seccomp filter refuses, and the loop then polls for the exit every few ms.
UniqueFd open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
  return UniqueFd(static_cast<int>(syscall(SYS_pidfd_open, pid, 0)));
#else
  (void)pid;
  return UniqueFd();
#endif
}

// True once the child has exited, without reaping it: while it is a zombie its pid and process
// group id cannot be reused, so killing the group afterwards cannot hit a stranger.
bool has_exited(pid_t pid) {
  siginfo_t info{};
  return waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid != 0;
}

int ms_until(Clock::time_point when, Clock::time_point now) {
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(when - now).count();
  return static_cast<int>(std::clamp<decltype(ms)>(ms, 0, 60'000));
}

// Owns the running child until it is reaped, so that an exception (bad_alloc while collecting)
// never leaves a program running unattended.
class Child {
 public:
  Child(detail::SpawnedChild spawned, double stopping_seconds) : spawned_(std::move(spawned)) {
    track_group(spawned_.pid, stopping_seconds);
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  ~Child() {
    if (reaped_) return;
    kill_group();
    reap();
  }

  pid_t pid() const { return spawned_.pid; }
  Clock::time_point started() const { return spawned_.started; }
  UniqueFd take_stdout() { return std::move(spawned_.stdout_fd); }
  UniqueFd take_stderr() { return std::move(spawned_.stderr_fd); }
  void kill_group() const { ::kill(-spawned_.pid, SIGKILL); }
  void terminate_group() const { ::kill(-spawned_.pid, SIGTERM); }

  int reap() {
    int status = 0;
    while (waitpid(spawned_.pid, &status, 0) < 0 && errno == EINTR) {
    }
    untrack_group(spawned_.pid);
    reaped_ = true;
    return status;
  }

 private:
  detail::SpawnedChild spawned_;
  bool reaped_ = false;
};

// Waits until the program exits, reading both pipes meanwhile; kills its group at the deadline
// or when cancelled. Returns when the exit was seen.
Clock::time_point collect_until_exit(Child& child, Stream& out, Stream& err, const RunOptions& options,
                                     CommandResult& result) {
  const UniqueFd pidfd = open_pidfd(child.pid());
  const bool has_deadline = options.timeout_seconds > 0;
  const auto deadline = child.started() + std::chrono::duration_cast<Clock::duration>(
                                              std::chrono::duration<double>(has_deadline ? options.timeout_seconds : 0));
  bool killed = false;
  Clock::time_point kill_at{};
  while (true) {
    std::array<pollfd, 3> fds{};
    nfds_t count = 0;
    for (const int fd : {out.fd.get(), err.fd.get(), pidfd.get()}) {
      if (fd >= 0) fds[count++] = pollfd{fd, POLLIN, 0};
    }
    int wait_ms = pidfd.valid() ? -1 : kExitPollMs;
    const auto cap = [&wait_ms](int ms) { wait_ms = wait_ms < 0 ? ms : std::min(wait_ms, ms); };
    if (options.cancelled) cap(kCancelPollMs);
    if (has_deadline && !result.timed_out) cap(ms_until(deadline, Clock::now()));
    if (result.timed_out || result.cancelled) cap(kExitPollMs);  // killed: the exit is imminent

    if (poll(fds.data(), count, wait_ms) > 0) {
      for (nfds_t i = 0; i < count; ++i) {
        if (fds[i].revents == 0) continue;
        if (fds[i].fd == out.fd.get()) pump(out);
        else if (fds[i].fd == err.fd.get()) pump(err);
      }
    }
    if (has_exited(child.pid())) return Clock::now();
    if (result.timed_out || result.cancelled) {
      if (!killed && Clock::now() >= kill_at) {  // SIGTERM's grace is over
        child.kill_group();
        killed = true;
      }
      continue;
    }
    const bool past_deadline = has_deadline && Clock::now() >= deadline;
    if (past_deadline || (options.cancelled && options.cancelled())) {
      (past_deadline ? result.timed_out : result.cancelled) = true;
      if (options.terminate_grace_seconds > 0) {
        child.terminate_group();
        kill_at = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(options.terminate_grace_seconds));
      } else {
        child.kill_group();
        killed = true;
      }
    }
  }
}

// Reads what the program left in the pipes after its exit, until end of file or the grace ends.
void drain(Stream& out, Stream& err) {
  const auto until = Clock::now() + kDrainGrace;
  while (out.fd.valid() || err.fd.valid()) {
    const auto now = Clock::now();
    if (now >= until) break;
    std::array<pollfd, 2> fds{};
    nfds_t count = 0;
    for (const int fd : {out.fd.get(), err.fd.get()}) {
      if (fd >= 0) fds[count++] = pollfd{fd, POLLIN, 0};
    }
    if (poll(fds.data(), count, ms_until(until, now)) <= 0) continue;
    for (nfds_t i = 0; i < count; ++i) {
      if (fds[i].revents == 0) continue;
      if (fds[i].fd == out.fd.get()) pump(out);
      else if (fds[i].fd == err.fd.get()) pump(err);
    }
  }
}

}  // namespace

std::string program_in_folder(const std::string& program, const std::string& folder) {
  if (folder.empty() || program.empty() || program.front() == '/' || program.find('/') == std::string::npos) {
    return program;
  }
  return (std::filesystem::path(folder) / program).lexically_normal().string();
}

CommandResult run_command(const std::vector<std::string>& argv, const RunOptions& options) {
  std::vector<std::string> resolved = argv;
  if (!resolved.empty()) {
    resolved.front() = program_in_folder(argv.front(), options.program_folder);
    std::error_code ec;
    if (resolved.front() != argv.front() && !std::filesystem::exists(resolved.front(), ec)) {
      throw CommandError(fmt::format("command not found: {} (a relative path names a file in the script's folder: "
                                     "{} does not exist){}", argv.front(), resolved.front(),
                                     options.from_template.empty()
                                         ? std::string()
                                         : fmt::format(" (from template '{}')", options.from_template)));
    }
  }
  Child child(detail::spawn_child(resolved, options), options.terminate_grace_seconds);
  Stream out{child.take_stdout()}, err{child.take_stderr()};
  CommandResult result;
  const auto ended = collect_until_exit(child, out, err, options, result);
  result.wall_seconds = std::chrono::duration<double>(ended - child.started()).count();
  // Whatever the program left running in its group would hold our pipes open and compete with
  // the next measurement for the cores.
  child.kill_group();
  drain(out, err);
  const int status = child.reap();
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  result.stdout_text = out.tail.finish();
  result.stderr_text = err.tail.finish();
  result.stdout_dropped = out.tail.dropped();
  result.stderr_dropped = err.tail.dropped();
  return result;
}

}  // namespace scalerun::measure
