#include "measure/spawn.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <string_view>
#include <system_error>

#include <fmt/format.h>

namespace scalerun::measure::detail {

namespace {

// What the child reports through the close-on-exec pipe when it cannot become the program.
// Reading end of file instead means execve() succeeded and closed the pipe.
enum class Stage : int { kStreams = 1, kChdir = 2, kExec = 3 };
struct StartFailure {
  Stage stage;
  int error;
};

std::string error_text(int err) { return std::system_category().message(err); }

std::string origin(const RunOptions& options) {
  return options.from_template.empty() ? std::string() : fmt::format(" (from template '{}')", options.from_template);
}

// Pipe ends must not be 0, 1 or 2, or the child's dup2() onto those numbers could overwrite one
// end with another (and dup2(fd, fd) would leave close-on-exec set on the program's stdout).
UniqueFd above_stdio(UniqueFd fd) {
  if (!fd.valid() || fd.get() > 2) return fd;
  UniqueFd moved(fcntl(fd.get(), F_DUPFD_CLOEXEC, 3));
  if (!moved.valid()) throw CommandError(fmt::format("cannot set up pipes: {}", error_text(errno)));
  return moved;
}

struct Pipe {
  UniqueFd read, write;
};

Pipe make_pipe() {
  int fds[2];
  // O_CLOEXEC at creation: another thread forking a child meanwhile must not inherit our ends.
  if (pipe2(fds, O_CLOEXEC) != 0) throw CommandError(fmt::format("cannot create a pipe: {}", error_text(errno)));
  Pipe pipe{UniqueFd(fds[0]), UniqueFd(fds[1])};
  pipe.read = above_stdio(std::move(pipe.read));
  pipe.write = above_stdio(std::move(pipe.write));
  return pipe;
}

// scalerun's environment, in its order, with the additions replacing same-named entries.
std::vector<std::string> child_environment(const std::map<std::string, std::string>& additions) {
  std::vector<std::string> entries;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string_view text(*entry);
    if (!additions.contains(std::string(text.substr(0, text.find('='))))) entries.emplace_back(text);
  }
  for (const auto& [name, value] : additions) {
    if (name.empty() || name.find('=') != std::string::npos) {
      throw CommandError(fmt::format("invalid environment variable name '{}'", name));
    }
    entries.push_back(name + "=" + value);
  }
  return entries;
}

std::string search_path(const std::vector<std::string>& environment) {
  for (const auto& entry : environment) {
    if (entry.starts_with("PATH=")) return entry.substr(5);
  }
  return "/usr/local/bin:/usr/bin:/bin";  // what execvp() searches without PATH, roughly
}

bool is_executable_file(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
}

// Looked up here rather than by execvp() in the child: execve() is async-signal-safe, and a
// missing program is reported without forking at all.
std::string resolve_program(const std::string& name, const std::string& path, const RunOptions& options) {
  if (name.find('/') != std::string::npos) return name;
  std::size_t begin = 0;
  while (begin <= path.size()) {
    const std::size_t end = std::min(path.find(':', begin), path.size());
    const std::string dir = end == begin ? "." : path.substr(begin, end - begin);
    if (std::string candidate = dir + "/" + name; is_executable_file(candidate)) return candidate;
    begin = end + 1;
  }
  throw CommandError(fmt::format("command not found: {}{}", name, origin(options)));
}

std::string start_failure(const StartFailure& failure, const std::string& program, const RunOptions& options) {
  const std::string from = origin(options);
  switch (failure.stage) {
    case Stage::kStreams:
      return fmt::format("cannot run {}: setting up its standard streams failed: {}{}", program,
                         error_text(failure.error), from);
    case Stage::kChdir:
      return fmt::format("cannot run {}: working directory '{}': {}{}", program, options.working_dir,
                         error_text(failure.error), from);
    case Stage::kExec:
      break;
  }
  switch (failure.error) {
    case ENOENT: {
      // execve() also says ENOENT when the file exists but its #! interpreter or dynamic loader
      // does not; "command not found" would send the user looking in the wrong place.
      const std::string where = options.working_dir.empty() || program.starts_with('/')
                                    ? program
                                    : options.working_dir + "/" + program;
      struct stat st {};
      if (stat(where.c_str(), &st) == 0) {
        return fmt::format("cannot execute {}: its interpreter (#! line) or loader was not found{}", program, from);
      }
      return fmt::format("command not found: {}{}", program, from);
    }
    case EACCES:
      return fmt::format("cannot execute {}: permission denied (is it an executable file?){}", program, from);
    case ENOEXEC:
      return fmt::format("cannot execute {}: not a program this system runs (a script without a #! line?){}",
                         program, from);
    default:
      return fmt::format("cannot execute {}: {}{}", program, error_text(failure.error), from);
  }
}

struct ChildPlan {
  const char* path;
  char* const* argv;
  char* const* envp;
  const char* working_dir;  // nullptr: stay
  int stdin_fd, stdout_fd, stderr_fd, report_fd;
};

[[noreturn]] void report_and_exit(int report_fd, Stage stage) noexcept {
  const StartFailure failure{stage, errno};
  [[maybe_unused]] const ssize_t written = write(report_fd, &failure, sizeof failure);
  _exit(127);
}

// Runs in the child between fork() and execve(): async-signal-safe calls only.
[[noreturn]] void become_program(const ChildPlan& plan) noexcept {
  // Its own process group, so one kill() stops the program and everything it started.
  setpgid(0, 0);
  // Masks and ignored signals survive execve(); the program gets neither from scalerun.
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig) sigaction(sig, &default_action, nullptr);  // fails harmlessly for KILL, STOP
  if (dup2(plan.stdin_fd, STDIN_FILENO) < 0 || dup2(plan.stdout_fd, STDOUT_FILENO) < 0 ||
      dup2(plan.stderr_fd, STDERR_FILENO) < 0) {
    report_and_exit(plan.report_fd, Stage::kStreams);
  }
  if (plan.working_dir != nullptr && chdir(plan.working_dir) != 0) report_and_exit(plan.report_fd, Stage::kChdir);
  execve(plan.path, plan.argv, plan.envp);
  report_and_exit(plan.report_fd, Stage::kExec);
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> result;
  result.reserve(strings.size() + 1);
  for (auto& s : strings) result.push_back(s.data());
  result.push_back(nullptr);
  return result;
}

void set_nonblocking(const UniqueFd& fd) {
  const int flags = fcntl(fd.get(), F_GETFL);
  if (flags >= 0) fcntl(fd.get(), F_SETFL, flags | O_NONBLOCK);
}

}  // namespace

SpawnedChild spawn_child(const std::vector<std::string>& argv, const RunOptions& options) {
  if (argv.empty() || argv.front().empty()) throw CommandError("cannot run an empty command" + origin(options));
  std::vector<std::string> environment = child_environment(options.env);
  std::string program = resolve_program(argv.front(), search_path(environment), options);
  std::vector<std::string> args = argv;
  const std::vector<char*> arg_ptrs = pointers(args);
  const std::vector<char*> env_ptrs = pointers(environment);

  UniqueFd devnull = above_stdio(UniqueFd(open("/dev/null", O_RDONLY | O_CLOEXEC)));
  if (!devnull.valid()) throw CommandError(fmt::format("cannot open /dev/null: {}", error_text(errno)));
  Pipe out = make_pipe(), err = make_pipe(), report = make_pipe();
  const ChildPlan plan{program.c_str(), arg_ptrs.data(), env_ptrs.data(),
                       options.working_dir.empty() ? nullptr : options.working_dir.c_str(),
                       devnull.get(), out.write.get(), err.write.get(), report.write.get()};

  SpawnedChild child;
  child.started = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) throw CommandError(fmt::format("cannot run {}: fork failed: {}", argv.front(), error_text(errno)));
  if (pid == 0) become_program(plan);

  // Also from this side, so that killing the group works even before the child has run.
  setpgid(pid, pid);
  out.write.reset();
  err.write.reset();
  report.write.reset();
  devnull.reset();

  StartFailure failure{};
  ssize_t n = 0;
  do {
    n = read(report.read.get(), &failure, sizeof failure);
  } while (n < 0 && errno == EINTR);
  if (n == static_cast<ssize_t>(sizeof failure)) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    throw CommandError(start_failure(failure, argv.front(), options));
  }
  set_nonblocking(out.read);
  set_nonblocking(err.read);
  child.pid = pid;
  child.stdout_fd = std::move(out.read);
  child.stderr_fd = std::move(err.read);
  return child;
}

}  // namespace scalerun::measure::detail
