#include "lua/script_runner.hpp"

#include <algorithm>
#include <filesystem>
#include <string_view>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "lua/field_reader.hpp"
#include "lua/experiment_reader.hpp"
#include "lua/library_sandbox.hpp"
#include "errors/errors.hpp"
#include "errors/printable.hpp"
#include "lua/process_guards.hpp"
#include "lua/state.hpp"
#include "lua/session_binding.hpp"
#include "lua/vocabulary.hpp"
#include "runtime/stop.hpp"

namespace scalerun::lua {

namespace fs = std::filesystem;

namespace {

// A folder as package.path should name it: relative to the working directory when it lies
// inside it, so chunk names (and every error message) stay short and readable.
std::string path_root(const fs::path& dir) {
  std::error_code ec;
  const fs::path absolute = fs::weakly_canonical(fs::absolute(dir, ec), ec);
  const fs::path rel = fs::relative(absolute, fs::current_path(ec), ec);
  if (!ec && !rel.empty() && *rel.begin() != "..") return rel.string();
  return absolute.string();
}

}  // namespace

std::vector<std::string> package_roots(const std::string& script) {
  std::vector<std::string> roots;
  auto add = [&](const fs::path& dir) {
    const std::string root = path_root(dir.empty() ? fs::path(".") : dir);
    if (std::find(roots.begin(), roots.end(), root) == roots.end()) roots.push_back(root);
  };
  // The script's folder and its parent, whichever way the script was named (e1.lua, ./e1.lua,
  // dir/e1.lua): canonical first, since the parent of "." or of "/a/b/." is not the parent folder.
  std::error_code ec;
  const fs::path script_dir = fs::weakly_canonical(fs::absolute(script, ec), ec).parent_path();
  add(script_dir);
  add(script_dir.parent_path());
  add(".");
  if (fs::is_directory(fs::path(SCALERUN_SOURCE_DIR) / "machines", ec)) add(SCALERUN_SOURCE_DIR);
  if (fs::is_directory(fs::path(SCALERUN_SHARE_DIR) / "machines", ec)) add(SCALERUN_SHARE_DIR);
  return roots;
}

namespace {

// A fresh state for the script: the session attached, its modules found, `arg` set, the
// vocabulary and guards in place, the budget running and the script's chunk on the stack.
void load_script(State& state, study::Session& session, const RunRequest& request, double budget_seconds) {
  lua_State* L = state.get();
  attach(L, session);
  state.set_package_path(package_roots(request.script));
  lua::install_module_searcher(L, request.allow_c_modules);
  lua::set_script_path(L, request.script);

  lua_createtable(L, static_cast<int>(request.args.size()), 1);
  lua_pushstring(L, request.script.c_str());
  lua_rawseti(L, -2, 0);
  for (std::size_t i = 0; i < request.args.size(); ++i) {
    lua_pushstring(L, request.args[i].c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setglobal(L, "arg");

  lua::open_vocabulary(L);
  lua::install_process_guards(L);
  state.set_time_budget(budget_seconds);
  lua::load_file(L, request.script);
}

// The longest the check pass may take: scripts reach their experiments in milliseconds; one that
// computes for longer is run without the rest of its check. Kept by the Lua hook alone
// (State::set_check_limit): a C call that outlasts it (a long table.sort) cannot be interrupted,
// and the run's deadline would have the watchdog end the whole process for it. The run's own
// --script-timeout still bounds the check pass: what outlasts that would outlast it in the run.
constexpr double kCheckPassSeconds = 10;

// The stand-ins of the check pass and what it cannot do say so: an experiment{} given one (its
// procs an earlier experiment's results) is not refused for it.
bool ends_check_pass(const std::string& message) { return message.find("the check pass") != std::string::npos; }

// What the check pass saw of the script's param()s: `whole` when it ran the script to its end on
// the way the run takes (no stand-in used, nothing refused that a pcall caught), so the --set
// names no param() consumed are mistakes to say before anything is measured.
struct CheckedParams {
  bool whole = false;
  std::vector<std::string> used_sets, declared_params;
};

// --set NAME given, and no param('NAME', ...) read it: a typo the run would never notice.
void refuse_unused_sets(const study::SessionOptions& options, const std::vector<std::string>& used_sets,
                        const std::vector<std::string>& declared_params) {
  for (const auto& [name, value] : options.sets) {
    if (std::find(used_sets.begin(), used_sets.end(), name) == used_sets.end()) {
      std::string declared;
      for (const auto& d : declared_params) declared += (declared.empty() ? "" : ", ") + d;
      throw UsageError(fmt::format("--set {}: the script declares no param('{}', ...){}", printable(name), printable(name),
                                   declared.empty() ? std::string(" (it declares none)")
                                                    : fmt::format(" (it declares: {})", declared)));
    }
  }
}

// The check pass: the script runs once in the environment of --help (no files, no programs, no
// print, no os.exit, no finalizers) as a dry run, each experiment{} read and checked as the run
// would before its sweep. Throws what an experiment{} refuses; returns at the script's end or its
// first other error (a file, a program, the results of an experiment, a value only running would
// have made): the run reports those as it meets them, and checks the experiments after them then.
CheckedParams check_script(const RunRequest& request) {
  study::Session session;
  session.options = request.options;
  session.options.dry_run = true;
  session.options.quiet = true;
  session.options.verbose = false;
  session.checking = true;
  lua::State state;
  load_script(state, session, request, request.timeout_seconds);
  state.set_check_limit(kCheckPassSeconds);
  lua::sandbox_script_for_checking(state.get());
  CheckedParams checked;
  try {
    lua::protected_call(state.get(), 0, 0);
    checked.whole = !check_stand_in_used(state.get());
    checked.used_sets = std::move(session.used_sets);
    checked.declared_params = std::move(session.declared_params);
  } catch (const ScriptError& e) {
    if (runtime::interrupt_requested()) throw;
    // The error experiment{} raised, not one after a pcall that caught it.
    const bool refused = !session.experiment_refused.empty() &&
                         std::string_view(e.what()).find(session.experiment_refused) != std::string_view::npos;
    if (refused && !ends_check_pass(e.what()) &&
        runtime::stop_cause() != runtime::StopCause::deadline) {
      throw;
    }
  } catch (const runtime::Stopped& e) {
    if (e.cause() == runtime::StopCause::interrupt) throw;  // its own budget spent: the run goes on
  }
  return checked;
}

}  // namespace

RunOutcome run_script(const RunRequest& request) {
  std::error_code ec;
  if (!fs::exists(request.script, ec)) {
    throw UsageError(fmt::format("cannot open script '{}': no such file", request.script));
  }
  if (fs::is_directory(request.script, ec)) {
    throw UsageError(fmt::format("'{}' is a directory; give a script such as scripts/quickstart.lua", request.script));
  }
  // Every experiment is checked before any is measured: a mistake in the last one is not found
  // after the first has measured for minutes. A dry run measures nothing and is its own check.
  if (!request.list_params_only && !request.options.dry_run) {
    const CheckedParams checked = check_script(request);
    // A mistyped --set is said now, not after every point was measured and the run stored.
    if (checked.whole) refuse_unused_sets(request.options, checked.used_sets, checked.declared_params);
  }

  study::Session session;
  session.options = request.options;
  lua::State state;
  lua_State* L = state.get();
  load_script(state, session, request, request.timeout_seconds);
  if (request.list_params_only) {
    lua::sandbox_script_for_listing(L);
    RunOutcome listed;
    try {
      lua::protected_call(L, 0, 0);
    } catch (const ScriptError& e) {
      listed.listing_stopped = e.what();  // the params declared before it are still listed
    }
    listed.params = std::move(session.param_docs);
    return listed;
  }
  try {
    lua::protected_call(L, 0, 0);
    state.throw_finalizer_error();
  } catch (const ScriptError&) {
    // What was computed before the error is printed and kept, then the error is the run's end.
    if (session.sections.empty()) throw;
    RunOutcome kept{std::move(session.sections), session.checks_run, session.checks_failed, session.targets_missed,
                    std::move(session.param_docs), {}, {}};
    kept.failure = std::current_exception();
    return kept;
  }

  refuse_unused_sets(session.options, session.used_sets, session.declared_params);
  if (session.sections.empty()) {
    session.warn(fmt::format("{} defined no experiment, map or fit: nothing to report", request.script));
  }
  return {std::move(session.sections), session.checks_run, session.checks_failed, session.targets_missed,
          std::move(session.param_docs), {}, {}};
}

study::MachineSpec load_machine_file(const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    throw UsageError(fmt::format("cannot open machine script '{}': no such file (give a file that returns "
                                 "machine{{ ... }}, such as machines/localhost.lua)", path));
  }
  study::Session session;
  session.options.quiet = true;
  lua::State state;
  lua_State* L = state.get();
  attach(L, session);
  state.set_package_path(package_roots(path));
  lua::install_module_searcher(L, false);
  lua::open_vocabulary(L);
  lua::install_process_guards(L);
  state.set_time_budget(600);
  lua::load_file(L, path);
  // A machine file is a library users share (--describe-cluster runs programs on the hosts it
  // names): it describes, in a library's environment, and starts or reads nothing itself.
  lua::sandbox_library_chunk(L, ("@" + path).c_str());
  lua::protected_call(L, 0, 1);
  bool is_machine = false;
  if (lua_type(L, -1) == LUA_TTABLE && lua_getmetatable(L, -1) != 0) {
    lua::raw_field(L, -1, "__name");
    is_machine = lua_type(L, -1) == LUA_TSTRING && std::string(lua_tostring(L, -1)) == "machine";
    lua_pop(L, 2);
  }
  if (!is_machine) {
    throw ScriptError(fmt::format("{}: returns no machine: end the file with return machine {{ ... }}", path));
  }
  return read_machine(L, lua_gettop(L));
}

}  // namespace scalerun::lua
