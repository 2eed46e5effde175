#pragma once
// Parallel mergesort of n 64-bit keys (the steady-state timing models paper,
// 004_accb5d5a432b67f2.txt §3.1): the split-sort-merge sorter, with the input cut into blocks of a
// fixed length, each block merge-sorted (std::stable_sort) in parallel, and the sorted blocks
// merged pass after pass by the parallel merge of key_runs.hpp. The seed's disk reads and writes
// are left to the model (kernels/mergesort.lua's io term): the kernel sorts in memory.
//
// Parameters: n (>= 1), seed. Work W = n log2 n (the description's count: its W hides the
// constant); memory M = 8 n bytes (delta_io n: the keys).

#include <cstdint>
#include <vector>

#include "kernels/native/apps/key_runs.hpp"
#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels {

// Keys per block sorted by one task: the split level, fixed so the blocks do not depend on p.
inline constexpr std::size_t kSortBlock = std::size_t{1} << 15;

// Sorts keys ascending through scratch (resized to keys' size unless it is already): in parallel on
// rt, or with rt null on the calling thread (the serial reference, the same blocks and merge
// pieces one after another).
void mergesort(std::vector<Key>& keys, std::vector<Key>& scratch, runtime::Runtime* rt);

// native = "mergesort": parameters, work, memory and run as one descriptor (see registry.hpp).
extern const runtime::NativeKernel mergesort_kernel;

}  // namespace scalerun::kernels
