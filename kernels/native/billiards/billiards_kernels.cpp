#include "kernels/native/kernel_groups.hpp"

namespace scalerun::kernels {

void add_billiards_kernels(KernelList&) {}

}  // namespace scalerun::kernels
