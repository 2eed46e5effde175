#pragma once
// A program as the list of operations each processor performs, recorded before the run (the idea
// of LogGOPSim's GOAL schedules). It applies when no operation's outcome can feed back into the
// program: no message or collective carries a value, no receive takes any source, no one reads
// the clock. Then every processor's operations are fixed by (rank, p, k) alone, and replaying them
// through the Simulator gives the same calls in the same order as running the program in a
// coroutine: identical results, without a coroutine and its stack per processor.
//
// Processors of an SPMD program mostly perform the same list, so lists are stored once (hash-
// consed) with peers relative to the rank (rank + offset mod p): a ring or a nearest-neighbour
// exchange is one list for every processor, and a million processors cost a few bytes each.
// A book is immutable once built, so the three runs of a point (ideal, contention-free, real)
// may replay it at the same time.

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "sim/collectives.hpp"
#include "sim/simulator.hpp"

namespace scalerun::sim {

struct ScheduledOp {
  enum class Kind : std::uint8_t { Compute, Serial, Send, Receive, Wait, Collective };
  Kind kind = Kind::Compute;
  CollectiveKind collective = CollectiveKind::Barrier;
  std::int32_t peer = 0;   // send, receive: (peer - rank) mod p; collective: the root, absolute
  std::uint32_t place = 0; // index into ScheduleBook::places ("file:line" of the program)
  std::int64_t tag = 0;    // send, receive
  double amount = 0;       // compute: operations; send, collective: bytes

  bool operator==(const ScheduledOp&) const = default;
};

class ScheduleBook {
 public:
  // The operations of `rank`, in program order.
  const ScheduledOp* begin(int rank) const { return ops_.data() + starts_[list_of(rank)]; }
  const ScheduledOp* end(int rank) const { return ops_.data() + starts_[list_of(rank) + 1]; }
  int processors() const { return static_cast<int>(list_of_rank_.size()); }
  const std::string& place(std::uint32_t id) const { return places_[id]; }
  const std::string& tag_name(std::int64_t tag) const;  // a string tag's text (see tag_base)
  std::size_t lists() const { return starts_.size() - 1; }
  std::size_t operations() const { return ops_.size(); }
  // Bytes the book holds, for the memory report of the bench.
  std::size_t bytes() const;

  // String tags are numbered from here, as the coroutine side numbers them.
  std::int64_t tag_base = 0;

 private:
  friend class ScheduleBuilder;
  std::size_t list_of(int rank) const { return list_of_rank_[static_cast<std::size_t>(rank)]; }

  std::vector<ScheduledOp> ops_;                 // the distinct lists back to back
  std::vector<std::uint32_t> starts_{0};         // list i is ops_[starts_[i] .. starts_[i + 1])
  std::vector<std::uint32_t> list_of_rank_;      // which list each processor performs
  std::vector<std::string> places_;
  std::vector<std::string> tag_names_;
};

// Builds a book one processor at a time, in rank order. Returns false from add() once the book
// would hold more than `max_operations` distinct operations: the caller runs coroutines instead.
class ScheduleBuilder {
 public:
  ScheduleBuilder(int processors, std::size_t max_operations);

  void begin(int rank);
  bool add(ScheduledOp op);  // peer already made relative by the caller (relative_peer)
  void end();
  std::int32_t relative_peer(int peer) const { return static_cast<std::int32_t>((peer - rank_ + p_) % p_); }
  // The id of a program position ("file:line"), the same id for the same text.
  std::uint32_t place_id(const std::string& text);

  ScheduleBook finish(std::vector<std::string> tag_names, std::int64_t tag_base);

 private:
  std::uint64_t hash_current() const;

  ScheduleBook book_;
  int p_;
  int rank_ = -1;
  std::size_t max_operations_;
  std::vector<ScheduledOp> current_;
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> lists_by_hash_;
  std::unordered_map<std::string, std::uint32_t> place_ids_;
};

// Replays a book: each processor performs its list through the Simulator, parking where an
// operation must wait, exactly where its coroutine would have yielded.
class ScheduledPrograms final : public Programs {
 public:
  ScheduledPrograms(const ScheduleBook& book, Simulator& simulator);

  void run(int rank) override;
  std::string where(int rank) override;
  std::string tag_name(std::int64_t tag) override;

 private:
  const ScheduleBook& book_;
  Simulator& sim_;
  std::vector<std::uint32_t> next_;  // per processor: how many of its operations it has started
};

}  // namespace scalerun::sim
