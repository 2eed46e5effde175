#pragma once
// The future events of a simulation: a binary heap ordered by (time, sequence). The sequence
// number is the order in which events were scheduled, so events at the same simulated time come
// out in a fixed order and two runs of one program give the same answer.
//
// std::push_heap / std::pop_heap do the heap work; this file only fixes the ordering and keeps
// the payload small (the engine stores what an event means in its own tables).

#include <algorithm>
#include <cstdint>
#include <vector>

namespace scalerun::sim {

enum class EventKind : std::uint8_t {
  Resume,  // a processor whose clock ran ahead continues (or starts) at `time`
  Wake,    // a message a blocked processor may take has arrived (stale if `data` != its generation)
  Inject,  // message `data` enters the network at `time`
};

struct Event {
  double time = 0;
  std::uint64_t seq = 0;
  EventKind kind = EventKind::Resume;
  int proc = 0;
  std::uint32_t data = 0;
};

class EventQueue {
 public:
  void push(double time, EventKind kind, int proc, std::uint32_t data = 0) {
    heap_.push_back(Event{time, next_seq_++, kind, proc, data});
    std::push_heap(heap_.begin(), heap_.end(), later);
  }
  Event pop() {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    const Event e = heap_.back();
    heap_.pop_back();
    return e;
  }
  bool empty() const { return heap_.empty(); }
  // The time of the earliest pending event; only valid when !empty().
  double next_time() const { return heap_.front().time; }
  std::size_t size() const { return heap_.size(); }
  void clear() { heap_.clear(); }

 private:
  // std heaps keep the largest element on top, so "larger" means "happens later".
  static bool later(const Event& a, const Event& b) {
    if (a.time != b.time) return a.time > b.time;
    return a.seq > b.seq;
  }
  std::vector<Event> heap_;
  std::uint64_t next_seq_ = 0;
};

}  // namespace scalerun::sim
