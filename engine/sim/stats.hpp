#pragma once
// What one simulated run records, per processor and for the whole run. The split of a blocked
// receive follows the SPASM paper (003_*.txt §3.1): the part before the sender sent is wait time
// (skew between processors); the part while the message was in flight is latency overhead as far
// as an idle network would have taken, and contention overhead beyond that (the message waited
// for busy resources). A part that computation hid is charged to neither, which is why the
// network's own latency and contention figures are kept beside them.

#include <vector>

#include "network/network.hpp"

namespace scalerun::sim {

struct ProcessorStats {
  double compute = 0;        // seconds busy in ctx:compute
  double serial = 0;         // seconds busy in ctx:serial (work only one processor can do)
  double send_overhead = 0;  // software overhead charged at sends (NetworkSpec::overhead each)
  double recv_overhead = 0;  // software overhead charged at receives
  double wait = 0;           // blocked before the awaited message was sent
  double latency_seen = 0;   // blocked while the message was in flight, up to its idle-network latency
  double contention_seen = 0;  // blocked beyond that: the message waited for busy resources
  double network_latency = 0;     // sum of Delivery::latency over the messages it received
  double network_contention = 0;  // sum of Delivery::contention over the messages it received
  double finish = 0;         // when its program returned
  long sent = 0, received = 0;

  double software() const { return send_overhead + recv_overhead; }
  double blocked() const { return wait + latency_seen + contention_seen; }
  // The latency overhead function a processor sees, and the network latency it would see if no
  // computation overlapped communication (both with the software overhead it paid).
  double latency_overhead() const { return software() + latency_seen; }
  double network_latency_total() const { return software() + network_latency; }
};

struct RunResult {
  int processors = 0;
  double makespan = 0;  // the latest finish: the simulated time of the run
  std::vector<ProcessorStats> procs;
  std::vector<network::LinkStats> links;  // from Network::link_stats(makespan)
  long events = 0;     // messages injected + messages received + program resumptions
  long messages = 0;   // messages sent, collectives' included
  long unreceived = 0; // messages still in mailboxes when every program had returned
};

}  // namespace scalerun::sim
