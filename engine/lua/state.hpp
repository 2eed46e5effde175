#pragma once
// The one owner of a lua_State. Everything that runs Lua goes through a State: it opens the
// libraries, installs the package path, the time budget and the interrupt check, and closes the
// state on every exit path.

#include <string>
#include <vector>

#include <lua.hpp>

namespace scalerun::lua {

class State {
 public:
  State();
  ~State();
  State(const State&) = delete;
  State& operator=(const State&) = delete;

  lua_State* get() const { return L_; }

  // package.path: LUA_PATH (";;" expands to our defaults) followed by, for each root,
  // root/?.lua, root/?/init.lua, root/machines/?.lua, root/kernels/?.lua, root/scripts/?.lua.
  void set_package_path(const std::vector<std::string>& roots);

  // The run's wall-clock budget (runtime::set_deadline_after), enforced in Lua by a count hook
  // that pcall cannot swallow: once the run must stop, every hook call raises again. The hook
  // also notes where the user's code is, for the watchdog that ends what no hook can reach.
  // seconds <= 0: no budget (the hook still answers Ctrl-C).
  void set_time_budget(double seconds);
  // A limit of this state's own (the check pass before a run): kept by the hook alone, never
  // through the run's deadline, since the watchdog ends the whole process once that passes while
  // a C call runs. A C call that outlasts it is waited for; the hook raises at the first
  // instruction after it, and at every one from then on (a pcall cannot swallow it), with a
  // message that names the check pass. One state at a time has one: it lasts until this State ends.
  void set_check_limit(double seconds);
  // Throws ScriptError ("script timed out ...") once the budget is spent, or Interrupted after
  // SIGINT. C++ loops that run on behalf of a script call this between points.
  void check_budget() const;

  // "file:line: " of the user's code the hook saw last (empty before it ran): read by the
  // watchdog thread and by out-of-memory messages, which have no Lua stack to ask.
  static std::string last_user_position();

  // Throws ScriptError with the first error a finalizer raised (Lua turns those into warnings),
  // so nothing a __gc metamethod tried is lost silently. Called once the script has returned.
  void throw_finalizer_error() const;

 private:
  static void hook(lua_State* L, lua_Debug* ar);
  static void warning(void* self, const char* piece, int continued);
  char warning_[1024] = "";          // the pieces of the warning being written
  char finalizer_error_[1024] = "";  // the first error in a finalizer
  bool warnings_on_ = false;
  lua_State* L_ = nullptr;
  bool owns_deadline_ = false;  // set_time_budget was called: the deadline ends with this State
};

// The State that owns L (stored in the state's extra space).
State& owner(lua_State* L);


}  // namespace scalerun::lua
