#include <algorithm>
#include <mutex>
#include <stdexcept>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "kernels/native/billiards/event_queue.hpp"
#include "kernels/native/billiards/simulation.hpp"

namespace scalerun::kernels::billiards {

namespace {

constexpr std::uint32_t kNone = EventQueue::kNone;

// Bins in the queue's window per gap: with bins one mean event interval wide (bin_width), the
// window reaches about two time units ahead, where most predictions fall.
constexpr std::size_t kBinsPerGap = 2;

// Bin width: the time between events in the whole box when the balls move at about unit speed
// (the kernel's velocities are uniform in [-1, 1)): the free length per ball over the ball count.
double bin_width(const Box& box, std::size_t balls) {
  if (balls == 0) return 1;
  const double n = static_cast<double>(balls);
  const double free_length = (box.length - n * box.diameter) / n;
  if (!(free_length > 0)) {
    throw std::invalid_argument(fmt::format("billiards: {} balls of diameter {:g} do not fit in a box of length {:g}",
                                            balls, box.diameter, box.length));
  }
  return free_length / n;
}

// What executing one candidate event would do, worked out before deciding whether it runs.
struct Analysis {
  Collision post;
  EventKey earliest;      // the earliest event it schedules, given the candidates before it
  bool conflict = false;  // it shares a ball with an earlier candidate
};

// What each rank keeps for itself: every rank fetches the same candidates from the queue (as the
// paper's processors each fetch theirs), so no rank has to hand them out between barriers.
struct RankView {
  double front = 0;                  // where this rank's walk through the queue stands
  std::uint64_t events = 0;          // executed so far
  std::vector<EventKey> candidates;  // this step's W earliest events, in key order
  std::vector<std::pair<std::uint32_t, std::uint32_t>> by_gap;  // (gap, candidate index), by gap

  // The index of gap's candidate, kNone when it has none.
  std::uint32_t index_of(std::size_t gap) const {
    const auto it = std::lower_bound(by_gap.begin(), by_gap.end(), std::pair<std::uint32_t, std::uint32_t>(
                                                                       static_cast<std::uint32_t>(gap), 0));
    return it != by_gap.end() && it->first == gap ? it->second : kNone;
  }
};

// The state the ranks of one spmd region share. Phases are separated by barriers; in each, a
// rank writes only what its own events own, as the comments at each phase say.
class ParallelRun {
 public:
  ParallelRun(const Box& box, std::span<const Ball> start, std::uint64_t steps, std::size_t width)
      : box_(box),
        start_(start),
        steps_(steps),
        width_(width),
        queue_(start.size() + 1, bin_width(box, start.size()), kBinsPerGap * (start.size() + 1)),
        analysis_(width) {
    out_.balls.resize(start.size());
  }

  void rank_body(int rank, runtime::SpmdContext& ctx);
  Outcome release_outcome() { return std::move(out_); }

 private:
  std::size_t balls() const { return out_.balls.size(); }
  std::size_t gaps() const { return balls() + 1; }
  // Fills view with the next step's candidates; false when there are no more events.
  bool select(RankView& view, runtime::SpmdContext& ctx);
  void analyse(const RankView& view, std::size_t j);
  std::size_t independent_prefix(const RankView& view) const;
  void account(const RankView& view, std::size_t k);
  template <class Lock>
  void execute(const RankView& view, std::size_t j, std::size_t k, Lock&& lock);

  const Box& box_;
  std::span<const Ball> start_;
  std::uint64_t steps_;
  std::size_t width_;               // W: candidates looked at per step
  Outcome out_;                     // out_.balls is the live state; the totals are rank 0's
  EventQueue queue_;
  std::vector<Analysis> analysis_;  // per candidate
};

void ParallelRun::rank_body(int rank, runtime::SpmdContext& ctx) {
  const auto p = static_cast<std::size_t>(ctx.size());
  const auto r = static_cast<std::size_t>(rank);
  auto lock = [&ctx](std::mutex& m) { return ctx.lock(m); };
  // Initialisation, in blocks: the balls, then every gap's first event.
  for (std::size_t i = balls() * r / p; i < balls() * (r + 1) / p; ++i) out_.balls[i] = start_[i];
  ctx.barrier();
  const std::span<const Ball> state(out_.balls);
  for (std::size_t g = gaps() * r / p; g < gaps() * (r + 1) / p; ++g) {
    queue_.reschedule(static_cast<std::uint32_t>(g), predict(box_, left_ball(state, g), right_ball(state, g)), lock);
  }
  ctx.barrier();
  RankView view;
  view.candidates.reserve(width_);
  view.by_gap.reserve(width_);
  while (select(view, ctx)) {  // reads the queue
    const std::size_t count = view.candidates.size();
    for (std::size_t j = r; j < count; j += p) analyse(view, j);  // reads the balls, writes analysis_[j]
    ctx.barrier();
    const std::size_t k = independent_prefix(view);  // every rank finds the same k
    if (rank == 0) account(view, k);
    view.events += k;
    for (std::size_t j = r; j < k; j += p) execute(view, j, k, lock);  // writes its own balls and gaps
    ctx.barrier();
  }
}

bool ParallelRun::select(RankView& view, runtime::SpmdContext& ctx) {
  view.candidates.clear();
  view.by_gap.clear();
  if (view.events == steps_) return false;
  const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(width_, steps_ - view.events));
  while (true) {
    const EventQueue::Peek seen = queue_.peek(want, view.candidates, view.front);
    if (seen == EventQueue::Peek::empty) return false;
    if (seen == EventQueue::Peek::found) break;
    // Every rank sees the window used up at the same step; one moves it while the others wait.
    ctx.barrier();
    if (ctx.rank() == 0) queue_.roll_over();
    ctx.barrier();
    view.front = queue_.base();
  }
  for (std::size_t j = 0; j < view.candidates.size(); ++j) {
    view.by_gap.emplace_back(view.candidates[j].gap, static_cast<std::uint32_t>(j));
  }
  std::sort(view.by_gap.begin(), view.by_gap.end());
  return true;
}

void ParallelRun::analyse(const RankView& view, std::size_t j) {
  const std::span<const Ball> state(out_.balls);
  const std::size_t g = view.candidates[j].gap;
  Analysis& a = analysis_[j];
  a.post = collide(view.candidates[j].time, left_ball(state, g), right_ball(state, g));
  a.conflict = (g >= 1 && view.index_of(g - 1) < j) || (g + 1 < gaps() && view.index_of(g + 1) < j);
  a.earliest = EventKey{};
  // A ball next to this event as it will be when this event runs: changed by an earlier
  // candidate (the one beyond the neighbouring gap), or as it is now.
  auto neighbour = [&](std::size_t gap_beyond, bool right_side, Ball& scratch) -> const Ball* {
    const std::size_t ball = right_side ? gap_beyond - 1 : gap_beyond;
    const std::uint32_t i = view.index_of(gap_beyond);
    if (i >= j) return &state[ball];
    const EventKey& e = view.candidates[i];
    const Collision c = collide(e.time, left_ball(state, gap_beyond), right_ball(state, gap_beyond));
    scratch = right_side ? c.left : c.right;
    return &scratch;
  };
  Ball scratch;
  if (g >= 1) {  // gap g - 1: ball g - 2 (or the wall) and this event's left ball
    const Ball* other = g >= 2 ? neighbour(g - 2, false, scratch) : nullptr;
    a.earliest = std::min(a.earliest, EventKey{predict(box_, other, &a.post.left), static_cast<std::uint32_t>(g - 1)});
  }
  if (g + 1 < gaps()) {  // gap g + 1: this event's right ball and ball g + 1 (or the wall)
    const Ball* other = g + 2 < gaps() ? neighbour(g + 2, true, scratch) : nullptr;
    a.earliest = std::min(a.earliest, EventKey{predict(box_, &a.post.right, other), static_cast<std::uint32_t>(g + 1)});
  }
}

// In one dimension a shared ball shows as an early re-collision too (a collision only speeds a
// ball towards its other neighbour, so that pair's event comes sooner), but the overlap test
// does not depend on rounding.
std::size_t ParallelRun::independent_prefix(const RankView& view) const {
  EventKey first;  // the earliest event scheduled by the prefix so far
  std::size_t k = 0;
  for (std::size_t j = 0; j < view.candidates.size(); ++j) {
    const Analysis& a = analysis_[j];
    if (j > 0 && a.conflict) break;
    first = std::min(first, a.earliest);
    if (j > 0 && !(view.candidates[j] < first)) break;
    k = j + 1;
  }
  return k;
}

void ParallelRun::account(const RankView& view, std::size_t k) {
  // In key order: the same sums as the serial loop's.
  for (std::size_t j = 0; j < k; ++j) out_.wall_impulse += analysis_[j].post.wall_impulse;
  out_.end_time = view.candidates[k - 1].time;
  out_.events += k;
}

template <class Lock>
void ParallelRun::execute(const RankView& view, std::size_t j, std::size_t k, Lock&& lock) {
  const std::size_t g = view.candidates[j].gap;
  const Collision& post = analysis_[j].post;
  if (g >= 1) out_.balls[g - 1] = post.left;
  if (g < balls()) out_.balls[g] = post.right;
  queue_.reschedule(static_cast<std::uint32_t>(g), kNever, lock);
  // Gap g - 1 is this event's unless an executed event two gaps left owns it as its gap + 1.
  // Balls not changed in this step are read from the state; changed ones from their analysis.
  if (g >= 1 && !(g >= 2 && view.index_of(g - 2) < k)) {
    const Ball* other = g >= 2 ? &out_.balls[g - 2] : nullptr;
    queue_.reschedule(static_cast<std::uint32_t>(g - 1), predict(box_, other, &post.left), lock);
  }
  if (g + 1 < gaps()) {
    const Ball* other = nullptr;
    if (g + 2 < gaps()) {
      const std::uint32_t beyond = view.index_of(g + 2);
      other = beyond < k ? &analysis_[beyond].post.left : &out_.balls[g + 1];
    }
    queue_.reschedule(static_cast<std::uint32_t>(g + 1), predict(box_, &post.right, other), lock);
  }
}

}  // namespace

Outcome simulate_parallel(const Box& box, std::span<const Ball> start, std::uint64_t steps, std::size_t batch,
                          runtime::Runtime& rt) {
  if (batch == 0) throw std::invalid_argument("billiards: batch must be at least 1 event per worker");
  if (start.size() >= kNone / kBinsPerGap - 1) {
    throw std::invalid_argument(fmt::format("billiards: {} balls is more than the event queue can number", start.size()));
  }
  const std::size_t gaps = start.size() + 1;
  const auto p = static_cast<std::size_t>(rt.workers());
  const std::size_t width = batch >= gaps ? gaps : std::min(gaps, batch * p);
  ParallelRun run(box, start, steps, width);
  rt.spmd([&run](int rank, runtime::SpmdContext& ctx) { run.rank_body(rank, ctx); });
  return run.release_outcome();
}

double bytes_per_ball() {
  return static_cast<double>(sizeof(Ball) + EventQueue::kBytesPerGap + kBinsPerGap * EventQueue::kBytesPerBin);
}

}  // namespace scalerun::kernels::billiards
