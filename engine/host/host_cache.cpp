#include "host/host_cache.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <system_error>

#include <fmt/format.h>

namespace scalerun::host {

namespace fs = std::filesystem;

namespace {

constexpr const char* kFirstLine = "scalerun host description, version 1";

// The figures a cache file must hold, each once.
constexpr const char* kFigures[] = {"core_speed", "aggregate_speed", "speed_per_core", "memory_bandwidth",
                                    "stream_array_bytes", "threads"};

std::string cache_folder() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && xdg[0] == '/') {
    return (fs::path(xdg) / "scalerun").string();
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && home[0] == '/') {
    return (fs::path(home) / ".cache" / "scalerun").string();
  }
  return {};
}

// FNV-1a: a stable name for the identity (std::hash may differ between builds of the library).
std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 14695981039346656037ull;
  for (const unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

bool remeasure_asked() {
  const char* value = std::getenv(kRemeasureVariable);
  return value != nullptr && value[0] != '\0' && std::string(value) != "0";
}

// A positive finite number, the whole text of it.
bool parse_positive(const std::string& text, double& out) {
  if (text.empty()) return false;
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(value) || !(value > 0)) return false;
  out = value;
  return true;
}

// Written beside and renamed into place: a reader sees the old file or the whole new one.
void write_atomically(const std::string& file, const std::string& text) {
  std::error_code ec;
  fs::create_directories(fs::path(file).parent_path(), ec);
  if (ec) return;
  const std::string temporary = fmt::format("{}.{}.tmp", file, static_cast<long>(getpid()));
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) {
      fs::remove(temporary, ec);
      return;
    }
  }
  fs::rename(temporary, file, ec);
  if (ec) fs::remove(temporary, ec);
}

}  // namespace

std::string cache_identity(const Topology& topology) {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  struct stat st {};
  std::string build = "unknown build";
  if (!ec && stat(exe.c_str(), &st) == 0) {
    build = fmt::format("{} {} bytes modified {}.{:09}", exe.string(), static_cast<long long>(st.st_size),
                        static_cast<long long>(st.st_mtim.tv_sec), static_cast<long>(st.st_mtim.tv_nsec));
  }
  return fmt::format("host {} | cpu {} | cores {} pus {} memory {} | {}", topology.hostname, topology.cpu_model,
                     topology.cores, topology.pus, topology.memory_bytes, build);
}

std::string cache_text(const HostDescription& d, const std::string& identity) {
  std::string text = fmt::format("{}\nidentity {}\nmeasured_at {}\n", kFirstLine, identity, d.measured_at);
  text += fmt::format("core_speed {:.17g}\naggregate_speed {:.17g}\nspeed_per_core {:.17g}\n", d.core_speed,
                      d.aggregate_speed, d.speed_per_core);
  text += fmt::format("memory_bandwidth {:.17g}\nstream_array_bytes {}\nthreads {}\n", d.memory_bandwidth,
                      d.stream_array_bytes, d.threads);
  return text;
}

bool read_cache_text(const std::string& text, const std::string& identity, HostDescription& out) {
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line) || line != kFirstLine) return false;
  if (!std::getline(in, line) || line != "identity " + identity) return false;
  std::map<std::string, std::string> fields;
  while (std::getline(in, line)) {
    const auto space = line.find(' ');
    if (space == std::string::npos) return false;
    const std::string name = line.substr(0, space);
    if (!fields.emplace(name, line.substr(space + 1)).second) return false;  // a figure twice
  }
  if (fields.size() != std::size(kFigures) + 1 || !fields.contains("measured_at")) return false;
  std::map<std::string, double> value;
  for (const char* name : kFigures) {
    const auto it = fields.find(name);
    if (it == fields.end() || !parse_positive(it->second, value[name])) return false;
  }
  HostDescription d = out;
  d.core_speed = value["core_speed"];
  d.aggregate_speed = value["aggregate_speed"];
  d.speed_per_core = value["speed_per_core"];
  d.memory_bandwidth = value["memory_bandwidth"];
  // Counts are whole numbers, and the threads are the PUs the benchmark ran on.
  if (value["stream_array_bytes"] != std::floor(value["stream_array_bytes"]) ||
      value["threads"] != std::floor(value["threads"]) || value["threads"] > 1e6 ||
      value["stream_array_bytes"] > 1e15) {
    return false;
  }
  d.stream_array_bytes = static_cast<std::size_t>(value["stream_array_bytes"]);
  d.threads = static_cast<int>(value["threads"]);
  if (d.threads != d.topology.pus) return false;
  d.measured_at = fields["measured_at"];
  out = std::move(d);
  return true;
}

CachedDescription describe_cached(const DescribeOptions& options) {
  CachedDescription cached;
  const std::string folder = cache_folder();
  HostDescription now;
  now.topology = read_topology();
  const std::string identity = cache_identity(now.topology);
  if (!folder.empty()) cached.file = (fs::path(folder) / fmt::format("host-{:016x}.txt", fnv1a(identity))).string();
  if (!cached.file.empty() && !remeasure_asked()) {
    std::ifstream in(cached.file, std::ios::binary);
    std::ostringstream text;
    if (in.is_open()) text << in.rdbuf();
    HostDescription from_file = describe(options, now.topology, /*measure=*/false);
    if (in.is_open() && read_cache_text(text.str(), identity, from_file)) {
      cached.description = std::move(from_file);
      cached.from_cache = true;
      return cached;
    }
  }
  cached.description = describe(options, now.topology, /*measure=*/true);
  if (!cached.file.empty()) write_atomically(cached.file, cache_text(cached.description, identity));
  return cached;
}

}  // namespace scalerun::host
