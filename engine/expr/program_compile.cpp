// Compiling a graph into a register tape. Leaves (constants, variables) get registers of their
// own, filled outside the tape; computed values share registers by liveness, so a block's working
// set is the graph's width rather than its size and stays in cache.

#include <stdexcept>
#include <string>
#include <vector>

#include "expr/ops.hpp"
#include "expr/program.hpp"
#include "expr/tape.hpp"
#include "expr/walk.hpp"

namespace scalerun::expr {
namespace {

constexpr std::uint32_t kForever = 0xffffffffU;

// What one computing node becomes: its code and the operands it reads from registers.
struct Plan {
  std::uint8_t code = 0;
  int reads = 0;
  NodeId operand[3] = {0, 0, 0};
};

Plan plan(const Graph& g, const Node& n) {
  Plan p{tape::code(n.op), ops::arity(n.op), {n.a, n.b, n.c}};
  if (n.op == Op::Pow && g.is_constant(n.b)) {
    const std::uint8_t special = tape::power_code(g.node(n.b).value);
    if (special != tape::code(Op::Pow)) {
      p.code = special;
      p.reads = 1;
    }
  }
  return p;
}

}  // namespace

Program::Program(const Graph& g, std::span<const NodeId> roots) : num_variables_(g.variables().size()) {
  for (NodeId r : roots) {
    if (r >= g.size()) throw std::out_of_range("expr: root " + std::to_string(r) + " is not in the graph");
  }
  const auto mask = reachable(g, roots);
  const std::size_t n = mask.size();

  // Liveness: the index of the last instruction that reads each node; roots live to the end.
  std::vector<Plan> plans(n);
  std::vector<std::uint32_t> last_use(n, 0);
  std::vector<std::uint8_t> read(n, 0);
  std::uint32_t count = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!mask[i] || ops::arity(g.node(static_cast<NodeId>(i)).op) == 0) continue;
    plans[i] = plan(g, g.node(static_cast<NodeId>(i)));
    for (int k = 0; k < plans[i].reads; ++k) {
      last_use[plans[i].operand[k]] = count;
      read[plans[i].operand[k]] = 1;
    }
    ++count;
  }
  for (NodeId r : roots) {
    last_use[r] = kForever;
    read[r] = 1;
  }

  std::vector<std::uint32_t> reg(n, 0);
  std::uint32_t next = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Node& node = g.node(static_cast<NodeId>(i));
    if (!mask[i] || !read[i] || ops::arity(node.op) != 0) continue;
    reg[i] = next++;
    if (node.op == Op::Const) {
      constants_.emplace_back(reg[i], node.value);
    } else {
      var_regs_.emplace_back(reg[i], node.var);
    }
  }

  // Most recently freed first: the register that was just written is the one still in L1.
  std::vector<std::uint32_t> free_regs;
  code_.reserve(count);
  std::uint32_t index = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!mask[i] || ops::arity(g.node(static_cast<NodeId>(i)).op) == 0) continue;
    const Plan& p = plans[i];
    // The destination is taken before the operands are released, so it never aliases them and
    // the kernels may treat every register pointer as restrict.
    std::uint32_t dst;
    if (free_regs.empty()) {
      dst = next++;
    } else {
      dst = free_regs.back();
      free_regs.pop_back();
    }
    reg[i] = dst;
    Instr in{p.code, dst, 0, 0, 0};
    std::uint32_t* slots[3] = {&in.a, &in.b, &in.c};
    for (int k = 0; k < p.reads; ++k) *slots[k] = reg[p.operand[k]];
    code_.push_back(in);
    for (int k = 0; k < p.reads; ++k) {
      const NodeId o = p.operand[k];
      const bool repeated = (k >= 1 && o == p.operand[0]) || (k >= 2 && o == p.operand[1]);
      const bool temporary = ops::arity(g.node(o).op) != 0;
      if (temporary && !repeated && last_use[o] == index) free_regs.push_back(reg[o]);
    }
    ++index;
  }
  num_registers_ = next;
  outputs_.reserve(roots.size());
  for (NodeId r : roots) outputs_.push_back(reg[r]);
}

}  // namespace scalerun::expr
