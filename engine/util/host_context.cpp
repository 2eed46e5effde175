#include "util/host_context.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <ctime>
#include <fstream>
#include <thread>

#include <fmt/format.h>

namespace scalerun::util {

namespace {

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      if (auto colon = line.find(':'); colon != std::string::npos) {
        return line.substr(line.find_first_not_of(' ', colon + 1));
      }
    }
  }
  return "unknown";
}

std::string host_name() {
  char buf[256] = {};
  if (gethostname(buf, sizeof buf - 1) != 0) return "unknown";
  return buf;
}

std::string utc_now() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

std::string file_fingerprint(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "unreadable";
  std::uint64_t h = 0xcbf29ce484222325ULL;
  char c;
  while (in.get(c)) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return fmt::format("fnv1a64:{:016x}", h);
}

report::Context make_context(const std::string& script_path, const std::string& command_line) {
  report::Context ctx;
  ctx.host = host_name();
  ctx.cpu = cpu_model();
  ctx.cores = static_cast<int>(std::thread::hardware_concurrency());
  ctx.compiler = fmt::format("{} {}", "g++", __VERSION__);
#if defined(__clang__)
  ctx.compiler = fmt::format("clang++ {}", __clang_version__);
#endif
  ctx.build_type = SCALERUN_BUILD_TYPE;
  ctx.git_revision = SCALERUN_GIT_REVISION;
  ctx.scalerun_version = SCALERUN_VERSION;
  ctx.script_path = script_path;
  ctx.script_hash = file_fingerprint(script_path);
  ctx.command_line = command_line;
  ctx.started_at = utc_now();
  return ctx;
}

}  // namespace scalerun::util
