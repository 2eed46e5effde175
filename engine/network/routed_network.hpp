#pragma once
// A network whose messages follow a route of links: hypercube, mesh, torus, fat tree, rings.
// Subclasses give the route; this class applies the switching discipline over it, reserving
// each link first come first served (see resources.hpp):
//   wormhole           the route's links are taken together once all are free; the tail arrives
//                      hops * hop_latency + bytes / (slowest link's bandwidth) later. A link is
//                      held for hops * hop_latency + bytes / its own bandwidth, so a fatter link
//                      (fat tree, faster ring level) is free again sooner.
//   circuit            a probe reserves the links one by one (hop_latency each), holding what it
//                      has while it waits for the next; the data then streams over the circuit,
//                      which keeps every link until the tail arrives
//   store_and_forward  each hop receives the whole message before sending it on: per hop
//                      hop_latency + bytes / that link's bandwidth
// The fixed latency (network start-up, a ring level's latency) comes first and holds no link.
// First come first served means in the order messages enter the network: a message reserves its
// later hops when it enters, so a message entering after it queues behind it on those links.

#include <string>
#include <vector>

#include "network/network_base.hpp"
#include "network/network_spec.hpp"
#include "network/resources.hpp"

namespace scalerun::network {

class RoutedNetwork : public NetworkBase {
 public:
  Delivery transmit(const Transfer& t) final;
  std::vector<LinkStats> link_stats(double makespan) const final;

 protected:
  struct Timing {
    double startup = 0;  // seconds before a message enters the links
    double hop_latency = 0;
    Switching switching = Switching::Wormhole;
  };
  // link_bandwidth: bytes/s of each link (its index is the link's id); max_hops: the longest
  // route, so routing never allocates.
  RoutedNetwork(int p, Options options, Timing timing, std::vector<double> link_bandwidth, std::size_t max_hops);

  // Fills `path` (empty on entry) with the links from src to dst in the order the message
  // crosses them (src != dst), and returns any fixed latency this route adds (a ring level's).
  virtual double route(int src, int dst, std::vector<int>& path) const = 0;
  virtual std::string link_name(int link) const = 0;

 private:
  Delivery wormhole(double ready, double bytes);
  Delivery circuit(double ready, double bytes);
  Delivery store_and_forward(double ready, double bytes);
  double slowest_bandwidth() const;

  Timing timing_;
  std::vector<double> bandwidth_;
  Resources links_;
  std::vector<int> path_;
  std::vector<double> acquired_, asked_;  // circuit set-up scratch, sized max_hops
};

}  // namespace scalerun::network
