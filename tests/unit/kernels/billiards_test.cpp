// The billiard-ball kernel (seed 000 §5): the physics against hand formulas, the time-binned queue
// against an ordered set, the parallel event loop against the serial reference for several
// worker counts and batch sizes, conservation, and that corrupt results fail verification.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <vector>

#include <catch2/catch.hpp>

#include "kernels/native/billiards/event_queue.hpp"
#include "kernels/native/billiards/physics.hpp"
#include "kernels/native/billiards/simulation.hpp"
#include "kernels/native/billiards/verify.hpp"
#include "kernels/native/counter_rng.hpp"
#include "kernels/native/registry.hpp"
#include "runtime/runtime.hpp"
#include "tests/unit/kernels/kernel_runs.hpp"

using namespace scalerun;
using namespace scalerun::kernels::billiards;
using runtime::Runtime;

namespace {

struct Run {
  Outcome outcome;
  runtime::RunStats stats;
};

Run run_parallel(const Box& box, const std::vector<Ball>& start, std::uint64_t steps, std::size_t batch, int p) {
  Runtime rt(p);
  Run r;
  r.outcome = simulate_parallel(box, start, steps, batch, rt);
  r.stats = rt.finish();
  return r;
}

double energy(const std::vector<Ball>& balls) {
  double e = 0;
  for (const Ball& b : balls) e += 0.5 * b.m * b.v * b.v;
  return e;
}

}  // namespace

TEST_CASE("billiards: two balls collide as the elastic formulas say", "[billiards]") {
  const Box box{10, 1};
  const Ball a{2, 1.5, 0, 1}, b{6, -0.5, 0, 3};
  // First event: the balls close their free space, b.x - a.x - d, at their relative speed.
  const double t1 = (b.x - a.x - box.diameter) / (a.v - b.v);
  const double va = ((a.m - b.m) * a.v + 2 * b.m * b.v) / (a.m + b.m);
  const double vb = ((b.m - a.m) * b.v + 2 * a.m * a.v) / (a.m + b.m);
  const double xa = a.x + a.v * t1, xb = b.x + b.v * t1;
  // Second: a, now moving left, reaches the left wall (its centre at d/2) and bounces back.
  REQUIRE(va < 0);
  const double t2 = t1 + (xa - box.diameter / 2) / -va;
  REQUIRE(t2 < t1 + (box.length - box.diameter / 2 - xb) / vb);  // before b reaches the right wall

  const std::vector<Ball> start{a, b};
  for (int p : {1, 2}) {
    const Outcome one = run_parallel(box, start, 1, 1, p).outcome;
    REQUIRE(one.events == 1);
    CHECK(one.end_time == Approx(t1).epsilon(1e-14));
    CHECK(one.balls[0].x == Approx(xa).epsilon(1e-14));
    CHECK(one.balls[1].x == Approx(xb).epsilon(1e-14));
    CHECK(one.balls[0].v == Approx(va).epsilon(1e-14));
    CHECK(one.balls[1].v == Approx(vb).epsilon(1e-14));
    CHECK(one.balls[1].x - one.balls[0].x == Approx(box.diameter).epsilon(1e-14));  // touching
    CHECK(a.m * va + b.m * vb == Approx(a.m * a.v + b.m * b.v).epsilon(1e-14));
    CHECK(energy(one.balls) == Approx(energy(start)).epsilon(1e-14));

    const Outcome two = run_parallel(box, start, 2, 1, p).outcome;
    REQUIRE(two.events == 2);
    CHECK(two.end_time == Approx(t2).epsilon(1e-14));
    CHECK(two.balls[0].x == Approx(box.diameter / 2).epsilon(1e-14));
    CHECK(two.balls[0].v == Approx(-va).epsilon(1e-14));
    CHECK(two.wall_impulse == Approx(-2 * a.m * va).epsilon(1e-14));
    CHECK(two.balls[1].t == Approx(t1).epsilon(1e-14));  // b has not moved since the collision
  }
}

TEST_CASE("billiards: the binned queue returns events in the order of an ordered set", "[billiards]") {
  const std::size_t gaps = 2000;
  // A narrow window (16 bins of 0.01) over times up to 50: most events wait in the far list and
  // the window rolls over many times.
  EventQueue queue(gaps, 0.01, 16);
  std::set<EventKey> model;
  std::vector<double> at(gaps, kNever);
  auto set_time = [&](std::uint32_t g, double t) {
    queue.reschedule(g, t);
    if (at[g] != kNever) model.erase(EventKey{at[g], g});
    at[g] = t;
    if (t != kNever) model.insert(EventKey{t, g});
  };
  for (std::uint32_t g = 0; g < gaps; ++g) {
    // Some share a time exactly, so the gap breaks the tie.
    set_time(g, std::floor(50 * kernels::unit_double(kernels::counter_random(3, g)) * 64) / 64);
  }
  double now = 0;
  std::uint64_t draw = 0;
  std::size_t rounds = 0;
  std::vector<EventKey> taken;
  while (!model.empty()) {
    taken.clear();
    const std::size_t want = 1 + rounds % 9;
    queue.earliest(want, taken);
    REQUIRE(!taken.empty());
    REQUIRE(taken.size() <= want);
    auto expected = model.begin();
    for (const EventKey& e : taken) {
      REQUIRE(expected != model.end());
      CHECK(e.time == expected->time);
      CHECK(e.gap == expected->gap);
      ++expected;
    }
    // Execute the first; move a later one further on (not before the executed time).
    now = taken.front().time;
    set_time(taken.front().gap, kNever);
    if (taken.size() > 1) {
      const double later = now + 3 * kernels::unit_double(kernels::counter_random(4, draw++));
      set_time(taken.back().gap, rounds % 5 == 0 ? kNever : later);
    }
    ++rounds;
  }
  taken.clear();
  CHECK(queue.earliest(5, taken) == 0);
  CHECK(rounds >= gaps / 2);
}

TEST_CASE("billiards: the parallel loop ends in the serial reference's state for p = 1, 2, 4", "[billiards]") {
  struct Case {
    std::size_t balls;
    std::uint64_t steps, masses;
  };
  for (const Case& c : {Case{1, 40, 1}, Case{2, 200, 2}, Case{13, 3000, 1}, Case{300, 5000, 1}, Case{300, 5000, 4}}) {
    const Box box = box_for(c.balls);
    const std::vector<Ball> start = initial_balls(c.balls, 11, c.masses);
    const Outcome reference = simulate_serial(box, start, c.steps);
    REQUIRE(reference.events == c.steps);
    for (std::size_t batch : {std::size_t{1}, std::size_t{5}, std::size_t{64}}) {
      for (int p : {1, 2, 4}) {
        const Run run = run_parallel(box, start, c.steps, batch, p);
        const auto result = verify_run(box, start, run.outcome, reference);
        INFO("balls " << c.balls << " masses " << c.masses << " batch " << batch << " p " << p << ": " << result.message);
        CHECK(result.verified);
        CHECK(run.outcome.events == c.steps);
      }
    }
  }
}

TEST_CASE("billiards: many events run per step when the balls are many", "[billiards]") {
  // With 2000 balls and 64 candidates per worker most steps execute dozens of events, so the
  // identity with the reference covers real parallel steps, not one event at a time.
  const Box box = box_for(2000);
  const std::vector<Ball> start = initial_balls(2000, 5, 1);
  const std::uint64_t steps = 20000;
  const Outcome reference = simulate_serial(box, start, steps);
  const Run run = run_parallel(box, start, steps, 64, 2);
  CHECK(verify_run(box, start, run.outcome, reference).verified);
  // Two barriers to start, two per step and two per roll-over of the queue's window: counting
  // them all as steps underestimates the events per step.
  const double per_step = static_cast<double>(steps) / (static_cast<double>(run.stats.barriers - 2) / 2);
  INFO("mean events per step " << per_step);
  CHECK(per_step > 10);
}

TEST_CASE("billiards: simultaneous collisions run left to right in every order of execution", "[billiards]") {
  // Equal masses on a lattice, neighbours moving towards each other at unit speed: every second
  // pair meets at t = 1/4, the pairs between them at t = 1/2, and so on, all at the same times.
  const std::size_t n = 64;
  const Box box = box_for(n);
  std::vector<Ball> start = initial_balls(n, 1, 1);
  for (std::size_t i = 0; i < n; ++i) start[i].v = i % 2 == 0 ? 1.0 : -1.0;
  const Outcome reference = simulate_serial(box, start, 5000);
  std::size_t at_quarter = 0;
  for (std::size_t i = 0; i < n; ++i) at_quarter += simulate_serial(box, start, i + 1).end_time == 0.25 ? 1 : 0;
  CHECK(at_quarter == n / 2);  // the first n/2 events are the simultaneous ones
  for (std::size_t batch : {std::size_t{1}, std::size_t{3}, std::size_t{40}}) {
    for (int p : {1, 2, 4}) {
      const Run run = run_parallel(box, start, 5000, batch, p);
      const auto result = verify_run(box, start, run.outcome, reference);
      INFO("batch " << batch << " p " << p << ": " << result.message);
      CHECK(result.verified);
    }
  }
}

TEST_CASE("billiards: the candidate window may hold every event", "[billiards]") {
  // batch >= gaps: all events are candidates every step, so overlaps and early re-collisions
  // cut almost every step short; the result must still be the serial one.
  const std::size_t n = 24;
  const Box box = box_for(n);
  const std::vector<Ball> start = initial_balls(n, 8, 3);
  const Outcome reference = simulate_serial(box, start, 4000);
  for (int p : {1, 2, 4}) {
    const Run run = run_parallel(box, start, 4000, n + 1, p);
    CHECK(verify_run(box, start, run.outcome, reference).verified);
  }
}

TEST_CASE("billiards: energy is conserved; equal masses keep their speeds exactly", "[billiards]") {
  for (std::uint64_t masses : {1, 5}) {
    const std::size_t n = 400;
    const Box box = box_for(n);
    const std::vector<Ball> start = initial_balls(n, 21, masses);
    const Run run = run_parallel(box, start, 40000, 16, 2);
    const double e0 = energy(start), e1 = energy(run.outcome.balls);
    CHECK(std::abs(e1 - e0) <= 1e-12 * e0);
    if (masses == 1) {  // collisions swap velocities and walls negate them: the speeds are permuted
      std::vector<double> before, after;
      for (const Ball& b : start) before.push_back(std::abs(b.v));
      for (const Ball& b : run.outcome.balls) after.push_back(std::abs(b.v));
      std::sort(before.begin(), before.end());
      std::sort(after.begin(), after.end());
      CHECK(before == after);
    }
  }
}

TEST_CASE("billiards: a corrupted result fails verification", "[billiards]") {
  const std::size_t n = 200;
  const Box box = box_for(n);
  const std::vector<Ball> start = initial_balls(n, 2, 3);
  const Outcome reference = simulate_serial(box, start, 10000);
  Outcome run = run_parallel(box, start, 10000, 8, 2).outcome;
  REQUIRE(verify_run(box, start, run, reference).verified);
  SECTION("one velocity off in its last bit") {
    run.balls[77].v = std::nextafter(run.balls[77].v, 2.0);
    const auto r = verify_run(box, start, run, reference);
    CHECK_FALSE(r.verified);
    CHECK_THAT(r.message, Catch::Contains("first ball 77"));
  }
  SECTION("one event short") {
    const Outcome shorter = run_parallel(box, start, 9999, 8, 2).outcome;
    CHECK_FALSE(verify_run(box, start, shorter, reference).verified);
  }
  SECTION("the same energy error in the run and the reference") {
    for (Ball& b : run.balls) b.v *= 1.001;
    CHECK_FALSE(verify_run(box, start, run, run).verified);
  }
  SECTION("the same momentum error in the run and the reference") {
    run.wall_impulse += 1e-3;
    CHECK_FALSE(verify_run(box, start, run, run).verified);
  }
  SECTION("two balls passed through each other in the run and the reference") {
    std::swap(run.balls[10].x, run.balls[11].x);
    std::swap(run.balls[10].t, run.balls[11].t);
    CHECK_FALSE(verify_run(box, start, run, run).verified);
  }
  SECTION("a NaN") {
    run.balls[0].x = std::nan("");
    CHECK_FALSE(verify_run(box, start, run, run).verified);
  }
}

TEST_CASE("billiards: the native kernel follows kernels/billiards.lua", "[billiards]") {
  const auto& k = kernels::kernel("billiards");
  CHECK(k.work({{"balls", 300}, {"steps", 7000}}) == 7300);
  CHECK(k.work({}) == 5000 + 20000);  // the defaults of the Lua description
  CHECK(k.memory({{"balls", 1000}}) == 1000 * bytes_per_ball());
  CHECK(k.work({{"balls", 10}, {"steps", 10}, {"t_event", 3e-4}, {"C", 960}}) == 20);  // model-only entries
  CHECK_THROWS_AS(k.work({{"balls", 0}}), std::invalid_argument);
  CHECK_THROWS_AS(k.work({{"steps", 1.5}}), std::invalid_argument);
  test::check_kernel_runs("billiards", {{"balls", 500}, {"steps", 6000}, {"batch", 4}, {"masses", 2}}, {1, 2, 4},
                          [](const runtime::RunStats& s, int) {
                            CHECK(s.spmd_regions == 1);
                            CHECK(s.barriers > 3);
                          });
}

TEST_CASE("billiards: balls that do not fit are refused", "[billiards]") {
  Runtime rt(1);
  const std::vector<Ball> start = initial_balls(10, 1, 1);
  CHECK_THROWS_AS(simulate_parallel(Box{5, 0.5}, start, 10, 1, rt), std::invalid_argument);
  CHECK_THROWS_AS(simulate_parallel(box_for(10), start, 10, 0, rt), std::invalid_argument);
}
