// Programs recorded ahead and replayed (sim/schedule.hpp, lua/sim_programs record_schedule): which
// programs are recorded, that a replay gives exactly the coroutines' run, and that SPMD programs
// share one list of operations whatever p is.

#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "sim_fixture.hpp"
#include "sim/schedule.hpp"

namespace {

using namespace scalerun;
using namespace scalerun::testing;
using sim::RunResult;

// Runs body both ways on fresh networks and requires the same results, to the last bit.
std::shared_ptr<const sim::ScheduleBook> require_same_runs(const std::string& body, int p) {
  ProgramRunner runner;
  FormulaNetwork a(p, 1e-6, 1e6, true), b(p, 1e-6, 1e6, true);
  const RunResult coroutines = runner.run(body, p, a, 1e-5);
  std::shared_ptr<const sim::ScheduleBook> book;
  const RunResult replayed = runner.run_scheduled(body, p, b, 1e-5, book);
  REQUIRE(book != nullptr);
  CHECK(replayed.makespan == coroutines.makespan);
  CHECK(replayed.events == coroutines.events);
  CHECK(replayed.messages == coroutines.messages);
  CHECK(replayed.unreceived == coroutines.unreceived);
  REQUIRE(replayed.procs.size() == coroutines.procs.size());
  for (std::size_t i = 0; i < replayed.procs.size(); ++i) CHECK(same_stats(replayed.procs[i], coroutines.procs[i]));
  REQUIRE(replayed.links.size() == coroutines.links.size());
  for (std::size_t i = 0; i < replayed.links.size(); ++i) {
    CHECK(replayed.links[i].busy == coroutines.links[i].busy);
    CHECK(replayed.links[i].messages == coroutines.links[i].messages);
  }
  return book;
}

bool recorded(const std::string& body, int p) {
  ProgramRunner runner;
  FormulaNetwork net(p, 1e-6, 1e6, false);
  std::shared_ptr<const sim::ScheduleBook> book;
  runner.run_scheduled(body, p, net, 0, book);
  return book != nullptr;
}

}  // namespace

TEST_CASE("a replayed schedule gives the coroutines' run exactly", "[sim][schedule]") {
  SECTION("native collectives and uneven compute") {
    require_same_runs(R"(
      for i = 1, 6 do
        ctx:compute(100 * ((ctx.rank * 7 + i) % 5))
        ctx:allreduce(8)
        if i % 2 == 0 then ctx:serial(50) end
        ctx:broadcast(64, i % ctx.size)
        ctx:reduce(16, (i + 1) % ctx.size)
        ctx:allgather(32)
        ctx:alltoall(8)
        ctx:barrier()
      end)", 12);
  }
  SECTION("point to point with number and string tags, requests, and messages to oneself") {
    require_same_runs(R"(
      local right, left = (ctx.rank + 1) % ctx.size, (ctx.rank - 1) % ctx.size
      for i = 1, 4 do
        ctx:send(right, 1000 * i, "halo")
        ctx:send(left, 10 * ctx.rank, i)
        local r = ctx:irecv(left, "halo")
        local s = ctx:isend(ctx.rank, 8, "self")
        ctx:compute(500)
        ctx:waitall({ r, s })
        ctx:recv(right, i)
        ctx:recv(ctx.rank, "self")
      end)", 8);
  }
  SECTION("a program with processors that do different things") {
    require_same_runs(R"(
      if ctx.rank == 0 then
        for j = 1, ctx.size - 1 do ctx:recv(j, "partial") end
      else
        ctx:compute(1000 * ctx.rank)
        ctx:send(0, 100 * ctx.rank, "partial")
      end
      ctx:barrier())", 9);
  }
}

TEST_CASE("what a program needs back from the run keeps it on coroutines", "[sim][schedule]") {
  CHECK(recorded("ctx:compute(10); ctx:allreduce(8)", 4));
  CHECK(recorded("local s = ctx:allreduce(8); assert(s == nil)", 4));
  CHECK_FALSE(recorded("ctx:allreduce(8, 1)", 4));                          // a value travels
  CHECK_FALSE(recorded("ctx:send((ctx.rank + 1) % ctx.size, 8, 0, 2.5); ctx:recv((ctx.rank - 1) % ctx.size)", 4));
  CHECK_FALSE(recorded("if ctx.rank == 0 then ctx:recv(ctx.any) else ctx:send(0, 8) end", 4));  // first come
  CHECK_FALSE(recorded("ctx:compute(ctx:now())", 4));                        // the clock
  CHECK_FALSE(recorded("ctx:compute(math.random(100))", 4));                 // draws interleave
  CHECK_FALSE(recorded("if ctx.rank == 0 then print('hello') end", 4));      // lines interleave
  CHECK_FALSE(recorded("pcall(ctx.now, ctx); ctx:compute(1)", 4));           // stopped, even when caught
  CHECK_FALSE(recorded("if ctx.rank == 3 then error('boom') end", 4));       // the coroutines say it
  CHECK_FALSE(recorded("local co = coroutine.wrap(function() ctx:barrier() end); co()", 4));
}

TEST_CASE("the random number generator and print are themselves again after a recording", "[sim][schedule]") {
  ProgramRunner runner;
  recorded("ctx:compute(math.random(100))", 2);
  lua_State* L = runner.state.get();
  lua::load_chunk(L, "return math.random(5) <= 5 and type(print) == 'function'", "@check.lua");
  lua::protected_call(L, 0, 1);
  CHECK(lua_toboolean(L, -1) != 0);
}

TEST_CASE("errors read the same from a replay as from the coroutines", "[sim][schedule]") {
  const std::string deadlock = R"(
    if ctx.rank == 0 then ctx:recv(1, 7)
    elseif ctx.rank == 1 then ctx:recv(0, "halo")
    else ctx:barrier() end)";
  const std::string replayed = error_of_run(deadlock, 4, true);
  CHECK_THAT(replayed, Catch::Contains("processor 1 waits in recv(src=0, tag=\"halo\") at prog.lua:4"));
  CHECK(replayed == error_of_run(deadlock, 4, false));
  const std::string unmatched = "if ctx.rank == 0 then ctx:barrier() else ctx:allreduce(8) end";
  CHECK(error_of_run(unmatched, 4, true) == error_of_run(unmatched, 4, false));
}

TEST_CASE("processors of an SPMD program share one list of operations", "[sim][schedule]") {
  SECTION("a periodic nearest-neighbour exchange: one list for every p") {
    const auto book = require_same_runs(R"(
      for i = 1, 3 do
        ctx:send((ctx.rank + 1) % ctx.size, 1024)
        ctx:send((ctx.rank - 1) % ctx.size, 1024)
        ctx:recv((ctx.rank - 1) % ctx.size)
        ctx:recv((ctx.rank + 1) % ctx.size)
        ctx:compute(1000)
      end)", 64);
    CHECK(book->lists() == 1);
    CHECK(book->operations() == 15);
  }
  SECTION("uneven shares make as many lists as there are distinct shares") {
    const auto book = require_same_runs("ctx:compute(100 + ctx.rank % 3); ctx:allreduce(8)", 30);
    CHECK(book->lists() == 3);
  }
}
