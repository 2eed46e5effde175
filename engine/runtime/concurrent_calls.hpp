#pragma once
// Independent calls run at once on TBB workers (as many as the task arena has), each exactly as it
// would run alone: the three simulations of a recorded point (study/simulate_experiment). Errors
// wait until every call has ended and then the first in list order is thrown, so what a user sees
// does not depend on which call finished first. The fork and join carry the runtime's
// ThreadSanitizer edges (runtime/tsan_annotations.hpp).

#include <functional>
#include <vector>

namespace scalerun::runtime {

void run_concurrently(const std::vector<std::function<void()>>& calls);

}  // namespace scalerun::runtime
