#pragma once
// One reporter per output format behind one interface, registered by name in one list
// (reporters.cpp). Everything that names formats reads that list: --format and --out of a run,
// the runs and show commands, and --help. A new format is one class and one line in the list.

#include <filesystem>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "report/gnuplot_figure.hpp"
#include "report/table.hpp"

namespace scalerun::report {

// What a format puts in an --out DIR.
enum class OutFiles {
  None,      // nothing (the format is for reading on a screen)
  PerTable,  // one file per table: DIR/<section>__<table>.<extension>
  WholeRun,  // one file for the whole run: DIR/results.<extension>
};

class Reporter {
 public:
  virtual ~Reporter() = default;

  virtual std::string_view name() const = 0;       // what --format takes, e.g. "json"
  virtual std::string_view summary() const = 0;    // one line for --help
  virtual std::string_view extension() const = 0;  // file name extension, without the dot
  virtual OutFiles out_files() const { return OutFiles::None; }

  // The whole run on one stream (--format NAME).
  virtual void write_run(std::ostream& os, const Context& ctx, std::span<const Section> sections) const = 0;

  // One table on its own (an OutFiles::PerTable file). The default writes a run of one section
  // holding just this table.
  virtual void write_table(std::ostream& os, const Table& t) const;

 protected:
  Reporter() = default;
  Reporter(const Reporter&) = default;
  Reporter& operator=(const Reporter&) = default;
};

// Every format, in the order --help lists them; the first is the default.
std::span<const Reporter* const> reporters();

// The reporter called `name`, or nullptr.
const Reporter* find_reporter(std::string_view name);

// The names, for CLI11's IsMember check and for messages.
std::vector<std::string> reporter_names();

// "table, csv, json or markdown" (with `separator` "|": "table|csv|json|markdown").
std::string reporter_list(std::string_view separator = {});

// --out DIR: every reporter's files (per table or for the whole run) into DIR, created if
// needed. Throws std::runtime_error with a clear message when DIR cannot be created or written.
void write_out_dir(const std::filesystem::path& dir, const Context& ctx, std::span<const Section> sections);

// Every plottable table's figure as files in DIR (created if needed): stem.dat and stem.gp, stem
// "<section>__<table>" as --out names them. Returns the figures, for the caller to draw (gnuplot
// is a program: running it is not the report layer's). Throws std::runtime_error as write_out_dir.
std::vector<Figure> write_figure_files(const std::filesystem::path& dir, std::span<const Section> sections,
                                       FigureFormat format);

// DIR exists (made if needed) and takes a file, so a run does not measure for an hour to find out
// at the end that its output cannot be written. Throws std::runtime_error.
void check_writable_dir(const std::filesystem::path& dir);

}  // namespace scalerun::report
