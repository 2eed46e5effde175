#pragma once
// Which nodes a set of roots reaches. Operands always have smaller ids than their users, so one
// backward sweep marks everything and the marked ids, read forward, are a dependency order; no
// recursion, so graphs thousands of nodes deep are fine.

#include <cstdint>
#include <span>
#include <vector>

#include "expr/graph.hpp"

namespace scalerun::expr {

// mask[id] != 0 when id is reachable; the mask has max(roots) + 1 entries (none when no roots).
std::vector<std::uint8_t> reachable(const Graph& g, std::span<const NodeId> roots);

}  // namespace scalerun::expr
