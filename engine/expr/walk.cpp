#include "expr/walk.hpp"

#include <algorithm>

#include "expr/ops.hpp"

namespace scalerun::expr {

std::vector<std::uint8_t> reachable(const Graph& g, std::span<const NodeId> roots) {
  if (roots.empty()) return {};
  const NodeId top = *std::max_element(roots.begin(), roots.end());
  std::vector<std::uint8_t> mask(std::size_t{top} + 1, 0);
  for (NodeId r : roots) mask[r] = 1;
  for (std::size_t i = mask.size(); i-- > 0;) {
    if (!mask[i]) continue;
    const Node& n = g.node(static_cast<NodeId>(i));
    const int k = ops::arity(n.op);
    if (k >= 1) mask[n.a] = 1;
    if (k >= 2) mask[n.b] = 1;
    if (k >= 3) mask[n.c] = 1;
  }
  return mask;
}

}  // namespace scalerun::expr
