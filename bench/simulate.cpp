// Simulate mode's engine (engine/sim/): its speed and the memory each simulated processor costs.
//   1. simulated events per second of wall time for a collective-heavy program (64 processors
//      doing allreduce in a loop), one core: with a value summed, so the program runs as Lua
//      coroutines, and without, so it is recorded ahead and replayed (sim/schedule.hpp);
//   2. the time to simulate NAS CG as the SPASM paper distributes it (kernels/programs/npb_cg.lua)
//      on 1024 processors of a hypercube;
//   3. a 1,048,576-processor allreduce and a 1,048,576-processor nearest-neighbour exchange (a
//      periodic 2-D grid, four neighbours) on a switched cluster, end to end (recording, the run,
//      the result), each in a child process so that its peak resident memory is its own: wall
//      time, peak RSS, and bytes per simulated processor (the child's peak above the parent's
//      resident memory at the fork, divided by p).
// Events are messages injected + messages received + program resumptions (RunResult::events).
// Times 1 and 2 are the thread's CPU time; 3 is wall time.
//
// Usage: simulate [iterations] [processors]   (allreduce rounds per processor, default 4000;
//                                              processors of part 3, default 1048576)
// Last line: the figures and their bars: >= 1e7 events/s (allreduce, one core), <= 1 GiB peak RSS
// and <= 30 s for each million-processor run.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "lua/state.hpp"
#include "network/network_spec.hpp"
#include "lua/sim_programs.hpp"
#include "sim/schedule.hpp"
#include "sim/simulator.hpp"

namespace {

using namespace scalerun;

constexpr double kEventsBar = 1e7;             // simulated events per second on one core
constexpr double kMemoryBar = 1024.0 * 1024 * 1024;  // peak RSS of a million-processor run
constexpr double kTimeBar = 30;                 // seconds for a million-processor run

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

// One run of the program at stack index `program` (given `kernel` as k) on p processors: as
// coroutines, or from `book` when one is given.
Timed simulate(lua_State* L, int program, int kernel, network::Network& net, double overhead, int p,
               const sim::ScheduleBook* book = nullptr) {
  sim::Simulator::Setup setup;
  setup.processors = p;
  setup.network = &net;
  setup.overhead = overhead;
  setup.speeds.assign(static_cast<std::size_t>(p), 4.2e6);
  sim::Simulator simulator(std::move(setup));
  const std::unique_ptr<sim::Programs> programs = lua::programs_for(L, program, kernel, simulator, book);
  const double start = thread_seconds();
  Timed t;
  t.result = simulator.run(*programs);
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

network::NetworkSpec switched_spec() {
  network::NetworkSpec s;
  s.kind = "switched";
  s.bandwidth = 10e9;  // a 100 Gb/s-class injection link per node
  s.latency = 1e-6;
  s.overhead = 0.5e-6;
  return s;
}

long resident_kib() {
  long pages = 0, resident = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    std::fclose(f);
  }
  return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

struct BigRun {
  bool ok = false;
  double seconds = 0;
  double bytes_per_processor = 0;
  double peak_bytes = 0;
};

// The program `source` on p processors of a switched cluster, end to end, in a child process:
// recorded ahead (it must be), simulated, summed up. The child prints its own figures; the parent
// reads the child's peak RSS from wait4.
BigRun big_run(lua_State* L, const char* name, const std::string& source, int p) {
  std::fflush(stdout);
  const long parent_kib = resident_kib();
  const auto start = std::chrono::steady_clock::now();
  const pid_t child = fork();
  if (child == 0) {
    push_function(L, source, std::string(name) + ".lua");
    lua_newtable(L);
    const std::vector<double> speeds(static_cast<std::size_t>(p), 4.2e6);
    const auto book = lua::LuaPrograms::record_schedule(L, -2, -1, speeds);
    if (!book) {
      std::printf("%s: the program was not recorded ahead\n", name);
      std::_Exit(1);
    }
    const network::NetworkSpec spec = switched_spec();
    auto net = network::make_network(spec, p, network::Options{true});
    const Timed run = simulate(L, -2, -1, *net, spec.overhead, p, book.get());
    std::printf("%s on %d processors, switched cluster: %zu list(s) of %zu operations recorded (%zu bytes); %ld "
                "events, %ld messages, simulated %.6g s\n",
                name, p, book->lists(), book->operations(), book->bytes(), run.result.events, run.result.messages,
                run.result.makespan);
    std::fflush(stdout);
    std::_Exit(0);
  }
  int status = 0;
  rusage usage{};
  wait4(child, &status, 0, &usage);
  BigRun out;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  out.peak_bytes = 1024.0 * static_cast<double>(usage.ru_maxrss);
  out.bytes_per_processor = 1024.0 * static_cast<double>(usage.ru_maxrss - parent_kib) / p;
  std::printf("%s on %d processors: %.2f s wall, peak RSS %.0f MiB, %.0f bytes per simulated processor%s\n", name, p,
              out.seconds, out.peak_bytes / (1024.0 * 1024), out.bytes_per_processor, out.ok ? "" : " (FAILED)");
  return out;
}

constexpr const char* kAllreduceOnce = "return function(ctx, k) ctx:compute(1000); ctx:allreduce(8) end";

// Four neighbours on a periodic side x side grid (p = side^2), each round: send 1 kB to each,
// receive from each, compute.
constexpr const char* kNeighbourExchange = R"(
return function(ctx, k)
  local side = math.floor(math.sqrt(ctx.size) + 0.5)
  local x, y = ctx.rank % side, ctx.rank // side
  local function at(i, j) return (j % side) * side + (i % side) end
  local peers = { at(x + 1, y), at(x - 1, y), at(x, y + 1), at(x, y - 1) }
  for _ = 1, 2 do
    for _, q in ipairs(peers) do ctx:send(q, 1024) end
    for _, q in ipairs(peers) do ctx:recv(q) end
    ctx:compute(1000)
  end
end
)";

}  // namespace

int main(int argc, char** argv) {
  const int iterations = argc > 1 ? std::atoi(argv[1]) : 4000;
  const int million = argc > 2 ? std::atoi(argv[2]) : 1 << 20;
  lua::State state;
  state.set_package_path({SCALERUN_SOURCE_DIR});
  lua_State* L = state.get();

  // 1. allreduce in a loop on 64 processors, on the PRAM network and on the SPASM bus; with a
  // value (coroutines) and without (recorded ahead).
  const int p = 64;
  push_function(L, fmt::format("return function(ctx, k) for i = 1, {} do ctx:compute(100); ctx:allreduce(8, 1) end end",
                               iterations), "allreduce_loop.lua");
  lua_newtable(L);
  auto ideal = network::make_ideal_network(p);
  const Timed on_ideal = simulate(L, -2, -1, *ideal, 0, p);
  auto bus = network::make_network(bus_spec(), p, network::Options{true});
  const Timed on_bus = simulate(L, -2, -1, *bus, bus_spec().overhead, p);
  lua_pop(L, 2);
  push_function(L, fmt::format("return function(ctx, k) for i = 1, {} do ctx:compute(100); ctx:allreduce(8) end end",
                               iterations), "allreduce_loop_novalue.lua");
  lua_newtable(L);
  const double record_start = thread_seconds();
  const auto book = lua::LuaPrograms::record_schedule(L, -2, -1, std::vector<double>(p, 4.2e6));
  const double record_seconds = thread_seconds() - record_start;
  if (!book) {
    std::printf("the allreduce loop without values was not recorded ahead\n");
    return 1;
  }
  auto ideal2 = network::make_ideal_network(p);
  const Timed sched_ideal = simulate(L, -2, -1, *ideal2, 0, p, book.get());
  auto bus2 = network::make_network(bus_spec(), p, network::Options{true});
  const Timed sched_bus = simulate(L, -2, -1, *bus2, bus_spec().overhead, p, book.get());
  lua_pop(L, 2);
  const double rate_ideal = static_cast<double>(on_ideal.result.events) / on_ideal.seconds;
  const double rate_bus = static_cast<double>(on_bus.result.events) / on_bus.seconds;
  const double rate_sched_ideal = static_cast<double>(sched_ideal.result.events) / sched_ideal.seconds;
  const double rate_sched_bus = static_cast<double>(sched_bus.result.events) / sched_bus.seconds;
  std::printf("allreduce x %d on %d processors, ideal network, coroutines: %ld events, %ld messages in %.3f s: %.3g "
              "events/s\n", iterations, p, on_ideal.result.events, on_ideal.result.messages, on_ideal.seconds,
              rate_ideal);
  std::printf("allreduce x %d on %d processors, SPASM bus, coroutines:     %ld events, %ld messages in %.3f s: %.3g "
              "events/s (simulated %.4g s)\n", iterations, p, on_bus.result.events, on_bus.result.messages,
              on_bus.seconds, rate_bus, on_bus.result.makespan);
  std::printf("allreduce x %d on %d processors, recorded ahead in %.3f s (%zu list(s), %zu operations), replayed: "
              "ideal %.3f s, %.3g events/s; SPASM bus %.3f s, %.3g events/s (simulated %.4g s)\n",
              iterations, p, record_seconds, book->lists(), book->operations(), sched_ideal.seconds, rate_sched_ideal,
              sched_bus.seconds, rate_sched_bus, sched_bus.result.makespan);

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

  // 3. A million processors, end to end.
  const BigRun allreduce = big_run(L, "allreduce", kAllreduceOnce, million);
  const BigRun exchange = big_run(L, "neighbour_exchange", kNeighbourExchange, million);
  const bool ok = allreduce.ok && exchange.ok;

  // Each million-processor run against both its bars (peak RSS and wall time).
  auto within = [](const BigRun& r) { return r.peak_bytes <= kMemoryBar && r.seconds <= kTimeBar; };
  const bool bars_held = rate_bus >= kEventsBar && within(allreduce) && within(exchange);
  std::printf("simulate: allreduce p=64 %.3g events/s coroutines (ideal), %.3g (bus), %.3g replayed (ideal), %.3g "
              "(bus), bar %.3g; p=%d allreduce %.1f s %.0f MiB %.0f B/proc, exchange %.1f s %.0f MiB %.0f B/proc, "
              "bars %.0f s %.0f MiB; ratio to the events bar %.2f (bus, coroutines); bars %s%s\n",
              rate_ideal, rate_bus, rate_sched_ideal, rate_sched_bus, kEventsBar, million, allreduce.seconds,
              allreduce.peak_bytes / (1024.0 * 1024), allreduce.bytes_per_processor, exchange.seconds,
              exchange.peak_bytes / (1024.0 * 1024), exchange.bytes_per_processor, kTimeBar,
              kMemoryBar / (1024.0 * 1024), rate_bus / kEventsBar, bars_held ? "held" : "MISSED", ok ? "" : " FAILED");
  return ok ? 0 : 1;
}
