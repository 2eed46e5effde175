#include "lua/process_guards.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "lua/native.hpp"
#include "measure/command.hpp"
#include "measure/live_children.hpp"
#include "runtime/stop.hpp"

namespace scalerun::lua {

namespace {

void write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

// os.execute([command]) with Lua 5.4's results: true|nil, "exit"|"signal", code. The program's
// output is context, like print's: it goes to stderr once the program has ended.
int execute(lua_State* L) {
  if (lua_isnoneornil(L, 1)) {
    lua_pushboolean(L, 1);  // a shell is available
    return 1;
  }
  const std::string command = luaL_checkstring(L, 1);
  measure::RunOptions options;
  options.cancelled = [] { return runtime::stop_cause() != runtime::StopCause::none; };
  const measure::CommandResult result = measure::run_command({"/bin/sh", "-c", command}, options);
  if (result.cancelled) runtime::throw_if_stopped();
  write_all(STDERR_FILENO, result.stdout_text);
  write_all(STDERR_FILENO, result.stderr_text);
  if (result.exit_code == 0) {
    lua_pushboolean(L, 1);
  } else {
    lua_pushnil(L);
  }
  lua_pushstring(L, result.signal != 0 ? "signal" : "exit");
  lua_pushinteger(L, result.signal != 0 ? result.signal : result.exit_code);
  return 3;
}

// io.popen(prog [, mode]) as Lua's, but the shell runs in a process group of its own that scalerun
// tracks: Ctrl-C, SIGTERM, the watchdog and a spent budget end it with the run (Lua's popen leaves
// it in scalerun's group, alive after scalerun has gone). The handle is one of Lua's files whose
// close waits for the shell and answers as io.close does for Lua's popen. Plain Lua C functions:
// no C++ object lives across the Lua calls that may raise.
struct GuardedPipe {
  luaL_Stream stream;  // first: the io library reads the handle as a luaL_Stream
  pid_t pid;
};

int close_guarded_pipe(lua_State* L) {
  auto* pipe = static_cast<GuardedPipe*>(luaL_checkudata(L, 1, LUA_FILEHANDLE));
  std::fclose(pipe->stream.f);
  int status = 0;
  pid_t reaped;
  do {
    reaped = waitpid(pipe->pid, &status, 0);
  } while (reaped < 0 && errno == EINTR);
  measure::untrack_group(pipe->pid);
  errno = reaped < 0 ? errno : 0;  // luaL_execresult reads errno to tell a failed wait from a status
  return luaL_execresult(L, reaped < 0 ? -1 : status);
}

int guarded_popen(lua_State* L) {
  const char* command = luaL_checkstring(L, 1);
  const char* mode = luaL_optstring(L, 2, "r");
  const bool reading = mode[0] == 'r';
  luaL_argcheck(L, (mode[0] == 'r' || mode[0] == 'w') && mode[1] == '\0', 2, "invalid mode");
  auto* pipe = static_cast<GuardedPipe*>(lua_newuserdatauv(L, sizeof(GuardedPipe), 0));
  pipe->stream.f = nullptr;
  pipe->stream.closef = nullptr;  // a closed file until the shell runs
  luaL_setmetatable(L, LUA_FILEHANDLE);
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return luaL_fileresult(L, 0, command);
  const int ours = reading ? fds[0] : fds[1], theirs = reading ? fds[1] : fds[0];
  const pid_t pid = fork();
  if (pid == 0) {
    // The child of a threaded process: async-signal-safe calls only, as in measure/spawn.cpp.
    setpgid(0, 0);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    struct sigaction default_action {};
    default_action.sa_handler = SIG_DFL;
    for (int sig = 1; sig < NSIG; ++sig) sigaction(sig, &default_action, nullptr);
    if (dup2(theirs, reading ? STDOUT_FILENO : STDIN_FILENO) < 0) _exit(127);
    execl("/bin/sh", "sh", "-c", command, static_cast<char*>(nullptr));
    _exit(127);
  }
  ::close(theirs);
  if (pid < 0) {
    ::close(ours);
    return luaL_fileresult(L, 0, command);
  }
  setpgid(pid, pid);  // also here: the group exists before it is tracked, whichever runs first
  measure::track_group(pid);
  pipe->pid = pid;
  pipe->stream.f = fdopen(ours, mode);
  if (pipe->stream.f == nullptr) {
    ::close(ours);
    kill(-pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    measure::untrack_group(pid);
    return luaL_fileresult(L, 0, command);
  }
  pipe->stream.closef = close_guarded_pipe;
  return 1;
}

// The script's debug library keeps traceback, getinfo, gethook and upvalueid, and loses what
// would let plain Lua reach into or break scalerun's own values: getregistry and setmetatable (a
// file handle given the metatable of a simulator context passes the native's type check),
// getmetatable, getupvalue, getlocal and getuservalue (they hand out the tables natives keep, such
// as a simulation's contexts, strings' metatable, the sandbox's views), setupvalue, upvaluejoin,
// setuservalue, setlocal, and sethook (the hook that keeps the time budget).
void restrict_debug(lua_State* L) {
  lua_getglobal(L, "debug");
  lua_createtable(L, 0, 4);
  for (const char* name : {"traceback", "getinfo", "gethook", "upvalueid"}) {
    lua_getfield(L, -2, name);
    lua_setfield(L, -2, name);
  }
  lua_pushvalue(L, -1);
  lua_setglobal(L, "debug");
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_pushvalue(L, -2);
  lua_setfield(L, -2, "debug");
  lua_pop(L, 3);
}

}  // namespace

void install_process_guards(lua_State* L) {
  lua_getglobal(L, "os");
  lua_pushcfunction(L, native<execute>);
  lua_setfield(L, -2, "execute");
  lua_pop(L, 1);
  lua_getglobal(L, "io");
  lua_pushcfunction(L, guarded_popen);
  lua_setfield(L, -2, "popen");
  lua_pop(L, 1);
  restrict_debug(L);
}

}  // namespace scalerun::lua
