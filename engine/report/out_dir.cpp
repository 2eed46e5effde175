#include <cerrno>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <stdexcept>
#include <string>
#include <system_error>

#include <fmt/format.h>

#include "report/format_detail.hpp"
#include "report/formatters.hpp"

namespace scalerun::report {

namespace {

namespace fs = std::filesystem;

// Names come from scripts; this keeps every file inside DIR and portable across filesystems.
std::string sanitize(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (char c : name) {
    const bool keep = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '.' || c == '-';
    out.push_back(keep ? c : '_');
  }
  return out;
}

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

}  // namespace

void write_out_dir(const std::string& dir, const Context& ctx, std::span<const Section> sections) {
  const fs::path root(dir);
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
    throw std::runtime_error(fmt::format("cannot create directory '{}': {}", dir, ec.message()));
  }

  // Sanitising can map distinct names ("a b", "a_b") to one file; number the later ones rather
  // than let them overwrite each other.
  std::set<std::string> used;
  for (const auto& s : sections) {
    for (const auto& t : s.tables) {
      const std::string stem = sanitize(s.name) + "__" + sanitize(t.name);
      std::string file = stem + ".csv";
      for (int n = 2; !used.insert(file).second; ++n) file = fmt::format("{}-{}.csv", stem, n);
      write_file(root / file,
                 [&t](std::ostream& os) { write_csv(os, t); });
    }
  }
  write_file(root / "results.json",
             [&](std::ostream& os) { write_json(os, ctx, sections); });
}

}  // namespace scalerun::report
