#include "runtime/runtime.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace scalerun::runtime {

namespace {

using oneapi::tbb::global_control;

int checked_workers(int workers) {
  if (workers < 1) throw std::invalid_argument(fmt::format("a runtime needs at least one worker, got {}", workers));
  return workers;
}

std::size_t active_thread_limit() {
  return global_control::active_value(global_control::max_allowed_parallelism);
}

// TBB's default limit is the core count; a study of p workers on fewer cores needs it raised. A
// lower limit set by someone else wins anyway (TBB keeps the smallest), so this never lowers it.
std::unique_ptr<global_control> widen_thread_limit(int workers) {
  const auto wanted = static_cast<std::size_t>(workers);
  if (active_thread_limit() >= wanted) return nullptr;
  return std::make_unique<global_control>(global_control::max_allowed_parallelism, wanted);
}

}  // namespace

Runtime::Runtime(int workers, Mode mode)
    : p_(checked_workers(workers)),
      instrumented_(mode == Mode::instrumented),
      widened_(widen_thread_limit(workers)),
      arena_(workers),
      ledgers_(std::make_unique<SlotLedger[]>(static_cast<std::size_t>(workers))),
      totals_(static_cast<std::size_t>(workers)) {
  arena_.initialize();
}

Runtime::~Runtime() = default;

void Runtime::refuse_inside_region(const char* what) const {
  if (in_region_.load(std::memory_order_acquire))
    throw std::logic_error(fmt::format("runtime: {}() called inside a parallel region (regions do not nest)", what));
}

Ticks Runtime::open_region() {
  if (in_region_.exchange(true, std::memory_order_acq_rel))
    throw std::logic_error("runtime: a parallel region started inside another (regions do not nest)");
  if (finished_) {
    in_region_.store(false, std::memory_order_release);
    throw std::logic_error("runtime: region after finish()");
  }
  const Ticks start = now();
  if (window_open_) between_ += start - cursor_;
  return start;
}

Ticks Runtime::open_serial() {
  refuse_inside_region("serial");
  in_region_.store(true, std::memory_order_release);  // a region inside serial() nests
  in_serial_ = true;
  ++serial_regions_;
  const Ticks start = now();
  between_ += start - cursor_;  // serial() always runs inside a window (serial() opens one)
  return start;
}

void Runtime::close_serial(Ticks start) noexcept {
  const Ticks end = now();
  serial_ += end - start;
  if (timeline_) timeline_->serial(start, end);
  cursor_ = end;
  in_serial_ = false;
  in_region_.store(false, std::memory_order_release);
}

void Runtime::close_region(Ticks start) noexcept {
  const Ticks end = now();
  const Ticks span = end - start;
  if (instrumented_) {
    for (std::size_t s = 0; s < totals_.size(); ++s) {
      SlotLedger& l = ledgers_[s];
      Totals& t = totals_[s];
      const Ticks first = l.first.load(std::memory_order_relaxed);
      if (first == SlotLedger::kNever) {
        t.idle += span;  // never got work in this region
      } else {
        const Ticks last = l.last.load(std::memory_order_relaxed);
        const Ticks active = l.active.load(std::memory_order_relaxed);
        const Ticks combine = l.combine.load(std::memory_order_relaxed);
        const Ticks wait_idle = l.wait_idle.load(std::memory_order_relaxed);
        const Ticks wait_prim = l.wait_prim.load(std::memory_order_relaxed);
        t.busy += active - combine - wait_idle - wait_prim;
        t.idle += wait_idle + (end - last);
        // Before the first chunk: the fork (waking, stealing, splitting). Between chunks: scheduling.
        t.primitive += combine + wait_prim + (first - start) + (last - first - active);
      }
      t.chunks += l.chunks.load(std::memory_order_relaxed);
      t.barriers += l.barriers.load(std::memory_order_relaxed);
      t.locks += l.locks.load(std::memory_order_relaxed);
      l.reset();
    }
    if (timeline_) {
      if (!window_open_) timeline_->window_opened(start);  // a region outside measure() is a window
      timeline_->region_closed(start, end);
      if (!window_open_) timeline_->window_closed(end);
    }
  }
  if (window_open_)
    cursor_ = end;
  else
    tpara_ += span;
  in_region_.store(false, std::memory_order_release);
}

void Runtime::open_window() {
  if (finished_) throw std::logic_error("runtime: measure() after finish()");
  window_open_ = true;
  if (observer_ != nullptr) observer_->window_opened();
  pin_.emplace();
  window_start_ = now();
  cursor_ = window_start_;
  if (timeline_) timeline_->window_opened(window_start_);
}

void Runtime::close_window() noexcept {
  const Ticks end = now();
  between_ += end - cursor_;
  tpara_ += end - window_start_;
  if (timeline_) timeline_->window_closed(end);
  window_open_ = false;
  pin_.reset();
  if (observer_ != nullptr) observer_->window_closed();
}

void Runtime::require_concurrency() const {
  const std::size_t limit = active_thread_limit();
  if (limit < static_cast<std::size_t>(p_))
    throw std::runtime_error(fmt::format(
        "runtime: spmd needs {} threads running at once, but a tbb::global_control limits TBB to {}", p_,
        limit));
}

void Runtime::record_barrier(Ticks arrived, Barrier::Passage passage, Ticks left) {
  const int s = slot();
  if (s < 0) return;
  SlotLedger& l = ledgers_[static_cast<std::size_t>(s)];
  // The last arriver waited for no one: all its time in the barrier is the barrier's cost.
  const Ticks waited = passage.last ? 0 : std::clamp(passage.released_at - arrived, Ticks{0}, left - arrived);
  SlotLedger::add(l.wait_idle, waited);
  SlotLedger::add(l.wait_prim, (left - arrived) - waited);
  SlotLedger::bump(l.barriers);
  if (timeline_) {
    timeline_->record(s, TimelineRecorder::Event::barrier_wait, arrived, arrived + waited);
    timeline_->record(s, TimelineRecorder::Event::barrier_cost, arrived + waited, left);
  }
}

void Runtime::record_timeline() {
  if (!instrumented_) throw std::logic_error("runtime: a timeline needs the instrumented mode");
  refuse_inside_region("record_timeline");
  if (!timeline_) timeline_ = std::make_unique<TimelineRecorder>(p_);
}

RunTimeline Runtime::take_timeline() {
  if (!finished_) throw std::logic_error("runtime: take_timeline() before finish()");
  return timeline_ ? timeline_->take() : RunTimeline{};
}

RunStats Runtime::finish() {
  refuse_inside_region("finish");
  if (window_open_) throw std::logic_error("runtime: finish() inside measure()");
  finished_ = true;
  RunStats stats;
  stats.workers = p_;
  stats.instrumented = instrumented_;
  stats.tpara = to_seconds(tpara_);
  stats.serial = to_seconds(serial_);
  stats.between_regions = to_seconds(between_);
  stats.loops = loops_;
  stats.reductions = reductions_;
  stats.spmd_regions = spmd_regions_;
  stats.serial_regions = serial_regions_;
  stats.barriers = barriers_;
  stats.per_worker.resize(totals_.size());
  for (std::size_t s = 0; s < totals_.size(); ++s) {
    const Totals& t = totals_[s];
    WorkerStats& w = stats.per_worker[s];
    w.busy = to_seconds(t.busy);
    w.idle = to_seconds(t.idle);
    w.primitive = to_seconds(t.primitive);
    w.chunks = t.chunks;
    w.barriers = t.barriers;
    w.locks = t.locks;
    stats.locks += t.locks;
  }
  return stats;
}

}  // namespace scalerun::runtime
