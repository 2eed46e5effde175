// Binary hypercube with e-cube routing (the SPASM cube platform, 003_*.txt §5): the smallest cube
// holding p nodes; a message corrects the differing address bits from the lowest dimension up,
// so its hops are the popcount of src ^ dst. Link id = node * dimensions + dimension (one
// direction: from node to node ^ (1 << dimension)).

#include <bit>

#include <fmt/format.h>

#include "network/kinds.hpp"
#include "network/routed_network.hpp"

namespace scalerun::network {

namespace {

int dimensions_for(int p) {
  int d = 0;
  while ((1 << d) < p) ++d;
  return d;
}

class Hypercube final : public RoutedNetwork {
 public:
  Hypercube(const NetworkSpec& spec, int p, Options options, int d)
      : RoutedNetwork(p, options, {spec.latency, spec.hop_latency, spec.switching},
                      std::vector<double>(static_cast<std::size_t>(d) << d, *spec.bandwidth), static_cast<std::size_t>(d)),
        d_(d) {}

  std::string_view kind() const override { return "hypercube"; }

 private:
  double route(int src, int dst, std::vector<int>& path) const override {
    auto differ = static_cast<unsigned>(src ^ dst);
    int node = src;
    while (differ != 0) {
      const int dim = std::countr_zero(differ);
      path.push_back(node * d_ + dim);
      node ^= 1 << dim;
      differ &= differ - 1;
    }
    return 0;
  }

  std::string link_name(int link) const override {
    const int node = link / d_, dim = link % d_;
    return fmt::format("{}->{}", node, node ^ (1 << dim));
  }

  int d_;
};

}  // namespace

std::unique_ptr<Network> make_hypercube(const NetworkSpec& spec, int p, Options options) {
  return std::make_unique<Hypercube>(spec, p, options, dimensions_for(p));
}

}  // namespace scalerun::network
