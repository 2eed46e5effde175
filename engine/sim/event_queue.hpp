#pragma once
// The future events of a simulation, taken in (time, order scheduled): events at the same
// simulated time come out in the order they were scheduled, so two runs of one program give the
// same answer.
//
// Processors of an SPMD program reach the same simulated times together: a round of an allreduce
// on a million processors schedules a million events at one or two distinct times. So events are
// kept in one FIFO bucket per distinct time, and only the buckets' times are in a binary heap
// (std::push_heap / std::pop_heap): taking an event is a step along an array rather than a walk
// down a heap of a million entries, and an event costs 12 bytes. The order is the one a heap of
// (time, sequence) pairs would give: within a bucket, scheduling order; between buckets, time.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace scalerun::sim {

enum class EventKind : std::uint8_t {
  Resume,  // a processor whose clock ran ahead continues (or starts) at `time`
  Wake,    // a message a blocked processor may take has arrived (stale if `data` != its generation)
  Inject,  // message `data` enters the network at `time`
};

struct Event {
  double time = 0;
  EventKind kind = EventKind::Resume;
  int proc = 0;
  std::uint32_t data = 0;
};

// The bucket of each pending time: an open-addressing table (linear probing, deletion by
// backward shift) keyed by the time's bits. Written by hand because std::unordered_map allocates a
// node per insert and hashes a double through a byte-wise hash, which, where every event has a
// time of its own (a bus serializes all messages), was a third of the queue's cost.
class TimeTable {
 public:
  static constexpr std::uint32_t kNone = ~std::uint32_t{0};

  std::uint32_t find(double time) const {
    if (slots_.empty()) return kNone;
    const std::uint64_t key = bits(time);
    for (std::size_t i = home(key);; i = (i + 1) & mask_) {
      if (slots_[i].bucket == kNone) return kNone;
      if (slots_[i].key == key) return slots_[i].bucket;
    }
  }

  void insert(double time, std::uint32_t bucket) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    place(bits(time), bucket);
    ++used_;
  }

  void erase(double time) {
    const std::uint64_t key = bits(time);
    std::size_t i = home(key);
    while (slots_[i].key != key || slots_[i].bucket == kNone) i = (i + 1) & mask_;
    // Backward shift: later entries of the probe run move up, so no tombstones are needed.
    for (std::size_t j = (i + 1) & mask_; slots_[j].bucket != kNone; j = (j + 1) & mask_) {
      const std::size_t h = home(slots_[j].key);
      const bool movable = i <= j ? (h <= i || h > j) : (h <= i && h > j);
      if (movable) {
        slots_[i] = slots_[j];
        i = j;
      }
    }
    slots_[i].bucket = kNone;
    --used_;
  }

  void clear() {
    slots_ = {};
    mask_ = 0;
    used_ = 0;
  }

 private:
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t bucket = kNone;
  };
  static std::uint64_t bits(double time) {
    std::uint64_t b = 0;
    std::memcpy(&b, &time, sizeof b);
    return b;
  }
  std::size_t home(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> 32) & mask_;
  }
  void place(std::uint64_t key, std::uint32_t bucket) {
    std::size_t i = home(key);
    while (slots_[i].bucket != kNone) i = (i + 1) & mask_;
    slots_[i] = Slot{key, bucket};
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : 2 * old.size(), Slot{});
    mask_ = slots_.size() - 1;
    for (const Slot& s : old) {
      if (s.bucket != kNone) place(s.key, s.bucket);
    }
  }

  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t used_ = 0;
};

class EventQueue {
 public:
  void push(double time, EventKind kind, int proc, std::uint32_t data = 0) {
    bucket_at(time).items.push_back(Item{proc, data, kind});
    ++size_;
  }

  Event pop() {
    const std::uint32_t b = heap_.front().bucket;
    Bucket& bucket = buckets_[b];
    const Item item = bucket.items[bucket.head++];
    const Event e{bucket.time, item.kind, item.proc, item.data};
    --size_;
    if (bucket.head == bucket.items.size()) {
      close(b);
    } else if (bucket.head >= kCompactFrom && 2 * bucket.head >= bucket.items.size()) {
      // A time that keeps receiving events while they are taken (on the ideal network a whole
      // allreduce happens at one instant) would otherwise hold every event it ever had: the taken
      // ones go, each moved item paid for by one taken before it.
      bucket.items.erase(bucket.items.begin(), bucket.items.begin() + static_cast<std::ptrdiff_t>(bucket.head));
      bucket.head = 0;
    }
    return e;
  }

  bool empty() const { return size_ == 0; }
  // The time of the earliest pending event; only valid when !empty().
  double next_time() const { return heap_.front().time; }
  std::size_t size() const { return size_; }
  // Gives back the memory of every bucket.
  void release() {
    buckets_ = {};
    free_ = {};
    heap_ = {};
    open_.clear();
    last_ = kNone;
    size_ = 0;
  }

 private:
  struct Item {
    int proc;
    std::uint32_t data;
    EventKind kind;
  };
  struct Bucket {
    double time = 0;
    std::vector<Item> items;
    std::size_t head = 0;  // items before it are taken
  };
  struct Entry {
    double time;
    std::uint32_t bucket;
  };
  static constexpr std::uint32_t kNone = ~std::uint32_t{0};
  static constexpr std::size_t kCompactFrom = 4096;

  // std heaps keep the largest element on top, so "larger" means "happens later".
  static bool later(const Entry& a, const Entry& b) { return a.time > b.time; }

  Bucket& bucket_at(double time) {
    // Consecutive pushes mostly share a time: the last bucket is tried before the table.
    if (last_ != kNone && buckets_[last_].time == time) return buckets_[last_];
    const std::uint32_t found = open_.find(time);
    if (found != TimeTable::kNone) {
      last_ = found;
      return buckets_[last_];
    }
    std::uint32_t b = 0;
    if (!free_.empty()) {
      b = free_.back();
      free_.pop_back();
    } else {
      b = static_cast<std::uint32_t>(buckets_.size());
      buckets_.emplace_back();
    }
    buckets_[b].time = time;
    open_.insert(time, b);
    heap_.push_back(Entry{time, b});
    std::push_heap(heap_.begin(), heap_.end(), later);
    last_ = b;
    return buckets_[b];
  }

  // The bucket on top of the heap is empty: its storage goes back to the free list, capacity kept.
  void close(std::uint32_t b) {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    heap_.pop_back();
    Bucket& bucket = buckets_[b];
    open_.erase(bucket.time);
    bucket.items.clear();
    bucket.head = 0;
    free_.push_back(b);
    if (last_ == b) last_ = kNone;
  }

  std::vector<Bucket> buckets_;
  std::vector<std::uint32_t> free_;
  std::vector<Entry> heap_;
  TimeTable open_;  // time -> its bucket, for the buckets in heap_
  std::uint32_t last_ = kNone;
  std::size_t size_ = 0;
};

}  // namespace scalerun::sim
