// The simulator's event queue (sim/event_queue.hpp): the order of a heap of (time, sequence)
// pairs, whatever mix of shared and distinct times, pushes during pops included.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <tuple>
#include <vector>

#include "sim/event_queue.hpp"

namespace {

using scalerun::sim::EventKind;
using scalerun::sim::EventQueue;

struct Reference {
  double time;
  std::uint64_t seq;
  int proc;
};

}  // namespace

TEST_CASE("events come out by time, and in scheduling order at equal times", "[sim][queue]") {
  for (const int distinct : {1, 3, 50, 100000}) {
    std::mt19937_64 rng(static_cast<std::uint64_t>(distinct));
    std::uniform_int_distribution<int> pick(0, distinct - 1);
    EventQueue queue;
    std::vector<Reference> reference;  // a min-heap by (time, seq)
    auto later = [](const Reference& a, const Reference& b) { return std::tie(a.time, a.seq) > std::tie(b.time, b.seq); };
    std::uint64_t seq = 0;
    double now = 0;
    auto push = [&](double t) {
      const int proc = static_cast<int>(seq % 1000);
      queue.push(t, EventKind::Resume, proc, static_cast<std::uint32_t>(seq));
      reference.push_back(Reference{t, seq++, proc});
      std::push_heap(reference.begin(), reference.end(), later);
    };
    for (int i = 0; i < 2000; ++i) push(0.5 * pick(rng));
    long popped = 0;
    while (!queue.empty()) {
      REQUIRE(queue.size() == reference.size());
      REQUIRE(queue.next_time() == reference.front().time);
      const auto e = queue.pop();
      std::pop_heap(reference.begin(), reference.end(), later);
      const Reference r = reference.back();
      reference.pop_back();
      REQUIRE(e.time == r.time);
      REQUIRE(e.data == static_cast<std::uint32_t>(r.seq));
      REQUIRE(e.proc == r.proc);
      now = e.time;
      // Handling an event schedules more, at its own time or later, as the simulator does.
      if (popped++ < 20000 && pick(rng) % 2 == 0) push(now + 0.5 * (pick(rng) % 4));
    }
    CHECK(reference.empty());
  }
}
