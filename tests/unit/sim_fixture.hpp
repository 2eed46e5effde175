#pragma once
// What the simulator's tests share: a network with the textbook cost, and a runner of a program
// written as Lua source on p simulated processors.

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "lua/call.hpp"
#include "lua/sim_programs.hpp"
#include "lua/state.hpp"
#include "network/network.hpp"
#include "sim/schedule.hpp"
#include "sim/simulator.hpp"

namespace scalerun::testing {

// A network whose cost is the textbook formula: latency alpha + bytes/bandwidth per message; with
// contention on, one shared medium that carries one message at a time, first come first served.
class FormulaNetwork : public network::Network {
 public:
  FormulaNetwork(int p, double alpha, double bandwidth, bool contention)
      : p_(p), alpha_(alpha), bandwidth_(bandwidth), contention_(contention) {}
  std::string_view kind() const override { return "formula"; }
  int nodes() const override { return p_; }
  network::Delivery transmit(const network::Transfer& t) override {
    REQUIRE(t.start >= last_start_);  // the engine's promise: nondecreasing start times
    last_start_ = t.start;
    const double latency = alpha_ + t.bytes / bandwidth_;
    const double begin = contention_ ? std::max(t.start, free_at_) : t.start;
    if (contention_) free_at_ = begin + latency;
    busy_ += latency;
    ++messages_;
    return {begin + latency, latency, begin - t.start, 1};
  }
  std::vector<network::LinkStats> link_stats(double makespan) const override {
    return {{"medium", busy_, makespan > 0 ? busy_ / makespan : 0, 0, messages_}};
  }

 private:
  int p_;
  double alpha_, bandwidth_;
  bool contention_;
  double free_at_ = 0, last_start_ = 0, busy_ = 0;
  long messages_ = 0;
};

// Runs `body` as program = function(ctx, k) <body> end on p processors, in a chunk named
// "prog.lua" whose line 2 is the first line of the body; records the run's timeline into
// `timeline` when one is given.
struct ProgramRunner {
  lua::State state;

  sim::RunResult run(const std::string& body, int p, network::Network& net, double overhead, double speed = 1e6,
                     report::Timeline* timeline = nullptr, sim::TimelineCaps caps = {}) {
    lua_State* L = push_program(body);
    sim::Simulator::Setup setup = setup_of(p, net, overhead, speed);
    setup.timeline = timeline;
    setup.timeline_caps = caps;
    sim::Simulator simulator(std::move(setup));
    sim::RunResult result;
    {
      lua::LuaPrograms programs(L, -2, -1, simulator);
      result = simulator.run(programs);
    }
    lua_pop(L, 2);
    return result;
  }

  // The same program recorded ahead and replayed (sim/schedule.hpp); `book` receives the schedule.
  // Null book: the program could not be recorded, and the result is empty.
  sim::RunResult run_scheduled(const std::string& body, int p, network::Network& net, double overhead,
                               std::shared_ptr<const sim::ScheduleBook>& book, double speed = 1e6) {
    lua_State* L = push_program(body);
    sim::Simulator::Setup setup = setup_of(p, net, overhead, speed);
    book = lua::LuaPrograms::record_schedule(L, -2, -1, setup.speeds);
    lua_pop(L, 2);
    if (!book) return {};
    sim::Simulator simulator(std::move(setup));
    sim::ScheduledPrograms programs(*book, simulator);
    return simulator.run(programs);
  }

 private:
  // The program function and its k (an empty table) on the stack.
  lua_State* push_program(const std::string& body) {
    lua_State* L = state.get();
    const std::string source = "return function(ctx, k)\n" + body + "\nend";
    lua::load_chunk(L, source, "@prog.lua");
    lua::protected_call(L, 0, 1);
    lua_newtable(L);  // k
    return L;
  }

  static sim::Simulator::Setup setup_of(int p, network::Network& net, double overhead, double speed) {
    sim::Simulator::Setup setup;
    setup.processors = p;
    setup.network = &net;
    setup.overhead = overhead;
    setup.speeds.assign(static_cast<std::size_t>(p), speed);
    return setup;
  }
};

// The one-line error of running body on p processors of a formula network (the coroutines, or
// recorded ahead and replayed), "(no error)" without one, "(not recorded)" where it was not recorded.
inline std::string error_of_run(const std::string& body, int p, bool scheduled = false) {
  ProgramRunner runner;
  FormulaNetwork net(p, 1e-6, 1e6, true);
  try {
    if (!scheduled) {
      runner.run(body, p, net, 1e-5);
    } else {
      std::shared_ptr<const sim::ScheduleBook> book;
      runner.run_scheduled(body, p, net, 1e-5, book);
      if (!book) return "(not recorded)";
    }
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no error)";
}

// Whether two runs charged every processor exactly the same.
inline bool same_stats(const sim::ProcessorStats& a, const sim::ProcessorStats& b) {
  return a.compute == b.compute && a.serial == b.serial && a.send_overhead == b.send_overhead &&
         a.recv_overhead == b.recv_overhead && a.wait == b.wait && a.latency_seen == b.latency_seen &&
         a.contention_seen == b.contention_seen && a.network_latency == b.network_latency &&
         a.network_contention == b.network_contention && a.finish == b.finish && a.sent == b.sent &&
         a.received == b.received;
}

}  // namespace scalerun::testing
