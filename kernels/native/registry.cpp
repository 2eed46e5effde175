#include "kernels/native/registry.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "kernels/native/kernel_groups.hpp"

namespace scalerun::kernels {

namespace {

const KernelList& all_kernels() {
  static const KernelList all = [] {
    KernelList list;
    add_linalg_kernels(list);
    add_npb_kernels(list);
    add_apps_kernels(list);
    add_billiards_kernels(list);
    add_calibration_kernels(list);
    return list;
  }();
  return all;
}

}  // namespace

const runtime::NativeKernel* find_kernel(std::string_view name) {
  for (const runtime::NativeKernel* k : all_kernels())
    if (k->name == name) return k;
  return nullptr;
}

const runtime::NativeKernel& kernel(std::string_view name) {
  if (const runtime::NativeKernel* k = find_kernel(name)) return *k;
  throw std::invalid_argument(
      fmt::format("unknown native kernel '{}' (known: {})", name, fmt::join(kernel_names(), ", ")));
}

std::vector<std::string_view> kernel_names() {
  std::vector<std::string_view> names;
  for (const runtime::NativeKernel* k : all_kernels()) names.push_back(k->name);
  return names;
}

}  // namespace scalerun::kernels
