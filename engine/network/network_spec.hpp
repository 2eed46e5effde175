#pragma once
// What a machine script says about its interconnect, and the factory that turns it into a
// Network for p processors (simulate mode, the SPASM paper 003_*.txt §3, §5; KSR-1 rings from
// 001_*.txt §3.1).
//
// The fields of `network = { ... }` in a machine script (read by lua/network_reader; all times in seconds, bandwidths in bytes/s):
//   every kind   kind        "ideal" | "bus" | "ethernet" | "hypercube" | "mesh" | "torus" |
//                            "fattree" | "rings" | "switched"  (ethernet = bus: one shared medium)
//                bandwidth   per link (bus: of the bus); required except for ideal, for a bus given
//                            as cycle + width, and for rings whose levels all carry a bandwidth
//                latency     fixed hardware latency per message (network interface start-up); it
//                            holds no link. On a bus it is the arbitration cost and holds the bus.
//                overhead    software overhead per message; the ENGINE charges it to the sending and
//                            the receiving processor (the network never sees it)
//                capacity    aggregate throughput while all processors send. bus/ethernet: the bus
//                            moves data at min(bandwidth, capacity); switched: the switch fabric is
//                            a shared resource of that rate. The routed kinds (hypercube, mesh,
//                            torus, fattree, rings) get their throughput from their links and
//                            leave capacity to the analytic models (kernels/*.lua read it).
//   hypercube, mesh, torus, fattree
//                switching   "wormhole" (default) | "circuit" | "store_and_forward"
//                hop_latency switching delay per hop (default 0)
//   mesh, torus  dims        { x, y [, z ...] }: routers per dimension, product >= p
//                            (default: the squarest 2-D grid holding p)
//   fattree      arity       children per switch (default 2)
//                growth      link bandwidth factor per level up (default arity: a full fat tree
//                            whose upper links carry everything below them; 1: a plain tree)
//   bus/ethernet cycle, width  bus cycle time (s) and width (bytes): bandwidth = width / cycle, and
//                            latency defaults to one cycle (the arbitration phase)
//   rings        the levels come from `topology = rings{ {name, size, latency [, bandwidth]}, ... }`
//                (innermost first); a level's bandwidth defaults to network.bandwidth. A machine
//                with a rings topology and no network.kind is a rings network.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "network/network.hpp"


namespace scalerun::network {

enum class Switching { Wormhole, Circuit, StoreAndForward };

// One ring level of a hierarchical-ring machine (KSR-1: ring:0 of 32 processors, ring:1 of 34
// ring:0s). `latency` is the idle latency of a message whose highest ring is this level.
struct RingLevel {
  std::string name;
  int size = 0;
  double latency = 0;
  std::optional<double> bandwidth;  // falls back to NetworkSpec::bandwidth
};

struct NetworkSpec {
  std::string kind = "ideal";
  std::optional<double> bandwidth;  // bytes/s per link
  double latency = 0;               // seconds per message, see the table above
  double overhead = 0;              // seconds per message at each end, charged by the engine
  std::optional<double> capacity;   // bytes/s aggregate
  Switching switching = Switching::Wormhole;
  double hop_latency = 0;
  std::vector<int> dims;            // mesh, torus; empty: the squarest grid holding p
  int arity = 2;                    // fattree
  std::optional<double> growth;     // fattree; default arity
  std::optional<double> cycle;      // bus: seconds per bus cycle
  std::optional<double> width;      // bus: bytes per bus cycle
  std::vector<RingLevel> rings;     // rings, innermost first
};

// The kinds make_network knows, in the order error messages list them.
const std::vector<std::string_view>& network_kinds();
std::string_view switching_name(Switching s);

// Checks what does not depend on p (known kind, positive bandwidths, whole dims, ...), but not
// that a bandwidth is given: a machine without one still serves the analytic models, and only
// make_network needs it. Throws std::invalid_argument with a one-line message.
void check_network_spec(const NetworkSpec& spec);

// The network of `spec` connecting processors 0 .. p-1. Throws std::invalid_argument with a
// one-line message (the engine prefixes file:line): unknown kind, rings or dims that do not
// hold p processors, a missing or non-positive bandwidth, ...
std::unique_ptr<Network> make_network(const NetworkSpec& spec, int p, Options options = {});
// The PRAM: every message arrives when it is sent.
std::unique_ptr<Network> make_ideal_network(int p);

}  // namespace scalerun::network
