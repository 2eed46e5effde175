#pragma once
// The Lua side of simulate mode: a kernel's program = function(ctx, k) ... end runs once per
// simulated processor, each in its own coroutine, and talks to the Simulator through ctx
// (the methods are listed in docs/VOCABULARY.md, "Simulate mode"). An operation that must wait
// yields the coroutine; the Simulator resumes it, with the operation's results, when the
// operation completes in simulated time.
//
// Every ctx method is a native<> function, so C++ errors become Lua errors at the program's
// line; yielding happens in a thin wrapper after native<> has returned, so no C++ frame is ever
// skipped by Lua's longjmp.

#include <cstdint>
#include <string>
#include <vector>

#include <lua.hpp>

#include "sim/simulator.hpp"

namespace scalerun::lua {

class LuaPrograms : public sim::Programs {
 public:
  // program and kernel are stack indices in L: the function(ctx, k) and the k it receives.
  LuaPrograms(lua_State* L, int program, int kernel, sim::Simulator& simulator);
  ~LuaPrograms() override;
  LuaPrograms(const LuaPrograms&) = delete;
  LuaPrograms& operator=(const LuaPrograms&) = delete;

  void run(int rank) override;
  std::string where(int rank) override;
  std::string tag_name(std::int64_t tag) override;

  // Used by the ctx methods.
  sim::Simulator& simulator() { return sim_; }
  int current() const { return current_; }
  bool runs_in(lua_State* co) const { return current_ >= 0 && threads_[static_cast<std::size_t>(current_)] == co; }
  std::int64_t tag_of(lua_State* co, int index, bool any_allowed);
  // What a parked operation hands back when it completes.
  enum class Results : std::uint8_t { None, Value, ValueAndSource };
  void park(Results results) { parked_ = true; results_[static_cast<std::size_t>(current_)] = results; }

 private:
  // The one-line message of the error value on top of co (popped), with the program's position.
  std::string error_message(lua_State* co, const std::string& where);

  lua_State* L_;
  sim::Simulator& sim_;
  int registry_ref_ = LUA_NOREF;  // { program, kernel, ctx metatable, tag ids, threads }
  std::vector<lua_State*> threads_;  // anchored in the registry table
  std::vector<Results> results_;
  std::vector<std::string> tag_names_;
  int current_ = -1;
  bool parked_ = false;
};

}  // namespace scalerun::lua
