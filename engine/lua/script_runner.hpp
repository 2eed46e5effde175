#pragma once
// Runs one experiment script: a fresh Lua state with the vocabulary, the script's own folder
// and the shipped libraries on package.path, its arguments in `arg`, under the time budget.

#include <string>
#include <vector>

#include "report/table.hpp"
#include "study/session.hpp"

namespace scalerun::lua {

struct RunRequest {
  std::string script;
  std::vector<std::string> args;
  study::SessionOptions options;
  double timeout_seconds = 3600;
};

struct RunOutcome {
  std::vector<report::Section> sections;
  int checks_run = 0;
  int checks_failed = 0;
  int targets_missed = 0;
  std::vector<study::Session::ParamDoc> params;  // the script's param()s, in the order called
};

// Throws ScriptError (exit 2), UsageError (exit 2) or Interrupted (exit 130).
RunOutcome run_script(const RunRequest& request);

}  // namespace scalerun::lua
