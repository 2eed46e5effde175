// The wait states of a job's ranks, added to their records (mpi_launch.hpp's add_wait_states).

#include <new>

#include <fmt/format.h>

#include "measure/mpi_launch.hpp"
#include "measure/wait_states.hpp"

namespace scalerun::measure {

namespace {

// Why the ranks' logs cannot be compared, or "" when they can.
std::string why_not_comparable(const std::vector<RankRecord>& ranks, const std::vector<std::optional<WaitLog>>& logs) {
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    if (ranks[i].thread_multiple) {
      return fmt::format("rank {} initialized MPI with MPI_THREAD_MULTIPLE, so its calls may come from several "
                         "threads and have no one order to match", ranks[i].rank);
    }
    if (!logs[i]) return fmt::format("rank {} wrote no wait-state log", ranks[i].rank);
    if (logs[i]->dropped > 0) {
      return fmt::format("rank {} sent, received and joined more messages and collectives than its log keeps "
                         "({} kept, {} more)", ranks[i].rank, logs[i]->events.size(), logs[i]->dropped);
    }
  }
  // One clock: every record names the same boot of one kernel's CLOCK_MONOTONIC (ranks on one host,
  // or on nodes that share a kernel, as emulated ones do).
  for (const auto& r : ranks) {
    if (r.clock.empty() || r.clock != ranks.front().clock) {
      return fmt::format("ranks {} and {} ran on hosts with different clocks ({}, {}), whose times cannot be compared",
                         ranks.front().rank, r.rank, ranks.front().host, r.host);
    }
  }
  return "";
}

}  // namespace

double RankRecord::waiting() const {
  if (!wait_states.empty()) return 0;
  double total = figures.count("polling") != 0 ? figures.at("polling") : 0;
  for (const char* name : kWaitStateNames) total += figures.count(name) != 0 ? figures.at(name) : 0;
  return total;
}

double RankRecord::mpi_seconds() const {
  double total = 0;
  for (const char* kind : {"point_to_point", "collective", "wait", "barrier", "one_sided", "io"}) {
    const auto it = figures.find(kind);
    if (it != figures.end()) total += it->second;
  }
  return total;
}

void add_wait_states(const std::string& dir, std::vector<RankRecord>& ranks) {
  std::vector<std::optional<WaitLog>> logs;
  for (const auto& r : ranks) logs.push_back(read_wait_log(dir, r.rank));
  if (const std::string why = why_not_comparable(ranks, logs); !why.empty()) {
    for (auto& r : ranks) r.wait_states = why;
    return;
  }
  // Ranks are 0 .. n - 1 in order (read_rank_records), so a log's index is its rank.
  std::vector<WaitLog> complete;
  for (auto& log : logs) complete.push_back(std::move(*log));
  std::vector<WaitStates> states;
  try {
    states = find_wait_states(complete);
  } catch (const std::bad_alloc&) {
    // Matching needs memory in proportion to the logs: a job too large for this machine's memory
    // keeps its other figures.
    for (auto& r : ranks) r.wait_states = "the ranks' logs are too large to match in this machine's memory";
    return;
  }
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    const std::vector<double> values = wait_state_values(states[i]);
    for (std::size_t k = 0; k < values.size(); ++k) ranks[i].figures[kWaitStateNames[k]] = values[k];
    ranks[i].waited.clear();
    for (const WaitedCall& c : states[i].calls) ranks[i].waited.push_back({c.enter, c.seconds, c.call_kind});
    ranks[i].wait_states.clear();
  }
}

}  // namespace scalerun::measure
