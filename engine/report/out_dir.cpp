#include <cerrno>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <stdexcept>
#include <string>
#include <system_error>

#include <fmt/format.h>

#include "report/encode.hpp"
#include "report/format_detail.hpp"
#include "report/gnuplot_figure.hpp"
#include "report/reporter.hpp"
#include "report/timeline_figure.hpp"

namespace scalerun::report {

namespace fs = std::filesystem;

namespace {

std::string errno_reason(int err) {
  return err != 0 ? std::generic_category().message(err) : std::string("I/O error");
}

void write_file(const fs::path& path, const std::function<void(std::ostream&)>& body) {
  errno = 0;
  std::ofstream os(path, std::ios::out | std::ios::trunc);
  if (!os) {
    throw std::runtime_error(
        fmt::format("cannot write '{}': {}", path.string(), errno_reason(errno)));
  }
  body(os);
  os.flush();
  if (!os) {
    throw std::runtime_error(
        fmt::format("cannot write '{}': {}", path.string(), errno_reason(errno)));
  }
  os.close();
  if (os.fail()) {
    throw std::runtime_error(
        fmt::format("cannot write '{}': {}", path.string(), errno_reason(errno)));
  }
}

// file_stem keeps every file inside DIR, and can map distinct names ("a b", "a_b") to one file:
// number the later ones rather than let them overwrite each other.
void write_per_table(const fs::path& root, const Reporter& reporter, std::span<const Section> sections) {
  std::set<std::string> used;
  for (const auto& s : sections) {
    for (const auto& t : s.tables) {
      const std::string stem = file_stem(s.name) + "__" + file_stem(t.name);
      std::string file = fmt::format("{}.{}", stem, reporter.extension());
      for (int n = 2; !used.insert(file).second; ++n) file = fmt::format("{}-{}.{}", stem, n, reporter.extension());
      write_file(root / file, [&](std::ostream& os) { reporter.write_table(os, t); });
    }
  }
}

void make_dir(const fs::path& root) {
  std::error_code ec;
  fs::create_directories(root, ec);
  if (!ec) {
    // Don't rely on every standard library reporting an existing regular file as an error.
    std::error_code probe;
    if (!fs::is_directory(root, probe)) {
      ec = probe ? probe : std::make_error_code(std::errc::not_a_directory);
    }
  }
  if (ec) {
    throw std::runtime_error(fmt::format("cannot create directory '{}': {}", root.string(), ec.message()));
  }
}

}  // namespace

std::vector<Figure> write_figure_files(const fs::path& root, std::span<const Section> sections, FigureFormat format) {
  make_dir(root);
  std::vector<Figure> figures;
  std::set<std::string> used;
  for (std::size_t si = 0; si < sections.size(); ++si) {
    const Section& s = sections[si];
    for (std::size_t ti = 0; ti < s.tables.size(); ++ti) {
      const Table& t = s.tables[ti];
      const std::string base = file_stem(s.name) + "__" + file_stem(t.name);
      std::string stem = base;
      for (int n = 2; !used.insert(stem).second; ++n) stem = fmt::format("{}-{}", base, n);
      auto figure = figure_of(t, stem, format);
      if (!figure) continue;
      figure->section = si;
      figure->table = ti;
      write_file(root / (stem + ".dat"), [&](std::ostream& os) { os << figure->data; });
      write_file(root / (stem + ".gp"), [&](std::ostream& os) { os << figure->script; });
      figures.push_back(std::move(*figure));
    }
    // A measured or simulated experiment run with --trace or --html: its telling point's timeline.
    const Timeline* timeline = telling_timeline(s);
    if (timeline == nullptr) continue;
    const std::string base = file_stem(s.name) + "__timeline";
    std::string stem = base;
    for (int n = 2; !used.insert(stem).second; ++n) stem = fmt::format("{}-{}", base, n);
    auto figure = timeline_figure(s, *timeline, stem, format);
    if (!figure) continue;
    figure->section = si;
    write_file(root / (stem + ".dat"), [&](std::ostream& os) { os << figure->data; });
    write_file(root / (stem + ".gp"), [&](std::ostream& os) { os << figure->script; });
    figures.push_back(std::move(*figure));
  }
  return figures;
}

void check_writable_dir(const fs::path& root) {
  make_dir(root);
  const fs::path probe = root / ".scalerun-write-test";
  write_file(probe, [](std::ostream& os) { os << "x"; });
  std::error_code ec;
  fs::remove(probe, ec);
}

void write_out_dir(const fs::path& root, const Context& ctx, std::span<const Section> sections) {
  make_dir(root);
  for (const Reporter* reporter : reporters()) {
    if (reporter->out_files() == OutFiles::PerTable) write_per_table(root, *reporter, sections);
    if (reporter->out_files() == OutFiles::WholeRun) {
      write_file(root / fmt::format("results.{}", reporter->extension()),
                 [&](std::ostream& os) { reporter->write_run(os, ctx, sections); });
    }
  }
}

}  // namespace scalerun::report
