// Rebuilding a graph with some variables replaced. Going through the simplifying constructors
// means substituting constants folds whatever becomes constant.

#include <stdexcept>
#include <string>
#include <vector>

#include "expr/graph.hpp"
#include "expr/ops.hpp"
#include "expr/walk.hpp"

namespace scalerun::expr {

NodeId Graph::substitute(NodeId f, std::span<const NodeId> replacement, std::span<const bool> replace) {
  if (f >= size()) throw std::out_of_range("expr: node id " + std::to_string(f) + " is not in the graph");
  for (std::size_t v = 0; v < replace.size() && v < replacement.size(); ++v) {
    if (replace[v] && replacement[v] >= size()) {
      throw std::out_of_range("expr: replacement for variable " + std::to_string(v) + " is not in the graph");
    }
  }
  const NodeId root[] = {f};
  const auto mask = reachable(*this, root);
  std::vector<NodeId> m(mask.size());
  for (std::size_t i = 0; i < mask.size(); ++i) {
    if (!mask[i]) continue;
    const Node n = nodes_[i];  // a copy: building new nodes may move nodes_
    switch (ops::arity(n.op)) {
      case 0: {
        const bool swapped = n.op == Op::Var && n.var < replace.size() && n.var < replacement.size() &&
                             replace[n.var];
        m[i] = swapped ? replacement[n.var] : static_cast<NodeId>(i);
        break;
      }
      case 1: m[i] = unary(n.op, m[n.a]); break;
      case 2: m[i] = binary(n.op, m[n.a], m[n.b]); break;
      default: m[i] = where(m[n.a], m[n.b], m[n.c]); break;
    }
  }
  return m[f];
}

}  // namespace scalerun::expr
