#include "lua/state.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include <fmt/format.h>

#include "lua/error.hpp"

namespace scalerun::lua {

std::atomic<bool> State::interrupt_requested{false};

namespace {

// Only reached if Lua raises outside any protected call, which our single call path prevents.
// Printing and aborting beats continuing with a corrupted state.
int panic(lua_State* L) {
  const char* msg = lua_tostring(L, -1);
  std::fprintf(stderr, "scalerun: internal error: unprotected Lua error: %s\n", msg ? msg : "?");
  std::abort();
}

constexpr int kHookInstructions = 10000;

}  // namespace

State::State() {
  L_ = luaL_newstate();
  if (L_ == nullptr) throw std::bad_alloc();
  lua_atpanic(L_, panic);
  *static_cast<State**>(lua_getextraspace(L_)) = this;
  luaL_openlibs(L_);
}

State::~State() {
  if (L_ != nullptr) lua_close(L_);
}

State& owner(lua_State* L) { return **static_cast<State**>(lua_getextraspace(L)); }

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
  budget_seconds_ = seconds;
  if (seconds > 0) {
    deadline_ = std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(seconds));
  }
  lua_sethook(L_, hook, LUA_MASKCOUNT, kHookInstructions);
}

bool State::expired() const {
  return budget_seconds_ > 0 && std::chrono::steady_clock::now() >= deadline_;
}

void State::check_budget() const {
  if (interrupt_requested.load(std::memory_order_relaxed)) throw Interrupted();
  if (expired()) {
    throw ScriptError(fmt::format("script timed out after {:g} s (raise --script-timeout)", budget_seconds_));
  }
}

void State::hook(lua_State* L, lua_Debug*) {
  const State& self = owner(L);
  const bool interrupted = interrupt_requested.load(std::memory_order_relaxed);
  if (!interrupted && !self.expired()) return;
  // From now on raise at every instruction: a script that catches the error with pcall and loops
  // on meets it again at its very next instruction, outside the pcall, so it cannot run on.
  lua_sethook(L, hook, LUA_MASKCOUNT, 1);
  // The position of the Lua function that was running, so the message says where it spun.
  lua_Debug here;
  char where[512] = "";
  if (lua_getstack(L, 0, &here) != 0 && lua_getinfo(L, "Sl", &here) != 0 && here.currentline > 0) {
    std::snprintf(where, sizeof where, "%s:%d: ", here.short_src, here.currentline);
  }
  if (interrupted) {
    lua_pushfstring(L, "%sinterrupted", where);
  } else {
    char budget[64];
    std::snprintf(budget, sizeof budget, "%g", self.budget_seconds_);
    lua_pushfstring(L, "%sscript timed out after %s s (raise --script-timeout)", where, budget);
  }
  lua_error(L);
}

}  // namespace scalerun::lua
