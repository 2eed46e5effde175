#pragma once
// The native kernels by name, for kernel descriptions that say `native = "montecarlo"`. The
// kernels and this registry are their own library above the runtime: the runtime knows nothing
// of the kernels written against it.

#include <string_view>
#include <vector>

#include "runtime/native_kernel.hpp"

namespace scalerun::kernels {

// Null when no native kernel has that name.
const runtime::NativeKernel* find_kernel(std::string_view name);
// Throws std::invalid_argument naming the known kernels.
const runtime::NativeKernel& kernel(std::string_view name);
std::vector<std::string_view> kernel_names();

}  // namespace scalerun::kernels
