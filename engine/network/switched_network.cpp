// A switched cluster: each processor has an injection link into a non-blocking crossbar and an
// ejection link out of it, so messages contend only at their endpoints (two messages from one
// sender, or to one receiver). The message holds both links for bytes / bandwidth (cut-through).
// With a capacity, the switch fabric is one more shared resource: each message occupies it for
// bytes / capacity, so together the senders never exceed the capacity (and a single message is
// no faster than min(bandwidth, capacity)). Link ids: injection = src, ejection = p + dst,
// fabric = 2p.

#include <algorithm>

#include <fmt/format.h>

#include "network/kinds.hpp"
#include "network/network_base.hpp"
#include "network/resources.hpp"

namespace scalerun::network {

namespace {

class Switched final : public NetworkBase {
 public:
  Switched(const NetworkSpec& spec, int p, Options options)
      : NetworkBase(p),
        latency_(spec.latency),
        bandwidth_(*spec.bandwidth),
        capacity_(spec.capacity.value_or(0)),
        links_(static_cast<std::size_t>(2 * p + (spec.capacity ? 1 : 0)), options.contention) {}

  std::string_view kind() const override { return "switched"; }

  Delivery transmit(const Transfer& t) override {
    admit(t);
    if (t.src == t.dst) return {t.start, 0, 0, 0};  // never leaves the processor
    const double ready = t.start + latency_;
    const int in = t.src, out = p_ + t.dst, fabric = 2 * p_;
    const double rate = capacity_ > 0 ? std::min(bandwidth_, capacity_) : bandwidth_;
    const double transfer = t.bytes / rate;
    double start = std::max(links_.available(in, ready), links_.available(out, ready));
    if (capacity_ > 0) start = std::max(start, links_.available(fabric, ready));
    links_.hold(in, ready, start, start + transfer);
    links_.hold(out, ready, start, start + transfer);
    if (capacity_ > 0) links_.hold(fabric, ready, start, start + t.bytes / capacity_);
    return {start + transfer, latency_ + transfer, start - ready, 2};
  }

  std::vector<LinkStats> link_stats(double makespan) const override {
    return links_.stats(makespan, [this](int link) {
      if (link == 2 * p_) return std::string("switch");
      return link < p_ ? fmt::format("{}->switch", link) : fmt::format("switch->{}", link - p_);
    });
  }

 private:
  double latency_, bandwidth_, capacity_;
  Resources links_;
};

}  // namespace

std::unique_ptr<Network> make_switched(const NetworkSpec& spec, int p, Options options) {
  return std::make_unique<Switched>(spec, p, options);
}

}  // namespace scalerun::network
