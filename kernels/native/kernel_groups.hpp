#pragma once
// The native kernels come in families, each with its own folder under kernels/native/ and one
// function that appends the family's kernel descriptors to the registry's list. The registry is an
// explicit list, not self-registration: the kernels are a static library, and the linker drops
// objects nothing refers to, registrars included.

#include <vector>

#include "runtime/native_kernel.hpp"

namespace scalerun::kernels {

using KernelList = std::vector<const runtime::NativeKernel*>;

void add_linalg_kernels(KernelList& list);     // linalg/: dense linear algebra (matmul, gauss, householder, givens)
void add_npb_kernels(KernelList& list);        // npb/: NAS Parallel Benchmarks EP, IS, CG
void add_apps_kernels(KernelList& list);       // apps/: Monte Carlo, sorts, fractal, convolution
void add_billiards_kernels(KernelList& list);  // billiards/: the 1-D hard-sphere event simulation
void add_calibration_kernels(KernelList& list);  // calibration/: kernels whose time is a known law

}  // namespace scalerun::kernels
