#pragma once
// A counter-based random generator: draw i of stream `key` is a pure function of (key, i), so any
// chunk of any worker can start at any index and the numbers never depend on how the work was
// split. It is the i-th output of SplitMix64 seeded with key (Steele, Lea and Flood 2014), whose
// finalizer passes BigCrush; random access costs nothing because its state is just a counter.

#include <cstdint>

namespace scalerun::kernels {

inline std::uint64_t counter_random(std::uint64_t key, std::uint64_t index) {
  std::uint64_t z = key + (index + 1) * 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// The top 53 bits as a double in [0, 1).
inline double unit_double(std::uint64_t bits) { return static_cast<double>(bits >> 11) * 0x1.0p-53; }

}  // namespace scalerun::kernels
