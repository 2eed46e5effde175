// Fat tree: processors are the leaves; each switch has `arity` children. A message climbs to the
// nearest common ancestor of src and dst and comes down. The link between a node at level l-1 and
// its parent (level l, leaves are level 0) carries bandwidth * growth^(l-1): with growth = arity
// (the default) every level up carries what the subtree below can send, as in a full fat tree.
// Each such link has an up and a down direction; link id = first_link[l] + 2 * child + (down ? 1 : 0).

#include <cmath>

#include <fmt/format.h>

#include "network/kinds.hpp"
#include "network/routed_network.hpp"

namespace scalerun::network {

namespace {

struct Tree {
  int arity = 2, levels = 0;
  std::vector<int> nodes;       // nodes[l]: nodes at level l (nodes[0] = p)
  std::vector<int> first_link;  // first_link[l]: first id of the links from level l-1 to l
  std::vector<double> bandwidth;
};

Tree tree_of(const NetworkSpec& spec, int p) {
  Tree t;
  t.arity = spec.arity;
  t.nodes.push_back(p);
  t.first_link.push_back(0);
  const double growth = spec.growth.value_or(static_cast<double>(spec.arity));
  double level_bandwidth = *spec.bandwidth;
  while (t.nodes.back() > 1) {
    const int below = t.nodes.back();
    t.first_link.push_back(static_cast<int>(t.bandwidth.size()));
    t.bandwidth.insert(t.bandwidth.end(), static_cast<std::size_t>(2 * below), level_bandwidth);
    t.nodes.push_back((below + t.arity - 1) / t.arity);
    level_bandwidth *= growth;
    ++t.levels;
  }
  return t;
}

class FatTree final : public RoutedNetwork {
 public:
  FatTree(const NetworkSpec& spec, int p, Options options, Tree tree)
      : RoutedNetwork(p, options, {spec.latency, spec.hop_latency, spec.switching}, tree.bandwidth,
                      static_cast<std::size_t>(2 * tree.levels)),
        t_(std::move(tree)) {}

  std::string_view kind() const override { return "fattree"; }

 private:
  double route(int src, int dst, std::vector<int>& path) const override {
    int up = src, down = dst, level = 0;
    while (up != down) {  // climb both sides until they meet at the common ancestor
      ++level;
      path.push_back(link(level, up, false));
      up /= t_.arity;
      down /= t_.arity;
    }
    const std::size_t climbed = path.size();
    path.resize(2 * climbed);
    for (int l = 1, node = dst; l <= level; ++l, node /= t_.arity) {
      path[2 * climbed - static_cast<std::size_t>(l)] = link(l, node, true);  // the descent, top first
    }
    return 0;
  }

  int link(int level, int child, bool down) const {
    return t_.first_link[static_cast<std::size_t>(level)] + 2 * child + (down ? 1 : 0);
  }

  std::string link_name(int id) const override {
    int level = 1;
    while (level < t_.levels && id >= t_.first_link[static_cast<std::size_t>(level) + 1]) ++level;
    const int offset = id - t_.first_link[static_cast<std::size_t>(level)];
    const int child = offset / 2;
    const std::string below = level == 1 ? fmt::format("{}", child) : fmt::format("s{}.{}", level - 1, child);
    const std::string above = fmt::format("s{}.{}", level, child / t_.arity);
    return offset % 2 == 0 ? fmt::format("{}->{}", below, above) : fmt::format("{}->{}", above, below);
  }

  Tree t_;
};

}  // namespace

std::unique_ptr<Network> make_fattree(const NetworkSpec& spec, int p, Options options) {
  return std::make_unique<FatTree>(spec, p, options, tree_of(spec, p));
}

}  // namespace scalerun::network
