#include "kernels/native/apps/key_runs.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "kernels/native/apps/chunked_loop.hpp"
#include "kernels/native/counter_rng.hpp"

namespace scalerun::kernels {

namespace {

// One output piece of one pass: out[lo, hi) of the pair of runs a = [a_begin, a_end), b = [a_end, b_end).
struct MergePiece {
  std::size_t a_begin, a_end, b_end, lo, hi;
};

// How many of the first k merged keys come from a (std::merge takes a's key first on ties).
std::size_t co_rank(std::span<const Key> a, std::span<const Key> b, std::size_t k) {
  std::size_t lo = k > b.size() ? k - b.size() : 0;
  std::size_t hi = std::min(k, a.size());
  while (lo < hi) {  // the first i where a[i] does not belong among the first k
    const std::size_t i = lo + (hi - lo) / 2;
    if (a[i] <= b[k - i - 1])
      lo = i + 1;
    else
      hi = i;
  }
  return lo;
}

void merge_piece(std::span<const Key> src, std::span<Key> dst, const MergePiece& piece) {
  const auto a = src.subspan(piece.a_begin, piece.a_end - piece.a_begin);
  const auto b = src.subspan(piece.a_end, piece.b_end - piece.a_end);
  const std::size_t k_lo = piece.lo - piece.a_begin, k_hi = piece.hi - piece.a_begin;
  const std::size_t i_lo = co_rank(a, b, k_lo), i_hi = co_rank(a, b, k_hi);
  std::merge(a.begin() + static_cast<std::ptrdiff_t>(i_lo), a.begin() + static_cast<std::ptrdiff_t>(i_hi),
             b.begin() + static_cast<std::ptrdiff_t>(k_lo - i_lo), b.begin() + static_cast<std::ptrdiff_t>(k_hi - i_hi),
             dst.begin() + static_cast<std::ptrdiff_t>(piece.lo));
}

// SplitMix64's finalizer: a bijection on 64 bits that spreads every input bit over the output.
std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

std::vector<Key> random_keys(std::size_t n, std::uint64_t seed) {
  std::vector<Key> keys(n);
  for (std::size_t i = 0; i < n; ++i) keys[i] = counter_random(seed, i);
  return keys;
}

std::vector<std::size_t> even_bounds(std::size_t n, std::size_t parts) {
  std::vector<std::size_t> bounds(parts + 1);
  for (std::size_t r = 0; r <= parts; ++r) bounds[r] = n / parts * r + std::min(r, n % parts);
  return bounds;
}

void merge_runs(std::vector<Key>& data, std::vector<Key>& scratch, std::vector<std::size_t> bounds,
                runtime::Runtime* rt) {
  scratch.resize(data.size());
  std::vector<MergePiece> pieces;
  while (bounds.size() > 2) {
    pieces.clear();
    std::vector<std::size_t> merged{bounds.front()};
    for (std::size_t r = 0; r + 1 < bounds.size(); r += 2) {
      const std::size_t a_begin = bounds[r], a_end = bounds[r + 1];
      const std::size_t b_end = r + 2 < bounds.size() ? bounds[r + 2] : a_end;  // an odd run: merged with nothing
      for (std::size_t lo = a_begin; lo < b_end; lo += kMergePiece)
        pieces.push_back({a_begin, a_end, b_end, lo, std::min(b_end, lo + kMergePiece)});
      merged.push_back(b_end);
    }
    const std::span<const Key> src = data;
    const std::span<Key> dst = scratch;
    for_chunks(rt, 0, pieces.size(), 1, [&](std::size_t lo, std::size_t hi) {
      for (std::size_t c = lo; c < hi; ++c) merge_piece(src, dst, pieces[c]);
    });
    data.swap(scratch);
    bounds = std::move(merged);
  }
}

KeyFingerprint fingerprint(std::span<const Key> keys) {
  KeyFingerprint f;
  f.count = keys.size();
  for (const Key k : keys) {
    f.sum += k;
    f.mixed += mix(k);
  }
  return f;
}

runtime::KernelResult verify_sorted(std::string_view kernel, std::span<const Key> output, const KeyFingerprint& input) {
  runtime::KernelResult r;
  std::size_t descents = 0, first_descent = 0;
  std::uint64_t order_hash = 0;
  for (std::size_t i = 0; i < output.size(); ++i) {
    if (i > 0 && output[i] < output[i - 1] && descents++ == 0) first_descent = i;
    order_hash += mix(output[i] ^ mix(i));
  }
  r.checksum = static_cast<double>(order_hash >> 11);
  const KeyFingerprint got = fingerprint(output);
  const bool permutation = got == input;
  r.verified = descents == 0 && permutation;
  r.message =
      fmt::format("{}: {} keys, {}; {}", kernel, output.size(),
                  descents == 0 ? "ascending" : fmt::format("{} descents, the first at {}", descents, first_descent),
                  permutation ? "a permutation of the input (count, sum and mixed sum agree)"
                              : fmt::format("NOT a permutation of the input (count {} vs {}, sums {} vs {})", got.count,
                                            input.count, got.sum == input.sum ? "agree" : "differ",
                                            got.mixed == input.mixed ? "agree" : "differ"));
  return r;
}

}  // namespace scalerun::kernels
