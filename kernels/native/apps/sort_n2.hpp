#pragma once
// An O(n^2) sort split into parts (the steady-state timing models paper, 004_accb5d5a432b67f2.txt
// §2.1 and §3.2): the n keys are cut into P parts, each part is insertion-sorted in O((n/P)^2)
// (the parts in parallel), and the P sorted parts are merged by the parallel merge of
// key_runs.hpp in O(n log2 P). P parts cost about n^2 / (4 P) key moves in all, P times fewer than
// one whole sort: the split program does less work, and its speedup over the unsplit one exceeds
// P (superlinear, the seed's NSSC case). Run with p = 1 and the same P it is the seed's
// "partitioned sequential" sorter, the fair basis that takes the superlinearity away.
//
// Parameters: n (>= 1), parts (0: the worker count), seed. Work W = n^2 (the description's count for
// the unsplit sort, whatever P: the work the split saves is the point); memory M = 8 n bytes.

#include <cstdint>
#include <span>
#include <vector>

#include "kernels/native/apps/key_runs.hpp"
#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels {

// Sorts keys ascending by straight insertion, the O(n^2) sorter of one part, and returns how many
// keys it shifted (the input's inversions: n (n - 1) / 4 on average for random keys).
std::uint64_t insertion_sort(std::span<Key> keys);

// Sorts keys ascending as `parts` (>= 1) insertion-sorted parts merged, through scratch: in
// parallel on rt, or with rt null on the calling thread (the serial reference).
void split_sort(std::vector<Key>& keys, std::vector<Key>& scratch, std::size_t parts, runtime::Runtime* rt);

// native = "sort_n2": parameters, work, memory and run as one descriptor (see registry.hpp).
extern const runtime::NativeKernel sort_n2_kernel;

}  // namespace scalerun::kernels
