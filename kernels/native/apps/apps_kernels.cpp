#include "kernels/native/apps/conv2d.hpp"
#include "kernels/native/apps/fractal.hpp"
#include "kernels/native/apps/mergesort.hpp"
#include "kernels/native/apps/montecarlo.hpp"
#include "kernels/native/apps/montecarlo_slices.hpp"
#include "kernels/native/apps/sort_n2.hpp"
#include "kernels/native/kernel_groups.hpp"

namespace scalerun::kernels {

void add_apps_kernels(KernelList& list) {
  static const MonteCarloKernel montecarlo;
  static const MonteCarloSlicesKernel montecarlo_slices;
  static const FractalKernel fractal;
  static const Conv2dKernel conv2d;
  static const MergesortKernel mergesort;
  static const SortN2Kernel sort_n2;
  list.insert(list.end(), {&montecarlo, &montecarlo_slices, &fractal, &conv2d, &mergesort, &sort_n2});
}

}  // namespace scalerun::kernels
