#include "network/routed_network.hpp"

#include <algorithm>
#include <limits>

namespace scalerun::network {

RoutedNetwork::RoutedNetwork(int p, Options options, Timing timing, std::vector<double> link_bandwidth,
                             std::size_t max_hops)
    : NetworkBase(p),
      timing_(timing),
      bandwidth_(std::move(link_bandwidth)),
      links_(bandwidth_.size(), options.contention),
      acquired_(max_hops),
      asked_(max_hops) {
  path_.reserve(max_hops);
}

double RoutedNetwork::slowest_bandwidth() const {
  double slowest = std::numeric_limits<double>::infinity();
  for (const int link : path_) slowest = std::min(slowest, bandwidth_[static_cast<std::size_t>(link)]);
  return slowest;
}

Delivery RoutedNetwork::transmit(const Transfer& t) {
  admit(t);
  if (t.src == t.dst) return {t.start, 0, 0, 0};  // never leaves the processor
  path_.clear();
  const double fixed = timing_.startup + route(t.src, t.dst, path_);
  const double ready = t.start + fixed;
  Delivery d;
  switch (timing_.switching) {
    case Switching::Wormhole: d = wormhole(ready, t.bytes); break;
    case Switching::Circuit: d = circuit(ready, t.bytes); break;
    case Switching::StoreAndForward: d = store_and_forward(ready, t.bytes); break;
  }
  d.latency += fixed;
  d.hops = static_cast<int>(path_.size());
  return d;
}

// Latencies below exclude the fixed part; transmit adds it.
Delivery RoutedNetwork::wormhole(double ready, double bytes) {
  const double head = static_cast<double>(path_.size()) * timing_.hop_latency;
  const double tail = bytes / slowest_bandwidth();
  double start = ready;
  for (const int link : path_) start = std::max(start, links_.available(link, ready));
  // A faster (fatter) link is busy only while it carries the bytes at its own rate.
  for (const int link : path_) {
    links_.hold(link, ready, start, start + head + bytes / bandwidth_[static_cast<std::size_t>(link)]);
  }
  return {start + head + tail, head + tail, start - ready, 0};
}

Delivery RoutedNetwork::circuit(double ready, double bytes) {
  double probe = ready, waited = 0;
  for (std::size_t k = 0; k < path_.size(); ++k) {
    asked_[k] = probe;
    acquired_[k] = links_.available(path_[k], probe);
    waited += acquired_[k] - probe;
    probe = acquired_[k] + timing_.hop_latency;
  }
  const double transfer = bytes / slowest_bandwidth();
  const double arrival = probe + transfer;
  for (std::size_t k = 0; k < path_.size(); ++k) links_.hold(path_[k], asked_[k], acquired_[k], arrival);
  const double idle = static_cast<double>(path_.size()) * timing_.hop_latency + transfer;
  return {arrival, idle, waited, 0};
}

Delivery RoutedNetwork::store_and_forward(double ready, double bytes) {
  double at = ready, waited = 0, idle = 0;
  for (const int link : path_) {
    const double hop = timing_.hop_latency + bytes / bandwidth_[static_cast<std::size_t>(link)];
    const double start = links_.available(link, at);
    links_.hold(link, at, start, start + hop);
    waited += start - at;
    idle += hop;
    at = start + hop;
  }
  return {at, idle, waited, 0};
}

std::vector<LinkStats> RoutedNetwork::link_stats(double makespan) const {
  return links_.stats(makespan, [this](int link) { return link_name(link); });
}

}  // namespace scalerun::network
