// Simulations that share one recorded schedule run at once (the three runs of a simulated point,
// study/simulate_experiment): each gives what it gives alone. Lua-free, so the ThreadSanitizer job
// runs it too (tests/CMakeLists.txt, "parallel: ").

#include <catch2/catch.hpp>

#include <functional>
#include <memory>
#include <stdexcept>
#include <vector>

#include "network/network_spec.hpp"
#include "runtime/concurrent_calls.hpp"
#include "sim/schedule.hpp"
#include "sim/simulator.hpp"

namespace {

using namespace scalerun;
using Op = sim::ScheduledOp;

// Each processor: compute, a ring exchange with tags, an allreduce, a broadcast from 3.
sim::ScheduleBook ring_book(int p) {
  sim::ScheduleBuilder builder(p, 1 << 20);
  for (int rank = 0; rank < p; ++rank) {
    builder.begin(rank);
    for (int round = 0; round < 4; ++round) {
      builder.add(Op{Op::Kind::Compute, sim::CollectiveKind::Barrier, 0, 0, 0, 1000.0 * (1 + rank % 3)});
      builder.add(Op{Op::Kind::Send, sim::CollectiveKind::Barrier, builder.relative_peer((rank + 1) % p), 0, round, 4096});
      builder.add(Op{Op::Kind::Receive, sim::CollectiveKind::Barrier, builder.relative_peer((rank + p - 1) % p), 0, round, 0});
      builder.add(Op{Op::Kind::Collective, sim::CollectiveKind::Allreduce, 0, 0, 0, 8});
      builder.add(Op{Op::Kind::Collective, sim::CollectiveKind::Broadcast, 3, 0, 0, 1024});
    }
    builder.end();
  }
  return builder.finish({}, 0);
}

sim::RunResult run(const sim::ScheduleBook& book, const network::NetworkSpec& spec, bool contention) {
  const int p = book.processors();
  auto net = network::make_network(spec, p, network::Options{contention});
  sim::Simulator::Setup setup;
  setup.processors = p;
  setup.network = net.get();
  setup.overhead = spec.overhead;
  setup.speeds.assign(static_cast<std::size_t>(p), 1e8);
  sim::Simulator simulator(std::move(setup));
  sim::ScheduledPrograms programs(book, simulator);
  return simulator.run(programs);
}

}  // namespace

TEST_CASE("runs sharing one schedule give at once what each gives alone", "[sim][schedule][parallel]") {
  const sim::ScheduleBook book = ring_book(96);
  CHECK(book.lists() == 3);  // the three compute shares
  network::NetworkSpec torus;
  torus.kind = "torus";
  torus.bandwidth = 1e8;
  torus.overhead = 1e-6;
  network::NetworkSpec switched;
  switched.kind = "switched";
  switched.bandwidth = 1e9;
  switched.latency = 1e-6;
  const std::vector<std::pair<network::NetworkSpec, bool>> runs = {
      {torus, false}, {torus, true}, {switched, true}, {switched, false}, {torus, true}, {switched, true}};
  std::vector<sim::RunResult> alone, together(runs.size());
  for (const auto& [spec, contention] : runs) alone.push_back(run(book, spec, contention));
  std::vector<std::function<void()>> calls;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    calls.emplace_back([&, i] { together[i] = run(book, runs[i].first, runs[i].second); });
  }
  runtime::run_concurrently(calls);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    CHECK(together[i].makespan == alone[i].makespan);
    CHECK(together[i].events == alone[i].events);
    CHECK(together[i].messages == alone[i].messages);
    REQUIRE(together[i].procs.size() == alone[i].procs.size());
    for (std::size_t r = 0; r < alone[i].procs.size(); ++r) {
      CHECK(together[i].procs[r].finish == alone[i].procs[r].finish);
      CHECK(together[i].procs[r].contention_seen == alone[i].procs[r].contention_seen);
    }
  }
  CHECK(alone[1].makespan > alone[0].makespan);  // contention on the torus costs time
}

TEST_CASE("calls run at once throw the first error in list order, after all have ended", "[sim][parallel]") {
  std::vector<int> done(4, 0);
  const std::vector<std::function<void()>> calls = {
      [&] { done[0] = 1; },
      [&] { done[1] = 1; throw std::runtime_error("second"); },
      [&] { done[2] = 1; throw std::runtime_error("third"); },
      [&] { done[3] = 1; },
  };
  CHECK_THROWS_WITH(runtime::run_concurrently(calls), "second");
  CHECK(done == std::vector<int>{1, 1, 1, 1});
}
