#pragma once
// The trampoline every native function goes through. Native code reports errors by throwing
// C++ exceptions; the trampoline catches them, lets every C++ object unwind, and only then
// raises the Lua error (stock Lua 5.4 unwinds with longjmp, which would skip destructors).
// Messages without a position get the position of the user's calling line.

#include <cstring>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>

#include <lua.hpp>

#include "lua/call.hpp"
#include "errors/errors.hpp"
#include "errors/stop_check.hpp"
#include "lua/state.hpp"
#include "runtime/stop.hpp"

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
    } catch (const runtime::Stopped& e) {
      // Ctrl-C or the spent budget reached inside native work (a kernel's chunk, a solver): the
      // same words the hook uses, at the user's line. protected_call turns an interruption into
      // Interrupted whatever the text.
      const std::string where = user_where(L);
      const std::string what = e.cause() == runtime::StopCause::deadline ? timeout_message() : std::string(e.what());
      std::snprintf(message, sizeof message, "%s%s", where.c_str(), what.c_str());
    } catch (const std::bad_alloc&) {
      const std::string where = user_where(L);
      std::snprintf(message, sizeof message, "%s%s", where.c_str(), kOutOfMemory);
    } catch (const std::length_error&) {
      // std::vector's "cannot create std::vector larger than max_size()": a size no host holds.
      const std::string where = user_where(L);
      std::snprintf(message, sizeof message,
                    "%sout of memory (a size this large cannot be allocated on any host: reduce the problem size)",
                    where.c_str());
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
