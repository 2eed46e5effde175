// scalerun's simulator side by side with SimGrid 3.32 (issue 15): the same two message-passing
// programs on the same crossbar cluster in both, their simulated times checked against each other
// and against the LogP formula, and the cost of simulating one message in each.
//
//   ring       every rank sends 1 kB to rank + 1 and receives from rank - 1, `rounds` times
//   allreduce  recursive doubling: in round k each rank exchanges its partial sum (8 bytes) with
//              rank xor 2^k, log2 p rounds; on scalerun written twice, with ctx:send/ctx:recv and
//              as the native ctx:allreduce (which follows the same schedule), both checked
//
// The platform is bench/simgrid_cluster.xml: a SimGrid <cluster> of one host per rank, each with
// a split-duplex private link (1.25 GB/s, 0.5 us per half) and no backbone, so a message crosses
// the sender's up link and the receiver's down link: latency L = 1 us, bandwidth B = 1.25 GB/s.
// scalerun runs on its "switched" network (an injection and an ejection link per processor into
// a non-blocking crossbar) with the latency and bandwidth SimGrid reports for that route, no
// software overhead and contention on. SimGrid's flags (simgrid_side.cpp) make a lone message
// cost L + bytes / B there too, and messages eager on both sides.
//
// Where the models coincide, and so must agree: a message that has its links to itself arrives
// L + bytes / B after it is sent in both. In these two programs no two messages ever share a
// link (a rank sends one message and receives one per round, every link carries one flow), so
// the simulated times must equal the LogP figures rounds (L + 1024/B) and log2 p (L + 8/B), in
// both tools, to the tolerance below (floating-point rounding; SimGrid's own timing precision is
// 1e-9 s per event). The bench exits 1 if not.
//
// Where they differ (not exercised by these programs, which is why they are the ones compared):
//   - sharing: SimGrid shares a link's bandwidth among the flows on it, max-min fair (two 1 kB
//     messages from one rank at once both arrive after L + 2048/B); scalerun reserves links
//     first come, first served (the first arrives after L + 1024/B, the second after L + 2048/B).
//     The last arrival agrees, the order of arrivals does not, and programs that wait for a
//     particular message see different times. A third program shows it on purpose, the fan-out:
//     rank 0 sends 1 kB to ranks 1 and 2 at once and rank 1 answers with 8 bytes; each tool must
//     give its own model's time, 2L + 1024/B + 8/B (scalerun) and 2L + 2048/B + 8/B (SimGrid).
//   - a shared-policy link (SimGrid's default sharing_policy="SHARED") makes a host's sends and
//     receives share one link; scalerun's switched network always has separate injection and
//     ejection links, hence SPLITDUPLEX here.
//   - software overhead: scalerun charges NetworkSpec::overhead at both ends; S4U has none (SMPI
//     adds its own), so it is 0 here.
//   - rendezvous: without a permanent receiver a SimGrid transfer starts when the get is posted;
//     scalerun's sends are always eager.
//   - LV08's corrections (latency x 13.01, bandwidth x 0.97, TCP window, cross traffic) have no
//     scalerun counterpart; the flags switch them off.
//
// Cost: process CPU time (CLOCK_PROCESS_CPUTIME_ID) around scalerun's Simulator::run and around
// SimGrid's Engine::run, the same clock for both; SimGrid runs in a forked child (one platform per
// process), whose clock counts only itself. SimGrid's actors (their stacks) and mailboxes are made
// before Engine::run, outside the clock; scalerun's network is made outside, its Lua coroutines
// inside (LuaPrograms starts each program at its first resume): if anything, this favours SimGrid.
// The ring runs twice on scalerun: as coroutines (the last line) and recorded ahead and replayed, the
// way an experiment runs a program that carries no values (recording included in its time).
// Each figure is the best of `repeats` runs. SimGrid's context factory is its default (raw
// contexts on Debian's amd64 build; printed).
//
// Usage: simgrid [ranks ...] [--rounds R] [--repeats N]   (default 1024 4096, R = 50, N = 3;
//        ranks are powers of two >= 2)
// Last line: simgrid ring ranks=<the last given> scalerun_us_per_msg=... simgrid_us_per_msg=... ratio=R,
// R = SimGrid's CPU time per message over scalerun's.

#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <limits>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "lua/sim_programs.hpp"
#include "lua/state.hpp"
#include "measure/temp_folder.hpp"
#include "network/network_spec.hpp"
#include "sim/schedule.hpp"
#include "sim/simulator.hpp"
#include "simgrid_side.hpp"

namespace {

using namespace scalerun;
using bench::Figures;
using bench::ProgramSizes;
using bench::SimgridResult;

// Relative agreement required between the tools and with LogP. The figures are sums of a few
// hundred terms of about 1e-6 s; rounding leaves them equal to about 1e-15.
constexpr double kTolerance = 1e-9;

constexpr const char* kPlatformName = "bench/simgrid_cluster.xml";  // in the source tree
constexpr const char* kPlatformTemplate = SCALERUN_SOURCE_DIR "/bench/simgrid_cluster.xml";
constexpr const char* kShippedRadical = "radical=\"0-4095\"";

constexpr const char* kRing = R"(
return function(ctx, k)
  local right, left = (ctx.rank + 1) % ctx.size, (ctx.rank - 1) % ctx.size
  for _ = 1, k.rounds do
    ctx:send(right, k.bytes)
    ctx:recv(left)
  end
end
)";

// The tag is the round, like the SimGrid side's mailbox per round: a partner already in the
// next round must not be taken for this one's.
constexpr const char* kAllreduceSendRecv = R"(
return function(ctx, k)
  local sum, round, d = ctx.rank + 1, 0, 1
  while d < ctx.size do
    local partner = ctx.rank ~ d
    ctx:send(partner, k.bytes, round, sum)
    sum = sum + ctx:recv(partner, round)
    round, d = round + 1, d * 2
  end
  if sum ~= ctx.size * (ctx.size + 1) / 2 then error("wrong sum " .. sum) end
end
)";

constexpr const char* kAllreduceNative = R"(
return function(ctx, k)
  local sum = ctx:allreduce(k.bytes, ctx.rank + 1)
  if sum ~= ctx.size * (ctx.size + 1) / 2 then error("wrong sum " .. sum) end
end
)";

// Where the models differ (simgrid_side.cpp, fanout()): two messages from rank 0 at once, and
// rank 1's answer.
constexpr const char* kFanout = R"(
return function(ctx, k)
  if ctx.rank == 0 then
    ctx:send(1, k.bytes)
    ctx:send(2, k.bytes)
    ctx:recv(1)
  elseif ctx.rank == 1 then
    ctx:recv(0)
    ctx:send(0, k.reply)
  else
    ctx:recv(0)
  end
end
)";

struct Settings {
  std::vector<int> ranks{1024, 4096};
  ProgramSizes sizes;
};

// The same clock as the SimGrid side (simgrid_side.cpp).
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

int log2_exact(int p) {
  int k = 0;
  while ((1 << k) < p) ++k;
  return k;
}

int positive_arg(const char* text, const char* what) {
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || v < 1 || v > (1 << 24)) {
    throw std::invalid_argument(fmt::format("{}: a whole number from 1 expected, got '{}'", what, text));
  }
  return static_cast<int>(v);
}

Settings parse(int argc, char** argv) {
  Settings s;
  std::vector<int> ranks;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--rounds" || a == "--repeats") && i + 1 < argc) {
      ++i;
      (a == "--rounds" ? s.sizes.rounds : s.sizes.repeats) = positive_arg(argv[i], a.c_str());
    } else {
      const int p = positive_arg(argv[i], "ranks");
      if (p < 2 || (p & (p - 1)) != 0) {
        throw std::invalid_argument(fmt::format("ranks: a power of two >= 2 expected, got {}", p));
      }
      ranks.push_back(p);
    }
  }
  if (!ranks.empty()) s.ranks = ranks;
  return s;
}

// The shipped platform with its host count set to p: only the radical changes, so the file a
// reader sees is the one SimGrid runs (unchanged for 4096 ranks).
std::string write_platform(const measure::TempFolder& folder, int p) {
  std::ifstream in(kPlatformTemplate);
  if (!in) throw std::runtime_error(fmt::format("cannot read {}", kPlatformTemplate));
  std::stringstream text;
  text << in.rdbuf();
  std::string xml = text.str();
  const std::size_t at = xml.find(kShippedRadical);
  if (at == std::string::npos || xml.find(kShippedRadical, at + 1) != std::string::npos) {
    throw std::runtime_error(fmt::format("{} must hold {} exactly once", kPlatformTemplate, kShippedRadical));
  }
  xml.replace(at, std::string(kShippedRadical).size(), fmt::format("radical=\"0-{}\"", p - 1));
  const std::string path = fmt::format("{}/cluster_{}.xml", folder.path(), p);
  std::ofstream out(path);
  out << xml;
  if (!out) throw std::runtime_error(fmt::format("cannot write {}", path));
  return path;
}

// One scalerun program (function and k at stack indices) on p processors of the switched network
// SimGrid's route describes; best CPU time of `repeats` runs, each on a fresh network (its links
// remember their reservations). `replayed`: recorded ahead and replayed without coroutines, as an
// experiment runs a program that carries no values (sim/schedule.hpp); the recording is timed too.
Figures run_scalerun(lua_State* L, int program, int kernel, const SimgridResult& platform, int p, int repeats,
                     bool replayed = false) {
  network::NetworkSpec spec;
  spec.kind = "switched";
  spec.latency = platform.latency;
  spec.bandwidth = platform.bandwidth;
  spec.overhead = 0;
  Figures best;
  best.cpu = std::numeric_limits<double>::infinity();
  for (int r = 0; r < repeats; ++r) {
    auto net = network::make_network(spec, p, network::Options{true});
    sim::Simulator::Setup setup;
    setup.processors = p;
    setup.network = net.get();
    setup.overhead = spec.overhead;
    setup.speeds.assign(static_cast<std::size_t>(p), platform.speed);
    const double start = cpu_seconds();
    std::shared_ptr<const sim::ScheduleBook> book;
    if (replayed) {
      book = lua::LuaPrograms::record_schedule(L, program, kernel, setup.speeds);
      if (!book) throw std::runtime_error("the program was not recorded ahead");
    }
    sim::Simulator simulator(std::move(setup));
    const std::unique_ptr<sim::Programs> programs = lua::programs_for(L, program, kernel, simulator, book.get());
    const sim::RunResult result = simulator.run(*programs);
    best.cpu = std::min(best.cpu, cpu_seconds() - start);
    if (result.unreceived != 0) throw std::runtime_error(fmt::format("{} messages never received", result.unreceived));
    best.simulated = result.makespan;  // deterministic: the same every run
    best.messages = result.messages;
  }
  return best;
}

void push_program(lua_State* L, const char* source, const std::string& name) {
  lua::load_chunk(L, source, "@bench/simgrid/" + name);
  lua::protected_call(L, 0, 1);
}

void push_kernel(lua_State* L, int rounds, double bytes, double reply) {
  lua_createtable(L, 0, 3);
  lua_pushinteger(L, rounds);
  lua_setfield(L, -2, "rounds");
  lua_pushnumber(L, bytes);
  lua_setfield(L, -2, "bytes");
  lua_pushnumber(L, reply);
  lua_setfield(L, -2, "reply");
}

double relative(double a, double b) { return std::abs(a - b) / std::abs(b); }

struct Row {
  std::string program;
  int p = 0;
  Figures scalerun, simgrid;
  double logp = 0;
  double scalerun_us() const { return 1e6 * scalerun.cpu / static_cast<double>(scalerun.messages); }
  double simgrid_us() const { return 1e6 * simgrid.cpu / static_cast<double>(simgrid.messages); }
  // The largest relative gap among scalerun, SimGrid and LogP.
  double gap() const {
    return std::max({relative(scalerun.simulated, simgrid.simulated), relative(scalerun.simulated, logp),
                     relative(simgrid.simulated, logp)});
  }
  bool agrees() const { return gap() <= kTolerance && scalerun.messages == simgrid.messages; }
};

void print_row(const Row& r) {
  std::printf("%-21s %6d %8ld  %.9e  %.9e  %.9e  %8.1e %-6s %9.3f %9.3f %9.3f %9.3f %7.2f\n", r.program.c_str(), r.p,
              r.scalerun.messages, r.scalerun.simulated, r.simgrid.simulated, r.logp, r.gap(),
              r.agrees() ? "agree" : "DIFFER", r.scalerun.cpu, r.simgrid.cpu, r.scalerun_us(), r.simgrid_us(),
              r.simgrid_us() / r.scalerun_us());
}

// The fan-out, where the models differ on purpose: each tool must give its own model's time,
// 2L + S/B + s/B first come first served (scalerun), 2L + 2S/B + s/B max-min shared (SimGrid).
bool report_fanout(lua_State* L, int program, int kernel, const SimgridResult& sg, const ProgramSizes& sizes) {
  if (sg.fanout.messages == 0) return true;  // p = 2: no third rank
  const Figures sr = run_scalerun(L, program, kernel, sg, 3, 1);
  const double message = sizes.ring_bytes / sg.bandwidth, answer = sizes.allreduce_bytes / sg.bandwidth;  // S/B, s/B
  const double fcfs = 2 * sg.latency + message + answer, shared = 2 * sg.latency + 2 * message + answer;
  const bool ok = relative(sr.simulated, fcfs) <= kTolerance && relative(sg.fanout.simulated, shared) <= kTolerance;
  std::printf("where the models differ: rank 0 sends %.0f B to rank 1 and to rank 2 at once (both need its up link), "
              "rank 1 answers with %.0f B:\n",
              sizes.ring_bytes, sizes.allreduce_bytes);
  std::printf("  scalerun %.9e s = 2L + S/B + s/B   (%.1e off): links reserved first come first served, rank 1's "
              "message has the link to itself and arrives after L + S/B\n",
              sr.simulated, relative(sr.simulated, fcfs));
  std::printf("  SimGrid  %.9e s = 2L + 2S/B + s/B  (%.1e off): the link shared max-min fair, B/2 each, both arrive "
              "after L + 2S/B\n",
              sg.fanout.simulated, relative(sg.fanout.simulated, shared));
  std::printf("  %s: any program whose messages share a link (a rank sending or receiving two at once) sees this\n",
              ok ? "each as its model says" : "FAILED: not as the models say");
  return ok;
}

int run(const Settings& s) {
  measure::TempFolder folder("scalerun-simgrid");
  lua::State state;
  lua_State* L = state.get();
  push_program(L, kRing, "ring.lua");
  const int ring_program = lua_gettop(L);
  push_program(L, kAllreduceSendRecv, "allreduce_sendrecv.lua");
  const int sendrecv_program = lua_gettop(L);
  push_program(L, kAllreduceNative, "allreduce_native.lua");
  const int native_program = lua_gettop(L);
  push_program(L, kFanout, "fanout.lua");
  const int fanout_program = lua_gettop(L);
  push_kernel(L, s.sizes.rounds, s.sizes.ring_bytes, s.sizes.allreduce_bytes);
  const int ring_kernel = lua_gettop(L);  // the fan-out's too: 1 kB messages, an 8-byte answer
  push_kernel(L, 0, s.sizes.allreduce_bytes, 0);
  const int allreduce_kernel = lua_gettop(L);

  std::printf("scalerun simulate mode beside SimGrid %s: ring (%d rounds of %.0f B to rank + 1) and recursive-doubling "
              "allreduce (%.0f B per exchange)\n",
              bench::simgrid_version().c_str(), s.sizes.rounds, s.sizes.ring_bytes, s.sizes.allreduce_bytes);
  std::printf("platform: %s with radical 0-(p-1); SimGrid flags:", kPlatformName);
  for (const std::string& flag : bench::simgrid_flags()) std::printf(" %s", flag.c_str());
  std::printf("\n");

  std::vector<Row> rows;
  SimgridResult first;  // of the first size: the fan-out does not depend on p
  bool header = false;
  for (const int p : s.ranks) {
    const SimgridResult sg = bench::run_simgrid(write_platform(folder, p), p, s.sizes);
    if (!header) {
      first = sg;
      std::printf("SimGrid: network/model %s, contexts/factory %s (its default); route rank-0 -> rank-1: %s, latency %g s, "
                  "bandwidth %g B/s; host speed %g flop/s\n",
                  sg.network_model.c_str(), sg.context_factory.c_str(), sg.route.c_str(), sg.latency, sg.bandwidth,
                  sg.speed);
      std::printf("scalerun: network kind switched, latency %g s, bandwidth %g B/s, overhead 0, contention on; speed %g\n",
                  sg.latency, sg.bandwidth, sg.speed);
      std::printf("times: simulated seconds; cpu = process CPU seconds in the simulation loop, best of %d; us/msg = cpu per "
                  "message; ratio = SimGrid us/msg over scalerun's; gap = largest relative difference among scalerun, "
                  "SimGrid and LogP (tolerance %g)\n\n",
                  s.sizes.repeats, kTolerance);
      std::printf("%-21s %6s %8s  %-15s  %-15s  %-15s  %8s %-6s %9s %9s %9s %9s %7s\n", "program", "ranks", "messages",
                  "scalerun_sim_s", "simgrid_sim_s", "logp_s", "gap", "", "sr_cpu_s", "sg_cpu_s", "sr_us/msg",
                  "sg_us/msg", "ratio");
      header = true;
    }
    // LogP with o = 0: every message costs L + bytes / B, and each round waits for one.
    const double latency = sg.latency, bandwidth = sg.bandwidth;
    Row ring{"ring", p, run_scalerun(L, ring_program, ring_kernel, sg, p, s.sizes.repeats), sg.ring,
             s.sizes.rounds * (latency + s.sizes.ring_bytes / bandwidth)};
    Row ring_replayed{"ring replayed", p, run_scalerun(L, ring_program, ring_kernel, sg, p, s.sizes.repeats, true),
                      sg.ring, ring.logp};
    Row sendrecv{"allreduce send/recv", p, run_scalerun(L, sendrecv_program, allreduce_kernel, sg, p, s.sizes.repeats),
                 sg.allreduce, log2_exact(p) * (latency + s.sizes.allreduce_bytes / bandwidth)};
    Row native{"allreduce native", p, run_scalerun(L, native_program, allreduce_kernel, sg, p, s.sizes.repeats),
               sg.allreduce, sendrecv.logp};
    for (Row* r : {&ring, &ring_replayed, &sendrecv, &native}) {
      print_row(*r);
      rows.push_back(*r);
    }
    std::fflush(stdout);
  }

  double worst = 0;
  bool all_agree = true, same_messages = true;
  for (const Row& r : rows) {
    worst = std::max(worst, r.gap());
    all_agree = all_agree && r.agrees();
    same_messages = same_messages && r.scalerun.messages == r.simgrid.messages;
  }
  std::printf("\nagreement: %s (largest relative gap %.1e, tolerance %g; the same message counts: %s)\n",
              all_agree ? "every simulated time equals SimGrid's and LogP's" : "FAILED: simulated times differ", worst,
              kTolerance, same_messages ? "yes" : "no");
  const bool differs_as_said = report_fanout(L, fanout_program, ring_kernel, first, s.sizes);
  std::printf("also set to match, so not compared: SimGrid's SHARED links (SPLITDUPLEX here), LV08's latency and "
              "bandwidth factors, TCP window and cross traffic (off), rendezvous puts (permanent receivers), scalerun's "
              "software overhead (0)\n");
  // The ring of the last size (four rows per size), as coroutines: the way every program can run.
  const Row& last = rows[rows.size() - 4];
  std::printf("simgrid ring ranks=%d scalerun_us_per_msg=%.3f simgrid_us_per_msg=%.3f ratio=%.2f\n", last.p,
              last.scalerun_us(), last.simgrid_us(), last.simgrid_us() / last.scalerun_us());
  return all_agree && differs_as_said ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  Settings settings;
  try {
    settings = parse(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "simgrid: %s\nusage: simgrid [ranks ...] [--rounds R] [--repeats N]\n", e.what());
    return 2;
  }
  try {
    return run(settings);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "simgrid: %s\n", e.what());
    return 1;
  }
}
