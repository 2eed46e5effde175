#pragma once
// NPB IS (integer sort): 2^log2_keys keys in [0, 2^log2_max_key) from the NPB generator (each the
// sum of four numbers, so roughly Gaussian), ranked MAX_ITERATIONS = 10 times by NPB's bucket
// method: count the keys of each bucket (the top log2_buckets bits), scatter them into bucket
// order, then rank each bucket's key range by a histogram and a prefix sum. Before iteration `it`
// keys it and it + 10 are set to it and MAX_KEY - it, so every iteration ranks a slightly
// different array.
//
// In parallel the key array is cut into fixed chunks: each chunk counts its own buckets, and each
// chunk's keys land after those of the earlier chunks in every bucket, so the bucketed array, and
// the ranks, are the same for every worker count. The buckets are then ranked in parallel.
//
// Parameters: log2_keys, log2_max_key, log2_buckets (class S = 16, 11, 9; W = 20, 16, 10;
// A = 23, 19, 10). Work W = 10 * 2^log2_keys (NPB's Mop/s counts ranked keys); memory
// M = 4 (2 * 2^log2_keys + 2^log2_max_key) bytes (the keys, the bucketed keys, the rank of every
// key value), as in kernels/npb_is.lua.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/native/npb/npb_classes.hpp"
#include "kernels/native/npb/npb_loops.hpp"
#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels::npb {

inline constexpr int kIsIterations = 10;  // NPB's MAX_ITERATIONS
inline constexpr std::uint64_t kIsSeed = 314159265;

struct IsSizes {
  std::uint64_t log2_keys = 16, log2_max_key = 11, log2_buckets = 9;
  std::size_t keys() const { return std::size_t{1} << log2_keys; }
  std::size_t max_key() const { return std::size_t{1} << log2_max_key; }
  std::size_t buckets() const { return std::size_t{1} << log2_buckets; }
};

class IsRanking {
 public:
  // Generates the keys (NPB's create_seq): setup, not timed.
  explicit IsRanking(const IsSizes& sizes);

  // NPB's rank(iteration): modifies two keys, then ranks all of them.
  void rank(int iteration, const ChunkedLoops& loops);

  const IsSizes& sizes() const { return sizes_; }
  std::vector<std::int32_t>& keys() { return keys_; }
  const std::vector<std::int32_t>& keys() const { return keys_; }
  // After rank(): ranks()[v] = the number of keys <= v, for every v in [0, MAX_KEY).
  std::vector<std::int32_t>& ranks() { return ranks_; }
  const std::vector<std::int32_t>& ranks() const { return ranks_; }
  // After rank(): the keys in bucket order, and where each bucket ends in it.
  const std::vector<std::int32_t>& bucketed() const { return bucketed_; }
  const std::vector<std::size_t>& bucket_end() const { return bucket_end_; }

 private:
  void count_chunk(std::size_t lo, std::size_t hi);
  void scatter_chunk(std::size_t lo, std::size_t hi);
  void rank_buckets(std::size_t first, std::size_t last);

  IsSizes sizes_;
  unsigned shift_;            // key >> shift_ is its bucket
  std::size_t chunk_keys_;    // keys per chunk: fixed by the size, never by p
  std::size_t chunks_;
  std::size_t count_stride_;  // a chunk's row of bucket counts, padded to whole cache lines
  std::vector<std::int32_t> keys_, bucketed_, ranks_;
  std::vector<std::uint32_t> counts_;  // chunks x buckets: counts, then each chunk's next slot per bucket
  std::vector<std::size_t> bucket_end_;
  std::vector<std::uint32_t> bucket_start_;  // scratch of the serial step between count and scatter
};

// What the timed loop saw: the rank of each class test key after each iteration (-1 where NPB
// skips the test because the key is out of range), and the final ranking.
struct IsOutcome {
  std::optional<IsClass> npb_class;
  std::array<std::array<std::int64_t, kIsTests>, kIsIterations> test_ranks{};
};

// The timed part: iterations 1..10 on rt. The caller runs NPB's untimed rank(1) first.
IsOutcome run_is(IsRanking& ranking, runtime::Runtime& rt);

// An official class: NPB's 5 x 10 partial checks with the class offsets plus its full check (the
// keys, put in place by their ranks, come out sorted); passed only when all 51 pass. Any other
// size: the full check plus every rank against a histogram of the keys counted apart. Leaves the
// keys sorted, as NPB's full_verify does.
runtime::KernelResult verify_is(IsRanking& ranking, const IsOutcome& outcome);

// native = "npb_is": parameters, work, memory and run as one descriptor (see registry.hpp).
extern const runtime::NativeKernel npb_is_kernel;

}  // namespace scalerun::kernels::npb
