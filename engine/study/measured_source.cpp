#include "study/measured_source.hpp"

#include "study/command_measurement.hpp"
#include "study/experiment.hpp"
#include "study/measured_identity.hpp"
#include "study/mpi_measurement.hpp"

namespace scalerun::study {

MeasuredSource native_source(const runtime::NativeKernel& kernel) {
  MeasuredSource s;
  s.kind = "native";
  s.measure = [&kernel](const runtime::Params& at, int p, const MeasureSettings& how) {
    return measure_native(kernel, at, p, how);
  };
  s.work = [&kernel](const runtime::Params& at) { return kernel.work(at); };
  s.memory = [&kernel](const runtime::Params& at) { return kernel.memory(at); };
  s.identity = [&kernel](const runtime::Params&, int) { return native_identity(std::string(kernel.name)); };
  return s;
}

MeasuredSource command_source(const KernelSpec& kernel, const std::string& where, const std::string& program_folder) {
  MeasuredSource s;
  s.kind = "command";
  s.measure = [&kernel, where](const runtime::Params& at, int p, const MeasureSettings& how) {
    return measure_command(kernel.command, at, p, how, kernel.timer, where);
  };
  s.work = kernel.work;
  s.memory = kernel.memory;
  s.identity = [&kernel, program_folder](const runtime::Params& at, int p) {
    return command_identity(kernel, at, p, program_folder);
  };
  return s;
}

MeasuredSource mpi_source(const KernelSpec& kernel, const MachineSpec& machine, const std::string& where,
                          const std::string& program_folder) {
  MeasuredSource s;
  s.kind = "mpi";
  s.measure = [&kernel, &machine, where](const runtime::Params& at, int p, const MeasureSettings& how) {
    return measure_mpi(kernel, machine, at, p, how, where);
  };
  s.work = kernel.work;
  s.memory = kernel.memory;
  s.identity = [&kernel, &machine, where, program_folder](const runtime::Params& at, int p) {
    store::PointIdentity id = mpi_identity(mpi_program(kernel, at, p, program_folder, where), machine);
    id.timer = identity_timer(kernel.timer);
    return id;
  };
  return s;
}

}  // namespace scalerun::study
