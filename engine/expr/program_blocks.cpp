// The block loop behind eval_batch. For each block of tape::kBlock points the variable registers
// are aimed at the caller's arrays (or filled, where the values are not contiguous there), the
// tape runs once, and the roots end up in the caller's output arrays.

#include <algorithm>
#include <functional>
#include <vector>

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>

#include "expr/program.hpp"
// Header-only: the fork/join annotations shared with the runtime; no link dependency.
#include "runtime/tsan_annotations.hpp"
#include "expr/tape.hpp"

namespace scalerun::expr {
namespace {

using tape::kBlock;

// Register slots are padded so that they do not all sit at the same offset modulo 4 KiB, where
// a load from one and a store to another falsely collide in the CPU's store-forwarding check.
constexpr std::size_t kStride = kBlock + 8;
constexpr std::size_t kNoRow = static_cast<std::size_t>(-1);

// Grid fills walk the block in runs of one row, so no point pays for a division.
void fill_grid_row(double* d, std::span<const double> values, std::size_t cols, std::size_t first,
                   std::size_t n) {
  std::size_t row = first / cols;
  std::size_t col = first % cols;
  for (std::size_t i = 0; i < n; ++row, col = 0) {
    const std::size_t run = std::min(n - i, cols - col);
    std::fill_n(d + i, run, values[row]);
    i += run;
  }
}

void fill_grid_col(double* d, std::span<const double> values, std::size_t cols, std::size_t first,
                   std::size_t n) {
  std::size_t col = first % cols;
  for (std::size_t i = 0; i < n; col = 0) {
    const std::size_t run = std::min(n - i, cols - col);
    std::copy_n(values.data() + col, run, d + i);
    i += run;
  }
}

bool overlap(const double* p, std::size_t n, const double* q, std::size_t m) {
  const std::less<const double*> before;
  return before(p, q + m) && before(q, p + n);
}

}  // namespace

void Program::init_scratch(Scratch& s, std::span<const Binding> bindings, const Batch& batch,
                           std::span<double* const> outs) const {
  s.regs.assign(num_registers_ * kStride, 0.0);
  s.ptrs.resize(num_registers_);
  for (std::size_t r = 0; r < num_registers_; ++r) s.ptrs[r] = s.regs.data() + r * kStride;
  s.filled_row.assign(num_registers_, kNoRow);
  for (const auto& [r, v] : constants_) std::fill_n(s.ptrs[r], kBlock, v);
  for (const auto& [r, var] : var_regs_) {
    if (bindings[var].kind == Binding::Kind::Scalar) std::fill_n(s.ptrs[r], kBlock, bindings[var].scalar);
  }

  // Writing a root straight into its array saves a copy per block, but the kernels treat every
  // register as restrict, so only when that array shares memory with nothing else the tape
  // touches. Leaf roots (a bare variable or constant) are never computed and are always copied.
  s.in_place.assign(outputs_.size(), 0);
  for (std::size_t j = 0; j < outputs_.size(); ++j) {
    for (std::size_t k = 0; k < j; ++k) {
      if (overlap(outs[j], batch.count, outs[k], batch.count)) return;
    }
    for (const auto& [r, var] : var_regs_) {
      const Binding& b = bindings[var];
      if (b.kind != Binding::Kind::Scalar && overlap(outs[j], batch.count, b.values.data(), b.values.size())) return;
    }
  }
  std::vector<std::uint8_t> computed(num_registers_, 0);
  for (const Instr& in : code_) computed[in.dst] = 1;
  for (std::size_t j = 0; j < outputs_.size(); ++j) {
    if (!computed[outputs_[j]]) continue;
    s.in_place[j] = 1;
    computed[outputs_[j]] = 0;  // a root listed twice is written once and copied for the rest
  }
}

void Program::run_block(std::span<const Binding> bindings, const Batch& batch, std::size_t first,
                        std::size_t n, Scratch& s, std::span<double* const> outs) const {
  // A short last block computes all kBlock lanes from its own slots and discards the surplus,
  // which costs less than giving the kernels a variable trip count; it must not read or write
  // past the caller's arrays, so it never points into them.
  const bool full = n == kBlock;
  for (const auto& [r, var] : var_regs_) {
    const Binding& b = bindings[var];
    double* slot = s.regs.data() + r * kStride;
    // The tape never writes a variable's register, so pointing it at const input is safe.
    switch (b.kind) {
      case Binding::Kind::Scalar:
        break;
      case Binding::Kind::Array:
        if (full) {
          s.ptrs[r] = const_cast<double*>(b.values.data() + first);
        } else {
          std::copy_n(b.values.data() + first, n, slot);
          s.ptrs[r] = slot;
        }
        break;
      case Binding::Kind::GridRow: {
        // Consecutive blocks inside one row find the slot already holding that row's value.
        const std::size_t row = first / batch.cols;
        const bool one_row = full && first % batch.cols + kBlock <= batch.cols;
        if (!one_row || s.filled_row[r] != row) {
          fill_grid_row(slot, b.values, batch.cols, first, n);
          s.filled_row[r] = one_row ? row : kNoRow;
        }
        s.ptrs[r] = slot;
        break;
      }
      case Binding::Kind::GridCol: {
        const std::size_t col = first % batch.cols;
        if (full && col + kBlock <= batch.cols) {
          s.ptrs[r] = const_cast<double*>(b.values.data() + col);
        } else {
          fill_grid_col(slot, b.values, batch.cols, first, n);
          s.ptrs[r] = slot;
        }
        break;
      }
    }
  }
  for (std::size_t j = 0; j < outputs_.size(); ++j) {
    if (s.in_place[j]) s.ptrs[outputs_[j]] = full ? outs[j] + first : s.regs.data() + outputs_[j] * kStride;
  }
  run_code<kBlock>(code_, s.ptrs.data());
  for (std::size_t j = 0; j < outputs_.size(); ++j) {
    if (!(s.in_place[j] && full)) std::copy_n(s.ptrs[outputs_[j]], n, outs[j] + first);
  }
}

void Program::run_blocks(std::span<const Binding> bindings, const Batch& batch,
                         std::span<double* const> outs, bool parallel) const {
  const std::size_t blocks = (batch.count + kBlock - 1) / kBlock;
  if (!parallel || blocks == 1) {
    Scratch s;
    init_scratch(s, bindings, batch, outs);
    for (std::size_t first = 0; first < batch.count; first += kBlock) {
      run_block(bindings, batch, first, std::min(kBlock, batch.count - first), s, outs);
    }
    return;
  }
  // One Scratch per worker thread, set up on its first chunk and reused for the rest, so
  // neither allocation nor the invariant fill is paid per block.
  tbb::enumerable_thread_specific<Scratch> scratch;
  // TBB hands tasks over inside libtbb, which ThreadSanitizer cannot see: mark the fork and the
  // join so what the caller wrote before the loop and reads after it is seen as ordered.
  runtime::tsan_before_fork();
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, blocks), [&](const tbb::blocked_range<std::size_t>& range) {
    runtime::tsan_task_begins();
    Scratch& s = scratch.local();
    if (s.ptrs.empty()) init_scratch(s, bindings, batch, outs);
    for (std::size_t blk = range.begin(); blk != range.end(); ++blk) {
      const std::size_t first = blk * kBlock;
      run_block(bindings, batch, first, std::min(kBlock, batch.count - first), s, outs);
    }
    runtime::tsan_task_ends();
  });
  runtime::tsan_after_join();
}

}  // namespace scalerun::expr
