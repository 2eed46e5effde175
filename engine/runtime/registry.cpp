#include "runtime/registry.hpp"

#include <array>
#include <stdexcept>

#include <fmt/format.h>

#include "kernels/native/matmul.hpp"
#include "kernels/native/montecarlo.hpp"

namespace scalerun::runtime {

namespace {

// An explicit list, not self-registration: the runtime is a static library, and the linker drops
// kernel objects nothing refers to, registrars included.
const std::array<const NativeKernel*, 2>& all_kernels() {
  static const kernels::MonteCarloKernel montecarlo;
  static const kernels::MatmulKernel matmul;
  static const std::array<const NativeKernel*, 2> all{&montecarlo, &matmul};
  return all;
}

}  // namespace

const NativeKernel* find_kernel(std::string_view name) {
  for (const NativeKernel* k : all_kernels())
    if (k->name() == name) return k;
  return nullptr;
}

const NativeKernel& kernel(std::string_view name) {
  if (const NativeKernel* k = find_kernel(name)) return *k;
  throw std::invalid_argument(
      fmt::format("unknown native kernel '{}' (known: {})", name, fmt::join(kernel_names(), ", ")));
}

std::vector<std::string_view> kernel_names() {
  std::vector<std::string_view> names;
  for (const NativeKernel* k : all_kernels()) names.push_back(k->name());
  return names;
}

}  // namespace scalerun::runtime
