#include <functional>
#include <queue>

#include "kernels/native/billiards/simulation.hpp"

namespace scalerun::kernels::billiards {

namespace {

// A binary heap with lazy deletion: a gap's entry is current while its generation matches the
// gap's. Deliberately another structure than the binned queue, so the comparison checks the
// queue as well as the parallel steps.
struct HeapEntry {
  EventKey key;
  std::uint64_t generation = 0;
  friend bool operator>(const HeapEntry& a, const HeapEntry& b) { return b.key < a.key; }
};

}  // namespace

Outcome simulate_serial(const Box& box, std::span<const Ball> start, std::uint64_t steps) {
  Outcome out;
  out.balls.assign(start.begin(), start.end());
  const std::span<const Ball> balls(out.balls);
  const std::size_t gaps = balls.size() + 1;
  std::vector<std::uint64_t> generation(gaps, 0);
  std::priority_queue<HeapEntry, std::vector<HeapEntry>, std::greater<>> queue;
  auto predict_gap = [&](std::size_t g) {
    const double t = predict(box, left_ball(balls, g), right_ball(balls, g));
    ++generation[g];  // whatever was queued for this gap is out of date
    if (t != kNever) queue.push(HeapEntry{EventKey{t, static_cast<std::uint32_t>(g)}, generation[g]});
  };
  for (std::size_t g = 0; g < gaps; ++g) predict_gap(g);
  while (out.events < steps && !queue.empty()) {
    const HeapEntry top = queue.top();
    queue.pop();
    const std::size_t g = top.key.gap;
    if (top.generation != generation[g]) continue;
    const Collision c = collide(top.key.time, left_ball(balls, g), right_ball(balls, g));
    if (g >= 1) out.balls[g - 1] = c.left;
    if (g < balls.size()) out.balls[g] = c.right;
    out.wall_impulse += c.wall_impulse;
    out.end_time = top.key.time;
    ++out.events;
    // The pair that just met separates: it has no event until a neighbour changes one of them.
    ++generation[g];
    if (g >= 1) predict_gap(g - 1);
    if (g + 1 < gaps) predict_gap(g + 1);
  }
  return out;
}

}  // namespace scalerun::kernels::billiards
