#pragma once
// The errors that cross layers. Every message a user sees starts with "file:line:" where a file
// and line exist; the CLI maps each kind to its exit code (2 script/usage, 1 failed check, 130
// interrupted). Below every layer that throws them, so the engine needs nothing of the facade.

#include <stdexcept>
#include <string>

#include "errors/printable.hpp"

namespace scalerun {

// A mistake in a script or in the data it points at. `what()` is the one-line message,
// already prefixed with "file:line: " when a position is known; `traceback` is shown with --verbose.
class ScriptError : public std::runtime_error {
 public:
  explicit ScriptError(const std::string& message, std::string traceback = {})
      : std::runtime_error(message), traceback_(std::move(traceback)) {}
  const std::string& traceback() const { return traceback_; }

 private:
  std::string traceback_;
};

// The one wording of an allocation that failed, after the user's "file:line: " where known.
inline constexpr const char* kOutOfMemory =
    "out of memory (the run asked for more than this host can give: reduce the problem size)";

// A mistake on the command line.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The run was interrupted (SIGINT); exit code 130.
class Interrupted : public std::runtime_error {
 public:
  Interrupted() : std::runtime_error("interrupted") {}
};

// A wrong value in a field of a script's table, worded as the facade's field reader words it:
//   "<where>field '<name>': <what>"  (where is the "file:line: " of the table)
// `what` quotes names the script wrote (a column, a table, a parameter): shown escaped, so a
// newline in one cannot cut the message short (printable.hpp).
[[noreturn]] inline void field_error(const std::string& where, const std::string& field, const std::string& what) {
  throw ScriptError(where + "field '" + printable(field) + "': " + printable(what));
}

}  // namespace scalerun
