#include "provenance/run_context.hpp"

#include <cstdint>
#include <fstream>
#include <thread>

#include <fmt/format.h>

#include "host/identity.hpp"

namespace scalerun::provenance {

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
  ctx.host = host::hostname();
  ctx.cpu = host::cpuinfo_model();
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
  ctx.started_at = host::utc_now();
  return ctx;
}

}  // namespace scalerun::provenance
