// One shared medium (the SPASM bus platform, 003_*.txt §5, §6; "ethernet" is the same model):
// every message holds the bus for latency (the arbitration phase) + bytes / rate, first come
// first served, so all traffic is serialized; contention is the wait for the bus.

#include <algorithm>

#include "network/kinds.hpp"
#include "network/network_base.hpp"
#include "network/resources.hpp"

namespace scalerun::network {

namespace {

class Bus final : public NetworkBase {
 public:
  Bus(std::string kind, int p, Options options, double latency, double rate)
      : NetworkBase(p), kind_(std::move(kind)), latency_(latency), rate_(rate), bus_(1, options.contention) {}

  std::string_view kind() const override { return kind_; }

  Delivery transmit(const Transfer& t) override {
    admit(t);
    if (t.src == t.dst) return {t.start, 0, 0, 0};  // never leaves the processor
    const double hold = latency_ + t.bytes / rate_;
    const double start = bus_.available(0, t.start);
    bus_.hold(0, t.start, start, start + hold);
    return {start + hold, hold, start - t.start, 1};
  }

  std::vector<LinkStats> link_stats(double makespan) const override {
    return bus_.stats(makespan, [this](int) { return kind_; });
  }

 private:
  std::string kind_;
  double latency_, rate_;
  Resources bus_;
};

}  // namespace

std::unique_ptr<Network> make_bus(const NetworkSpec& spec, int p, Options options) {
  // A bus given by its cycle and width moves width bytes per cycle; capacity caps the rate.
  double rate = spec.bandwidth ? *spec.bandwidth : *spec.width / *spec.cycle;
  if (spec.capacity) rate = std::min(rate, *spec.capacity);
  return std::make_unique<Bus>(spec.kind, p, options, spec.latency, rate);
}

}  // namespace scalerun::network
