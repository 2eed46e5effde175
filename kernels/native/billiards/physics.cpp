#include "kernels/native/billiards/physics.hpp"

#include <algorithm>

#include "kernels/native/counter_rng.hpp"

namespace scalerun::kernels::billiards {

double predict(const Box& box, const Ball* left, const Ball* right) {
  const double radius = box.diameter / 2;
  double start = 0, when = kNever;
  if (left == nullptr && right == nullptr) return kNever;
  if (left == nullptr) {  // the left wall
    if (!(right->v < 0)) return kNever;
    start = right->t;
    when = start + std::max(right->x - radius, 0.0) / -right->v;
  } else if (right == nullptr) {  // the right wall
    if (!(left->v > 0)) return kNever;
    start = left->t;
    when = start + std::max(box.length - radius - left->x, 0.0) / left->v;
  } else {
    const double closing = left->v - right->v;
    if (!(closing > 0)) return kNever;
    // Both balls at the later of their last events, then the time to close the free space.
    start = std::max(left->t, right->t);
    const double xl = left->x + left->v * (start - left->t);
    const double xr = right->x + right->v * (start - right->t);
    when = start + std::max(xr - xl - box.diameter, 0.0) / closing;
  }
  // A NaN (a corrupt state) schedules nothing rather than poisoning the order of events.
  return when >= start ? when : kNever;
}

namespace {

Ball moved(const Ball& b, double t) {
  Ball out = b;
  out.x = b.x + b.v * (t - b.t);
  out.t = t;
  return out;
}

}  // namespace

Collision collide(double t, const Ball* left, const Ball* right) {
  Collision c;
  if (left != nullptr) c.left = moved(*left, t);
  if (right != nullptr) c.right = moved(*right, t);
  if (left != nullptr && right != nullptr) {
    const double m1 = left->m, m2 = right->m, v1 = left->v, v2 = right->v;
    if (m1 == m2) {
      c.left.v = v2;
      c.right.v = v1;
    } else {
      const double total = m1 + m2;
      c.left.v = ((m1 - m2) * v1 + 2 * m2 * v2) / total;
      c.right.v = ((m2 - m1) * v2 + 2 * m1 * v1) / total;
    }
  } else if (right != nullptr) {
    c.right.v = -right->v;
    c.wall_impulse = right->m * (c.right.v - right->v);
  } else if (left != nullptr) {
    c.left.v = -left->v;
    c.wall_impulse = left->m * (c.left.v - left->v);
  }
  return c;
}

Box box_for(std::size_t balls) {
  return Box{static_cast<double>(balls), 0.5};
}

std::vector<Ball> initial_balls(std::size_t balls, std::uint64_t seed, std::uint64_t masses) {
  std::vector<Ball> out(balls);
  for (std::size_t i = 0; i < balls; ++i) {
    Ball& b = out[i];
    b.x = static_cast<double>(i) + 0.5;
    b.v = 2 * unit_double(counter_random(seed, 2 * i)) - 1;
    b.t = 0;
    b.m = masses <= 1 ? 1.0 : static_cast<double>(1 + counter_random(seed, 2 * i + 1) % masses);
  }
  return out;
}

}  // namespace scalerun::kernels::billiards
