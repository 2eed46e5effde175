#pragma once
// Chunked loops that run either through the Runtime (the timed, parallel path) or inline on the
// calling thread. NPB runs one untimed warm-up (IS's rank(1), CG's first iteration) before its
// timer starts; a Runtime region outside rt.measure would count as measured time, so the warm-up
// runs the same bodies inline instead. Both paths cut [begin, end) into the same chunks and
// combine reductions in the same pairwise tree, so they compute the same numbers.

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "runtime/runtime.hpp"

namespace scalerun::kernels::npb {

class ChunkedLoops {
 public:
  // rt == nullptr: run inline.
  explicit ChunkedLoops(runtime::Runtime* rt) : rt_(rt) {}

  template <class Body>
  void for_each(std::size_t begin, std::size_t end, std::size_t grain, Body&& body) const {
    if (rt_ != nullptr) {
      rt_->parallel_for(begin, end, grain, std::forward<Body>(body));
      return;
    }
    grain = std::max<std::size_t>(grain, 1);
    for (std::size_t lo = begin; lo < end; lo += std::min(grain, end - lo)) body(lo, std::min(end, lo + grain));
  }

  template <class T, class Body, class Combine>
  T reduce(std::size_t begin, std::size_t end, std::size_t grain, T identity, Body&& body, Combine&& combine) const {
    if (rt_ != nullptr) {
      return rt_->parallel_reduce(begin, end, grain, std::move(identity), std::forward<Body>(body),
                                  std::forward<Combine>(combine));
    }
    if (end <= begin) return identity;
    grain = std::max<std::size_t>(grain, 1);
    std::vector<T> partial;
    for (std::size_t lo = begin; lo < end; lo += std::min(grain, end - lo))
      partial.push_back(body(lo, std::min(end, lo + grain), identity));
    // The tree of Runtime::parallel_reduce: pairs at stride 1, 2, 4, ... over the chunk indices.
    for (std::size_t stride = 1; stride < partial.size(); stride *= 2)
      for (std::size_t i = 0; i + stride < partial.size(); i += 2 * stride)
        partial[i] = combine(std::as_const(partial[i]), std::as_const(partial[i + stride]));
    return std::move(partial[0]);
  }

  // Code the caller runs alone between the loops: serial time on the Runtime (outside serial() it
  // would be in no region, unaccounted), inline otherwise.
  template <class Body>
  void serial(Body&& body) const {
    if (rt_ != nullptr)
      rt_->serial(std::forward<Body>(body));
    else
      body();
  }

 private:
  runtime::Runtime* rt_;
};

}  // namespace scalerun::kernels::npb
