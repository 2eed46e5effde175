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
//
// Before the coroutines, record_schedule tries the cheaper way: each processor's program run once,
// to its end, as a plain call whose operations are written into a sim::ScheduleBook (see
// sim/schedule.hpp for when that gives the same run). The first operation whose outcome the program
// could use (a value carried, a receive from any source, the clock read), a random number drawn,
// an error, or a book past its size stops the recording, and the coroutines run the program as
// before, so every message and error stays what it was.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <lua.hpp>

#include "sim/schedule.hpp"
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

  // Each processor's program recorded into a schedule (processors of the given speeds), or null
  // when the program must run as coroutines. `poll` is called between processors.
  static std::shared_ptr<const sim::ScheduleBook> record_schedule(lua_State* L, int program, int kernel,
                                                                  const std::vector<double>& speeds,
                                                                  const std::function<void()>& poll = {});

  // The operations, as the ctx methods call them: through the simulator, or into the recording.
  int current() const { return current_; }
  int processors() const { return processors_; }
  double speed(int rank) const { return sim_ != nullptr ? sim_->speed(rank) : (*speeds_)[static_cast<std::size_t>(rank)]; }
  double now();
  void compute(double ops, bool serial);
  void send(int dst, double bytes, std::int64_t tag, sim::Value value);
  bool receive(int src, std::int64_t tag, const char* what);
  bool collective(const sim::CollectiveCall& call, sim::Value value);
  const sim::Outcome& outcome() const;

  bool runs_in(lua_State* co) const;
  // The slot of the running program's ctx in the contexts table the ctx methods hold; 0 while no
  // program runs (a ctx used from a finalizer, an error's __tostring, or kept past its program).
  int context_slot() const { return running_ ? (recording_ ? 1 : current_ + 1) : 0; }
  std::int64_t tag_of(lua_State* co, int index, bool any_allowed);
  // What a parked operation hands back when it completes.
  enum class Results : std::uint8_t { None, Value, ValueAndSource };
  void park(Results results) { parked_ = true; results_[static_cast<std::size_t>(current_)] = results; }

 private:
  struct Recording;
  class GuardedGlobals;
  class Running;
  // Pushes the owner box: the userdata holding this object's address, cleared when it ends.
  void push_owner_box(lua_State* L) const;
  // What math.random, print and io.write do while a recording runs: stop it.
  static int refuse_while_recording(lua_State* L);
  LuaPrograms(lua_State* L, int program, int kernel, int processors, const std::vector<double>* speeds,
              sim::Simulator* simulator);
  // The program of `rank` from start to end as one call, its operations recorded; false when it
  // could not be recorded.
  bool record_rank(int rank);
  // Stops the recording (a Lua error the recording loop recognizes by the flag, not the text).
  [[noreturn]] void stop_recording();
  void add(sim::ScheduledOp op);
  std::uint32_t place();
  // A new ctx table for rank on co's stack.
  void push_ctx(lua_State* co, int rank);
  // The one-line message of the error value on top of co (popped), with the program's position.
  std::string error_message(lua_State* co, const std::string& where);

  lua_State* L_;
  sim::Simulator* sim_;  // null while recording
  int processors_;
  const std::vector<double>* speeds_;
  int registry_ref_ = LUA_NOREF;  // { program, kernel, ctx metatable, tag ids, threads, owner box, contexts }
  LuaPrograms** owner_box_ = nullptr;  // Lua's memory, anchored by the registry table
  bool running_ = false;          // a program runs (its ctx may be used)
  std::vector<lua_State*> threads_;  // anchored in the registry table
  std::vector<Results> results_;
  std::vector<std::string> tag_names_;
  std::unique_ptr<Recording> recording_;
  int current_ = -1;
  bool parked_ = false;
};

// What runs the programs on `simulator`: `book` replayed when there is one (record_schedule gave
// it), else the coroutines of the function and k at stack indices program and kernel.
std::unique_ptr<sim::Programs> programs_for(lua_State* L, int program, int kernel, sim::Simulator& simulator,
                                            const sim::ScheduleBook* book);

}  // namespace scalerun::lua
