#pragma once
// Where a measured point's numbers come from. A native kernel run in this process and an external
// program timed from outside are the two today; an MPI launch is the next. The sweep, the tuner,
// the store and the reports see only these three calls, so a new source is one more factory here.

#include <functional>
#include <string>

#include "runtime/native_kernel.hpp"
#include "runtime/params.hpp"
#include "study/measurement.hpp"

namespace scalerun::study {

struct KernelSpec;

struct MeasuredSource {
  std::string kind;  // "native", "command": said in tables and stored with each run
  std::function<Measurement(const runtime::Params&, int p, const MeasureSettings&)> measure;
  std::function<double(const runtime::Params&)> work;    // operations
  std::function<double(const runtime::Params&)> memory;  // bytes; NaN when the kernel does not say
};

// The native kernel, measured in this process (its own work and memory formulas).
MeasuredSource native_source(const runtime::NativeKernel& kernel);

// The kernel's command template, run as a program; work and memory from the kernel's description.
// `where` is the experiment's "file:line: " for messages. `kernel` must outlive the source.
MeasuredSource command_source(const KernelSpec& kernel, const std::string& where);

}  // namespace scalerun::study
