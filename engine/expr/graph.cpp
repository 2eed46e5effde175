// Building nodes: hash-consing and the simplifications applied as each node is made. Every
// derived graph (derivative, substitute) goes through these constructors, so it is simplified
// the same way as what the user built.

#include <bit>
#include <stdexcept>
#include <string>

#include "expr/graph.hpp"
#include "expr/ops.hpp"
#include "expr/walk.hpp"

namespace scalerun::expr {
namespace {

std::uint64_t bits(double v) { return std::bit_cast<std::uint64_t>(v); }

void check_operand(const Graph& g, NodeId id) {
  if (id >= g.size()) throw std::out_of_range("expr: node id " + std::to_string(id) + " is not in the graph");
}

}  // namespace

std::size_t Graph::NodeHash::operator()(const Node& n) const noexcept {
  // Multiply-xorshift mixing: ids are small consecutive integers, which a plain xor would collide.
  std::uint64_t h = static_cast<std::uint64_t>(n.op) + 0x9e3779b97f4a7c15ULL;
  const auto mix = [&h](std::uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
  };
  mix(n.a);
  mix(n.b);
  mix(n.c);
  mix(bits(n.value));
  mix(n.var);
  return static_cast<std::size_t>(h);
}

// Constants compare by bit pattern, so 0.0 and -0.0 stay distinct and a NaN finds itself.
bool Graph::NodeEq::operator()(const Node& x, const Node& y) const noexcept {
  return x.op == y.op && x.a == y.a && x.b == y.b && x.c == y.c && bits(x.value) == bits(y.value) &&
         x.var == y.var;
}

NodeId Graph::intern(const Node& n) {
  if (nodes_.size() >= 0xffffffffULL) throw std::length_error("expr: graph is full");
  const auto [it, added] = interned_.try_emplace(n, static_cast<NodeId>(nodes_.size()));
  if (added) nodes_.push_back(n);
  return it->second;
}

NodeId Graph::constant(double v) { return intern(Node{.op = Op::Const, .value = v}); }

NodeId Graph::variable(std::string_view name) {
  std::string key(name);
  auto it = variable_index_.find(key);
  std::uint32_t index;
  if (it != variable_index_.end()) {
    index = it->second;
  } else {
    index = static_cast<std::uint32_t>(variables_.size());
    variables_.push_back(key);
    variable_index_.emplace(std::move(key), index);
  }
  return intern(Node{.op = Op::Var, .var = index});
}

int Graph::find_variable(std::string_view name) const {
  auto it = variable_index_.find(std::string(name));
  return it == variable_index_.end() ? -1 : static_cast<int>(it->second);
}

NodeId Graph::unary(Op op, NodeId a) {
  if (ops::arity(op) != 1) throw std::invalid_argument("expr: unary() needs a one-operand op");
  check_operand(*this, a);
  const Node& x = nodes_[a];
  if (x.op == Op::Const) return constant(ops::unary(op, x.value));
  if (op == Op::Neg && x.op == Op::Neg) return x.a;
  return intern(Node{.op = op, .a = a});
}

NodeId Graph::binary(Op op, NodeId a, NodeId b) {
  if (ops::arity(op) != 2) throw std::invalid_argument("expr: binary() needs a two-operand op");
  check_operand(*this, a);
  check_operand(*this, b);
  const Node& x = nodes_[a];
  const Node& y = nodes_[b];
  if (x.op == Op::Const && y.op == Op::Const) return constant(ops::binary(op, x.value, y.value));
  const bool x0 = x.op == Op::Const && x.value == 0.0;
  const bool y0 = y.op == Op::Const && y.value == 0.0;
  const bool x1 = x.op == Op::Const && x.value == 1.0;
  const bool y1 = y.op == Op::Const && y.value == 1.0;
  // These identities ignore IEEE corner cases (0*inf, x-x with x = inf or NaN) on purpose: a
  // model's algebra is meant over the reals, and the simpler graph is what gets evaluated.
  switch (op) {
    case Op::Add:
      if (y0) return a;
      if (x0) return b;
      break;
    case Op::Sub:
      if (y0) return a;
      if (a == b) return constant(0.0);
      break;
    case Op::Mul:
      if (x0 || y0) return constant(0.0);
      if (y1) return a;
      if (x1) return b;
      break;
    case Op::Div:
      if (y1) return a;
      break;
    case Op::Pow:
      if (y1) return a;
      if (y0) return constant(1.0);
      break;
    default:
      break;
  }
  return intern(Node{.op = op, .a = a, .b = b});
}

NodeId Graph::where(NodeId cond, NodeId a, NodeId b) {
  check_operand(*this, cond);
  check_operand(*this, a);
  check_operand(*this, b);
  const Node& c = nodes_[cond];
  if (c.op == Op::Const) return c.value != 0.0 ? a : b;  // NaN counts as true, as in ops::where
  if (a == b) return a;
  return intern(Node{.op = Op::Where, .a = cond, .b = a, .c = b});
}

bool Graph::depends_on(NodeId id, std::uint32_t var) const {
  check_operand(*this, id);
  const NodeId root[] = {id};
  const auto mask = reachable(*this, root);
  for (std::size_t i = 0; i < mask.size(); ++i) {
    if (mask[i] && nodes_[i].op == Op::Var && nodes_[i].var == var) return true;
  }
  return false;
}

}  // namespace scalerun::expr
