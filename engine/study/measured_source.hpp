#pragma once
// Where a measured point's numbers come from: a native kernel run in this process, an external
// program timed from outside, or an MPI program launched over a cluster machine. The sweep, the
// tuner, the store and the reports see only these three calls, so a new source is one more
// factory here.

#include <functional>
#include <string>

#include "runtime/native_kernel.hpp"
#include "runtime/params.hpp"
#include "store/point_identity.hpp"
#include "study/measurement.hpp"

namespace scalerun::study {

struct KernelSpec;
struct MachineSpec;

struct MeasuredSource {
  std::string kind;  // "native", "command", "mpi": said in tables and stored with each run
  std::function<Measurement(const runtime::Params&, int p, const MeasureSettings&)> measure;
  std::function<double(const runtime::Params&)> work;    // operations
  std::function<double(const runtime::Params&)> memory;  // bytes; NaN when the kernel does not say
  // What, beyond p and the parameters, decides what a point at these parameters measures (the
  // parameters themselves are added by study/point_store's record_key).
  std::function<store::PointIdentity(const runtime::Params&, int p)> identity;
};

// The native kernel, measured in this process (its own work and memory formulas).
MeasuredSource native_source(const runtime::NativeKernel& kernel);

// The kernel's command template, run as a program; work and memory from the kernel's description.
// `where` is the experiment's "file:line: " for messages. `kernel` must outlive the source.
MeasuredSource command_source(const KernelSpec& kernel, const std::string& where, const std::string& program_folder);

// The kernel's MPI program launched over `machine` with every rank instrumented (see
// study/mpi_measurement.hpp). `kernel` and `machine` must outlive the source.
MeasuredSource mpi_source(const KernelSpec& kernel, const MachineSpec& machine, const std::string& where,
                          const std::string& program_folder);

}  // namespace scalerun::study
