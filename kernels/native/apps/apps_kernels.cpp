#include "kernels/native/apps/conv2d.hpp"
#include "kernels/native/apps/fractal.hpp"
#include "kernels/native/apps/mergesort.hpp"
#include "kernels/native/apps/montecarlo.hpp"
#include "kernels/native/apps/montecarlo_slices.hpp"
#include "kernels/native/apps/sort_n2.hpp"
#include "kernels/native/kernel_groups.hpp"

namespace scalerun::kernels {

void add_apps_kernels(KernelList& list) {
  list.insert(list.end(), {&montecarlo_kernel, &montecarlo_slices_kernel, &fractal_kernel, &conv2d_kernel, &mergesort_kernel,
                           &sort_n2_kernel});
}

}  // namespace scalerun::kernels
