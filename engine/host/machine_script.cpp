// to_machine_script: a HostDescription written as a machine script in the vocabulary's units, so
// machines/host.lua reads like the hand-written machines beside it.

#include <cmath>
#include <string_view>

#include <fmt/format.h>

#include "host/describe.hpp"

namespace scalerun::host {

namespace {

struct Unit {
  double size;
  std::string_view name;
};

// value in the largest unit it reaches, 4 significant digits (measured figures carry no more),
// joined by `join`: " * " for Lua (units are globals of the vocabulary), " " for comments.
std::string with_unit(double value, std::initializer_list<Unit> units, std::string_view join) {
  Unit chosen = *units.begin();
  for (const Unit& unit : units) {
    if (std::fabs(value) >= unit.size) chosen = unit;
  }
  // Base units stay implicit in Lua: the vocabulary has no B, and SI numbers need none.
  if (chosen.size == 1 && join == " * ") return fmt::format("{:.4g}", value);
  return fmt::format("{:.4g}{}{}", value / chosen.size, join, chosen.name);
}

std::string flops(double v, std::string_view join = " * ") {
  return with_unit(v, {{1, "flops"}, {1e3, "Kflops"}, {1e6, "Mflops"}, {1e9, "Gflops"}, {1e12, "Tflops"}}, join);
}
std::string bytes(double v, std::string_view join = " * ") {
  return with_unit(v, {{1, "B"}, {1024.0, "KiB"}, {1048576.0, "MiB"}, {1073741824.0, "GiB"}, {1099511627776.0, "TiB"}},
                   join);
}
std::string hertz(double v) { return with_unit(v, {{1, "Hz"}, {1e3, "KHz"}, {1e6, "MHz"}, {1e9, "GHz"}}, " * "); }
// Decimal, as STREAM reports bandwidth.
std::string bandwidth(double v) { return with_unit(v, {{1, "B/s"}, {1e6, "MB/s"}, {1e9, "GB/s"}}, " "); }

// Text for a comment: one line, whatever hwloc or /proc reported.
std::string one_line(std::string_view text) {
  std::string line;
  for (const char c : text) line += (c == '\n' || c == '\r') ? ' ' : c;
  return line;
}

// `text` as comment lines of at most kWidth columns, the first after `lead`, the rest indented.
std::string comment(std::string_view lead, std::string_view text) {
  constexpr std::size_t kWidth = 100;
  std::string out;
  std::string line(lead);
  std::size_t begin = 0;
  while (begin < text.size()) {
    const std::size_t end = std::min(text.find(' ', begin), text.size());
    const std::string_view word = text.substr(begin, end - begin);
    if (line.size() + 1 + word.size() > kWidth) {
      out.append(line).append("\n");
      line.assign("--    ");
    } else {
      line.append(" ");
    }
    line.append(word);
    begin = end + 1;
  }
  return out.append(line).append("\n");
}

std::string lua_string(std::string_view text) {
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
  }
  return quoted + "\"";
}

// A JSON string literal (names and CPU models: printable text, quotes and backslashes escaped).
std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) >= 0x20) out += c;
  }
  return out + "\"";
}

std::string plural(int n, std::string_view word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

std::string cache_text(std::string_view name, const Cache& cache) {
  if (cache.count == 0) return {};
  return fmt::format("{} {} x {}", name, bytes(static_cast<double>(cache.bytes), " "), cache.count);
}

std::string caches_line(const Topology& t) {
  std::string line;
  for (const auto& text : {cache_text("L1d", t.l1d), cache_text("L2", t.l2), cache_text("L3", t.l3)}) {
    if (!text.empty()) line += (line.empty() ? "" : ", ") + text;
  }
  return line.empty() ? "none reported" : line;
}

}  // namespace

std::string to_machine_script(const HostDescription& d) {
  const Topology& t = d.topology;
  const double memory_per_core = static_cast<double>(t.memory_bytes) / std::max(1, t.cores);
  const std::string date = d.measured_at.substr(0, d.measured_at.find('T'));
  std::string s;
  s += fmt::format("-- This host, {}, as `scalerun --describe-host` described it at {}.\n", one_line(t.hostname),
                   d.measured_at);
  s += "-- Measured figures vary by a few percent between runs; describe the host again after changes.\n";
  if (!d.build_warning.empty()) s += fmt::format("-- WARNING: {}.\n", d.build_warning);
  s += "--\n";
  s += fmt::format("-- Topology (hwloc {}): {}; {}, {}, {}, {}, {} of memory.\n", t.hwloc_version, one_line(t.cpu_model),
                   plural(t.sockets, "socket"), plural(t.cores, "core"), plural(t.pus, "PU"),
                   plural(t.numa_nodes, "NUMA node"), bytes(static_cast<double>(t.memory_bytes), " "));
  s += fmt::format("-- Caches: {}.\n", caches_line(t));
  if (t.clock_hz > 0) s += fmt::format("-- clock: from {}.\n", t.clock_source);
  s += "--\n";
  s += "-- Marked speed (seed 002 §3.1: a node's benchmarked sustained speed, then used as a constant).\n";
  s += comment("--   benchmark:", d.speed_benchmark + ".");
  s += fmt::format("--   one core alone: {}; this is `peak` (measured, not the vendor's peak).\n",
                   flops(d.core_speed, " "));
  s += fmt::format("--   {} together (TBB): {} in all, / {} = `speed`, so that p * speed is the\n",
                   plural(d.threads, "thread"), flops(d.aggregate_speed, " "), plural(t.cores, "core"));
  s += "--   marked speed C of p cores and the whole host adds up to what it was measured to deliver.\n";
  // Cores that do not add up are the first thing to know before measuring on them.
  if (t.cores > 1 && d.aggregate_speed < 0.75 * t.cores * d.core_speed) {
    s += fmt::format("-- NOTE: all cores together ran only {:.2f} times as fast as one: shared physical cores, a CPU\n"
                     "--   quota or a busy host; parallel measurements here will not scale beyond that.\n",
                     d.aggregate_speed / d.core_speed);
  }
  s += fmt::format("-- Memory bandwidth: {} (machine{{}} has no field for it yet).\n", bandwidth(d.memory_bandwidth));
  s += comment("--   benchmark:", fmt::format("{}; arrays of {} each, {}.", d.bandwidth_benchmark,
                                                bytes(static_cast<double>(d.stream_array_bytes), " "),
                                                plural(d.threads, "thread")));
  s += "-- memory: bytes per core, the total divided by the cores (memory_bound's default B).\n";
  s += "return machine {\n";
  s += fmt::format("  name   = {},\n", lua_string(t.hostname));
  s += fmt::format("  doc    = {},\n", lua_string(fmt::format("{}, {}, described by scalerun --describe-host on {}",
                                                             t.cpu_model, plural(t.cores, "core"), date)));
  if (t.clock_hz > 0) s += fmt::format("  clock  = {},\n", hertz(t.clock_hz));
  s += fmt::format("  peak   = {},\n", flops(d.core_speed));
  s += fmt::format("  speed  = {},\n", flops(d.speed_per_core));
  s += fmt::format("  memory = {},\n", bytes(memory_per_core));
  s += fmt::format("  procs  = {},\n", t.cores);
  s += "}\n";
  return s;
}

std::string to_json_line(const HostDescription& d) {
  return fmt::format("{{\"host\": {}, \"cpu\": {}, \"cores\": {}, \"speed_per_core\": {:.17g}, \"core_speed\": {:.17g}, "
                     "\"memory_bytes\": {}, \"memory_bandwidth\": {:.17g}, \"measured_at\": {}}}\n",
                     json_string(d.topology.hostname), json_string(d.topology.cpu_model), d.topology.cores,
                     d.speed_per_core, d.core_speed, d.topology.memory_bytes, d.memory_bandwidth,
                     json_string(d.measured_at));
}

}  // namespace scalerun::host
