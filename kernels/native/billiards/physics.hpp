#pragma once
// The physics of the one-dimensional billiard-ball (hard-sphere) simulation of the Scale-Graph
// paper (000_4d83e4b2b26c01b9.txt §5): N balls of diameter d on the segment [0, L] between two
// reflecting walls, colliding elastically. Balls never pass each other, so ball i stays the i-th
// from the left and the only possible events are in the N + 1 gaps: gap g lies between ball g - 1
// and ball g, gap 0 between the left wall and ball 0, gap N between ball N - 1 and the right wall.
// Each gap has at most one predicted event.
//
// A ball is kept where it was at its last event (the paper's last_update_time) and moved only
// when it collides. Everything here is a pure function of the balls it is given: the serial
// reference and the parallel simulation call the same functions on the same states, which is why
// their results are bit-identical when they execute the same events in the same order.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace scalerun::kernels::billiards {

struct Box {
  double length = 1;    // L: walls at 0 and L
  double diameter = 0;  // d: centres of touching balls are d apart, a ball touches a wall at d/2
};

struct Ball {
  double x = 0;  // centre at time t
  double v = 0;  // velocity
  double t = 0;  // time of its last event
  double m = 1;  // mass
};

inline constexpr double kNever = std::numeric_limits<double>::infinity();

// Events are ordered by time, then by gap: simultaneous events run one after another, left to
// right, as the paper allows. Every part of the program orders them by this key alone.
struct EventKey {
  double time = kNever;
  std::uint32_t gap = 0;
  friend bool operator<(const EventKey& a, const EventKey& b) {
    return a.time < b.time || (a.time == b.time && a.gap < b.gap);
  }
};

// The balls around gap g: null for a wall.
inline const Ball* left_ball(std::span<const Ball> balls, std::size_t gap) {
  return gap >= 1 ? &balls[gap - 1] : nullptr;
}
inline const Ball* right_ball(std::span<const Ball> balls, std::size_t gap) {
  return gap < balls.size() ? &balls[gap] : nullptr;
}

// When the balls of a gap next touch (null = the wall): kNever when they move apart or apart
// from the wall. Never earlier than the later of the two balls' last events.
double predict(const Box& box, const Ball* left, const Ball* right);

struct Collision {
  Ball left, right;          // after the event; only those that exist are meaningful
  double wall_impulse = 0;   // momentum a wall gave its ball (0 between two balls)
};

// The event of a gap at time t: its balls moved to t, their velocities exchanged elastically
// (swapped exactly when the masses are equal), or reversed against a wall.
Collision collide(double t, const Ball* left, const Ball* right);

// The box the kernel uses for n balls: unit spacing (L = n) and d = 1/2, so half the line is free.
Box box_for(std::size_t balls);

// n balls evenly spaced (the paper's uniform pattern), velocities uniform in [-1, 1) and masses
// uniform in {1, ..., masses} from the counter-based stream `seed` (masses = 1: all equal).
std::vector<Ball> initial_balls(std::size_t balls, std::uint64_t seed, std::uint64_t masses);

}  // namespace scalerun::kernels::billiards
