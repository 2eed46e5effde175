#include "runtime/registry.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "kernels/native/kernel_groups.hpp"

namespace scalerun::runtime {

namespace {

const kernels::KernelList& all_kernels() {
  static const kernels::KernelList all = [] {
    kernels::KernelList list;
    kernels::add_linalg_kernels(list);
    kernels::add_npb_kernels(list);
    kernels::add_apps_kernels(list);
    kernels::add_billiards_kernels(list);
    return list;
  }();
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
