#pragma once
// A compiled expression: the nodes reachable from a set of roots, in dependency order, as a
// register tape. Bulk evaluation walks the tape once per block of points so the dispatch cost is
// paid per block, not per point, and the per-op inner loops vectorize.

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "expr/graph.hpp"

namespace scalerun::expr {

// How one variable gets its value across a batch of points.
struct Binding {
  enum class Kind { Scalar, Array, GridRow, GridCol } kind = Kind::Scalar;
  double scalar = 0.0;              // Scalar: the same value at every point
  std::span<const double> values;   // Array: values[i] at point i; GridRow/GridCol: axis values
};

// A batch of points: either `count` points (Array/Scalar bindings), or a rows x cols grid whose
// point k is (row = k / cols, col = k % cols); GridRow variables take values[row], GridCol values[col].
struct Batch {
  std::size_t count = 0;   // number of points (rows*cols for a grid)
  std::size_t cols = 1;    // grid width (1 when not a grid)
};

class Program {
 public:
  Program() = default;
  Program(const Graph& g, std::span<const NodeId> roots);

  std::size_t num_variables() const { return num_variables_; }
  std::size_t num_outputs() const { return outputs_.size(); }
  // Registers in the tape, leaves included; liveness keeps this near the graph's width.
  std::size_t num_registers() const { return num_registers_; }

  // One point: vars[i] is variable i of the graph; out[j] receives root j.
  void eval(std::span<const double> vars, std::span<double> out) const;

  // Many points. bindings[i] binds variable i; outs[j] has batch.count slots for root j.
  // Serial, block by block.
  void eval_batch(std::span<const Binding> bindings, const Batch& batch,
                  std::span<double* const> outs) const;
  // The same, split into blocks across the TBB workers available to the calling arena.
  void eval_batch_parallel(std::span<const Binding> bindings, const Batch& batch,
                           std::span<double* const> outs) const;

 private:
  struct Instr {
    std::uint8_t code;           // an Op, or one of the tape-only codes in tape.hpp
    std::uint32_t dst, a, b, c;  // register indices
  };
  std::size_t num_variables_ = 0;
  std::size_t num_registers_ = 0;
  std::vector<Instr> code_;
  std::vector<std::pair<std::uint32_t, double>> constants_;  // register, value
  std::vector<std::pair<std::uint32_t, std::uint32_t>> var_regs_;  // register, variable
  std::vector<std::uint32_t> outputs_;                        // register of each root
  // One worker's state for one call: the block-wide register file, and where each register
  // lives in the current block: its slot in `regs`, or straight in a caller's array when a
  // variable's values are contiguous there or a root can be written in place.
  struct Scratch {
    std::vector<double> regs;
    std::vector<double*> ptrs;
    std::vector<std::uint8_t> in_place;  // per root: computed by an instruction into its own array
    std::vector<std::size_t> filled_row;  // per register: the grid row whose value fills its slot
  };
  void init_scratch(Scratch& s, std::span<const Binding> bindings, const Batch& batch,
                    std::span<double* const> outs) const;
  void run_block(std::span<const Binding> bindings, const Batch& batch, std::size_t first,
                 std::size_t n, Scratch& s, std::span<double* const> outs) const;
  // The block loop, serial or across TBB workers, after the batch has been checked.
  void run_blocks(std::span<const Binding> bindings, const Batch& batch,
                  std::span<double* const> outs, bool parallel) const;
  // Large batches: computes the work that is the same along a grid row, a grid column or the
  // whole batch once, in smaller passes, and runs only the rest per point. False when there is
  // nothing worth hoisting (program_split.cpp).
  bool eval_split(std::span<const Binding> bindings, const Batch& batch,
                  std::span<double* const> outs, bool parallel) const;
  struct Splitter;
  void check_batch(std::span<const Binding> bindings, const Batch& batch,
                   std::span<double* const> outs) const;
  // Runs the tape on W points per register (W is the block size, or 1 for eval()); register r
  // is the W doubles at regs[r].
  template <std::size_t W>
  static void run_code(std::span<const Instr> instrs, double* const* regs);
};

}  // namespace scalerun::expr
