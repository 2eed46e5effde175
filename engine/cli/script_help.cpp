#include "cli/script_help.hpp"

#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "cli/run_guard.hpp"
#include "errors/errors.hpp"
#include "lua/script_runner.hpp"
#include "runtime/stop.hpp"

namespace scalerun::cli {

int print_script_help(const std::string& script, double budget_seconds) {
  lua::RunRequest request;
  request.script = script;
  request.options.script_path = script;
  request.options.dry_run = true;
  request.options.quiet = true;
  request.timeout_seconds = budget_seconds;
  request.list_params_only = true;
  lua::RunOutcome outcome;
  install_signal_handlers();
  const Watchdog watchdog(script);
  try {
    outcome = lua::run_script(request);
    if (runtime::interrupt_requested()) throw Interrupted();
    // A param() read twice is one parameter.
    std::vector<study::Session::ParamDoc> unique;
    for (auto& p : outcome.params) {
      if (std::none_of(unique.begin(), unique.end(), [&](const auto& u) { return u.name == p.name; })) {
        unique.push_back(std::move(p));
      }
    }
    outcome.params = std::move(unique);
  } catch (const Interrupted&) {
    std::cerr << interruption_line();
    return interrupted_exit_code();
  } catch (const runtime::Stopped& e) {
    if (e.cause() == runtime::StopCause::interrupt) {
      std::cerr << interruption_line();
      return interrupted_exit_code();
    }
    std::cerr << fmt::format("{}: script timed out after {:g} s (raise --script-timeout)\n", script, budget_seconds);
    return 2;
  } catch (const ScriptError& e) {
    if (runtime::interrupt_requested()) {
      std::cerr << interruption_line();
      return interrupted_exit_code();
    }
    std::cerr << e.what() << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "scalerun: " << e.what() << '\n';
    return 2;
  }
  std::cout << fmt::format("usage: scalerun {} [--set name=value ...] [options] [-- args]\n", script);
  if (!outcome.listing_stopped.empty()) {
    // The script ran in a library's environment (nothing started or read): what it could not do
    // there ended the listing; the params declared before it are listed.
    std::cerr << fmt::format("note: listing stopped at {} (params declared after it are not listed)\n",
                             outcome.listing_stopped);
  }
  if (outcome.params.empty()) {
    std::cout << "\nThe script declares no param(): it has nothing to --set.\n";
  } else {
    std::size_t name_width = 4, default_width = 7;
    for (const auto& p : outcome.params) {
      name_width = std::max(name_width, p.name.size());
      default_width = std::max(default_width, p.default_text.size());
    }
    std::cout << "\nParameters (--set name=value overrides the default):\n";
    std::cout << fmt::format("  {:<{}}  {:<{}}  {}\n", "name", name_width, "default", default_width, "description");
    for (const auto& p : outcome.params) {
      std::cout << fmt::format("  {:<{}}  {:<{}}  {}\n", p.name, name_width, p.default_text, default_width,
                               p.description.empty() ? "-" : p.description);
    }
  }
  std::cout << "\nscalerun --help lists scalerun's own options.\n";
  return 0;
}

}  // namespace scalerun::cli
