// Simulate mode's engine speed (engine/sim/): simulated events per second of wall time for a
// collective-heavy program (64 processors doing allreduce in a loop), one core, and the time to
// simulate NAS CG as the SPASM paper distributes it (kernels/programs/npb_cg.lua) on 1024
// processors of a hypercube. Events are messages injected + messages received + program
// resumptions (RunResult::events). Times are the thread's CPU time.
//
// Usage: simulate [iterations]   (allreduce rounds per processor, default 4000)
// Last line: the figures and the ratio of the allreduce rate to the bar of 2 million events/s.

#include <cstdio>
#include <cstdlib>
#include <string>

#include <time.h>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "lua/state.hpp"
#include "network/network_spec.hpp"
#include "lua/sim_programs.hpp"
#include "sim/simulator.hpp"

namespace {

using namespace scalerun;

constexpr double kBar = 2e6;  // simulated events per second the engine must sustain

// CPU time of this thread: the engine runs on one core, and other processes on a busy machine
// should not count against it.
double thread_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

struct Timed {
  sim::RunResult result;
  double seconds = 0;
};

// One run of the program at stack index `program` (given `kernel` as k) on p processors.
Timed simulate(lua_State* L, int program, int kernel, network::Network& net, double overhead, int p) {
  sim::Simulator::Setup setup;
  setup.processors = p;
  setup.network = &net;
  setup.overhead = overhead;
  setup.speeds.assign(static_cast<std::size_t>(p), 4.2e6);
  sim::Simulator simulator(std::move(setup));
  lua::LuaPrograms programs(L, program, kernel, simulator);
  const double start = thread_seconds();
  Timed t;
  t.result = simulator.run(programs);
  t.seconds = thread_seconds() - start;
  return t;
}

void push_function(lua_State* L, const std::string& source, const std::string& name) {
  lua::load_chunk(L, source, "@" + name);
  lua::protected_call(L, 0, 1);
}

network::NetworkSpec bus_spec() {
  network::NetworkSpec s;
  s.kind = "bus";
  s.bandwidth = 8 / 150e-9;  // the SPASM bus: 64 bits per 150 ns cycle (machines/sequent_bus.lua)
  s.capacity = s.bandwidth;
  s.latency = 150e-9;
  s.overhead = 100e-6;
  return s;
}

network::NetworkSpec cube_spec() {
  network::NetworkSpec s;
  s.kind = "hypercube";
  s.bandwidth = 2.8e6;  // the SPASM cube (machines/ipsc860.lua)
  s.overhead = 100e-6;
  return s;
}

// S3's NAS CG program when the tree has it; otherwise a stand-in with its communication per
// iteration (a vector merge by allgather, two global sums) and even row blocks.
constexpr const char* kCgProgram = R"(
local ok, program = pcall(require, "kernels.programs.npb_cg")
if ok then return program end
return function(ctx, k)
  local n = k.na / ctx.size
  for _ = 1, k.niter * k.cgitmax do
    ctx:allgather(8 * k.na / ctx.size)
    ctx:compute(2 * n * (k.nonzer + 1) ^ 2)
    ctx:compute(2 * n); ctx:allreduce(8)
    ctx:compute(6 * n); ctx:allreduce(8)
  end
end
)";

}  // namespace

int main(int argc, char** argv) {
  const int iterations = argc > 1 ? std::atoi(argv[1]) : 4000;
  lua::State state;
  state.set_package_path({SCALERUN_SOURCE_DIR});
  lua_State* L = state.get();

  // 1. allreduce in a loop on 64 processors, on the PRAM network and on the SPASM bus.
  const int p = 64;
  push_function(L, fmt::format("return function(ctx, k) for i = 1, {} do ctx:compute(100); ctx:allreduce(8, 1) end end",
                               iterations), "allreduce_loop.lua");
  lua_newtable(L);
  auto ideal = network::make_ideal_network(p);
  const Timed on_ideal = simulate(L, -2, -1, *ideal, 0, p);
  auto bus = network::make_network(bus_spec(), p, network::Options{true});
  const Timed on_bus = simulate(L, -2, -1, *bus, bus_spec().overhead, p);
  lua_pop(L, 2);
  const double rate_ideal = static_cast<double>(on_ideal.result.events) / on_ideal.seconds;
  const double rate_bus = static_cast<double>(on_bus.result.events) / on_bus.seconds;
  std::printf("allreduce x %d on %d processors, ideal network: %ld events, %ld messages in %.3f s: %.3g events/s\n",
              iterations, p, on_ideal.result.events, on_ideal.result.messages, on_ideal.seconds, rate_ideal);
  std::printf("allreduce x %d on %d processors, SPASM bus:     %ld events, %ld messages in %.3f s: %.3g events/s "
              "(simulated %.4g s)\n",
              iterations, p, on_bus.result.events, on_bus.result.messages, on_bus.seconds, rate_bus,
              on_bus.result.makespan);

  // 2. NAS CG class S (one outer iteration of 25 inner ones) on 1024 processors of the SPASM cube.
  const int big = 1024;
  push_function(L, kCgProgram, "cg_program.lua");
  lua_createtable(L, 0, 4);
  for (auto [name, value] : {std::pair{"na", 1400}, {"nonzer", 7}, {"niter", 1}, {"cgitmax", 25}}) {
    lua_pushinteger(L, value);
    lua_setfield(L, -2, name);
  }
  auto cube = network::make_network(cube_spec(), big, network::Options{true});
  const Timed cg = simulate(L, -2, -1, *cube, cube_spec().overhead, big);
  lua_pop(L, 2);
  const double rate_cg = static_cast<double>(cg.result.events) / cg.seconds;
  std::printf("npb_cg class S (1 x 25 iterations) on %d processors, SPASM cube: %ld events, %ld messages in %.3f s: "
              "%.3g events/s (simulated %.4g s)\n",
              big, cg.result.events, cg.result.messages, cg.seconds, rate_cg, cg.result.makespan);

  std::printf("simulate: allreduce p=64 %.3g events/s (ideal), %.3g events/s (bus); npb_cg p=1024 %.3f s (%.3g "
              "events/s); ratio to the 2e6 events/s bar: %.2f (ideal), %.2f (bus)\n",
              rate_ideal, rate_bus, cg.seconds, rate_cg, rate_ideal / kBar, rate_bus / kBar);
  return 0;
}
