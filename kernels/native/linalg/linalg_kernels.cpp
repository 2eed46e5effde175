#include "kernels/native/kernel_groups.hpp"
#include "kernels/native/linalg/matmul.hpp"

namespace scalerun::kernels {

void add_linalg_kernels(KernelList& list) {
  static const MatmulKernel matmul;
  list.push_back(&matmul);
}

}  // namespace scalerun::kernels
