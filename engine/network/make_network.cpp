// The factory: checks a spec and builds the network of its kind.

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "network/kinds.hpp"
#include "network/network_spec.hpp"

namespace scalerun::network {

namespace {

// Beyond this the link tables alone would take gigabytes; no study simulates that many.
constexpr int kMaxProcessors = 1 << 24;

[[noreturn]] void fail(const std::string& message) { throw std::invalid_argument(message); }

void require_positive(const std::optional<double>& v, const char* field) {
  if (v && !(*v > 0 && std::isfinite(*v))) fail(fmt::format("network {} must be positive, got {:g}", field, *v));
}

void require_non_negative(double v, const char* field) {
  if (!(v >= 0 && std::isfinite(v))) fail(fmt::format("network {} must not be negative, got {:g}", field, v));
}

bool is_bus(const std::string& kind) { return kind == "bus" || kind == "ethernet"; }

// A bus described both ways, or half of cycle and width, is a mistake even outside simulate mode.
void check_bus_description(const NetworkSpec& spec) {
  if (!spec.cycle && !spec.width) return;
  if (spec.bandwidth) fail("a bus takes bandwidth or cycle and width (bandwidth = width / cycle), not both");
  if (!spec.cycle || !spec.width) fail("a bus given by its cycle time also needs its width in bytes (and the other way round)");
}

// Only a simulated network needs its bandwidth: a machine without one still serves the models.
void require_bandwidth(const NetworkSpec& spec) {
  if (spec.kind == "ideal" || (is_bus(spec.kind) && spec.cycle)) return;
  if (spec.kind == "rings") {
    for (const RingLevel& level : spec.rings) {
      if (!level.bandwidth && !spec.bandwidth) {
        fail(fmt::format("ring level '{}' has no bandwidth: give it one in rings{{}} or set network.bandwidth (bytes/s)",
                         level.name));
      }
    }
    return;
  }
  if (!spec.bandwidth) fail(fmt::format("a {} network needs a bandwidth (bytes/s per link)", spec.kind));
}

void check_rings(const NetworkSpec& spec) {
  if (spec.rings.empty()) fail("a rings network needs topology = rings{ { name = ..., size = ..., latency = ... }, ... }");
  for (const RingLevel& level : spec.rings) {
    if (level.size < 1) fail(fmt::format("ring level '{}' has size {}; a ring holds at least 1", level.name, level.size));
    require_non_negative(level.latency, "ring latency");
    require_positive(level.bandwidth, "ring bandwidth");
  }
}

}  // namespace

const std::vector<std::string_view>& network_kinds() {
  static const std::vector<std::string_view> kinds{"ideal", "bus", "ethernet", "hypercube", "mesh",
                                                   "torus", "fattree", "rings", "switched"};
  return kinds;
}

std::string_view switching_name(Switching s) {
  switch (s) {
    case Switching::Wormhole: return "wormhole";
    case Switching::Circuit: return "circuit";
    case Switching::StoreAndForward: return "store_and_forward";
  }
  return "?";
}

void check_network_spec(const NetworkSpec& spec) {
  const auto& kinds = network_kinds();
  if (std::find(kinds.begin(), kinds.end(), spec.kind) == kinds.end()) {
    fail(fmt::format("unknown network kind '{}' (known: {})", spec.kind, fmt::join(kinds, ", ")));
  }
  if (is_bus(spec.kind)) check_bus_description(spec);
  require_positive(spec.bandwidth, "bandwidth");
  require_positive(spec.capacity, "capacity");
  require_positive(spec.cycle, "cycle");
  require_positive(spec.width, "width");
  require_positive(spec.growth, "growth");
  require_non_negative(spec.latency, "latency");
  require_non_negative(spec.overhead, "overhead");
  require_non_negative(spec.hop_latency, "hop_latency");
  if (spec.kind == "mesh" || spec.kind == "torus") {
    for (const int k : spec.dims) {
      if (k < 1) fail(fmt::format("{} dims must be whole numbers >= 1, got {}", spec.kind, k));
    }
  }
  if (spec.kind == "fattree" && spec.arity < 2) fail(fmt::format("fattree arity must be at least 2, got {}", spec.arity));
  if (spec.kind == "rings") check_rings(spec);
}

std::unique_ptr<Network> make_network(const NetworkSpec& spec, int p, Options options) {
  check_network_spec(spec);
  require_bandwidth(spec);
  if (p < 1 || p > kMaxProcessors) fail(fmt::format("p = {}: a simulated network holds 1 .. {} processors", p, kMaxProcessors));
  if (spec.kind == "ideal") return make_ideal_network(p);
  if (is_bus(spec.kind)) return make_bus(spec, p, options);
  if (spec.kind == "hypercube") return make_hypercube(spec, p, options);
  if (spec.kind == "mesh") return make_grid(spec, p, options, false);
  if (spec.kind == "torus") return make_grid(spec, p, options, true);
  if (spec.kind == "fattree") return make_fattree(spec, p, options);
  if (spec.kind == "rings") return make_rings(spec, p, options);
  return make_switched(spec, p, options);
}

}  // namespace scalerun::network
