#pragma once
// The interconnect of a simulated machine (simulate mode, after the SPASM paper,
// 003_*.txt §3 and §5): it carries messages between processors and says when each arrives.
//
// The discrete-event engine (engine/sim/) owns time. It calls transmit() when a message enters the
// network, in nondecreasing order of Transfer::start; the network reserves the links (or the bus)
// the message needs, first come first served, and answers with the arrival time split into the
// part an idle network would take (latency) and the part spent waiting for busy resources
// (contention). With contention off (Options::contention = false) resources are never reserved:
// every message sees the idle network, which is the "contention-free" run of SPASM §3.1.
//
// The per-message software overhead at the sender and the receiver is the engine's business
// (it keeps the processor busy); a Network models the wires and switches only.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace scalerun::network {

struct Transfer {
  int src = 0, dst = 0;  // processors, 0 .. nodes() - 1, src != dst
  double bytes = 0;      // payload
  double start = 0;      // seconds: when the message enters the network
};

struct Delivery {
  double arrival = 0;     // seconds: when the last byte reaches dst
  double latency = 0;     // arrival - start on an idle network (hops, switching, transmission)
  double contention = 0;  // time spent waiting for resources held by other messages
  int hops = 0;
};

// One resource of the network (a link direction, a ring segment, the bus), for the report.
struct LinkStats {
  std::string name;         // e.g. "3->7", "bus", "ring:1[2]"
  double busy = 0;          // seconds the resource carried data
  double utilization = 0;   // busy / makespan
  double mean_queue = 0;    // time-averaged number of messages waiting for it
  long messages = 0;
};

struct Options {
  bool contention = true;
};

class Network {
 public:
  virtual ~Network() = default;
  virtual std::string_view kind() const = 0;  // "ideal", "bus", "hypercube", ...
  virtual int nodes() const = 0;
  // Calls come in nondecreasing t.start; throws std::invalid_argument for a processor out of range.
  virtual Delivery transmit(const Transfer& t) = 0;
  // Per resource, over a run that lasted `makespan` seconds.
  virtual std::vector<LinkStats> link_stats(double makespan) const = 0;
};

}  // namespace scalerun::network
