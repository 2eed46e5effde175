#pragma once
// Runs one experiment script: a fresh Lua state with the vocabulary, the script's own folder
// and the shipped libraries on package.path, its arguments in `arg`, under the time budget.

#include <exception>
#include <string>
#include <vector>

#include "report/table.hpp"
#include "study/experiment.hpp"
#include "study/session.hpp"

namespace scalerun::lua {

struct RunRequest {
  std::string script;
  std::vector<std::string> args;
  study::SessionOptions options;
  double timeout_seconds = 3600;
  bool allow_c_modules = false;  // --allow-c-modules: the script may require native code
  // `scalerun SCRIPT --help`: the script runs only to list its param()s, in the environment
  // libraries get (no files, no programs), its experiments and other acting forms skipped.
  bool list_params_only = false;
};

struct RunOutcome {
  std::vector<report::Section> sections;
  int checks_run = 0;
  int checks_failed = 0;
  int targets_missed = 0;
  std::vector<study::Session::ParamDoc> params;  // the script's param()s, in the order called
  std::string listing_stopped;  // list_params_only: the error that ended the listing early, if any
  // The script's error when it came after some tables were made: those tables are printed and
  // written first, then this is rethrown for its one line and exit code.
  std::exception_ptr failure;
};

// Every experiment is read and checked first (a dry run of the script in --help's environment),
// then the script runs. Throws ScriptError (exit 2), UsageError (exit 2) or Interrupted (exit
// 130); a ScriptError after some tables were made comes back as RunOutcome::failure instead.
RunOutcome run_script(const RunRequest& request);

// Where require() looks for a script's modules: its folder and the parent, the working directory,
// then the shipped libraries (machines/, kernels/).
std::vector<std::string> package_roots(const std::string& script);

// A machine module (a file that returns machine{ ... }, such as machines/sunwulf.lua) run in a
// fresh state with the vocabulary and read as the engine sees it. Throws ScriptError (an error in
// the file, or a file that returns no machine) or UsageError (no such file).
study::MachineSpec load_machine_file(const std::string& path);

}  // namespace scalerun::lua
