#pragma once
// The native kernels by name, for kernel descriptions that say `native = "montecarlo"`.

#include <string_view>
#include <vector>

#include "runtime/native_kernel.hpp"

namespace scalerun::runtime {

// Null when no native kernel has that name.
const NativeKernel* find_kernel(std::string_view name);
// Throws std::invalid_argument naming the known kernels.
const NativeKernel& kernel(std::string_view name);
std::vector<std::string_view> kernel_names();

}  // namespace scalerun::runtime
