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

class NativeKernel {
 public:
  virtual ~NativeKernel() = default;
  virtual std::string_view name() const = 0;  // the `native = "..."` name in a kernel description
  virtual std::string_view doc() const = 0;
  virtual std::span<const ParamSpec> params() const = 0;
  virtual double work(const Params& given) const = 0;    // operations
  virtual double memory(const Params& given) const = 0;  // bytes of problem data
  // Runs once on rt (its measured window covers the computation only, not setup or the check).
  virtual KernelResult run(const Params& given, Runtime& rt) const = 0;
};

}  // namespace scalerun::runtime
