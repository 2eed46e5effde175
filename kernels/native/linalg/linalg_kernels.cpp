#include "kernels/native/kernel_groups.hpp"
#include "kernels/native/linalg/gauss.hpp"
#include "kernels/native/linalg/givens.hpp"
#include "kernels/native/linalg/householder.hpp"
#include "kernels/native/linalg/matmul.hpp"

namespace scalerun::kernels {

void add_linalg_kernels(KernelList& list) {
  list.insert(list.end(), {&matmul_kernel, &gauss_kernel, &householder_kernel, &householder_unblocked_kernel,
                           &givens_kernel, &givens_unblocked_kernel});
}

}  // namespace scalerun::kernels
