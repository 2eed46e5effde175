// The public ways to run a Program: one point, or a checked batch handed to the hoisting pass
// (program_split.cpp) or straight to the block loop (program_blocks.cpp).

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "expr/program.hpp"

namespace scalerun::expr {
namespace {

[[noreturn]] void bad_batch(const std::string& what) { throw std::invalid_argument("expr: " + what); }

}  // namespace

void Program::eval(std::span<const double> vars, std::span<double> out) const {
  if (out.size() < outputs_.size()) bad_batch("eval() needs one output slot per root");
  // Solvers call this in loops; small tapes keep their registers on the stack.
  constexpr std::size_t kSmall = 64;
  std::array<double, kSmall> small_regs{};
  std::array<double*, kSmall> small_ptrs{};
  std::vector<double> big_regs;
  std::vector<double*> big_ptrs;
  double* regs = small_regs.data();
  double** ptrs = small_ptrs.data();
  if (num_registers_ > kSmall) {
    big_regs.resize(num_registers_);
    big_ptrs.resize(num_registers_);
    regs = big_regs.data();
    ptrs = big_ptrs.data();
  }
  for (std::size_t r = 0; r < num_registers_; ++r) ptrs[r] = regs + r;
  for (const auto& [r, v] : constants_) regs[r] = v;
  for (const auto& [r, var] : var_regs_) {
    if (var >= vars.size()) bad_batch("eval() got no value for variable " + std::to_string(var));
    regs[r] = vars[var];
  }
  run_code<1>(code_, ptrs);
  for (std::size_t j = 0; j < outputs_.size(); ++j) out[j] = regs[outputs_[j]];
}

void Program::check_batch(std::span<const Binding> bindings, const Batch& batch,
                          std::span<double* const> outs) const {
  if (outs.size() < outputs_.size()) bad_batch("eval_batch() needs one output array per root");
  if (batch.count == 0) return;
  for (std::size_t j = 0; j < outputs_.size(); ++j) {
    if (outs[j] == nullptr) bad_batch("eval_batch() got a null output array");
  }
  for (const auto& [r, var] : var_regs_) {
    const std::string name = "variable " + std::to_string(var);
    if (var >= bindings.size()) bad_batch(name + " has no binding");
    const Binding& b = bindings[var];
    std::size_t needed = 0;
    switch (b.kind) {
      case Binding::Kind::Scalar: break;
      case Binding::Kind::Array: needed = batch.count; break;
      case Binding::Kind::GridRow:
        if (batch.cols == 0) bad_batch("a grid batch needs cols > 0");
        needed = (batch.count - 1) / batch.cols + 1;
        break;
      case Binding::Kind::GridCol:
        if (batch.cols == 0) bad_batch("a grid batch needs cols > 0");
        needed = std::min(batch.count, batch.cols);
        break;
    }
    if (b.values.size() < needed) {
      bad_batch(name + " is bound to " + std::to_string(b.values.size()) + " values, needs " +
                std::to_string(needed));
    }
  }
}

void Program::eval_batch(std::span<const Binding> bindings, const Batch& batch,
                         std::span<double* const> outs) const {
  check_batch(bindings, batch, outs);
  if (batch.count == 0 || outputs_.empty()) return;
  if (!eval_split(bindings, batch, outs, false)) run_blocks(bindings, batch, outs, false);
}

void Program::eval_batch_parallel(std::span<const Binding> bindings, const Batch& batch,
                                  std::span<double* const> outs) const {
  check_batch(bindings, batch, outs);
  if (batch.count == 0 || outputs_.empty()) return;
  if (!eval_split(bindings, batch, outs, true)) run_blocks(bindings, batch, outs, true);
}

}  // namespace scalerun::expr
