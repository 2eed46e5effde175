#include "cli/figures.hpp"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "errors/errors.hpp"
#include "measure/command.hpp"
#include "measure/temp_folder.hpp"
#include "measure/text_file.hpp"
#include "report/html_report.hpp"
#include "report/reporter.hpp"
#include "report/trace_json.hpp"
#include "runtime/stop.hpp"

namespace scalerun::cli {

namespace {

// A report file written whole or not at all: its text goes to a hidden file beside it, renamed
// over FILE once complete, so a full disk, `ulimit -f` or Ctrl-C never leave half a page behind.
// The hidden file is removed on every other way out, the watchdog's forced exit included.
class WholeFile {
 public:
  explicit WholeFile(const std::string& file) : file_(file) {
    const std::filesystem::path target(file);
    const std::filesystem::path dir = target.parent_path();
    std::string hidden = target.filename().string();
    hidden.insert(0, 1, '.');
    hidden.append(".XXXXXX");
    std::string pattern = (dir / hidden).string();
    const int fd = mkstemp(pattern.data());
    if (fd < 0) throw std::runtime_error(fmt::format("cannot write '{}'", file));
    // mkstemp makes it private; the page gets the permissions a plain new file would.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
    ::close(fd);
    partial_ = pattern;
    hook_ = runtime::add_forced_exit_hook([path = partial_](runtime::StopCause) { ::unlink(path.c_str()); });
  }
  ~WholeFile() {
    if (!committed_) ::unlink(partial_.c_str());
    runtime::remove_forced_exit_hook(hook_);  // after: a forced exit meanwhile still removes it
  }
  WholeFile(const WholeFile&) = delete;
  WholeFile& operator=(const WholeFile&) = delete;

  const std::string& partial() const { return partial_; }
  // After the stream on partial() was flushed and checked.
  void commit() {
    std::error_code ec;
    std::filesystem::rename(partial_, file_, ec);
    if (ec) throw std::runtime_error(fmt::format("cannot write '{}': {}", file_, ec.message()));
    committed_ = true;
  }

 private:
  std::string file_, partial_;
  int hook_ = 0;
  bool committed_ = false;
};

}  // namespace

std::vector<report::Figure> draw_figures(const std::string& dir, std::span<const report::Section> sections,
                                         report::FigureFormat format, bool quiet) {
  const std::vector<report::Figure> figures = report::write_figure_files(dir, sections, format);
  std::vector<report::Figure> drawn;
  for (const auto& figure : figures) {
    measure::RunOptions options;
    options.working_dir = dir;
    options.timeout_seconds = 60;
    // Ctrl-C and SIGTERM end the drawing too: the figures are not worth waiting for.
    options.cancelled = [] { return runtime::interrupt_requested(); };
    if (runtime::interrupt_requested()) throw Interrupted();
    measure::CommandResult result;
    try {
      result = measure::run_command({"gnuplot", figure.stem + ".gp"}, options);
    } catch (const measure::CommandError&) {
      if (!quiet) {
        std::cerr << fmt::format("scalerun: warning: gnuplot is not installed, so the {} figures in '{}' are data and "
                                 "scripts only (apt-get install gnuplot-nox, then gnuplot NAME.gp there)\n",
                                 figures.size(), dir);
      }
      return drawn;
    }
    if (result.cancelled || runtime::interrupt_requested()) throw Interrupted();
    if (result.ok()) {
      drawn.push_back(figure);
    } else if (!quiet) {
      // One line: its first names gnuplot's last words; the rest of its stderr is in no figure's way.
      const std::string failure = measure::describe_failure(result, {"gnuplot", figure.stem + ".gp"});
      std::cerr << fmt::format("scalerun: warning: gnuplot could not draw {}/{}: {}\n", dir, figure.stem + ".gp",
                               failure.substr(0, failure.find('\n')));
    }
  }
  return drawn;
}

namespace {

// gnuplot's SVG from its <svg element on (the XML prolog and doctype have no place inside HTML).
std::string inline_svg(const std::string& path) {
  const std::string svg = measure::read_text_file(path).value_or("");
  const auto start = svg.find("<svg");
  return start == std::string::npos ? std::string() : svg.substr(start);
}

}  // namespace

void write_html_report(const std::string& file, const report::Context& ctx, std::span<const report::Section> sections,
                       bool quiet) {
  const measure::TempFolder folder("scalerun-html");
  std::map<std::pair<std::size_t, std::size_t>, std::string> svgs;
  for (const auto& figure : draw_figures(folder.path(), sections, report::FigureFormat::svg, quiet)) {
    std::string svg = inline_svg(folder.path() + "/" + figure.image());
    if (!svg.empty()) svgs[{figure.section, figure.table}] = std::move(svg);
  }
  if (runtime::interrupt_requested()) throw Interrupted();
  WholeFile whole(file);
  std::ofstream out(whole.partial(), std::ios::out | std::ios::trunc);
  errno = 0;
  report::write_html(out, ctx, sections, svgs);
  out.flush();
  if (!out) {
    const std::string why = errno != 0 ? std::string(": ") + std::strerror(errno) : std::string();
    throw std::runtime_error(fmt::format("cannot write '{}'{}", file, why));
  }
  out.close();
  whole.commit();
}

void write_trace_file(const std::string& file, const report::Context& ctx, std::span<const report::Section> sections,
                      bool quiet) {
  std::ofstream out(file, std::ios::out | std::ios::trunc);
  const std::size_t points = report::write_trace(out, ctx, sections);
  out.flush();
  if (!out) throw std::runtime_error(fmt::format("cannot write '{}'", file));
  if (points == 0 && !quiet) {
    std::cerr << fmt::format("scalerun: warning: --trace {}: no measured or simulated point ran here (model points "
                             "have no timeline, points taken from the database with --resume keep none), so the "
                             "trace is empty\n", file);
  }
}

}  // namespace scalerun::cli
