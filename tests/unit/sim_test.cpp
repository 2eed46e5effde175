// The discrete-event engine of simulate mode (engine/sim/): message timing against the formula,
// collectives, determinism, errors, the SPASM overhead separation, and the overhead fits.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "errors/errors.hpp"
#include "lua/state.hpp"
#include "lua/network_reader.hpp"
#include "network/network_spec.hpp"
#include "script_fixture.hpp"
#include "sim_fixture.hpp"
#include "sim/collectives.hpp"
#include "lua/sim_programs.hpp"
#include "sim/separation.hpp"
#include "sim/simulator.hpp"

namespace {

using namespace scalerun;
using sim::RunResult;
using testing::FormulaNetwork;
using testing::ProgramRunner;
using testing::error_of_run;
using testing::same_stats;

}  // namespace

TEST_CASE("a ping-pong takes the formula's time: overheads + latency + bytes/bandwidth", "[sim]") {
  const double o = 50e-6, alpha = 20e-6, bandwidth = 2e6, bytes = 4000;
  const int rounds = 10;
  ProgramRunner runner;
  FormulaNetwork net(2, alpha, bandwidth, true);
  const RunResult r = runner.run(R"(
    for i = 1, 10 do
      if ctx.rank == 0 then ctx:send(1, 4000, 1); ctx:recv(1, 1)
      else ctx:recv(0, 1); ctx:send(0, 4000, 1) end
    end)", 2, net, o);
  const double one_way = o + alpha + bytes / bandwidth + o;
  CHECK(r.makespan == Approx(2 * rounds * one_way));
  CHECK(r.messages == 2 * rounds);
  // Processor 1 waits for each ping from the moment it posts its receive: the sender's overhead
  // is skew (wait), the flight is latency, and an idle medium adds no contention.
  const sim::ProcessorStats& pong = r.procs[1];
  CHECK(pong.network_latency == Approx(rounds * (alpha + bytes / bandwidth)));
  CHECK(pong.network_contention == 0);
  CHECK(pong.contention_seen == 0);
  CHECK(pong.software() == Approx(2 * rounds * o));
  CHECK(pong.blocked() == Approx(pong.finish - pong.software()));
}

TEST_CASE("on the ideal network a program sees no latency and no contention", "[sim]") {
  ProgramRunner runner;
  const int p = 8;
  auto net = network::make_ideal_network(p);
  const RunResult r = runner.run(R"(
    ctx:compute(1000 * (ctx.rank + 1))
    ctx:send((ctx.rank + 1) % ctx.size, 1e6)
    ctx:recv(ctx.any)
    ctx:allreduce(8, 1)
    ctx:alltoall(1e5))", p, *net, 0.0);
  for (const auto& s : r.procs) {
    CHECK(s.network_latency == 0);
    CHECK(s.network_contention == 0);
    CHECK(s.latency_seen == 0);
    CHECK(s.contention_seen == 0);
  }
  // Everyone leaves the allreduce when the slowest processor enters it.
  CHECK(r.makespan == Approx(1000.0 * p / 1e6));
}

TEST_CASE("two runs of one program give identical results", "[sim]") {
  const std::string body = R"(
    for i = 1, 5 do
      ctx:compute(100 * ((ctx.rank * 7 + i) % 5))
      if ctx.rank == 0 then
        for j = 1, ctx.size - 1 do ctx:recv(ctx.any, "partial") end
      else
        ctx:send(0, 100 * ctx.rank, "partial", ctx.rank)
      end
      ctx:broadcast(64, 0, i)
      ctx:allgather(32)
    end)";
  ProgramRunner runner;
  FormulaNetwork a(12, 1e-6, 1e6, true), b(12, 1e-6, 1e6, true);
  const RunResult first = runner.run(body, 12, a, 1e-5);
  const RunResult second = runner.run(body, 12, b, 1e-5);
  REQUIRE(first.procs.size() == second.procs.size());
  CHECK(first.makespan == second.makespan);
  CHECK(first.events == second.events);
  for (std::size_t i = 0; i < first.procs.size(); ++i) CHECK(same_stats(first.procs[i], second.procs[i]));
}

TEST_CASE("a deadlock names the processors and what each waits for", "[sim]") {
  const std::string message = error_of_run(R"(
    if ctx.rank == 0 then ctx:recv(1, 7)
    elseif ctx.rank == 1 then ctx:recv(0, "halo")
    else ctx:barrier() end)", 4);
  CHECK_THAT(message, Catch::StartsWith("prog.lua:3: deadlock at t = "));
  CHECK_THAT(message, Catch::Contains("processor 0 waits in recv(src=1, tag=7) at prog.lua:3"));
  CHECK_THAT(message, Catch::Contains("processor 1 waits in recv(src=0, tag=\"halo\") at prog.lua:4"));
  CHECK_THAT(message, Catch::Contains("processor 3 waits in barrier"));
}

TEST_CASE("a deadlock among many processors lists some and counts the rest", "[sim]") {
  const std::string message = error_of_run("ctx:recv(ctx.any)", 20);
  CHECK_THAT(message, Catch::Contains("processor 7 waits in recv(src=any, tag=any)"));
  CHECK_THAT(message, !Catch::Contains("processor 8 waits"));
  CHECK_THAT(message, Catch::Contains("and 12 more"));
}

TEST_CASE("a message to a processor that does not exist is an error at the program's line", "[sim]") {
  CHECK(error_of_run("\n ctx:send(ctx.rank + 1, 8)", 4) ==
        "prog.lua:3: send to processor 4, but the machine has 4 processors (0..3) (in the program of processor 3)");
  CHECK_THAT(error_of_run("ctx:recv(-3)", 2), Catch::Contains("receive from processor -3, but the machine has 2"));
  CHECK_THAT(error_of_run("ctx:send(0, 8, {})", 2), Catch::Contains("a message tag is a whole number or a string"));
  CHECK_THAT(error_of_run("ctx.send(0, 8)", 2), Catch::Contains("ctx:send(...)"));
  CHECK_THAT(error_of_run("error('boom')", 2), Catch::StartsWith("prog.lua:2: boom"));
}

TEST_CASE("allreduce sums exactly and takes log2 p rounds", "[sim]") {
  const double o = 10e-6, alpha = 5e-6, bandwidth = 1e6, bytes = 800;
  const double round = 2 * o + alpha + bytes / bandwidth;
  for (int p : {1, 2, 6, 8, 13, 16}) {
    ProgramRunner runner;
    FormulaNetwork net(p, alpha, bandwidth, false);
    const RunResult r = runner.run(R"(
      local s = ctx:allreduce(800, ctx.rank + 1)
      if s ~= ctx.size * (ctx.size + 1) / 2 then error("allreduce gave " .. tostring(s)) end
      local r0 = ctx:reduce(8, ctx.size - 1, 2)
      if ctx.rank == ctx.size - 1 and r0 ~= 2 * ctx.size then error("reduce gave " .. tostring(r0)) end
      if ctx.rank ~= ctx.size - 1 and r0 ~= nil then error("reduce left a value off the root") end
      local b = ctx:broadcast(8, ctx.size // 2, ctx.rank == ctx.size // 2 and 42 or nil)
      if b ~= 42 then error("broadcast gave " .. tostring(b)) end)", p, net, o);
    INFO("p = " << p);
    CHECK(r.procs.size() == static_cast<std::size_t>(p));
  }
  for (int p : {2, 4, 8, 16, 32}) {
    ProgramRunner runner;
    FormulaNetwork net(p, alpha, bandwidth, false);
    const RunResult r = runner.run("ctx:allreduce(800, 1)", p, net, o);
    INFO("p = " << p);
    CHECK(r.makespan == Approx(std::log2(p) * round));
  }
  // Not a power of two: processors 4 and 5 fold into 0 and 1 (a round), 0 and 1 exchange (a
  // round); 2 and 3 skipped the fold, so 2's partial is already waiting when 0 gets to it (0 pays
  // only its two overheads); then 0 hands the result back to 4 (a round).
  ProgramRunner runner;
  FormulaNetwork net(6, alpha, bandwidth, false);
  CHECK(runner.run("ctx:allreduce(800, 1)", 6, net, o).makespan == Approx(3 * round + 2 * o));
}

TEST_CASE("every collective schedule pairs each send with a receive of the same tag", "[sim]") {
  using sim::CollectiveKind;
  for (CollectiveKind kind : {CollectiveKind::Barrier, CollectiveKind::Broadcast, CollectiveKind::Reduce,
                              CollectiveKind::Allreduce, CollectiveKind::Allgather, CollectiveKind::Alltoall}) {
    for (int p = 1; p <= 33; ++p) {
      const sim::CollectiveCall call{kind, p / 3, 8};
      std::map<std::tuple<int, int, int>, int> in_flight;  // (from, to, tag) -> sends minus receives
      long sends = 0;
      for (int rank = 0; rank < p; ++rank) {
        for (int i = 0;; ++i) {
          const sim::CollectiveOp op = sim::collective_op(call, rank, p, i);
          if (op.kind == sim::CollectiveOp::Kind::End) break;
          REQUIRE(op.peer >= 0);
          REQUIRE(op.peer < p);
          REQUIRE(op.peer != rank);
          if (op.kind == sim::CollectiveOp::Kind::Send) {
            ++in_flight[{rank, op.peer, op.tag}];
            ++sends;
          } else {
            --in_flight[{op.peer, rank, op.tag}];
          }
        }
      }
      INFO(sim::collective_name(kind) << " on p = " << p);
      for (const auto& [key, balance] : in_flight) CHECK(balance == 0);
      if (kind == CollectiveKind::Alltoall) CHECK(sends == static_cast<long>(p) * (p - 1));
      if (kind == CollectiveKind::Broadcast || kind == CollectiveKind::Reduce) CHECK(sends == p - 1);
    }
  }
}

TEST_CASE("messages between two processors are received in the order they were sent", "[sim]") {
  // Without contention a small message sent second would arrive before a large one sent first.
  ProgramRunner runner;
  FormulaNetwork net(2, 0, 1e3, false);
  const RunResult r = runner.run(R"(
    if ctx.rank == 0 then
      ctx:send(1, 1e4, 5, 1)
      ctx:send(1, 1, 5, 2)
    else
      local pending = ctx:irecv(0, 6)
      local a = ctx:recv(0, 5)
      local b = ctx:recv(ctx.any, 5)
      if a ~= 1 or b ~= 2 then error(string.format("received %s then %s", a, b)) end
      ctx:waitall({ ctx:isend(0, 8, 0, 4), pending })
      local c, from = ctx:wait(ctx:irecv(ctx.any, "last"))
      if c ~= 3 or from ~= 0 then error("wait gave " .. tostring(c) .. " from " .. tostring(from)) end
    end
    if ctx.rank == 0 then
      ctx:send(1, 8, 6)
      if ctx:recv(1) ~= 4 then error("isend lost its value") end
      ctx:send(1, 8, "last", 3)
    end)", 2, net, 0);
  CHECK(r.procs[1].received == 4);
  CHECK(r.unreceived == 0);
}

TEST_CASE("computation hides part of a message's latency", "[sim]") {
  const double alpha = 1e-3;
  ProgramRunner runner;
  FormulaNetwork net(2, alpha, 1e9, false);
  const RunResult r = runner.run(R"(
    if ctx.rank == 0 then ctx:send(1, 0)
    else ctx:compute(0.5e-3 * 1e6); ctx:recv(0) end)", 2, net, 0);
  const sim::ProcessorStats& s = r.procs[1];
  CHECK(s.wait == 0);
  CHECK(s.latency_seen == Approx(0.5e-3));      // half the flight was hidden by computation
  CHECK(s.network_latency == Approx(alpha));
  CHECK(r.makespan == Approx(alpha));
}

TEST_CASE("contention on a shared medium shows as contention, not latency", "[sim]") {
  const double alpha = 1e-3;
  const int p = 5;
  ProgramRunner runner;
  FormulaNetwork net(p, alpha, 1e9, true);
  const RunResult r = runner.run(R"(
    if ctx.rank == 0 then for i = 1, ctx.size - 1 do ctx:recv(ctx.any) end
    else ctx:send(0, 0) end)", p, net, 0);
  // Four messages enter at t = 0 and the medium carries them one after another.
  const sim::ProcessorStats& s = r.procs[0];
  CHECK(r.makespan == Approx((p - 1) * alpha));
  CHECK(s.network_contention == Approx(alpha * (0 + 1 + 2 + 3)));
  CHECK(s.latency_seen + s.contention_seen == Approx((p - 1) * alpha));
  CHECK(s.latency_seen == Approx(alpha));
}

TEST_CASE("the three runs separate a known work imbalance and a marked serial part", "[sim]") {
  // Rank 0 gets two shares of W, the others one: T(1) = W/s, T_ideal(p) = 2 W/((p+1) s).
  const double w = 1e6, speed = 1e6, serial_ops = 2e5;
  const std::string script = R"(
    local m = machine { name = "bus", speed = 1e6,
                        network = { kind = "bus", bandwidth = 1e6, latency = 1e-5, overhead = 1e-4 } }
    local k = kernel { name = "uneven", params = { w = 1e6, s = 0 }, program = function(ctx, k)
      local share = k.w / (ctx.size + 1)
      ctx:compute(ctx.rank == 0 and 2 * share or share)
      if ctx.rank == 0 then ctx:serial(k.s) end
      ctx:barrier()
    end }
    experiment { name = "plain", machine = m, kernel = k, procs = { 1, 2, 4, 8 }, mode = "simulate",
                 report = { "speedup", "overhead", "wait", "links", "overhead_functions" } }
    experiment { name = "serial", machine = m, kernel = k { s = 2e5 }, procs = { 1, 4 }, mode = "simulate",
                 report = { "overhead" } }
  )";
  const lua::RunOutcome out = testing::run_source(script);
  const report::Table& overhead = testing::table_of(out, "plain", "overhead");
  const report::Table& wait = testing::table_of(out, "plain", "wait");
  const report::Table& speedup = testing::table_of(out, "plain", "speedup");
  const std::vector<double> procs = {1, 2, 4, 8};
  for (std::size_t row = 0; row < procs.size(); ++row) {
    const double p = procs[row];
    const double share = w / (p + 1) / speed;
    const double expected = 2 * share - (w / speed) / p;
    INFO("p = " << p);
    CHECK(testing::number_at(overhead, row, "imbalance") == Approx(expected).margin(1e-12));
    CHECK(testing::number_at(overhead, row, "serial") == Approx(0).margin(1e-12));
    CHECK(testing::number_at(speedup, row, "T_ideal") == Approx(2 * share));
    // On the ideal machine everyone but rank 0 waits one share in the barrier.
    CHECK(testing::number_at(wait, row, "W_imbalance") == Approx((p - 1) / p * share).margin(1e-12));
    CHECK(testing::number_at(speedup, row, "T") >= testing::number_at(speedup, row, "T_cf"));
    CHECK(testing::number_at(speedup, row, "T_cf") >= testing::number_at(speedup, row, "T_ideal"));
  }
  const report::Table& serial = testing::table_of(out, "serial", "overhead");
  CHECK(testing::number_at(serial, 1, "serial") == Approx(serial_ops / speed * (1 - 1.0 / 4)));
  CHECK(testing::number_at(serial, 1, "imbalance") == Approx(2 * w / 5 / speed - w / speed / 4));
  CHECK(testing::number_at(serial, 1, "algorithmic") ==
        Approx(testing::number_at(serial, 1, "serial") + testing::number_at(serial, 1, "imbalance")));
}

TEST_CASE("processors of a machine of node groups run at their group's speed", "[sim]") {
  const lua::RunOutcome out = testing::run_source(R"(
    local m = machine { name = "mixed", network = { kind = "ideal" },
                        groups = { { name = "slow", count = 2, speed = 1e6 }, { name = "fast", count = 2, speed = 4e6 } } }
    local k = kernel { name = "even", program = function(ctx, k)
      ctx:compute(1e6)
      local expected = ctx.rank < 2 and 0.5 or 0.125
      if math.abs(ctx:now() - expected) > 1e-12 then error("rank " .. ctx.rank .. " at " .. ctx:now()) end
    end }
    experiment { name = "mixed", machine = m, kernel = k, procs = { 4 }, mode = "simulate", speed_factor = 2 }
  )");
  // speed_factor = 2 halves every time, the slowest group's included.
  (void)out;
  CHECK_THAT(testing::error_of(R"(
    local m = machine { name = "mixed", network = { kind = "ideal" },
                        groups = { { name = "slow", count = 2, speed = 1e6 } } }
    local k = kernel { name = "even", program = function(ctx, k) ctx:compute(1) end }
    experiment { name = "mixed", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }
  )"), Catch::Contains("has 2 nodes in its groups, too few for p = 4"));
}

TEST_CASE("simulate mode reports errors of the experiment in one line", "[sim]") {
  const std::string machine = R"(local m = machine { name = "b", speed = 1, network = { kind = "bus", bandwidth = 1 } })";
  CHECK_THAT(testing::error_of(machine + R"(
    experiment { name = "x", machine = m, kernel = kernel { name = "k" }, procs = { 2 }, mode = "simulate" })"),
             Catch::Contains("kernel 'k' has no program = function(ctx, k) ... end"));
  CHECK_THAT(testing::error_of(machine + R"(
    experiment { name = "x", machine = m, kernel = kernel { name = "k", program = function() end }, procs = { 2 },
                 mode = "simulate", report = { "psi" } })"),
             Catch::Contains("'psi' is not a simulate-mode report"));
  CHECK_THAT(testing::error_of(machine + R"(
    experiment { name = "x", machine = m, kernel = kernel { name = "k", program = function() end }, procs = { 2 },
                 mode = "simulate", speed_factor = 0 })"),
             Catch::Contains("field 'speed_factor'"));
}

TEST_CASE("separation: rounding dust prints as zero, real differences stay", "[sim]") {
  // Waits that are equal but summed in another order differ by a few ulps of the run's length.
  auto run_with_wait = [](double wait) {
    sim::RunResult r;
    r.processors = 2;
    r.makespan = 10;
    r.procs.resize(2);
    for (auto& proc : r.procs) proc.wait = wait;
    return r;
  };
  const double w = 0.1;
  const double ulps = std::nextafter(std::nextafter(w, 1.0), 1.0);  // w plus two ulps
  const sim::Separation dust = sim::separate(run_with_wait(w), run_with_wait(w), run_with_wait(ulps), 20);
  CHECK(ulps - w > 0);
  CHECK(dust.w_contention == 0);
  CHECK(dust.w_latency == 0);
  // A millisecond in a 10 s run is a result, not rounding.
  const sim::Separation real = sim::separate(run_with_wait(w), run_with_wait(w), run_with_wait(w + 1e-3), 20);
  CHECK(real.w_contention == Approx(1e-3));
}

TEST_CASE("ctx:speed gives every processor's speed, as ctx:compute uses it", "[sim]") {
  // Two groups of nodes and a speed factor: ranks 0-1 the slow group's speeds, 2-4 the fast one's,
  // all times 3. Each processor checks every rank and computes its own speed's worth of work,
  // which must take exactly one simulated second.
  const double slow0 = 1e6, slow1 = 1.5e6, fast = 4e6, factor = 3;
  const std::string script = fmt::format(R"(
    local m = machine {{ name = "mixed", network = {{ kind = "ideal" }},
      groups = {{ {{ name = "slow", count = 2, speeds = {{ {}, {} }} }}, {{ name = "fast", count = 3, speed = {} }} }} }}
    local k = kernel {{ name = "speeds", params = {{ factor = {} }}, program = function(ctx, k)
      local expected = {{ {}, {}, {}, {}, {} }}
      for r = 0, ctx.size - 1 do
        if ctx:speed(r) ~= expected[r + 1] * k.factor then error("speed of " .. r .. ": " .. ctx:speed(r)) end
      end
      if ctx:speed() ~= ctx:speed(ctx.rank) then error("ctx:speed() is not this processor's") end
      ctx:compute(ctx:speed())
      if ctx:now() ~= 1 then error("rank " .. ctx.rank .. " computed its speed in " .. ctx:now() .. " s") end
    end }}
    experiment {{ name = "speeds", machine = m, kernel = k, procs = {{ 5 }}, mode = "simulate", speed_factor = {} }}
  )", slow0, slow1, fast, factor, slow0, slow1, fast, fast, fast, factor);
  const lua::RunOutcome out = testing::run_source(script);
  CHECK(testing::number_at(testing::table_of(out, "speeds", "speedup"), 0, "T") == Approx(1));

  CHECK_THAT(error_of_run("ctx:speed(ctx.size)", 4),
             Catch::Contains("ask the speed of processor 4, but the machine has 4 processors (0..3)"));
  CHECK_THAT(error_of_run("ctx.speed(0)", 2), Catch::Contains("call ctx methods with a colon: ctx:speed(...)"));
}

TEST_CASE("a kernel's model beside a simulation on a machine of node groups sees the simulated nodes", "[sim]") {
  // The program splits W in proportion to the processors' speeds, so on the ideal machine every
  // processor finishes at W / (sum of the speeds); the model says the same through
  // m:marked_speed(p), which on a machine of node groups must be the p simulated nodes' sum.
  const double w = 6e6, a = 1e6, b = 3e6, factor = 2;
  const std::string script = fmt::format(R"(
    local m = machine {{ name = "mixed", network = {{ kind = "ideal" }},
      groups = {{ {{ name = "a", count = 2, speed = {} }}, {{ name = "b", count = 2, speed = {} }} }} }}
    local k = kernel {{ name = "shares", params = {{ W = {} }},
      model = function(k, p, m) return {{ compute = k.W / m:marked_speed(p) }} end,
      program = function(ctx, k)
        local total = 0
        for r = 0, ctx.size - 1 do total = total + ctx:speed(r) end
        ctx:compute(k.W * ctx:speed() / total)
      end }}
    experiment {{ name = "whole", machine = m, kernel = k, procs = {{ 1, 2, 3, 4 }}, mode = "simulate",
                  speed_factor = {} }}
    -- A machine set holds the nodes of its composition: here one of each group.
    local sets = machine_sets {{ machine = m, start = {{ a = 1, b = 1 }}, max_sets = 1 }}
    experiment {{ name = "set", machine = sets[1], kernel = k, procs = {{ 2 }}, mode = "simulate" }}
  )", a, b, w, factor);
  const lua::RunOutcome out = testing::run_source(script);
  const report::Table& whole = testing::table_of(out, "whole", "speedup");
  const std::vector<double> node_speeds = {a, a, b, b};
  for (std::size_t row = 0; row < node_speeds.size(); ++row) {
    double marked = 0;
    for (std::size_t i = 0; i <= row; ++i) marked += factor * node_speeds[i];
    CHECK(testing::number_at(whole, row, "model") == Approx(w / marked));
    CHECK(testing::number_at(whole, row, "T_ideal") == Approx(w / marked));
  }
  const report::Table& set = testing::table_of(out, "set", "speedup");
  CHECK(testing::number_at(set, 0, "model") == Approx(w / (a + b)));
  CHECK(testing::number_at(set, 0, "T_ideal") == Approx(w / (a + b)));
}

TEST_CASE("a model that cannot be evaluated beside a simulation leaves a note, not a silent gap", "[sim]") {
  const lua::RunOutcome out = testing::run_source(R"(
    local m = machine { name = "plain", speed = 1e6, network = { kind = "ideal" } }
    local k = kernel { name = "broken", model = function(k, p, m) return { compute = m.no_such_field * p } end,
                       program = function(ctx, k) ctx:compute(1) end }
    experiment { name = "broken", machine = m, kernel = k, procs = { 1, 2 }, mode = "simulate" }
  )");
  const report::Table& t = testing::table_of(out, "broken", "speedup");
  CHECK(std::none_of(t.columns.begin(), t.columns.end(), [](const auto& c) { return c.name == "model"; }));
  CHECK(std::any_of(t.notes.begin(), t.notes.end(), [](const std::string& n) {
    return n.find("no model column from p = 1 on: the kernel's model could not be evaluated") != std::string::npos;
  }));

  // On a machine of node groups the model is bound per point: one that fails from p = 4 on keeps
  // its values before and says where it stopped.
  const lua::RunOutcome later = testing::run_source(R"(
    local m = machine { name = "mixed", network = { kind = "ideal" },
                        groups = { { name = "a", count = 2, speed = 1e6 }, { name = "b", count = 2, speed = 2e6 } } }
    local k = kernel { name = "small", model = function(k, p, m)
                         if m.procs > 2 then error("only up to 2 nodes") end
                         return { compute = 1 / m:marked_speed(p) }
                       end,
                       program = function(ctx, k) ctx:compute(1 / ctx.size) end }
    experiment { name = "later", machine = m, kernel = k, procs = { 1, 2, 4 }, mode = "simulate" }
  )");
  const report::Table& l = testing::table_of(later, "later", "speedup");
  CHECK(testing::number_at(l, 1, "model") == Approx(1 / 2e6));
  const auto model_column = static_cast<std::size_t>(
      std::find_if(l.columns.begin(), l.columns.end(), [](const auto& c) { return c.name == "model"; }) - l.columns.begin());
  REQUIRE(model_column < l.columns.size());
  CHECK(std::holds_alternative<std::monostate>(l.rows.at(2).at(model_column)));
  CHECK(std::any_of(l.notes.begin(), l.notes.end(), [](const std::string& n) {
    return n.find("no model column from p = 4 on") != std::string::npos && n.find("only up to 2 nodes") != std::string::npos;
  }));
}

TEST_CASE("the separation of three runs follows the SPASM definitions", "[sim]") {
  auto run = [](std::vector<double> waits, double makespan) {
    RunResult r;
    r.processors = static_cast<int>(waits.size());
    r.makespan = makespan;
    for (double w : waits) {
      sim::ProcessorStats s;
      s.wait = w;
      s.compute = 1;
      r.procs.push_back(s);
    }
    return r;
  };
  const RunResult ideal = run({0.1, 0.3}, 2.0), cf = run({0.2, 0.4}, 2.5), real = run({0.5, 0.5}, 3.0);
  const sim::Separation s = sim::separate(ideal, cf, real, 3.0);
  CHECK(s.algorithmic == Approx(2.0 - 3.0 / 2));
  CHECK(s.w_imbalance == Approx(0.2));
  CHECK(s.w_latency == Approx(0.3 - 0.2));
  CHECK(s.w_contention == Approx(0.5 - 0.3));
  CHECK(s.w_imbalance + s.w_latency + s.w_contention == Approx(s.w_real));
}

TEST_CASE("machine{} accepts the network fields the simulate reader takes, and only for their kinds", "[sim]") {
  // Each network table goes through machine{} and straight through the reader: both must agree.
  const std::vector<std::string> networks = {
      "{ kind = 'hypercube', bandwidth = 1e6, switching = 'circuit', hop_latency = 1e-6 }",
      "{ kind = 'torus', bandwidth = 1e6, dims = { 4, 4 }, switching = 'store_and_forward' }",
      "{ kind = 'fattree', bandwidth = 1e6, arity = 4, growth = 2 }",
      "{ kind = 'bus', cycle = 150e-9, width = 8, overhead = 1e-4 }",
      "{ kind = 'ethernet', bandwidth = 1e6, capacity = 1e6 }",
      "{ kind = 'bus', bandwidth = 1e6, dims = { 2, 2 } }",
      "{ kind = 'hypercube', bandwidth = 1e6, cycle = 1e-7 }",
      "{ kind = 'mesh', bandwidth = 1e6, switching = 'wormhol' }",
      "{ kind = 'switched', bandwidth = 1e6, arity = 2 }",
  };
  for (const auto& net : networks) {
    INFO(net);
    const std::string made = testing::error_of("machine { name = 'm', speed = 1, network = " + net + " }");
    lua::State state;
    lua_State* L = state.get();
    lua::load_chunk(L, "return { name = 'm', network = " + net + " }", "@net.lua");
    lua::protected_call(L, 0, 1);
    std::string read = "(no error)";
    try {
      lua::read_machine_network(L, -1, "net.lua:1: ");
    } catch (const std::exception& e) {
      read = e.what();
    }
    CHECK((made == "(no error)") == (read == "(no error)"));
    if (read != "(no error)") {
      // The same message after the position.
      CHECK_THAT(made, Catch::EndsWith(read.substr(read.find(": ") + 2)));
    }
  }
  CHECK_THAT(testing::error_of("machine { name = 'm', network = { kind = 'bus', bandwidth = 1, dims = { 2 } } }"),
             Catch::Contains("field 'network.dims': applies to mesh and torus networks, not to a bus network"));
}

TEST_CASE("a ctx kept past its run, or another processor's, is refused with one line", "[sim]") {
  // Used after the run: the LuaPrograms that owned it is gone, in either runner.
  for (const bool scheduled : {false, true}) {
    testing::ProgramRunner runner;
    testing::FormulaNetwork net(2, 1e-6, 1e6, true);
    std::shared_ptr<const sim::ScheduleBook> book;
    if (scheduled) runner.run_scheduled("kept = kept or ctx; ctx:compute(1)", 2, net, 1e-5, book);
    else runner.run("kept = kept or ctx; ctx:compute(1)", 2, net, 1e-5);
    lua_State* L = runner.state.get();
    for (const char* use : {"kept:compute(1)", "kept:serial(1)", "kept:now()", "kept:speed()", "kept:send(0, 1)",
                            "kept:isend(0, 1)", "kept.compute(kept, 1)"}) {
      lua::load_chunk(L, use, "@after.lua");
      CHECK_THROWS_WITH(lua::protected_call(L, 0, 0), "after.lua:1: ctx used after its simulation ended");
    }
  }
  // Processor 1 with processor 0's ctx, in the coroutines (the recording stops at the same line).
  CHECK(testing::error_of_run("if ctx.rank == 0 then first = ctx else first:compute(1) end", 2) ==
        "prog.lua:2: ctx:compute: processor 0's ctx used in the program of processor 1 (each program uses the ctx it "
        "was given) (in the program of processor 1)");
}
