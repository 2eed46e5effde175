#include "kernels/native/billiards/billiards.hpp"
#include "kernels/native/kernel_groups.hpp"

namespace scalerun::kernels {

void add_billiards_kernels(KernelList& list) {
  static const BilliardsKernel billiards_kernel;
  list.push_back(&billiards_kernel);
}

}  // namespace scalerun::kernels
