#pragma once
// Expression graphs: what a Lua model becomes when it is called with symbolic arguments.
// A Graph is an arena of hash-consed nodes (equal sub-expressions share one NodeId), so
// building, differentiating and substituting never duplicate work.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace scalerun::expr {

using NodeId = std::uint32_t;

enum class Op : std::uint8_t {
  Const, Var,
  Add, Sub, Mul, Div, Pow, Min, Max,        // binary arithmetic
  Neg, Log, Exp, Sqrt, Abs, Floor, Ceil, Sin, Cos,  // unary
  Lt, Le, Eq,                               // comparisons: 1.0 when true, 0.0 when false
  Where,                                    // Where(c, a, b) = c != 0 ? a : b
};

struct Node {
  Op op;
  NodeId a = 0, b = 0, c = 0;  // operands (unused ones are 0)
  double value = 0.0;          // Const: the value
  std::uint32_t var = 0;       // Var: index into Graph::variables()
};

class Graph {
 public:
  NodeId constant(double v);
  // Returns the existing variable of that name, or makes a new one.
  NodeId variable(std::string_view name);
  NodeId unary(Op op, NodeId a);
  NodeId binary(Op op, NodeId a, NodeId b);
  NodeId where(NodeId cond, NodeId a, NodeId b);

  // Convenience wrappers over unary/binary.
  NodeId add(NodeId a, NodeId b) { return binary(Op::Add, a, b); }
  NodeId sub(NodeId a, NodeId b) { return binary(Op::Sub, a, b); }
  NodeId mul(NodeId a, NodeId b) { return binary(Op::Mul, a, b); }
  NodeId div(NodeId a, NodeId b) { return binary(Op::Div, a, b); }
  NodeId pow(NodeId a, NodeId b) { return binary(Op::Pow, a, b); }

  const Node& node(NodeId id) const { return nodes_[id]; }
  std::size_t size() const { return nodes_.size(); }
  std::span<const std::string> variables() const { return variables_; }
  // Index of a named variable, or -1 when the graph has none of that name.
  int find_variable(std::string_view name) const;
  bool is_constant(NodeId id) const { return nodes_[id].op == Op::Const; }
  // True when `id` depends on variable `var` (directly or through its operands).
  bool depends_on(NodeId id, std::uint32_t var) const;

  // d(f)/d(variable var), built in this graph and simplified.
  NodeId derivative(NodeId f, std::uint32_t var);
  // f with each variable i for which replacement[i] is set replaced by that node.
  NodeId substitute(NodeId f, std::span<const NodeId> replacement, std::span<const bool> replace);

  // Infix formula with the fewest parentheses, e.g. "(2*n^3 + 3*n^2)/p*tau". It prints a tree:
  // a shared sub-expression is spelled out at every use.
  std::string to_string(NodeId f) const;
  // One-point evaluation (tests, one-off values): one sweep, no recursion; bulk work uses Program.
  double eval(NodeId f, std::span<const double> vars) const;

 private:
  NodeId intern(const Node& n);
  std::vector<Node> nodes_;
  std::vector<std::string> variables_;
  std::unordered_map<std::string, std::uint32_t> variable_index_;
  struct NodeHash { std::size_t operator()(const Node& n) const noexcept; };
  struct NodeEq { bool operator()(const Node& x, const Node& y) const noexcept; };
  std::unordered_map<Node, NodeId, NodeHash, NodeEq> interned_;
};

}  // namespace scalerun::expr
