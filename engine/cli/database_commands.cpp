#include "cli/database_commands.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <limits>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "errors/errors.hpp"
#include "errors/printable.hpp"
#include "measure/mpi_launch.hpp"
#include "report/reporter.hpp"
#include "store/database.hpp"
#include "store/extrap_export.hpp"
#include "store/point_identity.hpp"
#include "provenance/run_context.hpp"
#include "study/compare_runs.hpp"
#include "study/discover.hpp"
#include "study/fit.hpp"
#include "study/session.hpp"
#include "study/experiment.hpp"
#include "study/measure_reports.hpp"
#include "study/mpi_profile_reports.hpp"

namespace scalerun::cli {

namespace {

constexpr int kExitOk = 0, kExitChanged = 1, kExitError = 2;

std::string labels_text(const std::vector<std::string>& labels) {
  std::string text;
  for (const auto& label : labels) text += (text.empty() ? "" : ",") + label;
  return text.empty() ? "-" : text;
}

// Every distinct value of one part of the run's points' identities, in order of first use.
std::string identity_parts(const std::vector<store::StoredPoint>& points,
                           const std::function<std::string(const store::PointIdentity&)>& part) {
  std::vector<std::string> seen;
  bool unidentified = false;
  for (const auto& pt : points) {
    const auto id = store::parse_identity(pt.record.identity);
    if (!id) {
      unidentified = true;
      continue;
    }
    if (std::string value = part(*id); !value.empty() && std::find(seen.begin(), seen.end(), value) == seen.end())
      seen.push_back(std::move(value));
  }
  std::string text;
  for (const auto& value : seen) text += (text.empty() ? "" : " | ") + value;
  if (unidentified) text += text.empty() ? "(not recorded)" : " | (not recorded)";
  return text;
}

// The first point's expanded command line (the others differ in p and sizes only).
std::string first_command(const std::vector<store::StoredPoint>& points) {
  for (const auto& pt : points) {
    if (const auto id = store::parse_identity(pt.record.identity); id && !id->command.empty())
      return fmt::format("{} (at p={:g})", id->command, pt.record.p);
  }
  return {};
}

// What a run was: how scalerun was called (--set values and labels apart), and what its points
// ran (the identity they are stored with), so two runs of different programs can be told apart.
report::Table run_table(const store::StoredRun& run, const std::vector<store::StoredPoint>& points) {
  report::Table t;
  t.name = "run";
  t.title = fmt::format("run {}: how it was made", run.id);
  t.add_column("field").add_column("value");
  std::string sets;
  for (const auto& [name, value] : run.info.sets) sets += fmt::format("{}{}={}", sets.empty() ? "" : " ", name, value);
  const std::pair<std::string, std::string> rows[] = {
      {"command line", run.info.command_line},
      {"--set", sets.empty() ? "-" : sets},
      {"labels", labels_text(run.info.labels)},
      {"script", fmt::format("{} ({})", run.info.script, run.info.script_hash)},
      {"native", identity_parts(points, [](const store::PointIdentity& id) { return id.native; })},
      {"program command", first_command(points)},
      {"program content", identity_parts(points, [](const store::PointIdentity& id) { return id.program; })},
      {"launcher", identity_parts(points, [](const store::PointIdentity& id) { return id.launcher; })},
      {"built by", fmt::format("scalerun {} ({}, {}, {})", run.info.scalerun_version, run.info.git_revision,
                               run.info.build_type, run.info.compiler)},
  };
  for (const auto& [field, value] : rows) {
    if (!value.empty()) t.add_row({field, value});
  }
  t.notes.push_back("program command = the expanded command line of the run's first point; program content = the "
                    "content hash of the program its points ran; both as --resume matches points on them; (not "
                    "recorded): points stored by a scalerun that kept no identity");
  return t;
}

report::Table runs_table(const store::Database& db) {
  report::Table t;
  t.name = "runs";
  t.title = fmt::format("runs stored in {}", db.path());
  t.add_column("run", "{:g}").add_column("started").add_column("status").add_column("experiment");
  t.add_column("kernel").add_column("machine").add_column("points", "{:g}").add_column("script");
  t.add_column("host").add_column("cores", "{:g}").add_column("scalerun").add_column("labels").add_column("command");
  for (const auto& r : db.list_runs()) {
    t.add_row({static_cast<double>(r.id), r.info.started_at, r.status, r.info.experiment, r.info.kernel, r.info.machine,
               static_cast<double>(r.points), r.info.script, r.info.host, static_cast<double>(r.info.cores),
               r.info.scalerun_version, labels_text(r.info.labels), r.info.command_line});
  }
  t.notes.push_back("labels = the run's --label names (compare and check{ baseline } select a run by label:NAME); "
                    "command = scalerun's command line, --set values included (scalerun show RUN lists them)");
  t.notes.push_back("status: running (still measuring, or killed before it could say), complete, target_missed (a "
                    "tuned point missed its target), interrupted (Ctrl-C), timed_out (--script-timeout), run_timeout "
                    "(one run passed run_timeout), failed (an error)");
  return t;
}

report::Table points_table(const store::Database& db, std::int64_t run_id) {
  const auto run = db.run(run_id);
  if (!run) throw std::runtime_error(fmt::format("'{}' has no run {} (see scalerun runs)", db.path(), run_id));
  const auto points = db.points_of(run_id);
  report::Table t;
  t.name = "points";
  t.title = fmt::format("run {}: {} / {} on {} ({}, {}, {})", run_id, run->info.experiment, run->info.kernel,
                        run->info.machine, run->info.started_at, run->info.host, run->status);
  // Points of machine sets are stored under their set's name.
  const bool sets = std::any_of(points.begin(), points.end(),
                                [&](const auto& pt) { return pt.record.machine != run->info.machine; });
  if (sets) t.add_column("set");
  t.add_column("p", "{:.10g}");
  std::vector<std::string> params, figures;
  for (const auto& pt : points) {
    for (const auto& [k, v] : pt.record.params) {
      if (std::find(params.begin(), params.end(), k) == params.end()) params.push_back(k);
    }
    for (const auto& [k, v] : pt.record.instrumentation) {
      if (std::find(figures.begin(), figures.end(), k) == figures.end()) figures.push_back(k);
    }
  }
  for (const auto& p : params) t.add_column(p, "{:.6g}");
  // A simulated point is one deterministic run of the program, with nothing of its own to verify.
  const bool simulated = run->info.mode == "simulate";
  t.add_column("median", "{:.6g}").add_column("mad", "{:.3g}").add_column("cv%", "{:.2f}").add_column("samples", "{:g}");
  if (!simulated) t.add_column("verified");
  for (const auto& f : figures) t.add_column(f, "{:.4g}");
  if (simulated) {
    t.notes.push_back("simulated: median = the program's time on the real machine (seconds), one run; further "
                      "columns: the three runs' separation of the overheads (seed 003), in seconds, and the real "
                      "network's messages, events and links");
  } else {
    t.notes.push_back("median, mad = median and median absolute deviation of the samples (seconds); cv% = their "
                      "coefficient of variation; samples = timed runs; verified = the kernel's own check");
  }
  if (!figures.empty() && !simulated) {
    // Figures are named as stored; a native kernel's are its instrumented run nearest the median,
    // an external program's the medians of what it printed over the timed runs.
    t.notes.push_back("further columns: a native kernel's instrumentation of the run nearest the median (tpara = its "
                      "wall time, busy, idle, primitives summed over workers, serial, work_time = busy + serial; all "
                      "in seconds), an MPI program's the same summed over its ranks; an external program's JSON "
                      "figures, each the median over the timed runs");
  }
  for (const auto& pt : points) {
    std::vector<report::Cell> row;
    if (sets) row.emplace_back(pt.record.machine);
    row.emplace_back(pt.record.p);
    for (const auto& p : params) {
      auto it = pt.record.params.find(p);
      if (it == pt.record.params.end()) row.emplace_back(std::monostate{}); else row.emplace_back(it->second);
    }
    row.emplace_back(pt.record.median);
    row.emplace_back(pt.record.mad);
    row.emplace_back(100 * pt.record.cv);
    row.emplace_back(static_cast<double>(pt.record.samples.size()));
    if (!simulated) row.emplace_back(std::string(pt.record.verified ? "yes" : "NO"));
    for (const auto& f : figures) {
      auto it = pt.record.instrumentation.find(f);
      if (it == pt.record.instrumentation.end()) row.emplace_back(std::monostate{}); else row.emplace_back(it->second);
    }
    t.add_row(std::move(row));
  }
  return t;
}

// A measured run's points with their statistics (runs, T's 95 % interval, mean, sd, outliers),
// computed from the stored samples as the run that measured them did. Nothing for a simulated run.
std::optional<report::Table> stored_statistics_table(const store::Database& db, std::int64_t run_id) {
  const auto run = db.run(run_id);
  if (run->info.mode != "measure") return std::nullopt;
  study::ExperimentSpec spec;
  spec.name = fmt::format("run {}: {}", run_id, run->info.experiment);
  study::MeasuredSweep sweep;
  sweep.spec = &spec;
  for (const auto& stored : db.points_of(run_id)) {
    if (stored.record.samples.empty()) continue;
    study::MeasuredPoint pt;
    pt.p = stored.record.p;
    if (stored.record.machine != run->info.machine) pt.set = stored.record.machine;
    study::statistics_from_record(pt, stored.record, 0);
    sweep.points.push_back(std::move(pt));
  }
  if (sweep.points.empty()) return std::nullopt;
  return study::statistics_table(sweep);
}

// An MPI run's ranks, profile and regions, as its "ranks" report showed them, from the records
// stored with each point.
std::vector<report::Table> stored_rank_tables(const store::Database& db, std::int64_t run_id) {
  const auto run = db.run(run_id);
  study::ExperimentSpec spec;
  spec.name = fmt::format("run {}: {}", run_id, run->info.experiment);
  study::MeasuredSweep sweep;
  sweep.spec = &spec;
  for (const auto& stored : db.points_of(run_id)) {
    const nlohmann::json extra = nlohmann::json::parse(stored.record.extra_json, nullptr, false);
    if (!extra.is_object() || !extra.contains("ranks")) continue;
    study::MeasuredPoint pt;
    pt.p = stored.record.p;
    // A machine set's point is stored under the set's name.
    if (stored.record.machine != run->info.machine) pt.set = stored.record.machine;
    pt.ranks = measure::ranks_from_json(extra["ranks"]);
    sweep.points.push_back(std::move(pt));
  }
  if (sweep.points.empty()) return {};
  const bool sets = std::any_of(sweep.points.begin(), sweep.points.end(), [](const auto& pt) { return !pt.set.empty(); });
  if (sets) {
    for (auto& pt : sweep.points) {
      if (pt.set.empty()) pt.set = run->info.machine;
    }
  }
  std::vector<report::Table> tables{study::ranks_table(sweep)};
  for (auto& t : study::mpi_profile_tables(sweep)) tables.push_back(std::move(t));
  return tables;
}

void write_section(const report::Reporter& reporter, int argc, char** argv, report::Section section) {
  // The context of this listing (host, version, ...): each run's own is in its row.
  std::string command_line = "scalerun";
  for (int i = 1; i < argc; ++i) command_line += fmt::format(" {}", argv[i]);
  const report::Context ctx = provenance::make_context("", command_line);
  reporter.write_run(std::cout, ctx, std::span<const report::Section>(&section, 1));
}

struct CompareRequest {
  std::string a, b;
  study::CompareOptions options;
};

bool is_json_file(const std::string& word) { return word.size() > 5 && word.ends_with(".json"); }

// A run number as written on the command line. Read here rather than by CLI11, which turns a
// number past the 64-bit range into the largest one and would then answer about that run.
std::int64_t run_number(const std::string& command, const std::string& word) {
  std::int64_t id = 0;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), id);
  if (error == std::errc::result_out_of_range) {
    throw UsageError(fmt::format("{}: run {} is out of range (run numbers go from 1 to {}; scalerun runs lists them)",
                                 command, printable(word), std::numeric_limits<std::int64_t>::max()));
  }
  if (error != std::errc() || end != word.data() + word.size() || id <= 0) {
    throw UsageError(fmt::format("{}: '{}' is not a run number (a whole number from 1; scalerun runs lists them)",
                                 command, printable(word)));
  }
  return id;
}

// `scalerun compare A B`: each a stored run's number or a --format json result file. Exit 1 when
// a point changed significantly, 0 when none did, 2 for a usage error.
int compare_runs(const CompareRequest& request, const std::string& db_path, const report::Reporter& reporter, int argc,
                 char** argv) {
  std::optional<store::Database> db;
  auto side = [&](const std::string& word) {
    if (is_json_file(word)) return study::side_from_json(word);
    if (study::is_label_word(word)) {
      if (!db) db.emplace(store::Database::open(db_path, store::Database::Mode::existing));
      try {
        return study::side_from_label(*db, word.substr(study::kLabelPrefix.size()));
      } catch (const std::runtime_error& e) {
        throw std::runtime_error(fmt::format("compare: {}", e.what()));
      }
    }
    std::int64_t id = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), id);
    if (error == std::errc::result_out_of_range) id = run_number("compare", word);  // says out of range
    if (error != std::errc() || end != word.data() + word.size() || id <= 0) {
      throw std::runtime_error(fmt::format(
          "compare: '{}' is neither a run number (scalerun runs lists them), label:NAME nor a .json result file", printable(word)));
    }
    if (!db) db.emplace(store::Database::open(db_path, store::Database::Mode::existing));
    if (!db->run(id)) throw std::runtime_error(fmt::format("compare: no run {} in {} (scalerun runs lists them)", id, db->path()));
    return study::side_from_run(*db, id);
  };
  const study::CompareSide a = side(request.a), b = side(request.b);
  study::RunComparison comparison = study::compare_sides(a, b, request.options);
  if (comparison.common == 0) {
    std::cerr << fmt::format("scalerun: compare: {} and {} have no point in common (points match on experiment, "
                             "machine or set, p and parameters)\n", a.label, b.label);
    return kExitError;
  }
  write_section(reporter, argc, argv, report::Section{"compare", "database", {std::move(comparison.table)}});
  return comparison.significant > 0 ? kExitChanged : kExitOk;
}

// `scalerun discover EXPERIMENT KERNEL`: the model of the experiment's stored points (the newest
// of each configuration), over the parameters that vary among them unless --params names them.
int discover_stored(const std::string& db_path, const std::string& experiment, const std::string& kernel,
                    std::vector<std::string> params, bool negative, const report::Reporter& reporter, int argc,
                    char** argv) {
  study::Session session;
  session.options.db_path = db_path;
  session.options.quiet = true;
  session.database.emplace(store::Database::open(db_path, store::Database::Mode::existing));
  const auto points = session.database->latest_points(experiment, kernel);
  if (points.empty()) {
    std::cerr << fmt::format("scalerun: discover: no measured points of experiment '{}' with kernel '{}' in {} "
                             "(scalerun runs lists the runs)\n", experiment, kernel, session.database->path());
    return kExitError;
  }
  const study::NumericCsv data = study::points_data(points);
  if (params.empty()) {
    for (std::size_t c = 0; c < data.columns.size(); ++c) {
      if (data.columns[c] == "time") continue;
      const bool varies = std::any_of(data.rows.begin(), data.rows.end(),
                                      [&](const auto& row) { return row[c] != data.rows.front()[c]; });
      if (varies) params.push_back(data.columns[c]);
    }
    if (params.empty()) {
      std::cerr << fmt::format("scalerun: discover: the {} points of '{}' do not differ in p or any parameter: "
                               "nothing to model over\n", points.size(), experiment);
      return kExitError;
    }
  }
  study::DiscoverSpec spec;
  spec.name = experiment;
  spec.where = "scalerun discover: ";
  spec.params = std::move(params);
  spec.stored = experiment;
  spec.kernel = kernel;
  spec.negative = negative;
  try {
    study::run_discover(spec, data, session);
  } catch (const ScriptError& e) {  // worded for a script's field: here the field is the command's data
    const std::string what = e.what();
    const auto field = what.find("': ");
    std::cerr << fmt::format("scalerun: discover {} {}: {}\n", experiment, kernel,
                             field == std::string::npos ? what : what.substr(field + 3));
    return kExitError;
  }
  write_section(reporter, argc, argv, std::move(session.sections.back()));
  return kExitOk;
}

}  // namespace

bool is_database_command(const char* word) {
  return std::strcmp(word, "runs") == 0 || std::strcmp(word, "show") == 0 || std::strcmp(word, "export-extrap") == 0 ||
         std::strcmp(word, "compare") == 0 || std::strcmp(word, "discover") == 0;
}

int run_database_command(int argc, char** argv) {
  const std::string command = argv[1];
  CLI::App app{"scalerun " + command};
  std::string db_path = store::Database::default_path(), format_name = "table", experiment, kernel, metric = "time";
  std::int64_t run_id = 0;
  std::string run_word;                // show's run, converted by run_number
  std::vector<std::string> run_words;  // export-extrap's --run, the same way
  std::vector<std::int64_t> runs;
  bool extrap_text = false;
  app.add_option("--db", db_path, "results database (default scalerun.db, or $SCALERUN_DB)");
  app.add_option("--format", format_name, report::reporter_list())->check(CLI::IsMember(report::reporter_names()));
  if (command == "show") app.add_option("run", run_word, "run number (see scalerun runs)")->required();
  if (command == "export-extrap") {
    app.add_option("experiment", experiment, "experiment name")->required();
    app.add_option("kernel", kernel, "kernel name")->required();
    app.add_option("--metric", metric, "time (one line per sample) or an instrumentation figure");
    app.add_option("--run", run_words, "export only this run's points (repeatable; see scalerun runs)");
    app.add_flag("--text", extrap_text, "Extra-P's text format (PARAMETER, POINTS, REGION, METRIC, DATA) instead of "
                 "JSON Lines");
  }
  std::vector<std::string> discover_params;
  bool discover_negative = false;
  if (command == "discover") {
    app.add_option("experiment", experiment, "experiment name")->required();
    app.add_option("kernel", kernel, "kernel name")->required();
    app.add_option("--params", discover_params, "the parameters to model over (default: p and every parameter that "
                   "varies among the points)")->delimiter(',');
    app.add_flag("--negative", discover_negative, "also search negative exponents (time falling as 1/p, strong scaling)");
  }
  CompareRequest compare;
  if (command == "compare") {
    // Checked after conversion by CLI11, whose own ranges print their bounds as long decimals.
    const auto bounded = [](double low, bool low_open, double high, std::string said) {
      return CLI::Validator(
          [=](const std::string& text) {
            const double v = std::strtod(text.c_str(), nullptr);
            return (low_open ? v > low : v >= low) && v <= high ? std::string() : fmt::format("{} must be {}", text, said);
          },
          said);
    };
    app.add_option("A", compare.a, "the run compared against: a run number (see scalerun runs), label:NAME (the newest runs tagged --label "
                   "NAME) or a --format json file")
        ->required();
    app.add_option("B", compare.b, "the run compared with A, the same way")->required();
    app.add_option("--tolerance", compare.options.tolerance,
                   "relative change |B/A - 1| a point must pass to count as changed (default 0.05)")
        ->check(bounded(0, false, 1e6, "0 or more"));
    app.add_option("--alpha", compare.options.alpha, "the U test's significance level (default 0.05)")
        ->check(bounded(0, true, 1, "above 0 and at most 1"));
  }
  try {
    app.parse(argc - 1, argv + 1);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    std::cerr << "scalerun " << command << ": " << e.what() << " (see scalerun " << command << " --help)\n";
    return kExitError;
  }
  try {
    if (command == "show") run_id = run_number(command, run_word);
    for (const std::string& word : run_words) runs.push_back(run_number(command + " --run", word));
  } catch (const UsageError& e) {
    std::cerr << "scalerun " << e.what() << '\n';
    return kExitError;
  }
  try {
    if (command == "compare") return compare_runs(compare, db_path, *report::find_reporter(format_name), argc, argv);
    if (command == "discover")
      return discover_stored(db_path, experiment, kernel, discover_params, discover_negative,
                             *report::find_reporter(format_name), argc, argv);
    const store::Database db = store::Database::open(db_path, store::Database::Mode::existing);
    if (command == "export-extrap") {
      store::ExtrapQuery query;
      query.experiment = experiment;
      query.kernel = kernel;
      query.metric = metric;
      query.runs = runs;
      if (extrap_text) query.format = store::ExtrapQuery::Format::text;
      else if (format_name == "csv") query.format = store::ExtrapQuery::Format::csv;
      else if (format_name != "table") {  // table, the default, stands for Extra-P's own format here
        std::cerr << fmt::format("scalerun export-extrap: --format {}: not an export format (JSON Lines by default, "
                                 "or csv)\n", format_name);
        return kExitError;
      }
      const auto summary = store::export_extrap(db, std::cout, query);
      std::cerr << fmt::format("scalerun: {} lines from {} points\n", summary.lines, summary.points);
      return kExitOk;
    }
    const report::Reporter& reporter = *report::find_reporter(format_name);  // checked by IsMember
    report::Section section{command, "database", {command == "runs" ? runs_table(db) : points_table(db, run_id)}};
    if (command == "show") {
      section.tables.insert(section.tables.begin(), run_table(*db.run(run_id), db.points_of(run_id)));
      if (auto statistics = stored_statistics_table(db, run_id)) section.tables.push_back(std::move(*statistics));
      for (auto& t : stored_rank_tables(db, run_id)) section.tables.push_back(std::move(t));
    }
    write_section(reporter, argc, argv, std::move(section));
    return kExitOk;
  } catch (const std::exception& e) {
    std::cerr << "scalerun: " << printable(e.what()) << '\n';
    return kExitError;
  }
}

}  // namespace scalerun::cli
