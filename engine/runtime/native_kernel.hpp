#pragma once
// A native kernel: real code run on the host through a Runtime, as opposed to a kernel's analytic
// model. Each one names its size parameters, its work and memory in the same units as its Lua
// description, and checks its own answer.

#include <span>
#include <string>
#include <string_view>

#include "runtime/params.hpp"

namespace scalerun::runtime {

class Runtime;

struct KernelResult {
  bool verified = false;
  std::string message;  // what was checked and how far off it was
  double checksum = 0;  // identical for every worker count when the kernel is deterministic
};

// One descriptor per kernel, data rather than a class per kernel: what every kernel has to say
// (its name, its parameters, its work and memory in the units of its Lua description, and how
// it runs and checks itself) is the same six things, so they are fields. Kernels define one as a
// constant next to their code; the registry (kernels/native/registry.hpp) lists them.
struct NativeKernel {
  std::string_view name;  // the `native = "..."` name in a kernel description
  std::string_view doc;
  std::span<const ParamSpec> params;
  double (*work)(const Params& given);    // operations
  double (*memory)(const Params& given);  // bytes of problem data
  // Runs once on rt (its measured window covers the computation only, not setup or the check).
  KernelResult (*run)(const Params& given, Runtime& rt);
};

}  // namespace scalerun::runtime
