// scalerun FILE.lua [options] [-- script args]
// Parses the command line, runs the script, prints its tables, and maps every outcome to an
// exit code: 0 ok, 1 a check failed, 2 a usage or script error, 130 interrupted.

#include <csignal>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "lua/error.hpp"
#include "lua/state.hpp"
#include "report/formatters.hpp"
#include "study/script_runner.hpp"
#include "cli/database_commands.hpp"
#include "host/describe.hpp"
#include "util/host_context.hpp"

namespace {

constexpr int kExitOk = 0, kExitCheckFailed = 1, kExitError = 2, kExitInterrupted = 130;

extern "C" void on_sigint(int) { scalerun::lua::State::interrupt_requested.store(true); }

std::string join_command_line(int argc, char** argv) {
  std::string s;
  for (int i = 0; i < argc; ++i) s += (i ? " " : "") + std::string(argv[i]);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace scalerun;
  if (argc >= 2 && cli::is_database_command(argv[1])) return cli::run_database_command(argc, argv);
  CLI::App app{"scalerun: a scalability laboratory driven by Lua scripts.\n"
               "Runs FILE.lua and prints its scalability tables."};
  app.set_version_flag("--version", std::string("scalerun ") + SCALERUN_VERSION_STRING);
  study::RunRequest request;
  std::string format_name = "table", out_dir;
  bool describe_host = false;
  std::vector<std::string> sets;
  auto* script_option = app.add_option("script", request.script, "experiment script (.lua)");
  app.add_flag("--describe-host", describe_host, "print a machine script for this host (hwloc topology, measured speeds)");
  app.add_option("args", request.args, "arguments for the script, after --, as arg[1..n]");
  app.add_option("--format", format_name, "output format: table, csv, json or markdown")
      ->check(CLI::IsMember({"table", "csv", "json", "markdown"}));
  app.add_option("--out", out_dir, "also write every table as CSV plus results.json into DIR");
  app.add_option("--set", sets, "override a script param(): --set name=value (repeatable)")
      ->allow_extra_args(false);
  app.add_option("--mode", request.options.mode, "where numbers come from: model, measure or simulate (the default of experiments that name none)")
      ->check(CLI::IsMember({"model", "measure", "simulate"}));
  app.add_option("--db", request.options.db_path, "results database for measured runs (default scalerun.db)");
  app.add_flag("--resume", request.options.resume, "reuse points already stored in the database");
  app.add_flag("--dry-run", request.options.dry_run, "list each experiment's points without evaluating them");
  app.add_option("--script-timeout", request.timeout_seconds, "stop a script that runs longer (seconds)")
      ->check(CLI::PositiveNumber);
  app.add_flag("-v,--verbose", request.options.verbose, "tracebacks with errors, and more context on stderr");
  app.add_flag("-q,--quiet", request.options.quiet, "no warnings or context on stderr");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return kExitOk;
  } catch (const CLI::CallForVersion&) {
    std::cout << "scalerun " << SCALERUN_VERSION_STRING << '\n';
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    std::cerr << "scalerun: " << e.what() << " (see scalerun --help)\n";
    return kExitError;
  }

  if (describe_host) {
    std::cout << host::to_machine_script(host::describe());
    return kExitOk;
  }
  if (script_option->count() == 0) {
    std::cerr << "scalerun: a script is required: scalerun FILE.lua [options] (see scalerun --help)\n";
    return kExitError;
  }
  for (const auto& s : sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0) {
      std::cerr << "scalerun: --set " << s << ": expected name=value (see scalerun --help)\n";
      return kExitError;
    }
    request.options.sets[s.substr(0, eq)] = s.substr(eq + 1);
  }
  request.options.script_path = request.script;
  request.options.command_line = join_command_line(argc, argv);
  report::Format format;
  report::parse_format(format_name, format);

  std::signal(SIGINT, on_sigint);
  try {
    study::RunOutcome outcome = study::run_script(request);
    const report::Context context = util::make_context(request.script, join_command_line(argc, argv));
    report::write_all(std::cout, format, context, outcome.sections);
    std::cout.flush();
    if (!out_dir.empty()) report::write_out_dir(out_dir, context, outcome.sections);
    if (outcome.checks_failed > 0) {
      if (!request.options.quiet) {
        std::cerr << fmt::format("scalerun: {} of {} checks failed\n", outcome.checks_failed, outcome.checks_run);
      }
      return kExitCheckFailed;
    }
    return kExitOk;
  } catch (const Interrupted&) {
    std::cerr << "scalerun: interrupted\n";
    return kExitInterrupted;
  } catch (const ScriptError& e) {
    if (lua::State::interrupt_requested.load()) {
      std::cerr << "scalerun: interrupted\n";
      return kExitInterrupted;
    }
    std::cerr << e.what() << '\n';
    if (request.options.verbose && !e.traceback().empty()) std::cerr << e.traceback() << '\n';
    return kExitError;
  } catch (const UsageError& e) {
    std::cerr << "scalerun: " << e.what() << '\n';
    return kExitError;
  } catch (const std::exception& e) {
    std::cerr << "scalerun: " << e.what() << '\n';
    return kExitError;
  }
}
