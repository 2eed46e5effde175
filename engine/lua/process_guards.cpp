#include "lua/process_guards.hpp"

#include <unistd.h>

#include <string>

#include "lua/native.hpp"
#include "measure/command.hpp"
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
  restrict_debug(L);
}

}  // namespace scalerun::lua
