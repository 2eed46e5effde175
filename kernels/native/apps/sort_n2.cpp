#include "kernels/native/apps/sort_n2.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "kernels/native/apps/chunked_loop.hpp"

namespace scalerun::kernels {

namespace {

constexpr std::array<runtime::ParamSpec, 3> kParams{{
    {"n", 10000, 1, "keys to sort"},
    {"parts", 0, 0, "parts sorted separately, then merged (0: one per worker)"},
    {"seed", 1, 0, "random stream of the keys"},
}};

}  // namespace

std::uint64_t insertion_sort(std::span<Key> keys) {
  std::uint64_t shifted = 0;
  for (std::size_t i = 1; i < keys.size(); ++i) {
    const Key key = keys[i];
    std::size_t j = i;
    for (; j > 0 && keys[j - 1] > key; --j) keys[j] = keys[j - 1];
    keys[j] = key;
    shifted += i - j;
  }
  return shifted;
}

void split_sort(std::vector<Key>& keys, std::vector<Key>& scratch, std::size_t parts, runtime::Runtime* rt) {
  // More parts than keys would only add empty ones.
  const std::size_t used = std::clamp<std::size_t>(parts, 1, std::max<std::size_t>(keys.size(), 1));
  std::vector<std::size_t> bounds = even_bounds(keys.size(), used);
  for_chunks(rt, 0, used, 1, [&](std::size_t lo, std::size_t hi) {
    for (std::size_t part = lo; part < hi; ++part)
      insertion_sort(std::span<Key>(keys).subspan(bounds[part], bounds[part + 1] - bounds[part]));
  });
  merge_runs(keys, scratch, std::move(bounds), rt);
}

static double sort_n2_work(const runtime::Params& given) {
  const auto n = static_cast<double>(runtime::count_param(kParams, given, "n"));
  return n * n;
}

static double sort_n2_memory(const runtime::Params& given) {
  return 8.0 * static_cast<double>(runtime::count_param(kParams, given, "n"));
}

static runtime::KernelResult sort_n2_run(const runtime::Params& given, runtime::Runtime& rt) {
  const auto n = static_cast<std::size_t>(runtime::count_param(kParams, given, "n"));
  const std::uint64_t asked = runtime::count_param(kParams, given, "parts");
  const std::uint64_t seed = runtime::count_param(kParams, given, "seed");
  const std::size_t parts = asked == 0 ? static_cast<std::size_t>(rt.workers()) : static_cast<std::size_t>(asked);
  std::vector<Key> keys = random_keys(n, seed);
  const KeyFingerprint input = fingerprint(keys);
  std::vector<Key> scratch(n);  // allocated and touched outside the measured window
  rt.measure([&] { split_sort(keys, scratch, parts, &rt); });
  runtime::KernelResult r = verify_sorted("sort_n2", keys, input);
  r.message += fmt::format("; {} parts", parts);
  return r;
}

const runtime::NativeKernel sort_n2_kernel{
    .name = "sort_n2",
    .doc = "O(n^2) insertion sort split into `parts` parts (0: one per worker) sorted in parallel and merged; "
         "W = n^2",
    .params = kParams,
    .work = sort_n2_work,
    .memory = sort_n2_memory,
    .run = sort_n2_run,
};

}  // namespace scalerun::kernels
