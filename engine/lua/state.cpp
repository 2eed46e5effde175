#include "lua/state.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "lua/text_loads.hpp"
#include "errors/errors.hpp"
#include "errors/stop_check.hpp"
#include "runtime/stop.hpp"

namespace scalerun::lua {

namespace {

// Only reached if Lua raises outside any protected call, which our single call path prevents.
// Printing and aborting beats continuing with a corrupted state.
int panic(lua_State* L) {
  const char* msg = lua_tostring(L, -1);
  std::fprintf(stderr, "scalerun: internal error: unprotected Lua error: %s\n", msg ? msg : "?");
  std::abort();
}

constexpr int kHookInstructions = 10000;

// Written by the hook (the Lua thread), read by the watchdog thread: guarded by a mutex the
// watchdog only tries to take, so it can never be held up by the Lua thread.
std::mutex g_position_mutex;
std::string g_position;

// State::set_check_limit's limit: the check pass runs alone, on the Lua thread, so the hook reads
// these without a lock. Kept here rather than in State, whose layout every user of it shares.
struct CheckLimit {
  const State* state = nullptr;  // the State it belongs to; none when null
  std::chrono::steady_clock::time_point end{};
  double seconds = 0;
  bool spent = false;
};
CheckLimit g_check_limit;

// True once the check limit of the State that owns L has passed (and from then on).
bool check_limit_spent(lua_State* L) {
  if (g_check_limit.state == nullptr || g_check_limit.state != &owner(L)) return false;
  if (!g_check_limit.spent && std::chrono::steady_clock::now() >= g_check_limit.end) g_check_limit.spent = true;
  return g_check_limit.spent;
}

void note_position(lua_State* L) {
  std::string where = user_where(L);
  if (where.empty()) return;
  const std::lock_guard<std::mutex> hold(g_position_mutex);
  g_position.swap(where);
}

}  // namespace

State::State() {
  L_ = luaL_newstate();
  if (L_ == nullptr) throw std::bad_alloc();
  lua_atpanic(L_, panic);
  *static_cast<State**>(lua_getextraspace(L_)) = this;
  luaL_openlibs(L_);
  install_text_loads(L_);
  lua_setwarnf(L_, warning, this);
}

State::~State() {
  if (L_ != nullptr) lua_close(L_);  // finalizers still run under the budget
  if (owns_deadline_) runtime::set_deadline_after(0);
  if (g_check_limit.state == this) g_check_limit = {};
}

State& owner(lua_State* L) { return **static_cast<State**>(lua_getextraspace(L)); }

std::string State::last_user_position() {
  std::unique_lock<std::mutex> hold(g_position_mutex, std::try_to_lock);
  return hold.owns_lock() ? g_position : std::string();
}

// Lua turns an error in a __gc finalizer (or a to-be-closed variable's __close while a coroutine
// is closed) into a warning, which is off by default: a library's refused attempt would vanish.
// The first such error is kept and reported as the run's error; warn() from a script still
// prints, as Lua's own handler would, once "@on".
void State::warning(void* self, const char* piece, int continued) {
  auto& state = *static_cast<State*>(self);
  // No allocation here: Lua calls this from inside the collector.
  const std::size_t used = std::strlen(state.warning_);
  std::snprintf(state.warning_ + used, sizeof state.warning_ - used, "%s", piece);
  if (continued != 0) return;
  const std::string_view text = state.warning_;
  if (text == "@on" || text == "@off") {
    state.warnings_on_ = text == "@on";
  } else if (text.starts_with("error in ")) {
    if (state.finalizer_error_[0] == '\0') {
      // "error in __gc (file:line: message)": the message alone, as any other error reads.
      const std::size_t open = text.find(" (");
      const std::string_view message =
          open != std::string_view::npos && text.ends_with(')') ? text.substr(open + 2, text.size() - open - 3) : text;
      std::snprintf(state.finalizer_error_, sizeof state.finalizer_error_, "%.*s", static_cast<int>(message.size()),
                    message.data());
    }
  } else if (state.warnings_on_) {
    // Control characters shown escaped, as print shows them: a library's warn() cannot drive
    // the terminal (clear it, retitle it, fake a verdict).
    std::fputs("Lua warning: ", stderr);
    for (const char* c = state.warning_; *c != '\0'; ++c) {
      const auto byte = static_cast<unsigned char>(*c);
      if (byte < 0x20 || byte == 0x7f) {
        std::fprintf(stderr, "\\%03d", byte);
      } else {
        std::fputc(*c, stderr);
      }
    }
    std::fputc('\n', stderr);
  }
  state.warning_[0] = '\0';
}

void State::throw_finalizer_error() const {
  if (finalizer_error_[0] != '\0') throw ScriptError(finalizer_error_);
}

void State::set_package_path(const std::vector<std::string>& roots) {
  std::string ours;
  for (const auto& root : roots) {
    const std::string r = (root.empty() || root == ".") ? "" : root + "/";
    for (const char* pattern : {"?.lua", "?/init.lua", "machines/?.lua", "kernels/?.lua", "scripts/?.lua"}) {
      if (!ours.empty()) ours += ';';
      ours += r + pattern;
    }
  }
  std::string path = ours;
  if (const char* env = std::getenv("LUA_PATH_5_4"); env != nullptr && *env != '\0') {
    path = env;
  } else if (const char* env2 = std::getenv("LUA_PATH"); env2 != nullptr && *env2 != '\0') {
    path = env2;
  }
  if (path != ours) {
    // Honour the standard ";;" convention: it stands for the default path, here ours.
    if (auto pos = path.find(";;"); pos != std::string::npos) {
      path.replace(pos, 2, ";" + ours + ";");
    }
  }
  lua_getglobal(L_, "package");
  lua_pushstring(L_, path.c_str());
  lua_setfield(L_, -2, "path");
  lua_pop(L_, 1);
}

void State::set_time_budget(double seconds) {
  runtime::set_deadline_after(seconds);
  owns_deadline_ = true;
  // The first hook comes at the first instruction, so a position is known even when the script
  // goes straight into a C call or finalizer that never returns (the watchdog's line names it).
  lua_sethook(L_, hook, LUA_MASKCOUNT, 1);
}

void State::set_check_limit(double seconds) {
  if (!(seconds > 0)) {
    if (g_check_limit.state == this) g_check_limit = {};
    return;
  }
  g_check_limit = {this,
                   std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                          std::chrono::duration<double>(seconds)),
                   seconds, false};
  lua_sethook(L_, hook, LUA_MASKCOUNT, 1);
}

void State::check_budget() const { check_stop(); }

void State::hook(lua_State* L, lua_Debug*) {
  const runtime::StopCause cause = runtime::stop_cause();
  // A run limit belongs to the native run it guards, which ends itself; Lua code goes on.
  const bool limit_spent = check_limit_spent(L);
  if ((cause == runtime::StopCause::none || cause == runtime::StopCause::run_limit) && !limit_spent) {
    note_position(L);
    if (lua_gethookcount(L) != kHookInstructions) lua_sethook(L, hook, LUA_MASKCOUNT, kHookInstructions);
    return;
  }
  // From now on raise at every instruction: a script that catches the error with pcall and loops
  // on meets it again at its very next instruction, outside the pcall, so it cannot run on.
  lua_sethook(L, hook, LUA_MASKCOUNT, 1);
  // The position of the Lua function that was running, so the message says where it spun.
  lua_Debug here;
  char where[512] = "";
  if (lua_getstack(L, 0, &here) != 0 && lua_getinfo(L, "Sl", &here) != 0 && here.currentline > 0) {
    std::snprintf(where, sizeof where, "%s:%d: ", here.source[0] == '@' ? here.source + 1 : here.short_src,
                  here.currentline);
  }
  if (cause == runtime::StopCause::interrupt) {
    lua_pushfstring(L, "%sinterrupted", where);
  } else if (cause == runtime::StopCause::none || cause == runtime::StopCause::run_limit) {
    char limit[64];
    std::snprintf(limit, sizeof limit, "%g", g_check_limit.seconds);
    lua_pushfstring(L, "%sthe check pass ran out of its %s s: the check pass stops here", where, limit);
  } else {
    char budget[64];
    std::snprintf(budget, sizeof budget, "%g", runtime::budget_seconds());
    lua_pushfstring(L, "%sscript timed out after %s s (raise --script-timeout)", where, budget);
  }
  lua_error(L);
}

}  // namespace scalerun::lua
