// The PRAM's network (SPASM's ideal machine, 003_*.txt §3.1): every message arrives the moment it
// is sent, so a run on it measures the algorithmic overhead alone.

#include "network/network_base.hpp"
#include "network/network_spec.hpp"

namespace scalerun::network {

namespace {

class Ideal final : public NetworkBase {
 public:
  explicit Ideal(int p) : NetworkBase(p) {}
  std::string_view kind() const override { return "ideal"; }
  Delivery transmit(const Transfer& t) override {
    admit(t);
    return {t.start, 0, 0, 0};
  }
  std::vector<LinkStats> link_stats(double) const override { return {}; }
};

}  // namespace

std::unique_ptr<Network> make_ideal_network(int p) { return std::make_unique<Ideal>(p); }

}  // namespace scalerun::network
