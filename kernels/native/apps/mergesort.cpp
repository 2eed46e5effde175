#include "kernels/native/apps/mergesort.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "kernels/native/apps/chunked_loop.hpp"

namespace scalerun::kernels {

namespace {

constexpr std::array<runtime::ParamSpec, 2> kParams{{
    {"n", 1e6, 1, "keys to sort"},
    {"seed", 1, 0, "random stream of the keys"},
}};

}  // namespace

void mergesort(std::vector<Key>& keys, std::vector<Key>& scratch, runtime::Runtime* rt) {
  const std::size_t n = keys.size();
  const std::size_t blocks = (n + kSortBlock - 1) / kSortBlock;
  for_chunks(rt, 0, blocks, 1, [&](std::size_t lo, std::size_t hi) {
    const auto first = keys.begin() + static_cast<std::ptrdiff_t>(lo * kSortBlock);
    const auto last = keys.begin() + static_cast<std::ptrdiff_t>(std::min(n, hi * kSortBlock));
    for (auto block = first; block < last; block += std::min<std::ptrdiff_t>(kSortBlock, last - block))
      std::stable_sort(block, block + std::min<std::ptrdiff_t>(kSortBlock, last - block));
  });
  std::vector<std::size_t> bounds;
  for (std::size_t b = 0; b < blocks; ++b) bounds.push_back(b * kSortBlock);
  bounds.push_back(n);
  merge_runs(keys, scratch, std::move(bounds), rt);
}

static double mergesort_work(const runtime::Params& given) {
  const auto n = static_cast<double>(runtime::count_param(kParams, given, "n"));
  return n * std::log2(n);
}

static double mergesort_memory(const runtime::Params& given) {
  return 8.0 * static_cast<double>(runtime::count_param(kParams, given, "n"));
}

static runtime::KernelResult mergesort_run(const runtime::Params& given, runtime::Runtime& rt) {
  const auto n = static_cast<std::size_t>(runtime::count_param(kParams, given, "n"));
  const std::uint64_t seed = runtime::count_param(kParams, given, "seed");
  std::vector<Key> keys = random_keys(n, seed);
  const KeyFingerprint input = fingerprint(keys);
  std::vector<Key> scratch(n);  // allocated and touched outside the measured window
  rt.measure([&] { mergesort(keys, scratch, &rt); });
  return verify_sorted("mergesort", keys, input);
}

const runtime::NativeKernel mergesort_kernel{
    .name = "mergesort",
    .doc = "parallel mergesort of n 64-bit keys: blocks sorted in parallel, then merged in parallel pieces; "
         "W = n log2 n",
    .params = kParams,
    .work = mergesort_work,
    .memory = mergesort_memory,
    .run = mergesort_run,
};

}  // namespace scalerun::kernels
