#include "kernels/native/billiards/event_queue.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace scalerun::kernels::billiards {

namespace {

// Bin numbers are doubles holding integers; beyond this they would stop counting exactly.
constexpr double kLastBin = 0x1p52;

}  // namespace

EventQueue::EventQueue(std::size_t gaps, double bin_width, std::size_t bins)
    : bins_(bins),
      width_(bin_width),
      time_(gaps, kNever),
      next_(gaps, kNone),
      prev_(gaps, kNone),
      list_(gaps, kNone),
      head_(bins + 1, kNone),
      stripes_(std::make_unique<std::mutex[]>(kStripes)) {
  if (bins == 0 || bins >= kNone || gaps >= kNone || !(bin_width > 0) || !std::isfinite(bin_width)) {
    throw std::invalid_argument(fmt::format("event queue: {} gaps in {} bins of width {} is not a queue", gaps,
                                            bins, bin_width));
  }
}

std::uint32_t EventQueue::list_for(double t) const {
  const double end = base_ + static_cast<double>(bins_);
  const double bin = std::max(std::floor(t / width_), base_);
  if (!(bin < end)) return far_list();
  return static_cast<std::uint32_t>(bin - base_);
}

void EventQueue::link(std::uint32_t list, std::uint32_t gap) {
  list_[gap] = list;
  std::uint32_t before = kNone, after = head_[list];
  if (list != far_list()) {
    const EventKey key{time_[gap], gap};
    while (after != kNone && EventKey{time_[after], after} < key) {
      before = after;
      after = next_[after];
    }
  }
  prev_[gap] = before;
  next_[gap] = after;
  if (before == kNone) {
    head_[list] = gap;
  } else {
    next_[before] = gap;
  }
  if (after != kNone) prev_[after] = gap;
}

void EventQueue::unlink(std::uint32_t gap) {
  const std::uint32_t before = prev_[gap], after = next_[gap];
  if (before == kNone) {
    head_[list_[gap]] = after;
  } else {
    next_[before] = after;
  }
  if (after != kNone) prev_[after] = before;
  list_[gap] = kNone;
}

void EventQueue::reschedule(std::uint32_t gap, double t) {
  if (list_[gap] != kNone) unlink(gap);
  time_[gap] = t;
  if (t != kNever) link(list_for(t), gap);
}

void EventQueue::roll_over() {
  double first = kNever;
  for (std::uint32_t g = head_[far_list()]; g != kNone; g = next_[g]) first = std::min(first, time_[g]);
  const double bin = std::floor(first / width_);
  if (!(bin < kLastBin)) {
    throw std::range_error(fmt::format("billiards event queue: the next event, at t = {:g}, is more than 2^52 bins "
                                       "of {:g} away",
                                       first, width_));
  }
  base_ = std::max(bin, base_ + static_cast<double>(bins_));
  std::uint32_t g = head_[far_list()];
  head_[far_list()] = kNone;
  while (g != kNone) {
    const std::uint32_t following = next_[g];
    link(list_for(time_[g]), g);
    g = following;
  }
}

EventQueue::Peek EventQueue::peek(std::size_t count, std::vector<EventKey>& out, double& front) const {
  auto slot = static_cast<std::size_t>(std::max(front, base_) - base_);
  while (slot < bins_ && head_[slot] == kNone) ++slot;
  front = base_ + static_cast<double>(slot);
  if (slot == bins_) return head_[far_list()] == kNone ? Peek::empty : Peek::window_used_up;
  std::size_t taken = 0;
  for (; slot < bins_ && taken < count; ++slot) {
    for (std::uint32_t g = head_[slot]; g != kNone && taken < count; g = next_[g]) {
      out.push_back(EventKey{time_[g], g});
      ++taken;
    }
  }
  return Peek::found;
}

std::size_t EventQueue::earliest(std::size_t count, std::vector<EventKey>& out) {
  const std::size_t before = out.size();
  while (true) {
    const Peek seen = peek(count, out, front_);
    if (seen == Peek::found) return out.size() - before;
    if (seen == Peek::empty) return 0;
    roll_over();
    front_ = base_;
  }
}

}  // namespace scalerun::kernels::billiards
