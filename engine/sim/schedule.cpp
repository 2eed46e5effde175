#include "sim/schedule.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace scalerun::sim {

namespace {

// FNV-1a over the fields that make two operations equal (not over padding bytes).
class Hash {
 public:
  template <typename T>
  void add(const T& v) {
    unsigned char bytes[sizeof(T)];
    std::memcpy(bytes, &v, sizeof(T));
    for (unsigned char b : bytes) h_ = (h_ ^ b) * 1099511628211ULL;
  }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = 14695981039346656037ULL;
};

}  // namespace

const std::string& ScheduleBook::tag_name(std::int64_t tag) const {
  return tag_names_[static_cast<std::size_t>(tag - tag_base)];
}

std::size_t ScheduleBook::bytes() const {
  std::size_t n = ops_.capacity() * sizeof(ScheduledOp) + starts_.capacity() * sizeof(std::uint32_t) +
                  list_of_rank_.capacity() * sizeof(std::uint32_t);
  for (const auto& s : places_) n += sizeof(s) + s.capacity();
  for (const auto& s : tag_names_) n += sizeof(s) + s.capacity();
  return n;
}

ScheduleBuilder::ScheduleBuilder(int processors, std::size_t max_operations)
    : p_(processors), max_operations_(max_operations) {
  book_.list_of_rank_.assign(static_cast<std::size_t>(processors), 0);
}

void ScheduleBuilder::begin(int rank) {
  rank_ = rank;
  current_.clear();
}

bool ScheduleBuilder::add(ScheduledOp op) {
  // A list longer than the whole budget can never be stored, whether or not it repeats.
  if (current_.size() >= max_operations_) return false;
  current_.push_back(op);
  return true;
}

std::uint64_t ScheduleBuilder::hash_current() const {
  Hash h;
  h.add(current_.size());
  for (const ScheduledOp& op : current_) {
    h.add(op.kind);
    h.add(op.collective);
    h.add(op.peer);
    h.add(op.place);
    h.add(op.tag);
    h.add(op.amount);
  }
  return h.value();
}

void ScheduleBuilder::end() {
  const std::uint64_t key = hash_current();
  std::vector<std::uint32_t>& candidates = lists_by_hash_[key];
  for (std::uint32_t list : candidates) {
    const auto first = book_.ops_.begin() + book_.starts_[list];
    const auto last = book_.ops_.begin() + book_.starts_[list + 1];
    if (std::equal(first, last, current_.begin(), current_.end())) {
      book_.list_of_rank_[static_cast<std::size_t>(rank_)] = list;
      return;
    }
  }
  const auto list = static_cast<std::uint32_t>(book_.starts_.size() - 1);
  book_.ops_.insert(book_.ops_.end(), current_.begin(), current_.end());
  book_.starts_.push_back(static_cast<std::uint32_t>(book_.ops_.size()));
  book_.list_of_rank_[static_cast<std::size_t>(rank_)] = list;
  candidates.push_back(list);
}

std::uint32_t ScheduleBuilder::place_id(const std::string& text) {
  const auto [it, added] = place_ids_.try_emplace(text, static_cast<std::uint32_t>(book_.places_.size()));
  if (added) book_.places_.push_back(text);
  return it->second;
}

ScheduleBook ScheduleBuilder::finish(std::vector<std::string> tag_names, std::int64_t tag_base) {
  book_.tag_names_ = std::move(tag_names);
  book_.tag_base = tag_base;
  book_.ops_.shrink_to_fit();
  lists_by_hash_.clear();
  place_ids_.clear();
  return std::move(book_);
}

ScheduledPrograms::ScheduledPrograms(const ScheduleBook& book, Simulator& simulator)
    : book_(book), sim_(simulator), next_(static_cast<std::size_t>(simulator.processors()), 0) {
  if (book.processors() != simulator.processors()) {
    throw std::invalid_argument("a schedule replays on as many processors as it was recorded for");
  }
}

void ScheduledPrograms::run(int rank) {
  const int p = sim_.processors();
  const ScheduledOp* const first = book_.begin(rank);
  const ScheduledOp* const last = book_.end(rank);
  std::uint32_t& next = next_[static_cast<std::size_t>(rank)];
  auto absolute = [&](std::int32_t offset) { return static_cast<int>((rank + offset) % p); };
  // Where the coroutine would yield, the operation is counted as started and the loop returns;
  // the Simulator finishes it and calls run again, which goes on with the next one.
  while (first + next != last) {
    const ScheduledOp& op = first[next++];
    switch (op.kind) {
      case ScheduledOp::Kind::Compute: sim_.compute(rank, op.amount, false); break;
      case ScheduledOp::Kind::Serial: sim_.compute(rank, op.amount, true); break;
      case ScheduledOp::Kind::Send: sim_.send(rank, absolute(op.peer), op.amount, op.tag, Value{}); break;
      case ScheduledOp::Kind::Receive:
        if (!sim_.receive(rank, absolute(op.peer), op.tag, "recv")) return;
        break;
      case ScheduledOp::Kind::Wait:
        if (!sim_.receive(rank, absolute(op.peer), op.tag, "wait")) return;
        break;
      case ScheduledOp::Kind::Collective:
        if (!sim_.collective(rank, CollectiveCall{op.collective, op.peer, op.amount}, Value{})) return;
        break;
    }
  }
  sim_.finish(rank);
}

std::string ScheduledPrograms::where(int rank) {
  const std::uint32_t next = next_[static_cast<std::size_t>(rank)];
  if (next == 0) return {};
  return book_.place(book_.begin(rank)[next - 1].place);
}

std::string ScheduledPrograms::tag_name(std::int64_t tag) {
  if (book_.tag_base > 0 && tag >= book_.tag_base) return fmt::format("\"{}\"", book_.tag_name(tag));
  return fmt::format("{}", tag);
}

}  // namespace scalerun::sim
