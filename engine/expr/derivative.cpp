// Symbolic differentiation, forward over the reachable nodes in id order so each shared
// sub-expression is differentiated once and deep graphs need no recursion.

#include <stdexcept>
#include <string>
#include <vector>

#include "expr/graph.hpp"
#include "expr/ops.hpp"
#include "expr/walk.hpp"

namespace scalerun::expr {
namespace {

// The constructors already drop x+0 and x*0; these also drop the terms whose derivative is
// zero in a difference or a quotient, so d(c/x) reads -(c/x^2) rather than 0/x - c/x^2.
struct Builder {
  Graph& g;
  NodeId zero;

  bool is_zero(NodeId id) const { return id == zero; }
  NodeId plus(NodeId x, NodeId y) { return g.add(x, y); }
  NodeId times(NodeId x, NodeId y) { return g.mul(x, y); }
  NodeId minus(NodeId x, NodeId y) { return is_zero(x) ? g.unary(Op::Neg, y) : g.sub(x, y); }
  NodeId over(NodeId x, NodeId y) { return is_zero(x) ? zero : g.div(x, y); }
  NodeId neg(NodeId x) { return g.unary(Op::Neg, x); }
  NodeId num(double v) { return g.constant(v); }
};

}  // namespace

NodeId Graph::derivative(NodeId f, std::uint32_t var) {
  if (f >= size()) throw std::out_of_range("expr: node id " + std::to_string(f) + " is not in the graph");
  Builder b{*this, constant(0.0)};
  const NodeId one = constant(1.0);
  const NodeId root[] = {f};
  const auto mask = reachable(*this, root);
  std::vector<NodeId> d(mask.size(), b.zero);

  for (std::size_t i = 0; i < mask.size(); ++i) {
    if (!mask[i]) continue;
    const NodeId id = static_cast<NodeId>(i);
    const Node n = nodes_[i];  // a copy: building new nodes may move nodes_
    if (n.op == Op::Const) continue;
    if (n.op == Op::Var) {
      d[i] = n.var == var ? one : b.zero;
      continue;
    }
    const int k = ops::arity(n.op);
    const NodeId da = d[n.a];
    const NodeId db = k >= 2 ? d[n.b] : b.zero;
    const NodeId dc = k >= 3 ? d[n.c] : b.zero;
    // Where's condition contributes no derivative of its own; only its branches do.
    const bool constant_here =
        n.op == Op::Where ? b.is_zero(db) && b.is_zero(dc) : b.is_zero(da) && b.is_zero(db);
    if (constant_here) continue;

    NodeId r = b.zero;
    switch (n.op) {
      case Op::Add: r = b.plus(da, db); break;
      case Op::Sub: r = b.minus(da, db); break;
      case Op::Mul: r = b.plus(b.times(da, n.b), b.times(n.a, db)); break;
      case Op::Div:
        r = b.minus(b.over(da, n.b), b.over(b.times(n.a, db), pow(n.b, b.num(2.0))));
        break;
      case Op::Pow:
        if (is_constant(n.b)) {
          const NodeId lowered = sub(n.b, one);
          r = b.times(b.times(n.b, pow(n.a, lowered)), da);
        } else {
          // a^b * (db*log(a) + b*da/a); `id` is a^b itself, so it is reused rather than rebuilt.
          r = b.times(id, b.plus(b.times(db, unary(Op::Log, n.a)), b.over(b.times(n.b, da), n.a)));
        }
        break;
      case Op::Min: r = where(binary(Op::Lt, n.a, n.b), da, db); break;
      case Op::Max: r = where(binary(Op::Lt, n.a, n.b), db, da); break;
      case Op::Neg: r = b.neg(da); break;
      case Op::Log: r = b.over(da, n.a); break;
      case Op::Exp: r = b.times(id, da); break;
      case Op::Sqrt: r = b.over(da, b.times(b.num(2.0), id)); break;
      case Op::Abs: r = where(binary(Op::Lt, n.a, b.zero), b.neg(da), da); break;
      case Op::Sin: r = b.times(unary(Op::Cos, n.a), da); break;
      case Op::Cos: r = b.neg(b.times(unary(Op::Sin, n.a), da)); break;
      case Op::Where: r = where(n.a, db, dc); break;
      // Piecewise constant: the derivative is zero wherever it exists.
      case Op::Floor: case Op::Ceil: case Op::Lt: case Op::Le: case Op::Eq: break;
      case Op::Const: case Op::Var: break;
    }
    d[i] = r;
  }
  return d[f];
}

}  // namespace scalerun::expr
