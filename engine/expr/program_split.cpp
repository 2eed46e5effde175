// Hoisting for large batches. In a grid, a value that depends only on row variables is the same
// all along a row, one that depends only on column variables the same all down a column, and one
// that depends on neither the same everywhere; timing models are full of them (n^3, 1/p, ...).
// Those are computed in small passes, one point per row, per column or just one point, by tapes
// cut out of this one, and the per-point tape reads the results back as GridRow, GridCol or
// Scalar bindings. The passes perform the same operations on the same operands, so the results
// are bit-identical to evaluating every point in full.

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "expr/program.hpp"
#include "expr/tape.hpp"

namespace scalerun::expr {
namespace {

// Which axes a value varies along, as bits; kPoint (both) also covers Array bindings.
constexpr std::uint8_t kInv = 0, kRow = 1, kCol = 2, kPoint = 3;
constexpr std::int32_t kLeaf = -1;
constexpr std::uint32_t kNoRegister = 0xffffffffU;
// Below this, building the cut-down tapes costs more than it saves.
constexpr std::size_t kMinPoints = 8 * tape::kBlock;

}  // namespace

struct Program::Splitter {
  const Program& p;
  std::span<const Binding> bindings;
  const Batch& batch;
  std::size_t rows = 0;
  std::size_t cols = 0;
  // Per instruction of p.code_:
  std::vector<std::uint8_t> axes;                 // which axes its value varies along
  std::vector<std::uint8_t> hoisted;              // computed in a pass instead of per point
  std::vector<std::array<std::int32_t, 3>> src;   // instruction that produced each operand, or kLeaf
  std::vector<std::int32_t> fetch;                // index of its result among the passes' outputs, or -1
  std::vector<std::int32_t> root_src;             // instruction that produced each root, or kLeaf
  std::vector<std::int32_t> fetched;              // instructions whose results the point tape reads

  Splitter(const Program& prog, std::span<const Binding> b, const Batch& bt)
      : p(prog), bindings(b), batch(bt) {}

  static std::uint32_t operand(const Instr& in, int k) { return k == 0 ? in.a : k == 1 ? in.b : in.c; }
  static void set_operand(Instr& in, int k, std::uint32_t r) { (k == 0 ? in.a : k == 1 ? in.b : in.c) = r; }

  // Data flow over the register tape (registers are reused, so "who wrote it last" is tracked
  // while walking), then which instructions leave the per-point tape. False: nothing to hoist.
  bool analyze() {
    const std::size_t n = p.code_.size();
    std::vector<std::uint8_t> leaf_axes(p.num_registers_, kInv);
    bool grid = false;
    for (const auto& [r, var] : p.var_regs_) {
      switch (bindings[var].kind) {
        case Binding::Kind::Scalar: leaf_axes[r] = kInv; break;
        case Binding::Kind::Array: leaf_axes[r] = kPoint; break;
        case Binding::Kind::GridRow: leaf_axes[r] = kRow; grid = true; break;
        case Binding::Kind::GridCol: leaf_axes[r] = kCol; grid = true; break;
      }
    }
    if (grid) {
      rows = (batch.count + batch.cols - 1) / batch.cols;
      cols = std::min(batch.count, batch.cols);
    }
    const bool row_ok = grid && batch.cols >= 2;  // else a row pass is as long as the batch
    const bool col_ok = grid && rows >= 2;

    std::vector<std::int32_t> last(p.num_registers_, kLeaf);
    axes.assign(n, kInv);
    hoisted.assign(n, 0);
    src.assign(n, {kLeaf, kLeaf, kLeaf});
    for (std::size_t i = 0; i < n; ++i) {
      const Instr& in = p.code_[i];
      std::uint8_t ax = kInv;
      for (int k = 0; k < tape::reads(in.code); ++k) {
        const std::uint32_t r = operand(in, k);
        src[i][k] = last[r];
        ax |= last[r] == kLeaf ? leaf_axes[r] : axes[static_cast<std::size_t>(last[r])];
      }
      axes[i] = ax;
      hoisted[i] = ax == kInv || (ax == kRow && row_ok) || (ax == kCol && col_ok);
      last[in.dst] = static_cast<std::int32_t>(i);
    }
    for (std::uint32_t r : p.outputs_) root_src.push_back(last[r]);

    fetch.assign(n, -1);
    const auto need = [&](std::int32_t s) {
      if (s == kLeaf || !hoisted[static_cast<std::size_t>(s)] || fetch[static_cast<std::size_t>(s)] >= 0) return;
      fetch[static_cast<std::size_t>(s)] = static_cast<std::int32_t>(fetched.size());
      fetched.push_back(s);
    };
    for (std::size_t i = 0; i < n; ++i) {
      if (hoisted[i]) continue;
      for (int k = 0; k < tape::reads(p.code_[i].code); ++k) need(src[i][k]);
    }
    for (std::int32_t s : root_src) need(s);
    return !fetched.empty();
  }

  // The tape of one pass: the hoisted instructions of that axis (and the invariant ones they
  // read) that some fetched result needs. Each fetched result gets a register of its own, past
  // the original ones, so the later instructions that reuse its original register cannot
  // overwrite it before the block ends; the pass's outputs are those registers.
  Program pass(std::uint8_t axis, std::vector<std::int32_t>& captured) const {
    const std::size_t n = p.code_.size();
    std::vector<std::uint32_t> reg_of(n, kNoRegister);
    std::vector<std::uint8_t> live(n, 0);
    for (std::int32_t s : fetched) {
      if (axes[static_cast<std::size_t>(s)] == axis) live[static_cast<std::size_t>(s)] = 1;
    }
    for (std::size_t i = n; i-- > 0;) {
      if (!live[i]) continue;
      for (int k = 0; k < tape::reads(p.code_[i].code); ++k) {
        if (src[i][k] != kLeaf) live[static_cast<std::size_t>(src[i][k])] = 1;
      }
    }
    Program q;
    q.num_variables_ = p.num_variables_;
    std::uint32_t next = static_cast<std::uint32_t>(p.num_registers_);
    std::vector<std::uint8_t> leaf_read(p.num_registers_, 0);
    for (std::size_t i = 0; i < n; ++i) {
      if (!live[i]) continue;
      Instr in = p.code_[i];
      for (int k = 0; k < tape::reads(in.code); ++k) {
        const std::int32_t s = src[i][k];
        if (s == kLeaf) {
          leaf_read[operand(in, k)] = 1;
        } else if (reg_of[static_cast<std::size_t>(s)] != kNoRegister) {
          set_operand(in, k, reg_of[static_cast<std::size_t>(s)]);
        }
      }
      if (fetch[i] >= 0 && axes[i] == axis) {
        reg_of[i] = next++;
        in.dst = reg_of[i];
        captured.push_back(static_cast<std::int32_t>(i));
        q.outputs_.push_back(in.dst);
      }
      q.code_.push_back(in);
    }
    q.num_registers_ = next;
    copy_leaves(q, leaf_read);
    return q;
  }

  // The per-point tape: everything not hoisted, reading hoisted results from extra variables
  // numbered after the caller's bindings.
  Program point_tape() const {
    Program m;
    m.num_variables_ = p.num_variables_;
    const auto base = static_cast<std::uint32_t>(p.num_registers_);
    std::vector<std::uint8_t> leaf_read(p.num_registers_, 0);
    const auto fetch_reg = [&](std::int32_t s) { return base + static_cast<std::uint32_t>(fetch[static_cast<std::size_t>(s)]); };
    for (std::size_t i = 0; i < p.code_.size(); ++i) {
      if (hoisted[i]) continue;
      Instr in = p.code_[i];
      for (int k = 0; k < tape::reads(in.code); ++k) {
        const std::int32_t s = src[i][k];
        if (s == kLeaf) {
          leaf_read[operand(in, k)] = 1;
        } else if (hoisted[static_cast<std::size_t>(s)]) {
          set_operand(in, k, fetch_reg(s));
        }
      }
      m.code_.push_back(in);
    }
    for (std::size_t j = 0; j < p.outputs_.size(); ++j) {
      const std::int32_t s = root_src[j];
      if (s == kLeaf) leaf_read[p.outputs_[j]] = 1;
      m.outputs_.push_back(s != kLeaf && hoisted[static_cast<std::size_t>(s)] ? fetch_reg(s) : p.outputs_[j]);
    }
    copy_leaves(m, leaf_read);
    for (std::size_t k = 0; k < fetched.size(); ++k) {
      m.var_regs_.emplace_back(base + static_cast<std::uint32_t>(k), static_cast<std::uint32_t>(bindings.size() + k));
    }
    m.num_registers_ = base + fetched.size();
    return m;
  }

  // Only the leaves a cut-down tape reads are filled, so a pass does not copy the column
  // values it never looks at.
  void copy_leaves(Program& q, const std::vector<std::uint8_t>& leaf_read) const {
    for (const auto& c : p.constants_) {
      if (leaf_read[c.first]) q.constants_.push_back(c);
    }
    for (const auto& v : p.var_regs_) {
      if (leaf_read[v.first]) q.var_regs_.push_back(v);
    }
  }

  void run(std::span<double* const> outs, bool parallel) {
    std::vector<std::vector<double>> results(fetched.size());
    std::vector<Binding> extended(bindings.begin(), bindings.end());
    for (std::uint8_t axis : {kInv, kRow, kCol}) {
      std::vector<std::int32_t> captured;
      const Program q = pass(axis, captured);
      if (captured.empty()) continue;
      const std::size_t points = axis == kInv ? 1 : axis == kRow ? rows : cols;
      std::vector<double*> pass_outs;
      for (std::int32_t s : captured) {
        std::vector<double>& r = results[static_cast<std::size_t>(fetch[static_cast<std::size_t>(s)])];
        r.resize(points);
        pass_outs.push_back(r.data());
      }
      // Along its own axis a pass is a plain list of points: the row (or column) values become
      // an Array binding.
      std::vector<Binding> pass_bindings(bindings.begin(), bindings.end());
      for (Binding& b : pass_bindings) {
        if ((axis == kRow && b.kind == Binding::Kind::GridRow) || (axis == kCol && b.kind == Binding::Kind::GridCol)) {
          b.kind = Binding::Kind::Array;
        }
      }
      q.run_blocks(pass_bindings, Batch{points, 1}, pass_outs, parallel);
    }
    for (std::size_t k = 0; k < fetched.size(); ++k) {
      Binding b;
      switch (axes[static_cast<std::size_t>(fetched[k])]) {
        case kRow: b.kind = Binding::Kind::GridRow; break;
        case kCol: b.kind = Binding::Kind::GridCol; break;
        default: b.kind = Binding::Kind::Scalar; b.scalar = results[k][0]; break;
      }
      b.values = results[k];
      extended.push_back(b);
    }
    point_tape().run_blocks(extended, batch, outs, parallel);
  }
};

bool Program::eval_split(std::span<const Binding> bindings, const Batch& batch,
                         std::span<double* const> outs, bool parallel) const {
  if (batch.count < kMinPoints) return false;
  Splitter s(*this, bindings, batch);
  if (!s.analyze()) return false;
  s.run(outs, parallel);
  return true;
}

}  // namespace scalerun::expr
