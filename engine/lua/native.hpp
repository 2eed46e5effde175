#pragma once
// The trampoline every native function goes through. Native code reports errors by throwing
// C++ exceptions; the trampoline catches them, lets every C++ object unwind, and only then
// raises the Lua error (stock Lua 5.4 unwinds with longjmp, which would skip destructors).
// Messages without a position get the position of the user's calling line.

#include <cstring>
#include <exception>
#include <new>
#include <string>

#include <lua.hpp>

#include "lua/call.hpp"

namespace scalerun::lua {

// Thrown by native code for a mistake whose message should be prefixed with the caller's
// "file:line: " (the user's line, not the embedded vocabulary's).
class NativeError : public std::exception {
 public:
  explicit NativeError(std::string message) : message_(std::move(message)) {}
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

template <int (*Fn)(lua_State*)>
int native(lua_State* L) noexcept {
  char message[2048];
  {
    try {
      return Fn(L);
    } catch (const NativeError& e) {
      const std::string where = user_where(L);
      std::snprintf(message, sizeof message, "%s%s", where.c_str(), e.what());
    } catch (const std::bad_alloc&) {
      std::snprintf(message, sizeof message, "not enough memory");
    } catch (const std::exception& e) {
      std::snprintf(message, sizeof message, "%s", e.what());
    } catch (...) {
      std::snprintf(message, sizeof message, "unknown internal error");
    }
  }
  lua_pushstring(L, message);
  return lua_error(L);
}

}  // namespace scalerun::lua
