#include "sim/simulator.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace scalerun::sim {

namespace {

constexpr long kPollEvery = 1 << 14;
constexpr int kDeadlockListed = 8;

}  // namespace

Simulator::Simulator(Setup setup) : setup_(std::move(setup)) {
  if (setup_.processors < 1) throw std::invalid_argument("a simulation needs at least one processor");
  if (setup_.network == nullptr) throw std::invalid_argument("a simulation needs a network");
  if (setup_.network->nodes() < setup_.processors) {
    throw std::invalid_argument(fmt::format("the network connects {} processors, the simulation has {}",
                                            setup_.network->nodes(), setup_.processors));
  }
  if (setup_.speeds.size() != static_cast<std::size_t>(setup_.processors)) {
    throw std::invalid_argument("one processor speed per processor expected");
  }
  procs_.resize(static_cast<std::size_t>(setup_.processors));
  stats_.resize(procs_.size());
  seen_sources_.assign(procs_.size(), 0);
  for (std::size_t i = 0; i < procs_.size(); ++i) {
    if (!(setup_.speeds[i] > 0)) throw std::invalid_argument(fmt::format("processor {} has no positive speed", i));
  }
  if (setup_.timeline != nullptr) {
    recorder_ = std::make_unique<TimelineRecorder>(*setup_.timeline, setup_.processors, setup_.timeline_caps);
  }
}

RunResult Simulator::run(Programs& programs) {
  programs_ = &programs;
  for (int r = 0; r < setup_.processors; ++r) queue_.push(0.0, EventKind::Resume, r);
  long next_poll = kPollEvery;
  while (!queue_.empty()) {
    const Event e = queue_.pop();
    now_ = e.time;
    handle(e);
    if (events_ >= next_poll) {
      next_poll = events_ + kPollEvery;
      if (setup_.poll) setup_.poll();
    }
  }
  for (const auto& p : procs_) {
    if (p.state != State::Done) report_deadlock();
  }
  RunResult result;
  result.processors = setup_.processors;
  for (const auto& p : procs_) {
    for (std::uint32_t id = p.mail_head; id != kNoMessage; id = messages_[id].next) ++result.unreceived;
  }
  for (const auto& s : stats_) result.makespan = std::max(result.makespan, s.finish);
  result.procs = std::move(stats_);
  // What the run no longer needs goes before the network lists its links (two per processor on
  // some networks): the peak memory of a large run is the larger of the two, not their sum.
  procs_ = {};
  messages_.release();
  queue_.release();
  seen_sources_ = {};
  result.links = setup_.network->link_stats(result.makespan);
  result.events = events_;
  result.messages = messages_sent_;
  if (recorder_) recorder_->finish(result);
  return result;
}

void Simulator::handle(const Event& e) {
  Processor& p = procs_[index(e.proc)];
  switch (e.kind) {
    case EventKind::Inject:
      transmit(e.data);
      return;
    case EventKind::Resume:
      if (p.state == State::NotStarted) {
        run_program(e.proc);
      } else if (p.state == State::Deferred) {
        p.state = State::Running;
        const bool done = p.pending == Pending::Collective ? advance_collective(e.proc) : attempt_receive(e.proc);
        if (done) run_program(e.proc);
      }
      return;
    case EventKind::Wake: {
      if (p.state != State::Blocked || e.data != p.wake_gen) return;  // superseded by an earlier wake-up
      const Match m = find(p, e.time);
      if (m.id == kNoMessage) return;  // cannot happen: eligible messages only leave by being received
      p.state = State::Running;
      complete_receive(e.proc, m);
      if (p.pending == Pending::Collective) {
        combine_received(e.proc);
        if (!advance_collective(e.proc)) return;
      }
      run_program(e.proc);
      return;
    }
  }
}

void Simulator::run_program(int rank) {
  Processor& p = procs_[index(rank)];
  p.state = State::Running;
  p.pending = Pending::None;
  ++events_;
  programs_->run(rank);
}

void Simulator::compute(int rank, double ops, bool serial) {
  Processor& p = procs_[index(rank)];
  const double seconds = ops / setup_.speeds[index(rank)];
  if (recorder_) {
    recorder_->slice(rank, p.clock, p.clock + seconds, serial ? report::Activity::serial : report::Activity::busy);
  }
  p.clock += seconds;
  ProcessorStats& stats = stats_[index(rank)];
  (serial ? stats.serial : stats.compute) += seconds;
}

void Simulator::send(int rank, int dst, double bytes, std::int64_t tag, Value value) {
  send_message(rank, dst, bytes, tag, 0, value);
}

std::uint32_t Simulator::MessagePool::take() {
  if (!free_.empty()) {
    const std::uint32_t id = free_.back();
    free_.pop_back();
    return id;
  }
  if ((used_ & kMask) == 0) chunks_.push_back(std::make_unique<Message[]>(std::size_t{kMask} + 1));
  return used_++;
}

void Simulator::send_message(int rank, int dst, double bytes, std::int64_t tag, std::uint32_t coll, Value value) {
  Processor& p = procs_[index(rank)];
  if (recorder_) recorder_->slice(rank, p.clock, p.clock + setup_.overhead, report::Activity::comm);
  p.clock += setup_.overhead;
  ProcessorStats& stats = stats_[index(rank)];
  stats.send_overhead += setup_.overhead;
  ++stats.sent;
  ++messages_sent_;
  const std::uint32_t id = messages_.take();
  Message& m = messages_[id];
  m = Message{rank, dst, coll, kNoMessage, tag, bytes, next_seq_++, p.clock, p.clock, 0, 0, value};
  if (dst == rank) {
    deposit(id);  // a message to oneself never enters the network
  } else if (may_transmit_at(m.start)) {
    transmit(id);
  } else {
    queue_.push(m.start, EventKind::Inject, rank, id);
  }
}

void Simulator::transmit(std::uint32_t id) {
  Message& m = messages_[id];
  const network::Delivery d = setup_.network->transmit(network::Transfer{m.src, m.dst, m.bytes, m.start});
  m.arrival = d.arrival;
  m.latency = d.latency;
  m.contention = d.contention;
  if (recorder_) recorder_->flight(m.src, m.dst, m.start, m.arrival, m.bytes);
  ++events_;
  deposit(id);
}

void Simulator::deposit(std::uint32_t id) {
  Message& m = messages_[id];
  Processor& p = procs_[index(m.dst)];
  // Mailboxes stay in send order; messages almost always come in that order already, so the
  // tail is the place, and otherwise the list is walked from its head.
  if (p.mail_tail == kNoMessage) {
    p.mail_head = p.mail_tail = id;
  } else if (messages_[p.mail_tail].seq < m.seq) {
    messages_[p.mail_tail].next = id;
    p.mail_tail = id;
  } else {
    std::uint32_t before = kNoMessage, at = p.mail_head;
    while (at != kNoMessage && messages_[at].seq < m.seq) {
      before = at;
      at = messages_[at].next;
    }
    m.next = at;
    if (before == kNoMessage) p.mail_head = id;
    else messages_[before].next = id;
  }
  if (p.state == State::Blocked && eligible(id, p)) schedule_wake(m.dst, m.arrival);
}

bool Simulator::matches(const Message& m, const Processor& p) const {
  return m.coll == p.want_coll && (p.want_src == kAnySource || m.src == p.want_src) &&
         (p.want_tag == kAnyTag || m.tag == p.want_tag);
}

// A message may be taken if it matches and no earlier matching message of its source waits.
bool Simulator::eligible(std::uint32_t id, const Processor& p) const {
  const Message& m = messages_[id];
  if (!matches(m, p)) return false;
  for (std::uint32_t other = p.mail_head; other != kNoMessage; other = messages_[other].next) {
    const Message& o = messages_[other];
    if (o.seq >= m.seq) break;
    if (o.src == m.src && matches(o, p)) return false;
  }
  return true;
}

Simulator::Match Simulator::find(const Processor& p, double t) {
  Match best;
  if (p.want_src != kAnySource) {
    // From one source, the first message that matches is the only one it may take (send order).
    std::uint32_t before = kNoMessage;
    for (std::uint32_t id = p.mail_head; id != kNoMessage; before = id, id = messages_[id].next) {
      const Message& m = messages_[id];
      if (!matches(m, p)) continue;
      best.next = m.arrival;
      if (m.arrival <= t) {
        best.id = id;
        best.before = before;
      }
      break;
    }
    return best;
  }
  double best_arrival = std::numeric_limits<double>::infinity();
  if (++seen_stamp_ == 0) {  // a fresh stamp: no source seen yet in this search
    std::fill(seen_sources_.begin(), seen_sources_.end(), 0);
    seen_stamp_ = 1;
  }
  std::uint32_t before = kNoMessage;
  for (std::uint32_t id = p.mail_head; id != kNoMessage; before = id, id = messages_[id].next) {
    const Message& m = messages_[id];
    if (!matches(m, p)) continue;
    std::uint32_t& seen = seen_sources_[index(m.src)];
    if (seen == seen_stamp_) continue;
    seen = seen_stamp_;  // later messages of this source must wait for this one
    best.next = std::min(best.next, m.arrival);
    if (m.arrival <= t && m.arrival < best_arrival) {
      best_arrival = m.arrival;
      best.id = id;
      best.before = before;
    }
  }
  return best;
}

bool Simulator::receive(int rank, int src, std::int64_t tag, const char* what) {
  Processor& p = procs_[index(rank)];
  p.pending = Pending::Receive;
  p.what = what;
  p.want_src = src;
  p.want_tag = tag;
  p.want_coll = 0;
  p.posted = p.clock;
  if (!may_receive_at(p.clock)) {
    p.state = State::Deferred;
    queue_.push(p.clock, EventKind::Resume, rank);
    return false;
  }
  return attempt_receive(rank);
}

// The processor's clock is its current time and nothing earlier is pending.
bool Simulator::attempt_receive(int rank) {
  Processor& p = procs_[index(rank)];
  const Match m = find(p, p.clock);
  if (m.id != kNoMessage) {
    complete_receive(rank, m);
    return true;
  }
  p.state = State::Blocked;
  p.wake_time = std::numeric_limits<double>::infinity();
  if (std::isfinite(m.next)) schedule_wake(rank, m.next);
  return false;
}

void Simulator::schedule_wake(int rank, double t) {
  Processor& p = procs_[index(rank)];
  if (t >= p.wake_time) return;
  p.wake_time = t;
  ++p.wake_gen;
  queue_.push(t, EventKind::Wake, rank, p.wake_gen);
}

void Simulator::complete_receive(int rank, const Match& match) {
  Processor& p = procs_[index(rank)];
  ProcessorStats& stats = stats_[index(rank)];
  const std::uint32_t id = match.id;
  const Message& m = messages_[id];
  const double done = std::max(p.posted, m.arrival);
  const double blocked = done - p.posted;
  double wait = 0, latency = 0;
  if (blocked > 0) {
    // Waiting before the message was sent is skew. After that it was in flight: up to when an
    // idle network would have delivered it, that is latency; beyond, contention (SPASM measures
    // the contention a processor sees against the contention-free time of the message).
    wait = std::clamp(m.start - p.posted, 0.0, blocked);
    const double in_flight_from = std::max(p.posted, m.start);
    latency = std::clamp(m.start + m.latency - in_flight_from, 0.0, blocked - wait);
    stats.wait += wait;
    stats.latency_seen += latency;
    stats.contention_seen += std::max(0.0, blocked - wait - latency);
  }
  if (recorder_) recorder_->receive(rank, p.posted, wait, latency, done, setup_.overhead);
  p.clock = done + setup_.overhead;
  stats.recv_overhead += setup_.overhead;
  stats.network_latency += m.latency;
  stats.network_contention += m.contention;
  ++stats.received;
  ++events_;
  p.outcome = Outcome{m.value, m.src};
  if (match.before == kNoMessage) p.mail_head = m.next;
  else messages_[match.before].next = m.next;
  if (p.mail_tail == id) p.mail_tail = match.before;
  messages_.give_back(id);
}

bool Simulator::collective(int rank, const CollectiveCall& call, Value value) {
  Processor& p = procs_[index(rank)];
  p.pending = Pending::Collective;
  p.what = collective_name(call.kind);
  p.coll = call;
  p.coll_index = 0;
  p.value = value;
  ++p.coll_count;
  return advance_collective(rank);
}

// Walks the processor through its schedule until the collective ends (true) or it must wait.
bool Simulator::advance_collective(int rank) {
  Processor& p = procs_[index(rank)];
  for (;;) {
    const CollectiveOp op = collective_op(p.coll, rank, setup_.processors, p.coll_index);
    switch (op.kind) {
      case CollectiveOp::Kind::End:
        p.pending = Pending::None;
        p.outcome = Outcome{collective_returns_value(p.coll, rank) ? p.value : Value{}, rank};
        return true;
      case CollectiveOp::Kind::Send:
        send_message(rank, op.peer, op.bytes, op.tag, p.coll_count, p.value);
        ++p.coll_index;
        break;
      case CollectiveOp::Kind::Recv:
        p.want_src = op.peer;
        p.want_tag = op.tag;
        p.want_coll = p.coll_count;
        p.posted = p.clock;
        if (!may_receive_at(p.clock)) {
          p.state = State::Deferred;
          queue_.push(p.clock, EventKind::Resume, rank);
          return false;
        }
        if (!attempt_receive(rank)) return false;
        combine_received(rank);
        break;
    }
  }
}

// The received operand of the current receive joins the processor's value; the schedule moves on.
void Simulator::combine_received(int rank) {
  Processor& p = procs_[index(rank)];
  const CollectiveOp op = collective_op(p.coll, rank, setup_.processors, p.coll_index);
  const Value in = p.outcome.value;
  switch (op.combine) {
    case Combine::None: break;
    case Combine::Take: p.value = in; break;
    case Combine::Add: {
      const double a = p.value.present ? p.value.number : 0.0;
      const double b = in.present ? in.number : 0.0;
      p.value = Value{op.peer < rank ? b + a : a + b, p.value.present || in.present};
      break;
    }
  }
  ++p.coll_index;
}

void Simulator::finish(int rank) {
  Processor& p = procs_[index(rank)];
  p.state = State::Done;
  p.pending = Pending::None;
  stats_[index(rank)].finish = p.clock;
}

void Simulator::report_deadlock() {
  std::vector<int> stuck;
  double t = 0;
  for (int r = 0; r < setup_.processors; ++r) {
    const Processor& p = procs_[index(r)];
    if (p.state == State::Done) continue;
    stuck.push_back(r);
    t = std::max(t, p.posted);
  }
  std::string first_where;
  std::string list;
  for (std::size_t i = 0; i < stuck.size() && i < kDeadlockListed; ++i) {
    const int r = stuck[i];
    const Processor& p = procs_[index(r)];
    const std::string where = programs_->where(r);
    if (first_where.empty()) first_where = where;
    std::string op;
    const std::string src = p.want_src == kAnySource ? "any" : fmt::format("{}", p.want_src);
    if (p.pending == Pending::Collective) {
      op = fmt::format("{} (receiving from processor {})", p.what, p.want_src);
    } else {
      const std::string tag = p.want_tag == kAnyTag ? "any" : programs_->tag_name(p.want_tag);
      op = fmt::format("{}(src={}, tag={})", p.what, src, tag);
    }
    list += fmt::format("{}processor {} waits in {}{}", i == 0 ? "" : "; ", r, op,
                        where.empty() ? "" : " at " + where);
  }
  if (stuck.size() > kDeadlockListed) list += fmt::format("; and {} more", stuck.size() - kDeadlockListed);
  throw SimulationError(fmt::format("{}deadlock at t = {:.6g} s: {} (no message can arrive for them)",
                                    first_where.empty() ? "" : first_where + ": ", t, list));
}

}  // namespace scalerun::sim
