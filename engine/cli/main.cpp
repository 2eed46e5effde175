// scalerun FILE.lua [options] [-- script args]
// Parses the command line, runs the script, prints its tables, and maps every outcome to an
// exit code: 0 ok, 1 a check failed, 2 a usage or script error, 130 interrupted (143 SIGTERM).

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <iostream>
#include <map>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/database_commands.hpp"
#include "cli/figures.hpp"
#include "cli/run_guard.hpp"
#include "cli/script_help.hpp"
#include "host/describe.hpp"
#include "errors/errors.hpp"
#include "errors/printable.hpp"
#include "errors/stop_check.hpp"
#include "lua/state.hpp"
#include "report/reporter.hpp"
#include "runtime/stop.hpp"
#include "store/database.hpp"
#include "study/cluster_description.hpp"
#include "study/report_registry.hpp"
#include "lua/script_runner.hpp"
#include "provenance/run_context.hpp"

namespace {

constexpr int kExitOk = 0, kExitCheckFailed = 1, kExitError = 2;

// Time limits a run can honour: below a millisecond nothing can be measured, and far beyond a
// year the clock arithmetic of a deadline would overflow.
constexpr double kMinSeconds = 1e-3, kMaxSeconds = 1e7;

std::string join_command_line(int argc, char** argv) {
  std::string s;
  for (int i = 0; i < argc; ++i) s += (i ? " " : "") + std::string(argv[i]);
  return s;
}

// One line for a seconds option out of range (NaN included), or empty when it is fine.
std::string check_seconds(const std::string& option, double value, bool zero_means_none) {
  if (zero_means_none && value == 0) return {};
  if (std::isfinite(value) && value >= kMinSeconds && value <= kMaxSeconds) return {};
  return fmt::format("scalerun: {} {}: out of range; give seconds from {:g} to {:g}{} (see scalerun --help)", option,
                     value, kMinSeconds, kMaxSeconds, zero_means_none ? ", or 0 for no limit" : "");
}

// `scalerun script.lua --help`: the script's own parameters rather than scalerun's options.
bool asks_script_help(int argc, char** argv, std::string& script) {
  bool help = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--") break;
    if (a == "--help" || a == "-h") help = true;
    if (script.empty() && a.size() > 4 && a.ends_with(".lua") && (i == 1 || std::string(argv[i - 1]) != "--set")) {
      script = a;
    }
  }
  return help && !script.empty();
}

std::string formats_help() {
  std::string text = "\nFormats (--format NAME; --out DIR writes the files of those marked *):\n";
  for (const scalerun::report::Reporter* r : scalerun::report::reporters()) {
    text += fmt::format("  {:<10} {}{}\n", r->name(), r->summary(), r->out_files() == scalerun::report::OutFiles::None ? "" : " *");
  }
  return text;
}

const char* const kFooter =
    "\nStored runs (measure mode):\n"
    "  scalerun runs [--db FILE] [--format NAME]          list the runs in the database\n"
    "  scalerun show RUN [--db FILE] [--format NAME]      the points of one run\n"
    "  scalerun export-extrap EXPERIMENT KERNEL [...]     Extra-P input from stored points\n"
    "  scalerun compare A B [--tolerance X] [--alpha A]   two runs (or --format json files) point by point\n"
    "  scalerun discover EXPERIMENT KERNEL [--params p,n] the model of stored points, found (Extra-P's search)\n"
    "  (each takes --help)\n"
    "\nscalerun FILE.lua --help lists the script's param()s, their defaults and descriptions.\n"
    "Exit codes: 0 ok, 1 a check failed or a tuned target was not reached, 2 a usage or script\n"
    "error (a time-out too, or output that cannot be written), 130 interrupted (Ctrl-C), 143\n"
    "terminated (SIGTERM).\n"
    "Environment: LUA_PATH adds module folders (';;' stands for scalerun's own); NO_COLOR turns\n"
    "colour off; the progress line shows only on a terminal; SCALERUN_REMEASURE_HOST=1 makes\n"
    "host_machine() measure this host again instead of reading its figures from the cache folder\n"
    "($XDG_CACHE_HOME/scalerun or ~/.cache/scalerun).\n";

// What the command line asked for.
struct Invocation {
  scalerun::lua::RunRequest request;
  std::string format_name = "table", out_dir, plot_dir, plot_format = "svg", html_file, trace_file;
  bool describe_host = false;
  std::string describe_cluster;
  std::vector<std::string> sets;
};

// --describe-cluster FILE: a machine script (.lua) or an Open MPI hostfile. Under the budget of a
// run (--script-timeout) and its watchdog, so Ctrl-C, SIGTERM and the budget end the launcher and
// every node's benchmark with it.
int describe_cluster(const std::string& path, double run_timeout_seconds, double budget_seconds, bool verbose) {
  using namespace scalerun;
  cli::install_signal_handlers();
  runtime::set_deadline_after(budget_seconds);
  const cli::Watchdog watchdog("--describe-cluster " + printable(path));
  try {
    study::ClusterTarget target = path.ends_with(".lua") ? study::machine_target(lua::load_machine_file(path), path)
                                                         : study::hostfile_target(path);
    std::error_code ec;
    target.self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    if (run_timeout_seconds > 0) target.timeout_seconds = run_timeout_seconds;
    std::cout << study::cluster_machine_script(target, study::describe_nodes(target));
    runtime::set_deadline_after(0);
    return kExitOk;
  } catch (const runtime::Stopped& e) {
    if (e.cause() == runtime::StopCause::interrupt) {
      std::cerr << cli::interruption_line();
      return cli::interrupted_exit_code();
    }
    std::cerr << fmt::format("scalerun: --describe-cluster {}: timed out after {:g} s (raise --script-timeout)\n",
                             printable(path), budget_seconds);
  } catch (const Interrupted&) {
    std::cerr << cli::interruption_line();
    return cli::interrupted_exit_code();
  } catch (const ScriptError& e) {
    if (runtime::interrupt_requested()) {
      std::cerr << cli::interruption_line();
      return cli::interrupted_exit_code();
    }
    // One line: the launcher's own text (mpirun's banner for a bad hostfile, srun's) is detail.
    const std::string message = e.what();
    const auto newline = message.find('\n');
    std::cerr << printable(message.substr(0, newline)) << '\n';
    if (verbose && newline != std::string::npos) std::cerr << message.substr(newline + 1) << '\n';
  } catch (const UsageError& e) {
    std::cerr << "scalerun: " << printable(e.what()) << '\n';
  } catch (const std::exception& e) {
    std::cerr << "scalerun: --describe-cluster " << printable(path) << ": " << printable(e.what()) << '\n';
  }
  return kExitError;
}

// Reads the command line into `inv`; an exit code when there is nothing to run (help, version,
// --describe-host, a usage error), nothing when the script should run.
std::optional<int> parse_command_line(int argc, char** argv, Invocation& inv) {
  using namespace scalerun;
  CLI::App app{"scalerun: a scalability laboratory driven by Lua scripts.\n"
               "Runs FILE.lua and prints its scalability tables."};
  app.footer(formats_help() + kFooter);
  app.set_version_flag("--version", std::string("scalerun ") + SCALERUN_VERSION_STRING);
  lua::RunRequest& request = inv.request;
  auto* script_option = app.add_option("script", request.script, "experiment script (.lua)");
  app.add_flag("--describe-host", inv.describe_host, "print a machine script for this host (hwloc topology, measured "
               "speeds); with --format json one line of its figures");
  auto* describe_cluster_option = app.add_option(
      "--describe-cluster", inv.describe_cluster,
      "run the host benchmark on every node of a cluster (MACHINE.lua with hosts and a launcher, or an Open MPI "
      "hostfile) and print its machine script with node groups and marked speeds");
  app.add_option("args", request.args, "arguments for the script, after --, as arg[1..n]");
  app.add_option("--format", inv.format_name, "output format: " + report::reporter_list())
      ->check(CLI::IsMember(report::reporter_names()));
  auto* out_option = app.add_option(
      "--out", inv.out_dir, "also write the run into DIR: every table as CSV plus results.json, and the figures");
  auto* plot_option = app.add_option(
      "--plot", inv.plot_dir, "draw every plottable table into DIR with gnuplot (each figure with its data and script)");
  auto* html_option = app.add_option(
      "--html", inv.html_file,
      "also write the run as one self-contained HTML page: context, tables, figures, notes, checks");
  auto* trace_option = app.add_option(
      "--trace", inv.trace_file,
      "also write what every worker, rank or simulated processor did when, at each measured or simulated point, as "
      "Chrome Trace Event JSON (open it in ui.perfetto.dev or chrome://tracing)");
  app.add_option("--plot-format", inv.plot_format, "figure format: svg (default) or png")
      ->check(CLI::IsMember({"svg", "png"}));
  app.add_option("--set", inv.sets, "override a script param(): --set name=value (repeatable)")
      ->allow_extra_args(false);
  app.add_option("--label", request.options.labels,
                 "tag this run's stored runs with NAME (repeatable); compare and check{ baseline } select a run by "
                 "label:NAME")
      ->allow_extra_args(false);
  app.add_option("--mode", request.options.mode, "where numbers come from: model, measure or simulate (the default of experiments that name none)")
      ->check(CLI::IsMember(study::mode_names()));
  request.options.db_path = store::Database::default_path();
  auto* db_option = app.add_option(
      "--db", request.options.db_path,
      "results database of measured and simulated runs (default scalerun.db, or $SCALERUN_DB)");
  const std::vector<const CLI::Option*> path_options{script_option, describe_cluster_option, out_option, plot_option,
                                                     html_option, trace_option, db_option};
  app.add_flag("--resume", request.options.resume, "reuse points already stored in the database");
  app.add_flag("--dry-run", request.options.dry_run, "list each experiment's points without evaluating them");
  app.add_flag("--allow-c-modules", request.allow_c_modules,
               "let the script require C modules (native code, outside every guard; libraries never may)");
  app.add_option("--script-timeout", request.timeout_seconds,
                 fmt::format("stop a script that runs longer (seconds, {:g} to {:g}; default 3600)", kMinSeconds, kMaxSeconds));
  app.add_option("--run-timeout", request.options.run_timeout_seconds,
                 "stop one measured run (a native kernel or an external program) that runs longer (seconds; "
                 "0: no limit, the default; a kernel's run_timeout field overrides it)");
  app.add_flag("-v,--verbose", request.options.verbose, "tracebacks with errors, and more context on stderr");
  app.add_flag("-q,--quiet", request.options.quiet, "no warnings or context on stderr");

  if (std::string script; asks_script_help(argc, argv, script)) {
    // The script's top level runs for its param()s: under the budget of a run.
    double budget = request.timeout_seconds;
    for (int i = 1; i + 1 < argc && std::string(argv[i]) != "--"; ++i) {
      if (std::string(argv[i]) == "--script-timeout") budget = std::strtod(argv[i + 1], nullptr);
    }
    if (const std::string problem = check_seconds("--script-timeout", budget, false); !problem.empty()) {
      std::cerr << problem << '\n';
      return kExitError;
    }
    return cli::print_script_help(script, budget);
  }
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

  if (inv.describe_host) {
    const host::HostDescription description = host::describe();
    std::cout << (inv.format_name == "json" ? host::to_json_line(description) : host::to_machine_script(description));
    return kExitOk;
  }
  // An empty name is never what was meant: SQLite would keep the points in a private temporary
  // database and lose them, and an empty folder or file would be the working directory or nothing.
  for (const CLI::Option* option : path_options) {
    if (option->count() > 0 && option->as<std::string>().empty()) {
      std::cerr << fmt::format("scalerun: {}: an empty {} name (give {}; see scalerun --help)\n", option->get_name(),
                               option->get_name() == "--out" || option->get_name() == "--plot" ? "folder" : "file",
                               option->get_name() == "--db" ? "a database file, e.g. --db results.db"
                               : option->get_name() == "script" ? "the script's file, e.g. scalerun study.lua"
                                                                : "a name");
      return kExitError;
    }
  }
  for (const std::string& problem : {check_seconds("--script-timeout", request.timeout_seconds, false),
                                     check_seconds("--run-timeout", request.options.run_timeout_seconds, true)}) {
    if (!problem.empty()) {
      std::cerr << problem << '\n';
      return kExitError;
    }
  }
  if (describe_cluster_option->count() > 0) {
    return describe_cluster(inv.describe_cluster, request.options.run_timeout_seconds, request.timeout_seconds,
                            request.options.verbose);
  }
  if (script_option->count() == 0) {
    std::cerr << "scalerun: a script is required: scalerun FILE.lua [options] (see scalerun --help)\n";
    return kExitError;
  }
  for (const auto& s : inv.sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0) {
      std::cerr << "scalerun: --set " << printable(s) << ": expected name=value (see scalerun --help)\n";
      return kExitError;
    }
    request.options.sets[s.substr(0, eq)] = s.substr(eq + 1);
  }
  // Labels are listed comma-separated by `runs` and `show` and selected as label:NAME, so they are
  // short words of a safe alphabet: nothing that reads as a separator or needs quoting.
  for (const auto& label : request.options.labels) {
    const bool word = !label.empty() && label.size() <= 64 &&
                      std::all_of(label.begin(), label.end(), [](char c) {
                        return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
                               std::string_view("._-+/@=").find(c) != std::string_view::npos;
                      });
    if (!word) {
      std::cerr << "scalerun: --label '" << printable(label.substr(0, 80)) << (label.size() > 80 ? "..." : "")
                << "': a label is 1 to 64 letters, digits and . _ - + / @ = (see scalerun --help)\n";
      return kExitError;
    }
  }
  request.options.script_path = request.script;
  request.options.command_line = join_command_line(argc, argv);
  request.options.record_timelines = !inv.trace_file.empty() || !inv.html_file.empty();
  return std::nullopt;
}

// The exit code and the one line on stderr for the exception being handled.
int exit_for_current_exception(const scalerun::lua::RunRequest& request) {
  using namespace scalerun;
  try {
    throw;
  } catch (const Interrupted&) {
    std::cerr << cli::interruption_line();
    return cli::interrupted_exit_code();
  } catch (const runtime::Stopped& e) {
    // Stopped outside any Lua call (between the script's end and the tables).
    if (e.cause() == runtime::StopCause::interrupt) {
      std::cerr << cli::interruption_line();
      return cli::interrupted_exit_code();
    }
    std::cerr << request.script << ": " << timeout_message() << '\n';
    return kExitError;
  } catch (const ScriptError& e) {
    if (runtime::interrupt_requested()) {
      std::cerr << cli::interruption_line();
      return cli::interrupted_exit_code();
    }
    std::cout.flush();
    // A message quotes what scripts and libraries wrote (a name, an error() text): control
    // characters shown escaped, so none can drive the terminal or break the one line.
    std::cerr << printable(e.what()) << '\n';
    if (request.options.verbose && !e.traceback().empty()) std::cerr << e.traceback() << '\n';
    return kExitError;
  } catch (const UsageError& e) {
    std::cerr << "scalerun: " << printable(e.what()) << '\n';
    return kExitError;
  } catch (const std::bad_alloc&) {
    std::cerr << lua::State::last_user_position() << kOutOfMemory << '\n';
    return kExitError;
  } catch (const std::exception& e) {
    std::cerr << "scalerun: " << printable(e.what()) << '\n';
    return kExitError;
  }
}

// Runs the script and prints its tables in the chosen format (and --out DIR).
int run_and_report(const Invocation& inv, int argc, char** argv) {
  using namespace scalerun;
  const lua::RunRequest& request = inv.request;
  const report::Reporter& reporter = *report::find_reporter(inv.format_name);  // checked by IsMember
  cli::install_signal_handlers();
  // An output folder that cannot be written is found before anything is measured.
  for (const std::string& dir : {inv.plot_dir, inv.out_dir}) {
    if (dir.empty()) continue;
    try {
      report::check_writable_dir(dir);
    } catch (const std::exception& e) {
      std::cerr << fmt::format("scalerun: {}: {} (give a folder you can write)\n", dir == inv.plot_dir ? "--plot" : "--out",
                               printable(e.what()));
      return kExitError;
    }
  }
  for (const auto& [option, file] : {std::pair{"--html", inv.html_file}, std::pair{"--trace", inv.trace_file}}) {
    if (file.empty()) continue;
    const std::filesystem::path parent = std::filesystem::path(file).parent_path();
    // The page and the trace are written beside and renamed into place: whatever is at the path
    // now (a device such as /dev/full, a FIFO, a link) would be replaced, or block the write.
    std::error_code ec;
    const auto status = std::filesystem::symlink_status(file, ec);
    if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
      std::cerr << fmt::format("scalerun: {} {}: not a regular file (give the path of a file to write)\n", option,
                               printable(file));
      return kExitError;
    }
    try {
      report::check_writable_dir(parent.empty() ? "." : parent);
    } catch (const std::exception& e) {
      std::cerr << fmt::format("scalerun: {} {}: {} (give a file in a folder you can write)\n", option, printable(file),
                               printable(e.what()));
      return kExitError;
    }
  }
  // The watchdog stays until the last file is written: Ctrl-C while figures or the HTML page are
  // drawn ends scalerun as promptly as during the run.
  const cli::Watchdog watchdog(request.script);
  try {
    const lua::RunOutcome outcome = lua::run_script(request);
    // Ctrl-C after the last point: the tables are not printed (the user asked to stop).
    if (runtime::interrupt_requested()) throw Interrupted();
    const report::Context context = provenance::make_context(request.script, join_command_line(argc, argv));
    errno = 0;
    reporter.write_run(std::cout, context, outcome.sections);
    if (runtime::interrupt_requested()) throw Interrupted();
    if (const std::string problem = cli::stdout_problem("the tables"); !problem.empty()) {
      std::cerr << problem << '\n';
      return kExitError;
    }
    if (!inv.out_dir.empty()) report::write_out_dir(inv.out_dir, context, outcome.sections);
    const auto format = inv.plot_format == "png" ? report::FigureFormat::png : report::FigureFormat::svg;
    for (const std::string& dir : {inv.plot_dir, inv.out_dir}) {
      if (!dir.empty()) cli::draw_figures(dir, outcome.sections, format, request.options.quiet);
    }
    if (!inv.html_file.empty()) cli::write_html_report(inv.html_file, context, outcome.sections, request.options.quiet);
    if (!inv.trace_file.empty()) cli::write_trace_file(inv.trace_file, context, outcome.sections, request.options.quiet);
    // The script failed after these tables were made: they are out, now its one line and exit 2.
    if (outcome.failure) std::rethrow_exception(outcome.failure);
    if (outcome.checks_failed > 0 || outcome.targets_missed > 0) {
      if (!request.options.quiet) {
        if (outcome.checks_failed > 0) {
          std::cerr << fmt::format("scalerun: {} of {} checks failed\n", outcome.checks_failed, outcome.checks_run);
        }
        if (outcome.targets_missed > 0) {
          std::cerr << fmt::format("scalerun: target not reached at {} tuned point(s)\n", outcome.targets_missed);
        }
      }
      return kExitCheckFailed;
    }
    return kExitOk;
  } catch (...) {
    return exit_for_current_exception(request);
  }
}

int run(int argc, char** argv) {
  using namespace scalerun;
  if (argc >= 2 && cli::is_database_command(argv[1])) return cli::run_database_command(argc, argv);
  Invocation inv;
  if (const std::optional<int> done = parse_command_line(argc, argv, inv)) return *done;
  return run_and_report(inv, argc, argv);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace scalerun;
  cli::prepare_standard_streams();
  const int code = run(argc, argv);
  // Whatever a command printed must have arrived: a full disk or a closed output is an error.
  if (code == kExitOk || code == kExitCheckFailed) {
    if (const std::string problem = cli::stdout_problem("its output"); !problem.empty()) {
      std::cerr << problem << '\n';
      return kExitError;
    }
  }
  return code;
}
