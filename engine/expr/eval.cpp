// One-point evaluation: a forward sweep over the reachable nodes in id order, so its cost is
// one visit per node however deep or shared the graph is.

#include <stdexcept>
#include <string>
#include <vector>

#include "expr/graph.hpp"
#include "expr/ops.hpp"
#include "expr/walk.hpp"

namespace scalerun::expr {

double Graph::eval(NodeId f, std::span<const double> vars) const {
  if (f >= size()) throw std::out_of_range("expr: node id " + std::to_string(f) + " is not in the graph");
  const NodeId root[] = {f};
  const auto mask = reachable(*this, root);
  std::vector<double> v(mask.size());
  for (std::size_t i = 0; i < mask.size(); ++i) {
    if (!mask[i]) continue;
    const Node& n = nodes_[i];
    switch (ops::arity(n.op)) {
      case 0:
        if (n.op == Op::Const) {
          v[i] = n.value;
        } else if (n.var < vars.size()) {
          v[i] = vars[n.var];
        } else {
          throw std::out_of_range("expr: no value given for variable " + variables_[n.var]);
        }
        break;
      case 1: v[i] = ops::unary(n.op, v[n.a]); break;
      case 2: v[i] = ops::binary(n.op, v[n.a], v[n.b]); break;
      default: v[i] = ops::where(v[n.a], v[n.b], v[n.c]); break;
    }
  }
  return v[f];
}

}  // namespace scalerun::expr
