#include "kernels/native/billiards/billiards.hpp"
#include "kernels/native/kernel_groups.hpp"

namespace scalerun::kernels {

void add_billiards_kernels(KernelList& list) {
  list.push_back(&billiards_kernel);
}

}  // namespace scalerun::kernels
