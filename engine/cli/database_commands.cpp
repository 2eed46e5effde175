#include "cli/database_commands.hpp"

#include <algorithm>
#include <cstring>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "report/formatters.hpp"
#include "store/database.hpp"
#include "store/extrap_export.hpp"

namespace scalerun::cli {

namespace {

constexpr int kExitOk = 0, kExitError = 2;

report::Table runs_table(const store::Database& db) {
  report::Table t;
  t.name = "runs";
  t.title = fmt::format("runs stored in {}", db.path());
  t.add_column("run", "{:g}").add_column("started").add_column("status").add_column("experiment");
  t.add_column("kernel").add_column("machine").add_column("points", "{:g}").add_column("script");
  for (const auto& r : db.list_runs()) {
    t.add_row({static_cast<double>(r.id), r.info.started_at, r.status, r.info.experiment, r.info.kernel, r.info.machine,
               static_cast<double>(r.points), r.info.script});
  }
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
  t.add_column("p", "{:g}");
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
  t.add_column("median", "{:.6g}").add_column("mad", "{:.3g}").add_column("cv%", "{:.2f}").add_column("samples", "{:g}");
  t.add_column("verified");
  for (const auto& f : figures) t.add_column(f, "{:.4g}");
  for (const auto& pt : points) {
    std::vector<report::Cell> row;
    row.emplace_back(pt.record.p);
    for (const auto& p : params) {
      auto it = pt.record.params.find(p);
      if (it == pt.record.params.end()) row.emplace_back(std::monostate{}); else row.emplace_back(it->second);
    }
    row.emplace_back(pt.record.median);
    row.emplace_back(pt.record.mad);
    row.emplace_back(100 * pt.record.cv);
    row.emplace_back(static_cast<double>(pt.record.samples.size()));
    row.emplace_back(std::string(pt.record.verified ? "yes" : "NO"));
    for (const auto& f : figures) {
      auto it = pt.record.instrumentation.find(f);
      if (it == pt.record.instrumentation.end()) row.emplace_back(std::monostate{}); else row.emplace_back(it->second);
    }
    t.add_row(std::move(row));
  }
  return t;
}

}  // namespace

bool is_database_command(const char* word) {
  return std::strcmp(word, "runs") == 0 || std::strcmp(word, "show") == 0 || std::strcmp(word, "export-extrap") == 0;
}

int run_database_command(int argc, char** argv) {
  const std::string command = argv[1];
  CLI::App app{"scalerun " + command};
  std::string db_path = "scalerun.db", format_name = "table", experiment, kernel, metric = "time";
  std::int64_t run_id = 0;
  app.add_option("--db", db_path, "results database (default scalerun.db)");
  app.add_option("--format", format_name, "table, csv, json or markdown")->check(CLI::IsMember({"table", "csv", "json", "markdown"}));
  if (command == "show") app.add_option("run", run_id, "run number (see scalerun runs)")->required();
  if (command == "export-extrap") {
    app.add_option("experiment", experiment, "experiment name")->required();
    app.add_option("kernel", kernel, "kernel name")->required();
    app.add_option("--metric", metric, "time (one line per sample) or an instrumentation figure");
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
    const store::Database db = store::Database::open(db_path, store::Database::Mode::existing);
    if (command == "export-extrap") {
      store::ExtrapQuery query;
      query.experiment = experiment;
      query.kernel = kernel;
      query.metric = metric;
      const auto summary = store::export_extrap_jsonl(db, std::cout, query);
      std::cerr << fmt::format("scalerun: {} lines from {} points\n", summary.lines, summary.points);
      return kExitOk;
    }
    report::Format format;
    report::parse_format(format_name, format);
    report::Context ctx;
    ctx.command_line = command;
    report::Section section{command, "database", {command == "runs" ? runs_table(db) : points_table(db, run_id)}};
    report::write_all(std::cout, format, ctx, std::span<const report::Section>(&section, 1));
    return kExitOk;
  } catch (const std::exception& e) {
    std::cerr << "scalerun: " << e.what() << '\n';
    return kExitError;
  }
}

}  // namespace scalerun::cli
