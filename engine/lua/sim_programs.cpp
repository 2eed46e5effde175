#include "lua/sim_programs.hpp"

#include <cmath>
#include <map>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "errors/errors.hpp"
#include "lua/field_reader.hpp"
#include "lua/native.hpp"
#include "lua/state.hpp"
#include "runtime/stop.hpp"

namespace scalerun::lua {

using namespace sim;  // the engine this adapter drives

namespace {

// Slots of the registry table that keeps everything a run needs alive.
enum Slot : int { kProgram = 1, kKernel, kMetatable, kTagIds, kThreads, kOwner, kContexts };

// String tags are numbered from here; integer tags must stay below it.
constexpr std::int64_t kStringTagBase = std::int64_t{1} << 62;
// A ctx method that returns this has parked its processor: the wrapper yields.
constexpr int kPark = -1;
// The most operations a schedule may hold (32 bytes each): past it, coroutines cost less.
constexpr std::size_t kMaxScheduledOperations = std::size_t{1} << 23;

// The ctx methods reach their LuaPrograms through upvalue 1, a full userdata holding its address
// (the owner box). The LuaPrograms clears it when it ends, so a ctx (or one of its methods) a
// script kept past its simulation finds null there instead of freed memory.
LuaPrograms* owner_of(lua_State* L) { return *static_cast<LuaPrograms**>(lua_touserdata(L, lua_upvalueindex(1))); }

LuaPrograms& programs_of(lua_State* L) {
  LuaPrograms* self = owner_of(L);
  if (self == nullptr) throw lua::NativeError("ctx used after its simulation ended");
  return *self;
}

// ctx:method(...) passes ctx first; ctx.method(...) is the usual slip. The ctx must be the one
// the running program was given (upvalue 3 holds them by slot): another processor's ctx, or one
// kept from an earlier run, would act for a processor that is not running.
void check_self(lua_State* L, const char* method) {
  LuaPrograms& self = programs_of(L);
  bool ok = false;
  if (lua_type(L, 1) == LUA_TTABLE && lua_getmetatable(L, 1) != 0) {
    ok = lua_rawequal(L, -1, lua_upvalueindex(2)) != 0;
    lua_pop(L, 1);
  }
  if (!ok) throw lua::NativeError(fmt::format("call ctx methods with a colon: ctx:{}(...)", method));
  const int slot = self.context_slot();
  if (slot == 0) throw lua::NativeError(fmt::format("ctx:{}: ctx used outside its processor's program", method));
  lua_rawgeti(L, lua_upvalueindex(3), slot);
  const bool own = lua_rawequal(L, -1, 1) != 0;
  lua_pop(L, 1);
  if (own) return;
  lua_pushliteral(L, "rank");
  const bool has_rank = lua_rawget(L, 1) == LUA_TNUMBER && lua_isinteger(L, -1) != 0;
  const lua_Integer rank = lua_tointeger(L, -1);
  lua_pop(L, 1);
  const std::string whose = has_rank && rank != self.current() ? fmt::format("processor {}'s ctx", rank)
                                                               : std::string("a ctx of another run");
  throw lua::NativeError(fmt::format("ctx:{}: {} used in the program of processor {} (each program uses the ctx "
                                     "it was given)", method, whose, self.current()));
}

// The largest operation count and message a program may ask for: a petabyte message or 1e18
// operations already take days on any simulated machine; 1e308 is a slip that would only print
// absurd times.
constexpr double kMaxOps = 1e18, kMaxBytes = 1e15;

double number_arg(lua_State* L, int index, const char* method, const char* name) {
  if (lua_type(L, index) != LUA_TNUMBER) {
    throw lua::NativeError(fmt::format("ctx:{}: {} must be a number, got {}", method, name, lua::type_name(L, index)));
  }
  const double v = lua_tonumber(L, index);
  const double most = std::string_view(name) == "bytes" ? kMaxBytes : kMaxOps;
  if (!std::isfinite(v) || v < 0 || v > most) {
    throw lua::NativeError(fmt::format("ctx:{}: {} must be a number from 0 to {:g}, got {:g}", method, name, most, v));
  }
  return v;
}

// A processor number: a whole number in 0 .. p-1 (or ctx.any where allowed). `action` says what
// the program tried, e.g. "send to".
int processor_arg(lua_State* L, int index, const char* method, const char* action, bool any_allowed) {
  const int p = programs_of(L).processors();
  if (lua_type(L, index) != LUA_TNUMBER) {
    throw lua::NativeError(fmt::format("ctx:{}: a processor number expected, got {}", method, lua::type_name(L, index)));
  }
  const double v = lua_tonumber(L, index);
  if (any_allowed && v == kAnySource) return kAnySource;
  if (v != std::floor(v) || v < 0 || v >= p) {
    throw lua::NativeError(fmt::format("{} processor {:g}, but the machine has {} processor{} (0..{})", action, v, p,
                                       p == 1 ? "" : "s", p - 1));
  }
  return static_cast<int>(v);
}

Value value_arg(lua_State* L, int index, const char* method) {
  switch (lua_type(L, index)) {
    case LUA_TNONE:
    case LUA_TNIL: return {};
    case LUA_TNUMBER: return Value{lua_tonumber(L, index), true};
    default:
      throw lua::NativeError(fmt::format("ctx:{}: a message carries a number or nil, got {} (its size is the "
                                         "bytes argument)", method, lua::type_name(L, index)));
  }
}

void push_value(lua_State* L, const Value& v) {
  if (v.present) lua_pushnumber(L, v.number);
  else lua_pushnil(L);
}

int ctx_compute(lua_State* L) {
  check_self(L, "compute");
  LuaPrograms& self = programs_of(L);
  self.compute(number_arg(L, 2, "compute", "ops"), false);
  return 0;
}

int ctx_serial(lua_State* L) {
  check_self(L, "serial");
  LuaPrograms& self = programs_of(L);
  self.compute(number_arg(L, 2, "serial", "ops"), true);
  return 0;
}

// ctx:speed([rank]): the operations per second ctx:compute charges on that processor (default this
// one), so a program can split its work in proportion to the processors' speeds.
int ctx_speed(lua_State* L) {
  check_self(L, "speed");
  LuaPrograms& self = programs_of(L);
  const int rank = lua_isnoneornil(L, 2) ? self.current() : processor_arg(L, 2, "speed", "ask the speed of", false);
  lua_pushnumber(L, self.speed(rank));
  return 1;
}

int ctx_now(lua_State* L) {
  check_self(L, "now");
  LuaPrograms& self = programs_of(L);
  lua_pushnumber(L, self.now());
  return 1;
}

void do_send(lua_State* L, const char* method) {
  check_self(L, method);
  LuaPrograms& self = programs_of(L);
  const int dst = processor_arg(L, 2, method, "send to", false);
  const double bytes = number_arg(L, 3, method, "bytes");
  const std::int64_t tag = lua_isnoneornil(L, 4) ? 0 : self.tag_of(L, 4, false);
  self.send(dst, bytes, tag, value_arg(L, 5, method));
}

int ctx_send(lua_State* L) {
  do_send(L, "send");
  return 0;
}

// A receive request is a table { src = ..., tag = ... } that ctx:wait turns into the receive;
// a send request is { sent = true }, already complete (sends are buffered).
int ctx_isend(lua_State* L) {
  do_send(L, "isend");
  lua_createtable(L, 0, 1);
  lua_pushboolean(L, 1);
  lua_setfield(L, -2, "sent");
  return 1;
}

int ctx_irecv(lua_State* L) {
  check_self(L, "irecv");
  LuaPrograms& self = programs_of(L);
  const int src = processor_arg(L, 2, "recv", "receive from", true);
  const std::int64_t tag = lua_isnoneornil(L, 3) ? kAnyTag : self.tag_of(L, 3, true);
  lua_createtable(L, 0, 2);
  lua_pushinteger(L, src);
  lua_setfield(L, -2, "src");
  lua_pushinteger(L, tag);
  lua_setfield(L, -2, "tag");
  return 1;
}

// Waiting yields the processor's coroutine; from a coroutine of the program's own it would yield
// the wrong one.
void check_may_wait(lua_State* L, LuaPrograms& self, const char* what) {
  if (!self.runs_in(L)) {
    throw lua::NativeError(fmt::format("ctx:{} may wait, so call it from the program itself, not from a coroutine "
                                       "the program created", what));
  }
}

int finish_receive(lua_State* L, LuaPrograms& self, int src, std::int64_t tag, const char* what) {
  check_may_wait(L, self, what);
  if (!self.receive(src, tag, what)) {
    self.park(LuaPrograms::Results::ValueAndSource);
    return kPark;
  }
  const Outcome& o = self.outcome();
  push_value(L, o.value);
  lua_pushinteger(L, o.source);
  return 2;
}

int ctx_recv(lua_State* L) {
  check_self(L, "recv");
  LuaPrograms& self = programs_of(L);
  const int src = processor_arg(L, 2, "recv", "receive from", true);
  const std::int64_t tag = lua_isnoneornil(L, 3) ? kAnyTag : self.tag_of(L, 3, true);
  return finish_receive(L, self, src, tag, "recv");
}

int ctx_wait(lua_State* L) {
  check_self(L, "wait");
  LuaPrograms& self = programs_of(L);
  if (lua_type(L, 2) != LUA_TTABLE) {
    throw lua::NativeError(fmt::format("ctx:wait: a request from ctx:isend or ctx:irecv expected, got {}",
                                       lua::type_name(L, 2)));
  }
  lua::raw_field(L, 2, "sent");
  const bool sent = lua_toboolean(L, -1) != 0;
  lua::raw_field(L, 2, "src");
  lua::raw_field(L, 2, "tag");
  const bool is_receive = lua_isinteger(L, -2) != 0 && lua_isinteger(L, -1) != 0;
  const auto src = static_cast<int>(lua_tointeger(L, -2));
  const std::int64_t tag = lua_tointeger(L, -1);
  lua_pop(L, 3);
  if (sent) return 0;
  if (!is_receive) throw lua::NativeError("ctx:wait: a request from ctx:isend or ctx:irecv expected, got a table");
  return finish_receive(L, self, src, tag, "wait");
}

int run_collective(lua_State* L, const CollectiveCall& call, Value value) {
  LuaPrograms& self = programs_of(L);
  check_may_wait(L, self, collective_name(call.kind));
  const bool returns = call.kind == CollectiveKind::Broadcast || call.kind == CollectiveKind::Reduce ||
                       call.kind == CollectiveKind::Allreduce;
  if (!self.collective(call, value)) {
    self.park(returns ? LuaPrograms::Results::Value : LuaPrograms::Results::None);
    return kPark;
  }
  if (!returns) return 0;
  push_value(L, self.outcome().value);
  return 1;
}

int ctx_barrier(lua_State* L) {
  check_self(L, "barrier");
  return run_collective(L, CollectiveCall{CollectiveKind::Barrier, 0, 0}, {});
}

int ctx_broadcast(lua_State* L) {
  check_self(L, "broadcast");
  const double bytes = number_arg(L, 2, "broadcast", "bytes");
  const int root = processor_arg(L, 3, "broadcast", "broadcast from root", false);
  return run_collective(L, CollectiveCall{CollectiveKind::Broadcast, root, bytes}, value_arg(L, 4, "broadcast"));
}

int ctx_reduce(lua_State* L) {
  check_self(L, "reduce");
  const double bytes = number_arg(L, 2, "reduce", "bytes");
  const int root = processor_arg(L, 3, "reduce", "reduce to root", false);
  return run_collective(L, CollectiveCall{CollectiveKind::Reduce, root, bytes}, value_arg(L, 4, "reduce"));
}

int ctx_allreduce(lua_State* L) {
  check_self(L, "allreduce");
  const double bytes = number_arg(L, 2, "allreduce", "bytes");
  return run_collective(L, CollectiveCall{CollectiveKind::Allreduce, 0, bytes}, value_arg(L, 3, "allreduce"));
}

int ctx_allgather(lua_State* L) {
  check_self(L, "allgather");
  const double bytes = number_arg(L, 2, "allgather", "bytes");
  return run_collective(L, CollectiveCall{CollectiveKind::Allgather, 0, bytes}, {});
}

int ctx_alltoall(lua_State* L) {
  check_self(L, "alltoall");
  const double bytes = number_arg(L, 2, "alltoall", "bytes");
  return run_collective(L, CollectiveCall{CollectiveKind::Alltoall, 0, bytes}, {});
}

// native<> has returned (every C++ object of the method is gone) before Lua's yield longjmps.
template <int (*Fn)(lua_State*)>
int yield_if_parked(lua_State* L) {
  const int n = lua::native<Fn>(L);
  if (n == kPark) return lua_yield(L, 0);
  return n;
}

struct Method {
  const char* name;
  lua_CFunction fn;
};

constexpr Method kMethods[] = {
    {"compute", yield_if_parked<ctx_compute>},     {"serial", yield_if_parked<ctx_serial>},
    {"now", yield_if_parked<ctx_now>},             {"speed", yield_if_parked<ctx_speed>},
    {"send", yield_if_parked<ctx_send>},           {"recv", yield_if_parked<ctx_recv>},
    {"isend", yield_if_parked<ctx_isend>},         {"irecv", yield_if_parked<ctx_irecv>},
    {"wait", yield_if_parked<ctx_wait>},           {"barrier", yield_if_parked<ctx_barrier>},
    {"broadcast", yield_if_parked<ctx_broadcast>}, {"reduce", yield_if_parked<ctx_reduce>},
    {"allreduce", yield_if_parked<ctx_allreduce>}, {"allgather", yield_if_parked<ctx_allgather>},
    {"alltoall", yield_if_parked<ctx_alltoall>},
};

// Methods that are plain Lua: they may call the yielding methods freely.
constexpr std::string_view kLuaMethods = R"(
local methods = ...
function methods.waitall(ctx, requests)
  -- Level 2: a mistake here is the caller's line, not this embedded file's.
  if type(requests) ~= "table" then
    error("ctx:waitall: a list of requests from ctx:isend or ctx:irecv expected, got " .. type(requests), 2)
  end
  for i = 1, #requests do ctx:wait(requests[i]) end
end
)";

// The one line an error value of a program makes, as the script-level message handler does it:
// __tostring honoured, error(nil) and error({}) said in words. Runs in a protected call, since
// __tostring is user code.
int error_text(lua_State* L) {
  if (lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER) {
    lua_pushstring(L, lua_tostring(L, 1));
  } else if (luaL_callmeta(L, 1, "__tostring") != 0 && lua_type(L, -1) == LUA_TSTRING) {
    // the message is on top
  } else if (lua_isnil(L, 1)) {
    lua_pushliteral(L, "error() was called with nil (give it a message string)");
  } else {
    lua_pushfstring(L, "error() was called with a %s value (give it a message string, or a table with __tostring)",
                    luaL_typename(L, 1));
  }
  return 1;
}

// Length of a leading "file:line: " in a message, 0 when it has none.
std::size_t position_length(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0) return 0;
  std::size_t end = colon + 1;
  while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
  if (end == colon + 1 || text.substr(end, 2) != ": ") return 0;
  if (text.substr(0, colon).find(' ') != std::string_view::npos) return 0;
  return end + 2;
}

}  // namespace

struct LuaPrograms::Recording {
  sim::ScheduleBuilder builder;
  Outcome outcome;
  std::map<std::pair<const char*, int>, std::uint32_t> places;  // (chunk source, line) -> place id
  bool stopped = false;
};

LuaPrograms::LuaPrograms(lua_State* L, int program, int kernel, Simulator& simulator)
    : LuaPrograms(L, program, kernel, simulator.processors(), nullptr, &simulator) {}

LuaPrograms::LuaPrograms(lua_State* L, int program, int kernel, int processors, const std::vector<double>* speeds,
                         Simulator* simulator)
    : L_(L), sim_(simulator), processors_(processors), speeds_(speeds) {
  if (sim_ != nullptr) results_.assign(static_cast<std::size_t>(processors), Results::None);
  program = lua_absindex(L, program);
  kernel = lua_absindex(L, kernel);
  lua_createtable(L, 7, 0);
  const int registry = lua_gettop(L);
  lua_pushvalue(L, program);
  lua_rawseti(L, registry, kProgram);
  lua_pushvalue(L, kernel);
  lua_rawseti(L, registry, kKernel);
  // The owner box (see owner_of), kept alive here at least as long as this object.
  owner_box_ = static_cast<LuaPrograms**>(lua_newuserdatauv(L, sizeof(LuaPrograms*), 0));
  *owner_box_ = this;
  const int owner = lua_gettop(L);
  lua_newtable(L);
  const int contexts = lua_gettop(L);

  // The ctx metatable: __index holds the methods, each with (owner box, metatable, contexts) as
  // upvalues. __metatable keeps scripts from reading or changing it.
  lua_createtable(L, 0, 3);
  const int meta = lua_gettop(L);
  lua_pushliteral(L, "simulated processor");
  lua_setfield(L, meta, "__name");
  lua_pushboolean(L, 0);
  lua_setfield(L, meta, "__metatable");
  lua_createtable(L, 0, static_cast<int>(std::size(kMethods)) + 1);
  const int methods = lua_gettop(L);
  for (const Method& m : kMethods) {
    lua_pushvalue(L, owner);
    lua_pushvalue(L, meta);
    lua_pushvalue(L, contexts);
    lua_pushcclosure(L, m.fn, 3);
    lua_setfield(L, methods, m.name);
  }
  lua::load_chunk(L, kLuaMethods, "@scalerun/sim_ctx.lua");
  lua_pushvalue(L, methods);
  lua::protected_call(L, 1, 0);
  lua_setfield(L, meta, "__index");
  lua_rawseti(L, registry, kMetatable);
  lua_rawseti(L, registry, kContexts);
  lua_rawseti(L, registry, kOwner);

  lua_newtable(L);
  lua_rawseti(L, registry, kTagIds);
  lua_createtable(L, sim_ != nullptr ? processors : 0, 0);
  lua_rawseti(L, registry, kThreads);
  registry_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  if (sim_ != nullptr) threads_.assign(static_cast<std::size_t>(processors), nullptr);
}



LuaPrograms::~LuaPrograms() {
  *owner_box_ = nullptr;  // the box is alive: the registry table below still holds it
  luaL_unref(L_, LUA_REGISTRYINDEX, registry_ref_);
}

// While a recording runs, math.random, print and io.write stop it: a draw or a line printed in
// rank order would differ from the coroutines', which interleave the processors in simulated time.
// The real functions are put back whatever happens (Lua errors, Interrupted).
class LuaPrograms::GuardedGlobals {
 public:
  GuardedGlobals(lua_State* L, LuaPrograms* self) : L_(L) {
    for (auto [table, field] : kGuarded) swap(table, field, self);
  }
  ~GuardedGlobals() {
    for (auto& saved : saved_) {
      lua_rawgeti(L_, LUA_REGISTRYINDEX, saved.table);
      lua_pushstring(L_, saved.field);
      lua_rawgeti(L_, LUA_REGISTRYINDEX, saved.original);
      lua_rawset(L_, -3);  // raw: a script's __newindex must not run inside this destructor
      lua_pop(L_, 1);
      luaL_unref(L_, LUA_REGISTRYINDEX, saved.table);
      luaL_unref(L_, LUA_REGISTRYINDEX, saved.original);
    }
  }
  GuardedGlobals(const GuardedGlobals&) = delete;
  GuardedGlobals& operator=(const GuardedGlobals&) = delete;

 private:
  struct Saved {
    int table, original;
    const char* field;
  };
  static constexpr std::pair<const char*, const char*> kGuarded[] = {
      {"math", "random"}, {nullptr, "print"}, {"io", "write"}};

  void swap(const char* table, const char* field, LuaPrograms* self) {
    if (table == nullptr) lua_pushglobaltable(L_);
    else lua_getglobal(L_, table);
    if (lua_type(L_, -1) != LUA_TTABLE) {
      lua_pop(L_, 1);
      return;
    }
    lua_pushstring(L_, field);
    lua_rawget(L_, -2);
    const int original = luaL_ref(L_, LUA_REGISTRYINDEX);
    self->push_owner_box(L_);
    lua_pushcclosure(L_, refuse_while_recording, 1);
    lua_pushstring(L_, field);
    lua_insert(L_, -2);
    lua_rawset(L_, -3);
    saved_.push_back(Saved{luaL_ref(L_, LUA_REGISTRYINDEX), original, field});
  }

  lua_State* L_;
  std::vector<Saved> saved_;
};

int LuaPrograms::refuse_while_recording(lua_State* L) {
  // A program may keep math.random (or print) in a variable past the recording: the owner box is
  // null then, and the function says so instead of touching the ended recording.
  LuaPrograms* self = owner_of(L);
  if (self == nullptr || !self->recording_) {
    return luaL_error(L, "math.random, print or io.write was kept from a program while it was recorded ahead; "
                         "call them directly instead");
  }
  self->recording_->stopped = true;
  return luaL_error(L, "a recorded program may not draw random numbers or print");
}

void LuaPrograms::push_owner_box(lua_State* L) const {
  lua_rawgeti(L, LUA_REGISTRYINDEX, registry_ref_);
  lua_rawgeti(L, -1, kOwner);
  lua_remove(L, -2);
}

// Marks a program as running (its ctx usable) for as long as it lives.
class LuaPrograms::Running {
 public:
  explicit Running(LuaPrograms& self) : self_(self) { self_.running_ = true; }
  ~Running() { self_.running_ = false; }
  Running(const Running&) = delete;
  Running& operator=(const Running&) = delete;

 private:
  LuaPrograms& self_;
};

std::shared_ptr<const sim::ScheduleBook> LuaPrograms::record_schedule(lua_State* L, int program, int kernel,
                                                                      const std::vector<double>& speeds,
                                                                      const std::function<void()>& poll) {
  const int top = lua_gettop(L);
  struct RestoreTop {
    lua_State* L;
    int top;
    ~RestoreTop() { lua_settop(L, top); }
  } restore{L, top};
  const auto p = static_cast<int>(speeds.size());
  LuaPrograms self(L, lua_absindex(L, program), lua_absindex(L, kernel), p, &speeds, nullptr);
  self.recording_.reset(new Recording{sim::ScheduleBuilder(p, kMaxScheduledOperations), {}, {}, false});
  {
    GuardedGlobals guard(L, &self);
    for (int rank = 0; rank < p; ++rank) {
      if (!self.record_rank(rank)) return nullptr;
      if (poll && rank % 4096 == 4095) poll();
    }
  }
  return std::make_shared<const sim::ScheduleBook>(
      self.recording_->builder.finish(std::move(self.tag_names_), kStringTagBase));
}

bool LuaPrograms::record_rank(int rank) {
  current_ = rank;
  recording_->builder.begin(rank);
  const int top = lua_gettop(L_);
  lua_rawgeti(L_, LUA_REGISTRYINDEX, registry_ref_);
  lua_rawgeti(L_, -1, kProgram);
  push_ctx(L_, rank);
  lua_rawgeti(L_, top + 1, kKernel);
  try {
    const Running running(*this);
    protected_call(L_, 2, 0);
  } catch (const ScriptError&) {
    lua_settop(L_, top);
    // The time budget is spent whichever way the program runs: said here, at the line it ran.
    if (runtime::stop_cause() != runtime::StopCause::none) throw;
    // The program's own mistake, or the recording stopped: the coroutines will say which.
    return false;
  }
  lua_settop(L_, top);
  if (recording_->stopped) return false;  // stopped, and the program caught the error itself
  recording_->builder.end();
  return true;
}

void LuaPrograms::stop_recording() {
  recording_->stopped = true;
  throw lua::NativeError("this program's operations cannot be recorded ahead of the run");
}

void LuaPrograms::add(sim::ScheduledOp op) {
  op.place = place();
  if (!recording_->builder.add(op)) stop_recording();
}

// The id of the program line the current operation was called from, as where() would name it.
std::uint32_t LuaPrograms::place() {
  lua_Debug ar;
  if (!lua::user_frame(L_, ar)) return recording_->builder.place_id("");
  const auto [it, added] = recording_->places.try_emplace(std::pair{ar.source, ar.currentline}, 0);
  if (added) it->second = recording_->builder.place_id(lua::frame_where(ar));
  return it->second;
}

void LuaPrograms::push_ctx(lua_State* co, int rank) {
  lua_createtable(co, 0, 3);
  lua_pushinteger(co, rank);
  lua_setfield(co, -2, "rank");
  lua_pushinteger(co, processors_);
  lua_setfield(co, -2, "size");
  lua_pushinteger(co, kAnySource);
  lua_setfield(co, -2, "any");
  lua_rawgeti(co, LUA_REGISTRYINDEX, registry_ref_);
  lua_rawgeti(co, -1, kMetatable);
  lua_setmetatable(co, -3);
  lua_rawgeti(co, -1, kContexts);
  lua_pushvalue(co, -3);
  lua_rawseti(co, -2, recording_ ? 1 : rank + 1);  // the one ctx check_self accepts for this rank
  lua_pop(co, 2);
}

bool LuaPrograms::runs_in(lua_State* co) const {
  if (recording_) return co == L_;
  return current_ >= 0 && threads_[static_cast<std::size_t>(current_)] == co;
}

double LuaPrograms::now() {
  if (recording_) stop_recording();
  return sim_->clock(current_);
}

void LuaPrograms::compute(double ops, bool serial) {
  if (!recording_) return sim_->compute(current_, ops, serial);
  add(sim::ScheduledOp{serial ? sim::ScheduledOp::Kind::Serial : sim::ScheduledOp::Kind::Compute,
                       CollectiveKind::Barrier, 0, 0, 0, ops});
}

void LuaPrograms::send(int dst, double bytes, std::int64_t tag, Value value) {
  if (!recording_) return sim_->send(current_, dst, bytes, tag, value);
  if (value.present) stop_recording();
  add(sim::ScheduledOp{sim::ScheduledOp::Kind::Send, CollectiveKind::Barrier, recording_->builder.relative_peer(dst), 0,
                       tag, bytes});
}

bool LuaPrograms::receive(int src, std::int64_t tag, const char* what) {
  if (!recording_) return sim_->receive(current_, src, tag, what);
  if (src == kAnySource) stop_recording();  // which message comes first is the run's to say
  const bool wait = std::string_view(what) == "wait";
  add(sim::ScheduledOp{wait ? sim::ScheduledOp::Kind::Wait : sim::ScheduledOp::Kind::Receive, CollectiveKind::Barrier,
                       recording_->builder.relative_peer(src), 0, tag, 0});
  recording_->outcome = Outcome{Value{}, src};
  return true;
}

bool LuaPrograms::collective(const CollectiveCall& call, Value value) {
  if (!recording_) return sim_->collective(current_, call, value);
  if (value.present) stop_recording();
  add(sim::ScheduledOp{sim::ScheduledOp::Kind::Collective, call.kind, call.root, 0, 0, call.bytes});
  recording_->outcome = Outcome{Value{}, current_};
  return true;
}

const Outcome& LuaPrograms::outcome() const {
  return recording_ ? recording_->outcome : sim_->outcome(current_);
}

std::int64_t LuaPrograms::tag_of(lua_State* co, int index, bool any_allowed) {
  if (lua_type(co, index) == LUA_TSTRING) {
    lua_rawgeti(co, LUA_REGISTRYINDEX, registry_ref_);
    lua_rawgeti(co, -1, kTagIds);
    lua_pushvalue(co, index);
    lua_rawget(co, -2);
    std::int64_t id = 0;
    if (lua_isinteger(co, -1) != 0) {
      id = lua_tointeger(co, -1);
      lua_pop(co, 3);
    } else {
      id = kStringTagBase + static_cast<std::int64_t>(tag_names_.size());
      tag_names_.emplace_back(lua_tostring(co, index));
      lua_pop(co, 1);
      lua_pushvalue(co, index);
      lua_pushinteger(co, id);
      lua_rawset(co, -3);
      lua_pop(co, 2);
    }
    return id;
  }
  if (lua_type(co, index) == LUA_TNUMBER) {
    const double v = lua_tonumber(co, index);
    if (any_allowed && v == static_cast<double>(kAnySource)) return kAnyTag;
    if (v == std::floor(v) && std::fabs(v) < static_cast<double>(kStringTagBase)) return static_cast<std::int64_t>(v);
  }
  if (lua_type(co, index) == LUA_TNUMBER) {
    // Tags above 2^62 are where string tags are numbered, so a whole number there is refused by
    // its range, not called "not a whole number".
    const double v = lua_tonumber(co, index);
    throw lua::NativeError(fmt::format("a message tag is a whole number of magnitude below 2^62 (or a string{}), "
                                       "got {:g}", any_allowed ? ", or ctx.any" : "", v));
  }
  throw lua::NativeError(fmt::format("a message tag is a whole number or a string{}, got {}",
                                     any_allowed ? " (or ctx.any)" : "", lua::type_name(co, index)));
}

std::string LuaPrograms::tag_name(std::int64_t tag) {
  if (tag >= kStringTagBase) return fmt::format("\"{}\"", tag_names_[static_cast<std::size_t>(tag - kStringTagBase)]);
  return fmt::format("{}", tag);
}

void LuaPrograms::run(int rank) {
  const auto r = static_cast<std::size_t>(rank);
  current_ = rank;
  parked_ = false;
  lua_State* co = threads_[r];
  int nargs = 0;
  if (co == nullptr) {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, registry_ref_);
    const int registry = lua_gettop(L_);
    lua_rawgeti(L_, registry, kThreads);
    co = lua_newthread(L_);
    lua_rawseti(L_, -2, rank + 1);  // anchored until the run ends
    lua_pop(L_, 1);
    threads_[r] = co;
    lua_rawgeti(L_, registry, kProgram);
    lua_xmove(L_, co, 1);
    push_ctx(co, rank);
    lua_rawgeti(L_, registry, kKernel);
    lua_xmove(L_, co, 1);
    lua_pop(L_, 1);
    nargs = 2;
  } else {
    const Outcome& o = sim_->outcome(rank);
    switch (results_[r]) {
      case Results::None: break;
      case Results::Value:
        push_value(co, o.value);
        nargs = 1;
        break;
      case Results::ValueAndSource:
        push_value(co, o.value);
        lua_pushinteger(co, o.source);
        nargs = 2;
        break;
    }
  }
  int nresults = 0;
  int status = LUA_OK;
  {
    const Running running(*this);
    status = lua_resume(co, L_, nargs, &nresults);
  }
  if (status == LUA_YIELD) {
    lua_pop(co, nresults);
    if (!parked_) {
      throw ScriptError(fmt::format("{}processor {}'s program yielded by itself (coroutine.yield is not allowed in "
                                    "a program outside its own coroutines)", lua::user_where(co), rank));
    }
    return;
  }
  if (status == LUA_OK) {
    lua_settop(co, 0);
    sim_->finish(rank);
    return;
  }
  if (runtime::interrupt_requested()) throw Interrupted();
  // The failed coroutine keeps its frames, so the user's line is still there to find.
  const std::string where = lua::user_where(co);
  std::string message = error_message(co, where);
  luaL_traceback(L_, co, nullptr, 0);
  std::string traceback = lua_tostring(L_, -1) != nullptr ? lua_tostring(L_, -1) : "";
  lua_pop(L_, 1);
  lua_settop(co, 0);
  if (status == LUA_ERRMEM) message = "not enough memory to run the programs";
  throw ScriptError(fmt::format("{} (in the program of processor {})", message, rank), traceback);
}

std::string LuaPrograms::error_message(lua_State* co, const std::string& where) {
  lua_pushcfunction(L_, error_text);
  lua_xmove(co, L_, 1);  // the error value
  lua::protected_call(L_, 1, 1);
  std::string message = lua_tostring(L_, -1);
  lua_pop(L_, 1);
  if (where.empty()) return message;
  // Raised inside scalerun's own Lua (@scalerun/...): the program's line is the one to show.
  const std::size_t at = position_length(message);
  if (at == 0) return where + message;
  if (message.starts_with("scalerun/")) return where + message.substr(at);
  return message;
}

std::string LuaPrograms::where(int rank) {
  lua_State* co = threads_[static_cast<std::size_t>(rank)];
  if (co == nullptr) return {};
  std::string w = lua::user_where(co);
  if (w.size() >= 2 && w.ends_with(": ")) w.resize(w.size() - 2);
  return w;
}

std::unique_ptr<sim::Programs> programs_for(lua_State* L, int program, int kernel, sim::Simulator& simulator,
                                            const sim::ScheduleBook* book) {
  if (book != nullptr) return std::make_unique<sim::ScheduledPrograms>(*book, simulator);
  return std::make_unique<LuaPrograms>(L, program, kernel, simulator);
}

}  // namespace scalerun::lua
