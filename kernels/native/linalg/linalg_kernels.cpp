#include "kernels/native/kernel_groups.hpp"
#include "kernels/native/linalg/gauss.hpp"
#include "kernels/native/linalg/givens.hpp"
#include "kernels/native/linalg/householder.hpp"
#include "kernels/native/linalg/matmul.hpp"

namespace scalerun::kernels {

void add_linalg_kernels(KernelList& list) {
  static const MatmulKernel matmul;
  static const GaussKernel gauss;
  static const HouseholderKernel householder;
  static const GivensKernel givens;
  list.insert(list.end(), {&matmul, &gauss, &householder, &givens});
}

}  // namespace scalerun::kernels
