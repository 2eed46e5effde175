#pragma once
// What the two sort kernels (mergesort, sort_n2) share: their random 64-bit keys, the parallel
// merge of sorted runs that ends both, and the check that an output is the input sorted.
//
// The merge splits every pair of neighbouring runs into output pieces of a fixed length and finds
// where each piece starts in the two runs by binary search (the co-rank of its first position),
// so the pieces merge independently, in any order, on any worker. The pieces depend on the run
// boundaries alone, never on the worker count.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels {

using Key = std::uint64_t;

// Key i is draw i of the counter-based stream `seed`: the input does not depend on p.
std::vector<Key> random_keys(std::size_t n, std::uint64_t seed);

// Output keys per merge piece: a piece merges in well under a millisecond.
inline constexpr std::size_t kMergePiece = std::size_t{1} << 15;

// Merges the sorted runs [bounds[r], bounds[r + 1]) of data into one, pairing neighbours pass after
// pass (an odd last run is carried over), through scratch (resized to data's size); the result
// ends in data. With rt null the pieces run one after another: the serial reference.
void merge_runs(std::vector<Key>& data, std::vector<Key>& scratch, std::vector<std::size_t> bounds,
                runtime::Runtime* rt);

// Run boundaries that cut n keys into `parts` runs whose lengths differ by at most one.
std::vector<std::size_t> even_bounds(std::size_t n, std::size_t parts);

// An order-free summary of a multiset of keys: equal for two arrays that are permutations of
// each other, and different with probability about 2^-64 otherwise.
struct KeyFingerprint {
  std::uint64_t count = 0;
  std::uint64_t sum = 0;    // of the keys, modulo 2^64
  std::uint64_t mixed = 0;  // of the keys through a 64-bit mixer, modulo 2^64
  bool operator==(const KeyFingerprint&) const = default;
};
KeyFingerprint fingerprint(std::span<const Key> keys);

// Ascending, and a permutation of the input the fingerprint was taken from. The checksum is an
// order-sensitive hash of the output (53 bits, so a double holds it exactly): the sorted order is
// unique, so it is identical for every worker count.
runtime::KernelResult verify_sorted(std::string_view kernel, std::span<const Key> output, const KeyFingerprint& input);

}  // namespace scalerun::kernels
