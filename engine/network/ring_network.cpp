// Hierarchical slotted rings (KSR-1, 001_*.txt §3.1: ring:0 holds 32 processors, ring:1 joins 34
// ring:0s). Each ring is unidirectional: segment i carries slots from station i to station i + 1.
// A ring below the top has one station more than children, its router to the ring above (the
// last station). A message within one ring goes round it from src to dst; otherwise it goes round
// to the router of each ring on the way up, round the common ring, and from the router down to dst
// on the way down. Its idle latency is the latency of the highest level it reaches (the machine's
// access latency for that level) plus bytes over the slowest level's bandwidth. Only the levels p
// needs exist (p <= 32 on a KSR-1: ring:0 alone). Link id = first[l] + ring * stations[l] + segment.

#include <array>
#include <stdexcept>

#include <fmt/format.h>

#include "network/kinds.hpp"
#include "network/routed_network.hpp"

namespace scalerun::network {

namespace {

constexpr std::size_t kMaxLevels = 16;

struct Level {
  std::string name;
  int size = 0;       // children per ring
  int units = 0;      // children at this level in all: processors at level 0, rings below above it
  int rings = 0;      // rings at this level
  int stations = 0;   // per full ring: size, + 1 for the router unless this is the top
  int first = 0;      // first link id
  double latency = 0, bandwidth = 0;
};

std::vector<Level> levels_for(const NetworkSpec& spec, int p) {
  std::vector<Level> out;
  long held = 1;
  std::string sizes;
  for (const RingLevel& r : spec.rings) {
    held *= r.size;
    sizes += (sizes.empty() ? "" : " x ") + std::to_string(r.size);
    if (held >= p) break;
  }
  if (held < p) throw std::invalid_argument(fmt::format("ring sizes {} hold {} processors; p = {}", sizes, held, p));
  int units = p, first = 0;
  for (std::size_t l = 0; l < spec.rings.size(); ++l) {
    const RingLevel& r = spec.rings[l];
    Level level;
    level.name = r.name.empty() ? fmt::format("ring:{}", l) : r.name;
    level.size = r.size;
    level.units = units;
    level.rings = (units + r.size - 1) / r.size;
    const bool top = level.rings == 1;
    level.stations = r.size + (top ? 0 : 1);
    level.first = first;
    level.latency = r.latency;
    level.bandwidth = r.bandwidth.value_or(spec.bandwidth.value_or(0));
    first += level.rings * level.stations;
    units = level.rings;
    out.push_back(level);
    if (top) break;
  }
  if (out.size() > kMaxLevels) throw std::invalid_argument(fmt::format("rings: at most {} levels", kMaxLevels));
  return out;
}

std::vector<double> link_bandwidths(const std::vector<Level>& levels) {
  std::vector<double> out;
  for (const Level& l : levels) out.insert(out.end(), static_cast<std::size_t>(l.rings * l.stations), l.bandwidth);
  return out;
}

std::size_t longest_route(const std::vector<Level>& levels) {
  std::size_t hops = 0;
  for (const Level& l : levels) hops += 2 * static_cast<std::size_t>(l.stations);
  return hops;
}

class Rings final : public RoutedNetwork {
 public:
  Rings(const NetworkSpec& spec, int p, Options options, std::vector<Level> levels)
      : RoutedNetwork(p, options, {spec.latency, 0.0, Switching::Wormhole}, link_bandwidths(levels), longest_route(levels)),
        levels_(std::move(levels)) {}

  std::string_view kind() const override { return "rings"; }

 private:
  // Stations in ring g of level l (the last ring of a level may be partly filled).
  int stations(const Level& level, int ring) const {
    const int children = std::min(level.size, level.units - ring * level.size);
    return children + (level.stations - level.size);
  }

  // Segments from station `from` round to station `to` of ring g at level l.
  void go_round(std::size_t l, int ring, int from, int to, std::vector<int>& path) const {
    const Level& level = levels_[l];
    const int n = stations(level, ring);
    const int base = level.first + ring * level.stations;
    for (int s = from; s != to; s = (s + 1) % n) path.push_back(base + s);
  }

  double route(int src, int dst, std::vector<int>& path) const override {
    std::array<int, kMaxLevels> down_position{};
    std::size_t top = 0;
    int up = src, down = dst;
    while (up / levels_[top].size != down / levels_[top].size) {  // not yet in the same ring
      const Level& level = levels_[top];
      const int ring = up / level.size;
      go_round(top, ring, up % level.size, stations(level, ring) - 1, path);  // to this ring's router
      down_position[top] = down % level.size;
      up /= level.size;
      down /= level.size;
      ++top;
    }
    go_round(top, up / levels_[top].size, up % levels_[top].size, down % levels_[top].size, path);
    for (std::size_t l = top; l-- > 0;) {  // back down on dst's side, from each router
      const int ring = dst_ring(dst, l);
      go_round(l, ring, stations(levels_[l], ring) - 1, down_position[l], path);
    }
    return levels_[top].latency;
  }

  // The ring of level l that holds dst.
  int dst_ring(int dst, std::size_t l) const {
    int unit = dst;
    for (std::size_t i = 0; i < l; ++i) unit /= levels_[i].size;
    return unit / levels_[l].size;
  }

  std::string link_name(int link) const override {
    std::size_t l = 0;
    while (l + 1 < levels_.size() && link >= levels_[l + 1].first) ++l;
    const Level& level = levels_[l];
    const int ring = (link - level.first) / level.stations, segment = (link - level.first) % level.stations;
    if (segment >= stations(level, ring)) return {};  // past the end of a partly filled ring
    return level.rings == 1 ? fmt::format("{}[{}]", level.name, segment)
                            : fmt::format("{}#{}[{}]", level.name, ring, segment);
  }

  std::vector<Level> levels_;
};

}  // namespace

std::unique_ptr<Network> make_rings(const NetworkSpec& spec, int p, Options options) {
  return std::make_unique<Rings>(spec, p, options, levels_for(spec, p));
}

}  // namespace scalerun::network
