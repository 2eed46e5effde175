#pragma once
// What one `scalerun script.lua` run accumulates while the script executes: the options that
// shape evaluation, the sections (tables) produced so far, the script parameters, and the
// outcome of checks. The facade's natives find it through the Lua state (lua/session_binding).

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "report/table.hpp"
#include "store/database.hpp"

namespace scalerun::study {

struct SessionOptions {
  bool dry_run = false;
  bool verbose = false;
  bool quiet = false;
  std::string mode = "model";
  std::map<std::string, std::string> sets;  // --set name=value, as typed
  std::vector<std::string> labels;          // --label NAME: stored with each run (compare label:NAME)
  std::string db_path = "scalerun.db";      // --db: where measured and simulated runs are stored
  bool resume = false;                      // --resume: skip points already in the database
  std::string script_path, command_line;    // for the database's record of each run
  double run_timeout_seconds = 0;           // --run-timeout: one measured run's limit (0: none;
                                            // a kernel's run_timeout field overrides it)
  bool record_timelines = false;            // --trace or --html: each point's timeline (report/timeline)
};

struct Session {
  SessionOptions options;
  std::vector<report::Section> sections;
  std::vector<std::string> declared_params;  // names asked for with param()
  struct ParamDoc {
    std::string name, default_text, description;
  };
  std::vector<ParamDoc> param_docs;           // param(name, default, description), for --help
  std::vector<std::string> used_sets;        // --set names some param() consumed
  int checks_failed = 0;
  int checks_run = 0;
  int targets_missed = 0;  // tuned points whose target was not reached (exit 1, not a failed check)
  std::optional<store::Database> database;  // opened by the first measured experiment
  // The check pass before the run (lua/script_runner): each experiment{} is read and checked as
  // the run would before its sweep; nothing is measured, stored or printed.
  bool checking = false;
  std::string experiment_refused;  // in the check pass: what an experiment's own reading or checks said

  store::Database& db();

  // Warnings and context go to stderr (unless --quiet), never into the tables.
  void warn(const std::string& message) const;
  void info(const std::string& message) const;  // only with --verbose
};

}  // namespace scalerun::study
