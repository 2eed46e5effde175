#include "study/session.hpp"

#include <iostream>

namespace scalerun::study {

namespace {
const char kSessionKey = 0;  // its address is the registry key
}

void Session::warn(const std::string& message) const {
  if (!options.quiet) std::cerr << "scalerun: warning: " << message << '\n';
}

void Session::info(const std::string& message) const {
  if (options.verbose && !options.quiet) std::cerr << "scalerun: " << message << '\n';
}

store::Database& Session::db() {
  if (!database) database.emplace(store::Database::open(options.db_path));
  return *database;
}

void attach(lua_State* L, Session& session) {
  lua_pushlightuserdata(L, &session);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kSessionKey);
}

Session& session_of(lua_State* L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kSessionKey);
  auto* s = static_cast<Session*>(lua_touserdata(L, -1));
  lua_pop(L, 1);
  return *s;
}

}  // namespace scalerun::study
