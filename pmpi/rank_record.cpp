#include "rank_record.hpp"

#include <time.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "rank_file.hpp"

namespace scalerun::pmpi {

RankRecord& record() {
  static RankRecord r;
  return r;
}

std::vector<std::string>& function_names() {
  static std::vector<std::string> names;
  return names;
}

double now_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

namespace {

// The length of the valid UTF-8 sequence at text[i] (0 when the byte there starts none).
std::size_t utf8_length(const std::string& text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t n = 0;
  unsigned min = 0;
  if (lead >= 0xc2 && lead <= 0xdf) n = 2, min = 0x80;
  else if (lead >= 0xe0 && lead <= 0xef) n = 3, min = 0x800;
  else if (lead >= 0xf0 && lead <= 0xf4) n = 4, min = 0x10000;
  else return 0;
  if (i + n > text.size()) return 0;
  unsigned code = lead & (0xff >> (n + 1));
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3f);
  }
  if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return 0;
  return n;
}

// Region names come from the program: escaped for JSON by hand, the one thing this library
// writes that it does not control (a JSON library would be one more dependency in every rank).
// Bytes that are not UTF-8 (a Latin-1 name) are written as the characters of those codes, so the
// record stays JSON whatever the program passed.
std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
      ++i;
    } else if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(u));
      out += buf;
      ++i;
    } else if (u < 0x80) {
      out += c;
      ++i;
    } else if (const std::size_t n = utf8_length(text, i); n > 0) {
      out.append(text, i, n);
      i += n;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(u));
      out += buf;
      ++i;
    }
  }
  return out + "\"";
}

}  // namespace

namespace {

// Writes rank-<rank>.exit with the status the process exits with (glibc's on_exit hands it over),
// so a launcher that does not say which rank failed (MPICH's mpiexec) can be told.
void write_exit_status(int status, void* rank) {
  const char* dir = std::getenv("SCALERUN_PMPI_DIR");
  if (dir == nullptr || *dir == '\0') return;
  const RankFile file(dir, static_cast<int>(reinterpret_cast<std::intptr_t>(rank)), ".exit");
  if (std::FILE* f = file.get()) std::fprintf(f, "%d\n", status);
}

}  // namespace

void write_pid_file(int rank) {
  const char* dir = std::getenv("SCALERUN_PMPI_DIR");
  if (dir == nullptr || *dir == '\0') return;
  {
    const RankFile file(dir, rank, ".pid");
    if (std::FILE* f = file.get()) std::fprintf(f, "%ld\n", static_cast<long>(getpid()));
  }
  on_exit(write_exit_status, reinterpret_cast<void*>(static_cast<std::intptr_t>(rank)));
}

void write_record(double finalize, const char* ended_by, int abort_code) {
  const char* dir = std::getenv("SCALERUN_PMPI_DIR");
  if (dir == nullptr || *dir == '\0') return;
  RankRecord& r = record();
  char host[256] = "";
  gethostname(host, sizeof host - 1);
  // The node group scalerun placed this rank in (an application context line sets it per group).
  const char* group = std::getenv("SCALERUN_GROUP");
  // CLOCK_MONOTONIC counts from this boot: ranks whose records name the same boot share a clock.
  char boot[64] = "";
  if (std::FILE* id = std::fopen("/proc/sys/kernel/random/boot_id", "r")) {
    if (std::fgets(boot, sizeof boot, id) == nullptr) boot[0] = '\0';
    std::fclose(id);
    boot[std::strcspn(boot, "\n")] = '\0';
  }
  if (r.trace.on()) r.trace.write(dir, r.rank, r.init_exit, finalize);
  // A program calling MPI from several threads at once has no log: its calls have no one order.
  if (!r.thread_multiple) r.events.write(dir, r.rank);
  const RankFile file(dir, r.rank, ".json");
  std::FILE* f = file.get();
  if (f == nullptr) return;
  if (!r.regions_open.empty() && r.region_error.empty()) {
    r.region_error = "region '" + r.regions_open.begin()->first + "' still open at MPI_Finalize";
  }
  std::fprintf(f,
               "{\"rank\": %d, \"size\": %d, \"host\": %s, \"group\": %s, \"pid\": %ld, \"ended_by\": \"%s\", \"abort_code\": %d,\n"
               " \"wall\": %.17g, \"busy\": %.17g, \"point_to_point\": %.17g, \"collective\": %.17g, "
               "\"wait\": %.17g, \"barrier\": %.17g, \"one_sided\": %.17g, \"io\": %.17g, \"polling\": %.17g, "
               "\"clock\": %s,\n"
               " \"point_to_point_calls\": %ld, \"collective_calls\": %ld, \"wait_calls\": %ld, \"barrier_calls\": %ld, "
               "\"one_sided_calls\": %ld, \"io_calls\": %ld, \"one_sided_bytes\": %.17g, \"io_bytes\": %.17g,\n"
               " \"messages_sent\": %ld, \"messages_received\": %ld, \"bytes_sent\": %.17g, "
               "\"bytes_received\": %.17g, \"collective_bytes\": %.17g, \"thread_multiple\": %s,\n"
               " \"region_error\": %s, \"regions\": {",
               r.rank, r.size, json_string(host).c_str(), json_string(group != nullptr ? group : "").c_str(),
               static_cast<long>(getpid()), ended_by, abort_code,
               finalize - r.init_exit, r.busy, r.in_mpi[0], r.in_mpi[1], r.in_mpi[2], r.in_mpi[3], r.in_mpi[4], r.in_mpi[5], r.polling,
               json_string(boot).c_str(), r.calls[0], r.calls[1], r.calls[2], r.calls[3], r.calls[4], r.calls[5],
               r.one_sided_bytes, r.io_bytes, r.messages_sent, r.messages_received, r.bytes_sent,
               r.bytes_received, r.collective_bytes, r.thread_multiple ? "true" : "false",
               json_string(r.region_error).c_str());
  const char* sep = "";
  for (const auto& [name, t] : r.regions) {
    std::fprintf(f, "%s%s: {\"seconds\": %.17g, \"mpi\": %.17g, \"calls\": %ld}", sep, json_string(name).c_str(),
                 t.seconds, t.mpi_seconds, t.calls);
    sep = ", ";
  }
  std::fprintf(f, "}, \"functions\": {");
  sep = "";
  const auto& names = function_names();
  for (std::size_t i = 0; i < r.functions.size() && i < names.size(); ++i) {
    const FunctionTotals& t = r.functions[i];
    if (t.calls == 0) continue;
    std::fprintf(f, "%s\"%s\": [%ld, %.17g, %.17g]", sep, names[i].c_str(), t.calls, t.seconds, t.bytes);
    sep = ", ";
  }
  std::fprintf(f, "}, \"message_sizes\": [");
  for (int k = 0; k < kSizeBuckets; ++k) std::fprintf(f, "%s%ld", k == 0 ? "" : ", ", r.message_sizes[k]);
  std::fprintf(f, "], \"values\": {");
  sep = "";
  for (const auto& [name, value] : r.values) {
    if (std::isfinite(value)) std::fprintf(f, "%s%s: %.17g", sep, json_string(name).c_str(), value);
    else std::fprintf(f, "%s%s: null", sep, json_string(name).c_str());
    sep = ", ";
  }
  std::fprintf(f, "}}\n");
}

}  // namespace scalerun::pmpi
