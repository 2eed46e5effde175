#include "measure/wait_states.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <tuple>

namespace scalerun::measure {

namespace {

enum Cause { late_sender, late_receiver, barrier, collective, late_broadcast, early_reduce };

// The wait found so far in one MPI call of one rank: the largest of its causes.
struct CallWait {
  double seconds = 0;
  Cause cause = late_sender;
  std::uint8_t call_kind = 0;
};

// A rank's calls, by their interval: the events of one call share it exactly (the interposition
// library stamps them with the call's start and end).
using Calls = std::map<std::pair<double, double>, CallWait>;

// `event`'s call waited `candidate` seconds for `cause`, bounded by the call's own time.
void offer(Calls& calls, const WaitEvent& event, double candidate, Cause cause) {
  const double bounded = std::clamp(candidate, 0.0, std::max(0.0, event.exit - event.enter));
  CallWait& call = calls[{event.enter, event.exit}];
  if (bounded > call.seconds) call = CallWait{bounded, cause, event.call_kind};
}

bool in_range(int rank, std::size_t ranks) { return rank >= 0 && static_cast<std::size_t>(rank) < ranks; }

// Per rank, the events that complete a non-blocking send or collective, by the start's order.
using Completions = std::vector<std::map<std::uint32_t, const WaitEvent*>>;

Completions completions(const std::vector<WaitLog>& logs, WaitOp done) {
  Completions by_rank(logs.size());
  for (std::size_t r = 0; r < logs.size(); ++r)
    for (const WaitEvent& e : logs[r].events)
      if (e.op == done) by_rank[r][e.order] = &e;
  return by_rank;
}

const WaitEvent* completion_of(const Completions& done, std::size_t rank, const WaitEvent& start) {
  if (start.nonblocking == 0) return nullptr;
  const auto it = done[rank].find(start.order);
  return it == done[rank].end() ? nullptr : it->second;
}

// A send waited for its late receiver only while the receive was not posted: in its own call when
// blocking, in the wait that completed it when not (an eager send that returned before the
// receive was posted did not wait at all).
void offer_late_receiver(Calls& calls, const WaitEvent& waiting, double posted) {
  if (waiting.exit > posted) offer(calls, waiting, posted - waiting.enter, late_receiver);
}

void match_messages(const std::vector<WaitLog>& logs, std::vector<Calls>& calls) {
  // Sends in the order each rank made them, per sender, receiver, communicator and tag.
  using Channel = std::tuple<int, int, std::uint32_t, std::int32_t>;
  std::map<Channel, std::deque<const WaitEvent*>> sends;
  for (std::size_t r = 0; r < logs.size(); ++r) {
    for (const WaitEvent& e : logs[r].events) {
      if (e.op == WaitOp::send && in_range(e.peer, logs.size()))
        sends[{static_cast<int>(r), e.peer, e.comm, e.tag}].push_back(&e);
    }
  }
  const Completions sends_done = completions(logs, WaitOp::send_done);
  for (std::size_t d = 0; d < logs.size(); ++d) {
    // Receives in the order they were posted (which is the order they match in), not completed;
    // a probe looks at the message the receive posted next takes, so it comes before it.
    std::vector<const WaitEvent*> receives;
    for (const WaitEvent& e : logs[d].events)
      if ((e.op == WaitOp::receive || e.op == WaitOp::probe) && in_range(e.peer, logs.size())) receives.push_back(&e);
    std::stable_sort(receives.begin(), receives.end(), [](const WaitEvent* a, const WaitEvent* b) {
      return std::pair(a->order, a->op != WaitOp::probe) < std::pair(b->order, b->op != WaitOp::probe);
    });
    for (const WaitEvent* receive : receives) {
      auto it = sends.find({receive->peer, static_cast<int>(d), receive->comm, receive->tag});
      if (it == sends.end() || it->second.empty()) continue;
      const WaitEvent* send = it->second.front();
      offer(calls[d], *receive, send->enter - receive->enter, late_sender);
      if (receive->op == WaitOp::probe) continue;  // the message stays for the receive
      it->second.pop_front();
      const auto sender = static_cast<std::size_t>(receive->peer);
      offer_late_receiver(calls[sender], *send, receive->posted);
      if (const WaitEvent* done = completion_of(sends_done, sender, *send))
        offer_late_receiver(calls[sender], *done, receive->posted);
    }
  }
}

bool is_collective(WaitOp op) {
  return op == WaitOp::barrier || op == WaitOp::all_to_all || op == WaitOp::one_to_all || op == WaitOp::all_to_one;
}

void match_collectives(const std::vector<WaitLog>& logs, std::vector<Calls>& calls) {
  const Completions done = completions(logs, WaitOp::collective_done);
  // Each communicator's collectives, per rank, in order: the k-th of every rank is one instance.
  std::map<std::uint32_t, std::vector<std::vector<const WaitEvent*>>> by_comm;
  for (std::size_t r = 0; r < logs.size(); ++r) {
    for (const WaitEvent& e : logs[r].events) {
      if (!is_collective(e.op)) continue;
      auto& per_rank = by_comm[e.comm];
      per_rank.resize(logs.size());
      per_rank[r].push_back(&e);
    }
  }
  for (const auto& [comm, per_rank] : by_comm) {
    std::size_t instances = 0;
    for (const auto& mine : per_rank) instances = std::max(instances, mine.size());
    for (std::size_t k = 0; k < instances; ++k) {
      std::vector<std::pair<std::size_t, const WaitEvent*>> members;
      for (std::size_t r = 0; r < per_rank.size(); ++r)
        if (k < per_rank[r].size()) members.emplace_back(r, per_rank[r][k]);
      const WaitOp op = members.front().second->op;
      // Ranks that disagree on what the k-th collective was: not one instance, nothing to say.
      if (std::any_of(members.begin(), members.end(), [op](const auto& m) { return m.second->op != op; })) continue;
      // Where each rank waited: in the collective's own call, or for a non-blocking one in the
      // wait that completed it (none when it was never waited for).
      const auto waited_in = [&](std::size_t r, const WaitEvent* start) {
        return start->nonblocking != 0 ? completion_of(done, r, *start) : start;
      };
      const auto offer_at = [&](std::size_t r, const WaitEvent* start, double since, Cause cause) {
        if (const WaitEvent* at = waited_in(r, start)) offer(calls[r], *at, since - at->enter, cause);
      };
      if (op == WaitOp::barrier || op == WaitOp::all_to_all) {
        double last = members.front().second->enter;
        for (const auto& m : members) last = std::max(last, m.second->enter);
        for (const auto& [r, e] : members) offer_at(r, e, last, op == WaitOp::barrier ? barrier : collective);
        continue;
      }
      const int root = members.front().second->peer;
      const auto root_member =
          std::find_if(members.begin(), members.end(), [root](const auto& m) { return static_cast<int>(m.first) == root; });
      if (root_member == members.end()) continue;
      const WaitEvent& at_root = *root_member->second;
      if (op == WaitOp::one_to_all) {
        for (const auto& [r, e] : members)
          if (static_cast<int>(r) != root) offer_at(r, e, at_root.enter, late_broadcast);
      } else {
        double last = at_root.enter;
        for (const auto& [r, e] : members)
          if (static_cast<int>(r) != root) last = std::max(last, e->enter);
        offer_at(root_member->first, &at_root, last, early_reduce);
      }
    }
  }
}

}  // namespace

std::vector<double> wait_state_values(const WaitStates& w) {
  return {w.late_sender, w.late_receiver, w.barrier, w.collective, w.late_broadcast, w.early_reduce};
}

std::optional<WaitLog> read_wait_log(const std::string& dir, int rank) {
  const std::string path = dir + "/rank-" + std::to_string(rank) + ".events";
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) return std::nullopt;
  WaitLogHeader header;
  if (std::fread(&header, sizeof header, 1, file.get()) != 1 ||
      std::memcmp(header.magic, kWaitLogMagic, sizeof header.magic) != 0) {
    return std::nullopt;
  }
  // The count must be what the file holds: a size read from a file is checked before it is used.
  if (std::fseek(file.get(), 0, SEEK_END) != 0) return std::nullopt;
  const long size = std::ftell(file.get());
  // (count compared by division: a count near 2^64 / 48 must not wrap around to a small size).
  if (size < static_cast<long>(sizeof header) ||
      (static_cast<std::uint64_t>(size) - sizeof header) % sizeof(WaitEvent) != 0 ||
      header.count != (static_cast<std::uint64_t>(size) - sizeof header) / sizeof(WaitEvent)) {
    return std::nullopt;
  }
  std::fseek(file.get(), static_cast<long>(sizeof header), SEEK_SET);
  WaitLog log;
  log.dropped = header.dropped;
  log.events.resize(header.count);
  if (header.count > 0 && std::fread(log.events.data(), sizeof(WaitEvent), header.count, file.get()) != header.count)
    return std::nullopt;
  return log;
}

std::vector<WaitStates> find_wait_states(const std::vector<WaitLog>& logs) {
  std::vector<Calls> calls(logs.size());
  match_messages(logs, calls);
  match_collectives(logs, calls);
  std::vector<WaitStates> states(logs.size());
  for (std::size_t r = 0; r < logs.size(); ++r) {
    for (const auto& [interval, call] : calls[r]) {
      double* slot[] = {&states[r].late_sender, &states[r].late_receiver,  &states[r].barrier,
                        &states[r].collective,  &states[r].late_broadcast, &states[r].early_reduce};
      *slot[call.cause] += call.seconds;
      if (call.seconds > 0) states[r].calls.push_back({interval.first, interval.second, call.seconds, call.call_kind});
    }
  }
  return states;
}

}  // namespace scalerun::measure
