#include "kernels/native/npb/is.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "kernels/native/npb/npb_random.hpp"

namespace scalerun::kernels::npb {

namespace {

constexpr std::array<runtime::ParamSpec, 3> kParams{{
    {"log2_keys", 16, 5, "log2 of the number of keys (NPB class S = 16, W = 20, A = 23)"},
    {"log2_max_key", 11, 4, "log2 of the key range (S = 11, W = 16, A = 19)"},
    {"log2_buckets", 9, 0, "log2 of the number of buckets (S = 9, W = 10, A = 10)"},
}};

constexpr std::uint64_t kMaxLog2 = 30;           // keys and ranks are 32-bit, as in NPB
constexpr unsigned kChunkLog2Min = 12;           // at least 4096 keys per chunk
constexpr unsigned kChunksLog2 = 6;              // at most 64 chunks of keys
constexpr std::size_t kTargetBucketChunks = 64;  // buckets ranked in about this many chunks
constexpr std::size_t kLineCounts = 64 / sizeof(std::uint32_t);

IsSizes sizes_of(const runtime::Params& given) {
  IsSizes s;
  s.log2_keys = runtime::count_param(kParams, given, "log2_keys");
  s.log2_max_key = runtime::count_param(kParams, given, "log2_max_key");
  s.log2_buckets = runtime::count_param(kParams, given, "log2_buckets");
  if (s.log2_keys > kMaxLog2 || s.log2_max_key > kMaxLog2) {
    throw std::invalid_argument(fmt::format("parameters 'log2_keys' = {} and 'log2_max_key' = {} must be at most {}",
                                            s.log2_keys, s.log2_max_key, kMaxLog2));
  }
  if (s.log2_buckets > s.log2_max_key) {
    throw std::invalid_argument(fmt::format("parameter 'log2_buckets' = {} must be at most 'log2_max_key' = {}",
                                            s.log2_buckets, s.log2_max_key));
  }
  return s;
}

// The rank NPB reads for test key k: the number of keys below k (the entry of k - 1).
void record_tests(const IsRanking& ranking, const IsClass& c, int iteration, IsOutcome& out) {
  const auto n = static_cast<std::int64_t>(ranking.sizes().keys());
  for (int i = 0; i < kIsTests; ++i) {
    const std::int64_t k = ranking.keys()[c.test_index[static_cast<std::size_t>(i)]];
    out.test_ranks[static_cast<std::size_t>(iteration - 1)][static_cast<std::size_t>(i)] =
        0 < k && k <= n - 1 ? ranking.ranks()[static_cast<std::size_t>(k - 1)] : -1;
  }
}

// NPB's full_verify: every key put at position --rank[key], then the keys out of order counted.
std::size_t keys_out_of_order(IsRanking& ranking) {
  std::vector<std::int32_t> next = ranking.ranks();
  const auto& bucketed = ranking.bucketed();
  auto& keys = ranking.keys();
  for (const std::int32_t key : bucketed) {
    const std::int32_t slot = --next[static_cast<std::size_t>(key)];
    if (slot < 0 || static_cast<std::size_t>(slot) >= keys.size()) return keys.size();  // ranks beyond the array
    keys[static_cast<std::size_t>(slot)] = key;
  }
  std::size_t out_of_order = 0;
  for (std::size_t i = 1; i < keys.size(); ++i) out_of_order += keys[i - 1] > keys[i] ? 1 : 0;
  return out_of_order;
}

// Ranks that differ from the inclusive prefix sum of a histogram of the keys.
std::size_t ranks_off_histogram(const IsRanking& ranking) {
  std::vector<std::int64_t> histogram(ranking.sizes().max_key(), 0);
  for (const std::int32_t key : ranking.keys()) ++histogram[static_cast<std::size_t>(key)];
  std::size_t wrong = 0;
  std::int64_t below_or_equal = 0;
  for (std::size_t v = 0; v < histogram.size(); ++v) {
    below_or_equal += histogram[v];
    wrong += ranking.ranks()[v] != below_or_equal ? 1 : 0;
  }
  return wrong;
}

}  // namespace

IsRanking::IsRanking(const IsSizes& sizes)
    : sizes_(sizes),
      shift_(static_cast<unsigned>(sizes.log2_max_key - sizes.log2_buckets)),
      chunk_keys_(std::size_t{1} << (sizes.log2_keys > kChunkLog2Min + kChunksLog2 ? sizes.log2_keys - kChunksLog2
                                                                                     : kChunkLog2Min)),
      chunks_((sizes.keys() + chunk_keys_ - 1) / chunk_keys_),
      count_stride_((sizes.buckets() + kLineCounts - 1) / kLineCounts * kLineCounts),
      keys_(sizes.keys()),
      bucketed_(sizes.keys()),
      ranks_(sizes.max_key()),
      counts_(chunks_ * count_stride_),
      bucket_end_(sizes.buckets()) {
  // create_seq: key = int(MAX_KEY/4 (r1 + r2 + r3 + r4)) from four consecutive numbers.
  const double quarter = static_cast<double>(sizes.max_key() / 4);
  std::uint64_t x = kIsSeed;
  for (auto& key : keys_) {
    double sum = randlc(x, kMultiplier);
    sum += randlc(x, kMultiplier);
    sum += randlc(x, kMultiplier);
    sum += randlc(x, kMultiplier);
    key = static_cast<std::int32_t>(quarter * sum);
  }
}

// (The loops read members into locals first: a store through a uint32_t* could alias shift_,
// which would otherwise be reloaded for every key.)
void IsRanking::count_chunk(std::size_t lo, std::size_t hi) {
  std::uint32_t* counts = &counts_[lo / chunk_keys_ * count_stride_];
  std::fill(counts, counts + sizes_.buckets(), 0u);
  const std::int32_t* keys = keys_.data();
  const unsigned shift = shift_;
  for (std::size_t i = lo; i < hi; ++i) ++counts[static_cast<std::uint32_t>(keys[i]) >> shift];
}

void IsRanking::scatter_chunk(std::size_t lo, std::size_t hi) {
  std::uint32_t* next = &counts_[lo / chunk_keys_ * count_stride_];
  const std::int32_t* keys = keys_.data();
  std::int32_t* bucketed = bucketed_.data();
  const unsigned shift = shift_;
  for (std::size_t i = lo; i < hi; ++i) {
    const std::int32_t key = keys[i];
    bucketed[next[static_cast<std::uint32_t>(key) >> shift]++] = key;
  }
}

void IsRanking::rank_buckets(std::size_t first, std::size_t last) {
  const std::size_t bucket_keys = std::size_t{1} << shift_;
  for (std::size_t b = first; b < last; ++b) {
    std::int32_t* rank = &ranks_[b * bucket_keys];
    std::fill(rank, rank + bucket_keys, 0);
    const std::size_t begin = b > 0 ? bucket_end_[b - 1] : 0;
    const std::size_t base = b * bucket_keys;
    for (std::size_t k = begin; k < bucket_end_[b]; ++k) ++rank[static_cast<std::size_t>(bucketed_[k]) - base];
    rank[0] += static_cast<std::int32_t>(begin);  // the keys of all lower buckets
    for (std::size_t k = 1; k < bucket_keys; ++k) rank[k] += rank[k - 1];
  }
}

void IsRanking::rank(int iteration, const ChunkedLoops& loops) {
  keys_[static_cast<std::size_t>(iteration)] = iteration;
  keys_[static_cast<std::size_t>(iteration + kIsIterations)] = static_cast<std::int32_t>(sizes_.max_key()) - iteration;

  const std::size_t n = sizes_.keys(), buckets = sizes_.buckets();
  loops.for_each(0, n, chunk_keys_, [this](std::size_t lo, std::size_t hi) { count_chunk(lo, hi); });
  loops.serial([&] {
    // Where each chunk's keys of each bucket start: after all keys of lower buckets and after the
    // earlier chunks' keys of the same bucket. Serial, but only chunks x buckets additions, taken
    // row by row so they stream through the counts (a small fraction of the counting pass).
    std::fill(bucket_end_.begin(), bucket_end_.end(), 0);
    for (std::size_t c = 0; c < chunks_; ++c) {
      const std::uint32_t* counts = &counts_[c * count_stride_];
      for (std::size_t b = 0; b < buckets; ++b) bucket_end_[b] += counts[b];
    }
    std::size_t start = 0;
    for (std::size_t b = 0; b < buckets; ++b) {
      start += bucket_end_[b];
      bucket_end_[b] = start;
    }
    // Each chunk's row becomes its first slot per bucket: the bucket's start plus the earlier rows.
    bucket_start_.resize(buckets);
    for (std::size_t b = 0; b < buckets; ++b) {
      bucket_start_[b] = b > 0 ? static_cast<std::uint32_t>(bucket_end_[b - 1]) : 0;
    }
    for (std::size_t c = 0; c < chunks_; ++c) {
      std::uint32_t* row = &counts_[c * count_stride_];
      for (std::size_t b = 0; b < buckets; ++b) {
        const std::uint32_t count = row[b];
        row[b] = bucket_start_[b];
        bucket_start_[b] += count;
      }
    }
  });
  loops.for_each(0, n, chunk_keys_, [this](std::size_t lo, std::size_t hi) { scatter_chunk(lo, hi); });
  const std::size_t grain = std::max<std::size_t>(1, buckets / kTargetBucketChunks);
  loops.for_each(0, buckets, grain, [this](std::size_t lo, std::size_t hi) { rank_buckets(lo, hi); });
}

IsOutcome run_is(IsRanking& ranking, runtime::Runtime& rt) {
  const IsSizes& s = ranking.sizes();
  IsOutcome out;
  out.npb_class = find_is_class(s.log2_keys, s.log2_max_key, s.log2_buckets);
  const ChunkedLoops loops(&rt);
  for (int it = 1; it <= kIsIterations; ++it) {
    ranking.rank(it, loops);
    if (out.npb_class) loops.serial([&] { record_tests(ranking, *out.npb_class, it, out); });  // NPB's partial verify reads
  }
  return out;
}

runtime::KernelResult verify_is(IsRanking& ranking, const IsOutcome& outcome) {
  runtime::KernelResult r;
  std::uint64_t rank_sum = 0;
  for (const std::int32_t v : ranking.ranks()) rank_sum += static_cast<std::uint64_t>(v);
  r.checksum = static_cast<double>(rank_sum);
  if (const auto& c = outcome.npb_class) {
    int passed = 0;
    std::string first_failure;
    for (int it = 1; it <= kIsIterations; ++it) {
      for (int i = 0; i < kIsTests; ++i) {
        const std::int64_t got = outcome.test_ranks[static_cast<std::size_t>(it - 1)][static_cast<std::size_t>(i)];
        const std::int64_t want = c->expected_rank(i, it);
        if (got == want) {
          ++passed;
        } else if (first_failure.empty()) {
          first_failure =
              fmt::format("; first failure: iteration {}, test key {}: rank {} expected {}", it, i, got, want);
        }
      }
    }
    const std::size_t unsorted = keys_out_of_order(ranking);
    passed += unsorted == 0 ? 1 : 0;
    constexpr int kChecks = kIsTests * kIsIterations + 1;
    r.verified = passed == kChecks;
    r.message = fmt::format("class {} {}: {} of {} NPB checks passed ({} partial rank checks with the class offsets, "
                            "full sort: {} keys out of order){}",
                            c->name, r.verified ? "VERIFIED" : "FAILED", passed, kChecks, kIsTests * kIsIterations,
                            unsorted, first_failure);
    return r;
  }
  const IsSizes& s = ranking.sizes();
  const std::size_t wrong_ranks = ranks_off_histogram(ranking);  // before the full check moves the keys
  const std::size_t unsorted = keys_out_of_order(ranking);
  r.verified = wrong_ranks == 0 && unsorted == 0;
  r.message = fmt::format("log2 sizes {}, {}, {} (not an NPB class) {}: {} of {} ranks differ from a histogram of the "
                          "keys; full sort: {} keys out of order",
                          s.log2_keys, s.log2_max_key, s.log2_buckets, r.verified ? "VERIFIED" : "FAILED", wrong_ranks,
                          s.max_key(), unsorted);
  return r;
}

static double npb_is_work(const runtime::Params& given) {
  return kIsIterations * static_cast<double>(sizes_of(given).keys());
}

static double npb_is_memory(const runtime::Params& given) {
  const IsSizes s = sizes_of(given);
  return 4.0 * (2.0 * static_cast<double>(s.keys()) + static_cast<double>(s.max_key()));
}

static runtime::KernelResult npb_is_run(const runtime::Params& given, runtime::Runtime& rt) {
  IsRanking ranking(sizes_of(given));
  ranking.rank(1, ChunkedLoops(nullptr));  // NPB's untimed first iteration, inline
  IsOutcome outcome;
  rt.measure([&] { outcome = run_is(ranking, rt); });
  return verify_is(ranking, outcome);
}

const runtime::NativeKernel npb_is_kernel{
    .name = "npb_is",
    .doc = "NPB 3.4 IS: 2^log2_keys integer keys ranked 10 times by buckets; W = 10 * 2^log2_keys",
    .params = kParams,
    .work = npb_is_work,
    .memory = npb_is_memory,
    .run = npb_is_run,
};

}  // namespace scalerun::kernels::npb
