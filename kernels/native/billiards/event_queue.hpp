#pragma once
// The event queue of the billiard simulation, time-binned as in the Scale-Graph paper's §5.2
// (000_4d83e4b2b26c01b9.txt): time is cut into bins of equal width, each bin holds the events
// that fall in it linked in increasing order, and the bins follow each other in time. A
// collision changes queued events, so each gap keeps at most one event and moving it (remove,
// insert) costs a walk of one short bin, never a search of the whole queue.
//
// The bins form a window of `bins` consecutive bins starting at base; events beyond the window
// wait, unsorted, in a far list until the window has been used up and moves on to the earliest
// of them (a calendar queue with epochs, written here because no library queue lets a parallel
// step read it from every rank and reschedule events in place under per-bin locks).
//
// Order: every event sits in the bin its time falls in, bins are visited in increasing time, and
// each bin is sorted by EventKey, so peek() returns the events in exactly the order the serial
// reference pops them. A reader keeps its own front (the first bin that may hold an event) and
// walks on from it; no event may be scheduled before the earliest event its last peek returned
// (in the simulation every new prediction is at or after the event that caused it), so the bins
// behind a front stay empty.
//
// Threads: peek() only reads, so every rank may peek at once while nobody reschedules. The
// locking reschedule() may run concurrently for different gaps: it takes the mutex of the bin
// it removes the event from and then of the bin it inserts into (64 striped mutexes, one for the
// far list), through the caller's lock function so the caller can account the waiting.
// roll_over(), earliest() and the plain reschedule() need the queue to themselves.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "kernels/native/billiards/physics.hpp"

namespace scalerun::kernels::billiards {

class EventQueue {
 public:
  static constexpr std::uint32_t kNone = UINT32_MAX;

  // gaps events at most; bins > 0 bins of width bin_width > 0 in the window.
  EventQueue(std::size_t gaps, double bin_width, std::size_t bins);

  // Moves a gap's event to time t (kNever: removes it); see above for how early t may be.
  void reschedule(std::uint32_t gap, double t);
  // The same from several threads at once (each on its own gaps); lock(std::mutex&) returns a
  // std::unique_lock holding it.
  template <class Lock>
  void reschedule(std::uint32_t gap, double t, Lock&& lock);

  enum class Peek { found, window_used_up, empty };
  // Appends up to count (>= 1) of the earliest events to out, in key order, walking from front
  // and moving front up to the bin of the first: fewer than count when the window ends first
  // (all the others are later). window_used_up: none left in the window but some in the far list
  // (roll_over(), then start again from base()); empty: no events at all.
  Peek peek(std::size_t count, std::vector<EventKey>& out, double& front) const;
  // Moves the window on to the earliest far event and brings the far events it now covers into
  // their bins. Throws std::range_error when that event is too far away to number its bin
  // (beyond 2^52 bin widths).
  void roll_over();
  double base() const { return base_; }

  // For one thread alone: peek() from the queue's own front, rolling over as needed; returns the
  // number appended (0: the queue is empty).
  std::size_t earliest(std::size_t count, std::vector<EventKey>& out);

  // Bytes per gap and per bin, for the kernel's memory.
  static constexpr std::size_t kBytesPerGap = sizeof(double) + 3 * sizeof(std::uint32_t);
  static constexpr std::size_t kBytesPerBin = sizeof(std::uint32_t);

 private:
  static constexpr std::size_t kStripes = 64;

  std::uint32_t far_list() const { return static_cast<std::uint32_t>(bins_); }
  // The list an event at time t belongs to: a bin of the window (the first for a time before the
  // window) or the far list.
  std::uint32_t list_for(double t) const;
  std::mutex& mutex_of(std::uint32_t list) const {
    return list == far_list() ? far_mutex_ : stripes_[list % kStripes];
  }
  void link(std::uint32_t list, std::uint32_t gap);  // in key order (far list: at its head)
  void unlink(std::uint32_t gap);

  std::size_t bins_;
  double width_;
  double base_ = 0;   // number of the window's first bin (an integer, kept as a double)
  double front_ = 0;  // earliest()'s front
  std::vector<double> time_;           // per gap
  std::vector<std::uint32_t> next_;    // per gap: links within its list
  std::vector<std::uint32_t> prev_;
  std::vector<std::uint32_t> list_;    // per gap: its list, kNone when it has no event
  std::vector<std::uint32_t> head_;    // per list: bins_ bins, then the far list
  std::unique_ptr<std::mutex[]> stripes_;
  mutable std::mutex far_mutex_;
};

template <class Lock>
void EventQueue::reschedule(std::uint32_t gap, double t, Lock&& lock) {
  // Only this call touches this gap's own fields; its neighbours in a list are changed under
  // that list's mutex.
  const std::uint32_t old = list_[gap];
  if (old != kNone) {
    auto held = lock(mutex_of(old));
    unlink(gap);
  }
  if (t == kNever) {
    time_[gap] = kNever;
    return;
  }
  const std::uint32_t list = list_for(t);
  auto held = lock(mutex_of(list));
  time_[gap] = t;
  link(list, gap);
}

}  // namespace scalerun::kernels::billiards
