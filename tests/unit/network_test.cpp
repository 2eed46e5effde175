// The interconnect models of simulate mode (engine/network/): idle latencies against their
// formulas, FCFS contention, the contention-free option, link statistics, the errors, and the
// reader of a machine's network table.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include <lua.hpp>

#include "lua/call.hpp"
#include "errors/errors.hpp"
#include "lua/native.hpp"
#include "lua/state.hpp"
#include "lua/vocabulary.hpp"
#include "lua/network_reader.hpp"
#include "network/network_spec.hpp"
#include "lua/session_binding.hpp"
#include "study/session.hpp"

using Catch::Matchers::Contains;
using scalerun::network::Delivery;
using scalerun::network::make_ideal_network;
using scalerun::network::make_network;
using scalerun::network::Network;
using scalerun::network::NetworkSpec;
using scalerun::network::Options;
using scalerun::network::RingLevel;
using scalerun::network::Switching;
using scalerun::network::Transfer;

namespace {

constexpr double kBytes = 4096;
constexpr double kBandwidth = 2.8e6;
constexpr double kLatency = 3e-6;
constexpr double kHop = 0.5e-6;

NetworkSpec spec_of(const std::string& kind) {
  NetworkSpec s;
  s.kind = kind;
  s.bandwidth = kBandwidth;
  s.latency = kLatency;
  s.hop_latency = kHop;
  return s;
}

// Set bits, counted one by one (not the popcount the model uses).
int differing_bits(int a, int b) {
  int count = 0;
  for (int x = a ^ b; x != 0; x >>= 1) count += x & 1;
  return count;
}

// Sends every ordered pair once, far enough apart that no two messages meet, and hands each
// delivery to `check`.
template <class Check>
void for_each_pair_on_idle(Network& net, Check check) {
  double start = 0;
  for (int src = 0; src < net.nodes(); ++src) {
    for (int dst = 0; dst < net.nodes(); ++dst) {
      if (src == dst) continue;
      start += 1.0;
      const Delivery d = net.transmit({src, dst, kBytes, start});
      CHECK(d.contention == 0);
      CHECK(d.arrival == Approx(start + d.latency).epsilon(1e-12));
      check(src, dst, d);
    }
  }
}

std::string error_of(const NetworkSpec& spec, int p) {
  try {
    make_network(spec, p, {});
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("the ideal network delivers every message when it is sent", "[network]") {
  auto net = make_ideal_network(8);
  CHECK(net->kind() == "ideal");
  CHECK(net->nodes() == 8);
  const Delivery d = net->transmit({0, 7, 1e9, 2.5});
  CHECK(d.arrival == 2.5);
  CHECK(d.latency == 0);
  CHECK(d.contention == 0);
  CHECK(net->transmit({3, 7, 1e9, 2.5}).arrival == 2.5);  // no queue either
  CHECK(net->link_stats(3.0).empty());
}

TEST_CASE("a bus holds the medium for latency + bytes / bandwidth and serializes all traffic", "[network]") {
  NetworkSpec spec = spec_of("bus");
  const double hold = kLatency + kBytes / kBandwidth;
  SECTION("idle latency") {
    auto net = make_network(spec, 16, {});
    for_each_pair_on_idle(*net, [&](int, int, const Delivery& d) {
      CHECK(d.latency == Approx(hold));
      CHECK(d.hops == 1);
    });
  }
  SECTION("messages between disjoint pairs still take turns") {
    auto net = make_network(spec, 16, {});
    for (int i = 0; i < 8; ++i) {
      const Delivery d = net->transmit({2 * i, 2 * i + 1, kBytes, 1.0});
      CHECK(d.contention == Approx(i * hold));
      CHECK(d.arrival == Approx(1.0 + (i + 1) * hold));
    }
    const auto stats = net->link_stats(1.0 + 8 * hold);
    REQUIRE(stats.size() == 1);
    CHECK(stats[0].name == "bus");
    CHECK(stats[0].messages == 8);
    CHECK(stats[0].busy == Approx(8 * hold));
    CHECK(stats[0].utilization == Approx(8 * hold / (1.0 + 8 * hold)));
    // Message i waited i holds: the queue's time-integral is hold * (0 + 1 + ... + 7).
    CHECK(stats[0].mean_queue == Approx(28 * hold / (1.0 + 8 * hold)));
  }
  SECTION("a later message finds the bus free again") {
    auto net = make_network(spec, 4, {});
    net->transmit({0, 1, kBytes, 0.0});
    CHECK(net->transmit({2, 3, kBytes, hold}).contention == 0);
  }
  SECTION("ethernet is the same shared medium, and capacity caps its rate") {
    spec.kind = "ethernet";
    spec.capacity = kBandwidth / 2;
    auto net = make_network(spec, 4, {});
    CHECK(net->kind() == "ethernet");
    const Delivery first = net->transmit({0, 1, kBytes, 0.0});
    CHECK(first.latency == Approx(kLatency + kBytes / (kBandwidth / 2)));
    CHECK(net->transmit({2, 3, kBytes, 0.0}).contention == Approx(first.latency));
  }
  SECTION("a bus given by cycle and width moves width bytes per cycle") {
    spec.bandwidth.reset();
    spec.cycle = 150e-9;
    spec.width = 8;
    auto net = make_network(spec, 4, {});
    CHECK(net->transmit({0, 1, kBytes, 0.0}).latency == Approx(kLatency + kBytes * 150e-9 / 8));
  }
}

TEST_CASE("the contention-free option never queues but still counts link use", "[network]") {
  for (const char* kind : {"bus", "hypercube", "mesh", "torus", "fattree", "switched"}) {
    CAPTURE(kind);
    auto net = make_network(spec_of(kind), 16, Options{false});
    double busy = 0;
    for (int i = 0; i < 16; ++i) {
      const Delivery d = net->transmit({i, 0 == i ? 1 : 0, kBytes, 0.0});  // everyone to 0 at once
      CHECK(d.contention == 0);
      CHECK(d.arrival == Approx(d.latency));
    }
    long messages = 0;
    for (const auto& link : net->link_stats(1.0)) {
      CHECK(link.mean_queue == 0);
      messages += link.messages;
      busy += link.busy;
    }
    CHECK(messages >= 16);
    CHECK(busy > 0);
  }
}

TEST_CASE("hypercube: e-cube routes over popcount(src ^ dst) links", "[network]") {
  NetworkSpec spec = spec_of("hypercube");
  const std::vector<int> sizes{2, 12, 16};  // 12: the smallest cube holding it has 16 nodes
  SECTION("wormhole: hops * hop_latency + bytes / bandwidth") {
    for (const int p : sizes) {
      auto net = make_network(spec, p, {});
      for_each_pair_on_idle(*net, [](int src, int dst, const Delivery& d) {
        const int hops = differing_bits(src, dst);
        CHECK(d.hops == hops);
        CHECK(d.latency == Approx(kLatency + hops * kHop + kBytes / kBandwidth));
      });
    }
  }
  SECTION("circuit switching: the same on an idle network") {
    spec.switching = Switching::Circuit;
    for (const int p : sizes) {
      auto net = make_network(spec, p, {});
      for_each_pair_on_idle(*net, [](int src, int dst, const Delivery& d) {
        CHECK(d.latency == Approx(kLatency + differing_bits(src, dst) * kHop + kBytes / kBandwidth));
      });
    }
  }
  SECTION("store and forward: the whole message on every hop") {
    spec.switching = Switching::StoreAndForward;
    for (const int p : sizes) {
      auto net = make_network(spec, p, {});
      for_each_pair_on_idle(*net, [](int src, int dst, const Delivery& d) {
        CHECK(d.latency == Approx(kLatency + differing_bits(src, dst) * (kHop + kBytes / kBandwidth)));
      });
    }
  }
}

TEST_CASE("hypercube: a shared link makes the second message wait the first's occupancy", "[network]") {
  NetworkSpec spec = spec_of("hypercube");
  const double transfer = kBytes / kBandwidth;
  SECTION("wormhole") {
    auto net = make_network(spec, 8, {});
    // e-cube fixes the lowest bit first: 0 -> 3 runs 0->1->3, so it shares 1->3 with 1 -> 3.
    const Delivery first = net->transmit({0, 3, kBytes, 0.0});
    const Delivery second = net->transmit({1, 3, kBytes, 0.0});
    const double occupancy = 2 * kHop + transfer;
    CHECK(first.contention == 0);
    CHECK(second.contention == Approx(occupancy));
    CHECK(second.arrival == Approx(kLatency + occupancy + kHop + transfer));
    // 2 -> 3 takes the link 2->3, which 0 -> 3 never used (it would with the highest bit first).
    CHECK(net->transmit({2, 3, kBytes, 0.0}).contention == 0);
  }
  SECTION("circuit: the set-up waits until the circuit holding the link is torn down") {
    spec.switching = Switching::Circuit;
    auto net = make_network(spec, 8, {});
    const Delivery first = net->transmit({0, 3, kBytes, 0.0});
    const Delivery second = net->transmit({0, 1, kBytes, 0.0});  // needs 0->1, held by the first
    CHECK(second.contention == Approx(first.arrival - kLatency));
    CHECK(second.arrival == Approx(first.arrival + kHop + transfer));
  }
  SECTION("store and forward: the link is held for one hop's transmission") {
    spec.switching = Switching::StoreAndForward;
    auto net = make_network(spec, 8, {});
    net->transmit({1, 3, kBytes, 0.0});
    const Delivery second = net->transmit({0, 3, kBytes, 0.0});
    // The second message reaches 1->3 one hop after it starts; the first holds it for one hop,
    // so it arrives exactly when the link is free and does not wait.
    CHECK(second.contention == Approx(0).margin(1e-15));
    const Delivery third = net->transmit({5, 7, kBytes, 0.0});  // 5->7: a fresh link
    CHECK(third.contention == 0);
  }
}

TEST_CASE("hypercube: messages on disjoint links do not contend", "[network]") {
  auto net = make_network(spec_of("hypercube"), 64, {});
  for (int dim = 0; dim < 6; ++dim) {  // every exchange step of recursive doubling, all at once
    const double start = dim * 1.0;
    for (int node = 0; node < 64; ++node) {
      CHECK(net->transmit({node, node ^ (1 << dim), kBytes, start}).contention == 0);
    }
  }
  for (const auto& link : net->link_stats(6.0)) {
    CHECK(link.messages == 1);
    CHECK(link.mean_queue == 0);
    CHECK(link.busy == Approx(kHop + kBytes / kBandwidth));
  }
  CHECK(net->link_stats(6.0).size() == 64 * 6);
}

TEST_CASE("mesh and torus: dimension-order routing over |dx| + |dy| links", "[network]") {
  NetworkSpec spec = spec_of("mesh");
  spec.dims = {4, 3};
  const int x = 4, y = 3;
  SECTION("mesh") {
    auto net = make_network(spec, 12, {});
    for_each_pair_on_idle(*net, [&](int src, int dst, const Delivery& d) {
      const int hops = std::abs(src % x - dst % x) + std::abs(src / x - dst / x);
      CHECK(d.hops == hops);
      CHECK(d.latency == Approx(kLatency + hops * kHop + kBytes / kBandwidth));
    });
  }
  SECTION("torus: the shorter way round each dimension") {
    spec.kind = "torus";
    auto net = make_network(spec, 12, {});
    auto ring_distance = [](int a, int b, int k) { return std::min(std::abs(a - b), k - std::abs(a - b)); };
    for_each_pair_on_idle(*net, [&](int src, int dst, const Delivery& d) {
      CHECK(d.hops == ring_distance(src % x, dst % x, x) + ring_distance(src / x, dst / x, y));
    });
  }
  SECTION("x first: two messages along a row share links, a column message does not") {
    auto net = make_network(spec, 12, {});
    const Delivery along = net->transmit({0, 3, kBytes, 0.0});   // (0,0) -> (3,0)
    const Delivery behind = net->transmit({1, 2, kBytes, 0.0});  // (1,0) -> (2,0): the same 1->2
    const Delivery up = net->transmit({4, 8, kBytes, 0.0});      // (0,1) -> (0,2)
    CHECK(behind.contention == Approx(3 * kHop + kBytes / kBandwidth));
    CHECK(up.contention == 0);
    CHECK(along.contention == 0);
  }
  SECTION("the statistics list every link that exists, once") {
    auto mesh = make_network(spec, 12, {});
    CHECK(mesh->link_stats(1.0).size() == static_cast<std::size_t>(2 * ((x - 1) * y + x * (y - 1))));
    spec.kind = "torus";
    spec.dims = {2, 3};  // a ring of 2 is one link each way, taken the positive way
    auto torus = make_network(spec, 6, {});
    CHECK(torus->link_stats(1.0).size() == static_cast<std::size_t>(6 * 1 + 6 * 2));
  }
  SECTION("the default grid is the squarest one holding p") {
    spec.dims.clear();
    auto net = make_network(spec, 10, {});  // 4 x 3
    CHECK(net->transmit({0, 9, kBytes, 0.0}).hops == 1 + 2);
  }
}

TEST_CASE("fat tree: up to the nearest common ancestor and down, fatter links higher up", "[network]") {
  NetworkSpec spec = spec_of("fattree");
  SECTION("binary: hops are twice the bit length of src ^ dst") {
    auto net = make_network(spec, 16, {});
    for_each_pair_on_idle(*net, [](int src, int dst, const Delivery& d) {
      int level = 0;
      for (int x = src ^ dst; x != 0; x >>= 1) ++level;
      CHECK(d.hops == 2 * level);
      CHECK(d.latency == Approx(kLatency + 2 * level * kHop + kBytes / kBandwidth));
    });
  }
  SECTION("store and forward pays each level's own bandwidth") {
    spec.arity = 4;
    spec.growth = 3;
    spec.switching = Switching::StoreAndForward;
    auto net = make_network(spec, 64, {});
    for_each_pair_on_idle(*net, [](int src, int dst, const Delivery& d) {
      double expected = kLatency;
      int level = 0;
      for (int a = src, b = dst; a != b; a /= 4, b /= 4) {
        expected += 2 * (kHop + kBytes / (kBandwidth * std::pow(3.0, level)));
        ++level;
      }
      CHECK(d.hops == 2 * level);
      CHECK(d.latency == Approx(expected));
    });
  }
  SECTION("a shared up-link is held for the bytes at its own bandwidth") {
    for (const double growth : {1.0, 2.0}) {
      spec.growth = growth;
      auto net = make_network(spec, 4, {});
      net->transmit({0, 2, kBytes, 0.0});  // 0 -> s1.0 -> s2.0 -> s1.1 -> 2
      const Delivery second = net->transmit({1, 3, kBytes, 0.0});  // shares s1.0 -> s2.0 and s2.0 -> s1.1
      CHECK(second.contention == Approx(4 * kHop + kBytes / (kBandwidth * growth)));
    }
  }
}

TEST_CASE("hierarchical rings: ring latencies by the highest level a message reaches", "[network]") {
  NetworkSpec spec;
  spec.kind = "rings";
  spec.bandwidth = 1e9;
  const double l0 = 150 / 20e6, l1 = 570 / 20e6;
  spec.rings = {RingLevel{"ring:0", 32, l0, std::nullopt}, RingLevel{"ring:1", 34, l1, 4e9}};
  SECTION("p = 64: two ring:0s joined by ring:1") {
    auto net = make_network(spec, 64, {});
    for_each_pair_on_idle(*net, [&](int src, int dst, const Delivery& d) {
      const bool same_ring = src / 32 == dst / 32;
      // A ring:0 has 32 processor stations and its router (station 32); ring:1 holds 2 ring:0s.
      const int hops = same_ring ? (dst % 32 - src % 32 + 33) % 33 : (32 - src % 32) + 1 + (dst % 32 + 1);
      CHECK(d.hops == hops);
      CHECK(d.latency == Approx((same_ring ? l0 : l1) + kBytes / 1e9));
    });
  }
  SECTION("p = 32: ring:0 alone, no router") {
    auto net = make_network(spec, 32, {});
    for_each_pair_on_idle(*net, [&](int src, int dst, const Delivery& d) {
      CHECK(d.hops == (dst - src + 32) % 32);
      CHECK(d.latency == Approx(l0 + kBytes / 1e9));
    });
  }
  SECTION("messages on overlapping ring segments queue; on other ring:0s they do not") {
    auto net = make_network(spec, 1088, {});
    net->transmit({0, 5, kBytes, 0.0});
    CHECK(net->transmit({3, 4, kBytes, 0.0}).contention == Approx(kBytes / 1e9));
    CHECK(net->transmit({32 + 3, 32 + 4, kBytes, 0.0}).contention == 0);
    // Crossing ring:1 holds its segments for the bytes at ring:1's own bandwidth.
    net->transmit({0, 64, kBytes, 1.0});  // ring:0 #0 -> #2: ring:1 segments 0 and 1
    CHECK(net->transmit({32, 96, kBytes, 1.0}).contention == Approx(kBytes / 4e9));  // #1 -> #3: 1 and 2
  }
  SECTION("ring names in the statistics") {
    auto net = make_network(spec, 64, {});
    const auto stats = net->link_stats(1.0);
    CHECK(stats.size() == 2 * 33 + 2);
    CHECK(stats.front().name == "ring:0#0[0]");
    CHECK(stats.back().name == "ring:1[1]");
  }
}

TEST_CASE("switched: contention only at the endpoints", "[network]") {
  NetworkSpec spec = spec_of("switched");
  const double transfer = kBytes / kBandwidth;
  SECTION("idle latency") {
    auto net = make_network(spec, 8, {});
    for_each_pair_on_idle(*net, [&](int, int, const Delivery& d) {
      CHECK(d.hops == 2);
      CHECK(d.latency == Approx(kLatency + transfer));
    });
  }
  SECTION("a permutation goes through at once; two senders to one receiver take turns") {
    auto net = make_network(spec, 8, {});
    for (int i = 0; i < 8; ++i) CHECK(net->transmit({i, (i + 3) % 8, kBytes, 0.0}).contention == 0);
    net->transmit({0, 5, kBytes, 1.0});
    CHECK(net->transmit({1, 5, kBytes, 1.0}).contention == Approx(transfer));
    CHECK(net->transmit({0, 6, kBytes, 1.0}).contention == Approx(transfer));  // the sender's link
  }
  SECTION("a capacity makes the switch a shared resource of that rate") {
    spec.capacity = 2 * kBandwidth;
    auto net = make_network(spec, 8, {});
    net->transmit({0, 1, kBytes, 0.0});
    CHECK(net->transmit({2, 3, kBytes, 0.0}).contention == Approx(kBytes / (2 * kBandwidth)));
  }
}

TEST_CASE("network errors name what is wrong", "[network]") {
  NetworkSpec spec = spec_of("hypercub");
  CHECK_THAT(error_of(spec, 4), Contains("unknown network kind 'hypercub'") && Contains("hypercube, mesh"));
  spec = spec_of("mesh");
  spec.bandwidth.reset();
  CHECK_THAT(error_of(spec, 4), Contains("a mesh network needs a bandwidth"));
  spec.bandwidth = 0;
  CHECK_THAT(error_of(spec, 4), Contains("bandwidth must be positive, got 0"));
  spec.bandwidth = kBandwidth;
  spec.dims = {3, 2};
  CHECK(error_of(spec, 7) == "mesh dims 3 x 2 hold 6 processors; p = 7");
  spec.dims = {3, 0};
  CHECK_THAT(error_of(spec, 4), Contains("dims must be whole numbers >= 1"));
  spec = spec_of("rings");
  spec.rings = {RingLevel{"ring:0", 32, 1e-6, std::nullopt}, RingLevel{"ring:1", 34, 2e-6, std::nullopt}};
  CHECK(error_of(spec, 2000) == "ring sizes 32 x 34 hold 1088 processors; p = 2000");
  spec.bandwidth.reset();
  CHECK_THAT(error_of(spec, 64), Contains("ring level 'ring:0' has no bandwidth"));
  spec.rings.clear();
  CHECK_THAT(error_of(spec, 4), Contains("needs topology = rings{"));
  spec = spec_of("fattree");
  spec.arity = 1;
  CHECK_THAT(error_of(spec, 4), Contains("arity must be at least 2"));
  spec = spec_of("bus");
  spec.cycle = 1e-7;
  CHECK_THAT(error_of(spec, 4), Contains("not both"));
  spec = spec_of("bus");
  spec.latency = -1;
  CHECK_THAT(error_of(spec, 4), Contains("latency must not be negative"));
  CHECK_THAT(error_of(spec_of("bus"), 0), Contains("p = 0"));
}

TEST_CASE("a processor outside the network is an error naming it and the range", "[network]") {
  for (const char* kind : {"ideal", "bus", "hypercube", "mesh", "torus", "fattree", "switched"}) {
    CAPTURE(kind);
    auto net = make_network(spec_of(kind), 6, {});
    CHECK_THROWS_WITH(net->transmit({0, 6, 1, 0.0}), Contains("processor 6 does not exist (processors are 0 .. 5)"));
    CHECK_THROWS_WITH(net->transmit({-1, 2, 1, 0.0}), Contains("processor -1 does not exist"));
    CHECK_THROWS_AS(net->transmit({0, 1, -5, 0.0}), std::invalid_argument);
  }
}

// ---- the reader of machine.network ----

namespace {

NetworkSpec last_read;

int read_network(lua_State* L) {
  last_read = scalerun::lua::read_network_spec(L, 1);
  return 0;
}

// Runs `source` (chunk "@reader.lua") in a state with the vocabulary and this repository's
// machines on the package path; returns the error message, or "" when it ran.
std::string run_reader(const std::string& source) {
  namespace lua = scalerun::lua;
  scalerun::study::Session session;
  lua::State state;
  lua_State* L = state.get();
  scalerun::lua::attach(L, session);
  state.set_package_path({SCALERUN_SOURCE_DIR});
  lua::install_module_searcher(L, false);
  lua_register(L, "read_network", lua::native<read_network>);
  lua::open_vocabulary(L);
  try {
    lua::load_chunk(L, source, "@reader.lua");
    lua::protected_call(L, 0, 0);
  } catch (const scalerun::ScriptError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("the machines in machines/ describe networks make_network accepts", "[network]") {
  REQUIRE(run_reader("read_network(require 'ipsc860')").empty());
  CHECK(last_read.kind == "hypercube");
  CHECK(*last_read.bandwidth == Approx(2.8e6));
  CHECK(last_read.overhead == Approx(100e-6));
  CHECK(make_network(last_read, 64, {})->kind() == "hypercube");

  REQUIRE(run_reader("read_network(require 'sequent_bus')").empty());
  CHECK(last_read.kind == "bus");
  CHECK(make_network(last_read, 64, {})->transmit({0, 1, 8, 0.0}).latency == Approx(150e-9 + 150e-9));

  for (const char* cluster : {"sunwulf", "dec_alpha_now"}) {
    REQUIRE(run_reader(std::string("read_network(require '") + cluster + "')").empty());
    CHECK(last_read.kind == "ethernet");
    CHECK(make_network(last_read, 16, {})->kind() == "ethernet");
  }

  REQUIRE(run_reader("read_network(require 'ksr1')").empty());
  CHECK(last_read.kind == "rings");
  REQUIRE(last_read.rings.size() == 2);
  CHECK(last_read.rings[1].size == 34);
  CHECK(last_read.rings[1].latency == Approx(570 / 20e6));
  REQUIRE(last_read.rings[0].bandwidth.has_value());
  CHECK(make_network(last_read, 64, {})->kind() == "rings");
  // Without a ring bandwidth (the isospeed paper gives none) the machine cannot be simulated.
  auto without = last_read;
  for (auto& level : without.rings) level.bandwidth.reset();
  without.bandwidth.reset();
  CHECK_THROWS_WITH(make_network(without, 64, {}), Contains("ring level 'ring:0' has no bandwidth"));
}

TEST_CASE("read_network_spec reads each kind's fields", "[network]") {
  REQUIRE(run_reader("read_network{ network = { kind = 'hypercube', bandwidth = 1e6, switching = 'circuit',\n"
                     "  hop_latency = 2e-6, overhead = 1e-4 } }")
              .empty());
  CHECK(last_read.switching == Switching::Circuit);
  CHECK(last_read.hop_latency == 2e-6);
  REQUIRE(run_reader("read_network{ network = { kind = 'torus', bandwidth = 1e6, dims = { 4, 4 } } }").empty());
  CHECK(last_read.dims == std::vector<int>{4, 4});
  REQUIRE(run_reader("read_network{ network = { kind = 'fattree', bandwidth = 1e6, arity = 4, growth = 2 } }").empty());
  CHECK(last_read.arity == 4);
  CHECK(*last_read.growth == 2);
  REQUIRE(run_reader("read_network{ network = { kind = 'bus', cycle = 100e-9, width = 8 } }").empty());
  CHECK(last_read.latency == 100e-9);  // one cycle of arbitration unless told
  CHECK(make_network(last_read, 4, {})->transmit({0, 1, 80, 0}).latency == Approx(100e-9 + 80 * 100e-9 / 8));
  REQUIRE(run_reader("read_network{ network = { bandwidth = 5e8 },\n"
                     "  topology = rings{ { name = 'a', size = 4, latency = 1e-6 }, { name = 'b', size = 2, latency = 3e-6 } } }")
              .empty());
  CHECK(last_read.kind == "rings");
  CHECK(make_network(last_read, 8, {})->transmit({0, 7, 0, 0}).latency == Approx(3e-6));
}

TEST_CASE("read_network_spec reports mistakes at the user's line", "[network]") {
  CHECK(run_reader("local m = { network = { kind = 'hypercube', bandwith = 1e6 } }\nread_network(m)") ==
        "reader.lua:2: unknown field 'network.bandwith' (did you mean 'bandwidth'?)");
  CHECK_THAT(run_reader("read_network{ network = { kind = 'hypercub', bandwidth = 1 } }"),
             Contains("reader.lua:1: field 'network.kind': unknown network kind 'hypercub', did you mean 'hypercube'?"));
  CHECK(run_reader("read_network{ network = { kind = 'bus', bandwidth = 1, dims = { 2, 2 } } }") ==
        "reader.lua:1: field 'network.dims': applies to mesh and torus networks, not to a bus network");
  CHECK_THAT(run_reader("read_network{ network = { kind = 'mesh', bandwidth = 1, switching = 'wormhol' } }"),
             Contains("field 'network.switching': unknown switching 'wormhol', did you mean 'wormhole'?"));
  CHECK_THAT(run_reader("read_network{ network = { kind = 'mesh', bandwidth = 1, dims = { 2, 2.5 } } }"),
             Contains("field 'network.dims': a whole number >= 1 expected, got 2.5"));
  CHECK_THAT(run_reader("read_network{ network = { kind = 'mesh', bandwidth = -3 } }"),
             Contains("reader.lua:1: network bandwidth must be positive, got -3"));
  CHECK_THAT(run_reader("read_network{ network = { kind = 'switched', bandwidth = 'fast' } }"),
             Contains("field 'network.bandwidth': number expected, got string"));
  CHECK_THAT(run_reader("read_network{ topology = rings{ { name = 'r', size = 4, latncy = 1 } } }"),
             Contains("unknown field 'topology.levels[1].latncy' (did you mean 'latency'?)"));
  CHECK_THAT(run_reader("read_network{ name = 'bare' }"),
             Contains("reader.lua:1: machine 'bare' has no network: simulate mode needs network ="));
}
