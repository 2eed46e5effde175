#pragma once
// The one owner of a lua_State. Everything that runs Lua goes through a State: it opens the
// libraries, installs the package path, the time budget and the interrupt check, and closes the
// state on every exit path.

#include <atomic>
#include <chrono>
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

  // A wall-clock budget enforced by a count hook that pcall cannot swallow: once expired, every
  // hook call raises again. seconds <= 0 disables it.
  void set_time_budget(double seconds);
  // Throws ScriptError ("script timed out ...") once the budget is spent, or Interrupted after
  // SIGINT. C++ loops that run on behalf of a script call this between points.
  void check_budget() const;

  // Set by the SIGINT handler; the hook and check_budget() turn it into an interruption.
  static std::atomic<bool> interrupt_requested;

 private:
  static void hook(lua_State* L, lua_Debug* ar);
  bool expired() const;
  lua_State* L_ = nullptr;
  double budget_seconds_ = 0.0;
  std::chrono::steady_clock::time_point deadline_{};
};

// The State that owns L (stored in the state's extra space).
State& owner(lua_State* L);

}  // namespace scalerun::lua
