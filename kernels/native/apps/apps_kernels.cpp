#include "kernels/native/apps/montecarlo.hpp"
#include "kernels/native/kernel_groups.hpp"

namespace scalerun::kernels {

void add_apps_kernels(KernelList& list) {
  static const MonteCarloKernel montecarlo;
  list.push_back(&montecarlo);
}

}  // namespace scalerun::kernels
