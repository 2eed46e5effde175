#include "runtime/timeline_recorder.hpp"

#include <algorithm>

namespace scalerun::runtime {

namespace {

void add(std::vector<PhaseSpan>& spans, Ticks start, Ticks end, Phase phase) {
  if (end <= start) return;
  if (!spans.empty() && spans.back().phase == phase && spans.back().end == start) {
    spans.back().end = end;
    return;
  }
  spans.push_back(PhaseSpan{start, end, phase});
}

}  // namespace

TimelineRecorder::TimelineRecorder(int slots)
    : slots_(static_cast<std::size_t>(slots)), buffers_(std::make_unique<SlotBuffer[]>(slots_)) {
  // For overwrite: the pages are touched as events arrive, not zeroed up front.
  for (std::size_t s = 0; s < slots_; ++s) buffers_[s].events = std::make_unique_for_overwrite<RawEvent[]>(kEventsPerSlot);
}

void TimelineRecorder::region_closed(Ticks start, Ticks end) {
  stretches_.push_back(CallerStretch{start, end, true, ends_.size()});
  for (std::size_t s = 0; s < slots_; ++s) ends_.push_back(buffers_[s].count.load(std::memory_order_relaxed));
}

void TimelineRecorder::serial(Ticks start, Ticks end) {
  if (end > start) stretches_.push_back(CallerStretch{start, end, false, 0});
}

void TimelineRecorder::window_opened(Ticks start) {
  if (any_window_) return;
  any_window_ = true;
  origin_ = start;
}

void TimelineRecorder::window_closed(Ticks end) { last_end_ = end; }

// One slot's events of one region, [first, last), into phases.
void TimelineRecorder::classify(std::vector<PhaseSpan>& out, const RawEvent* first, const RawEvent* last,
                                Ticks start, Ticks end) {
  std::vector<RawEvent> chunks, inner;
  for (const RawEvent* e = first; e != last; ++e)
    (e->kind == Event::chunk || e->kind == Event::combine ? chunks : inner).push_back(*e);
  auto by_start = [](const RawEvent& a, const RawEvent& b) { return a.start < b.start; };
  std::sort(chunks.begin(), chunks.end(), by_start);
  std::sort(inner.begin(), inner.end(), by_start);
  Ticks cursor = start;
  std::size_t next = 0;
  for (const RawEvent& c : chunks) {
    add(out, cursor, c.start, Phase::primitive);  // the fork, or scheduling between chunks
    Ticks at = c.start;
    if (c.kind == Event::combine) {
      add(out, c.start, c.end, Phase::primitive);
      at = c.end;
    }
    for (; next < inner.size() && inner[next].start < c.end; ++next) {
      const RawEvent& e = inner[next];
      add(out, at, e.start, Phase::busy);
      add(out, e.start, e.end, e.kind == Event::barrier_wait ? Phase::idle : Phase::primitive);
      at = std::max(at, e.end);
    }
    add(out, at, c.end, Phase::busy);
    cursor = std::max(cursor, c.end);
  }
  add(out, cursor, end, Phase::idle);  // after the last chunk, until the join
}

RunTimeline TimelineRecorder::take() {
  RunTimeline t;
  t.origin = origin_;
  t.span = last_end_ - origin_;
  t.slots.resize(slots_);
  for (std::size_t s = 0; s < slots_; ++s) {
    SlotBuffer& b = buffers_[s];
    std::vector<PhaseSpan>& out = t.slots[s];
    std::size_t from = 0;
    for (const CallerStretch& stretch : stretches_) {
      if (!stretch.region) {
        add(out, stretch.start, stretch.end, Phase::serial);
        continue;
      }
      const std::size_t to = ends_[stretch.ends + s];
      if (to == kEventsPerSlot && b.overflow.load(std::memory_order_relaxed)) {
        t.truncated = true;  // this region's events may be incomplete, and every later one's
        break;
      }
      classify(out, b.events.get() + from, b.events.get() + to, stretch.start, stretch.end);
      from = to;
    }
  }
  stretches_.clear();
  ends_.clear();
  for (std::size_t s = 0; s < slots_; ++s) {
    buffers_[s].count.store(0, std::memory_order_relaxed);
    buffers_[s].overflow.store(false, std::memory_order_relaxed);
  }
  any_window_ = false;
  return t;
}

}  // namespace scalerun::runtime
