#pragma once
// A kernel's MPI program measured on a cluster machine: each run one job through the machine's
// launcher (Open MPI's mpirun, or Slurm's srun as a job step or an sbatch script) with scalerun's
// interposition library in every rank, p ranks placed on the machine's hosts in order (each
// filled to its slots; beyond them only when the launcher allows oversubscription), or for a
// machine set one rank on each of its nodes with the nodes' marked speeds passed on
// (SCALERUN_SPEEDS); warm-up runs, then timed runs. T of a run is the slowest rank's time from
// MPI_Init to MPI_Finalize (or a figure the program prints, timer = "name"). The figures of the
// run nearest the median are the ranks' sums, as a native kernel's are its workers':
//   busy = time between MPI calls; idle = time blocked in waits and barriers, plus each rank's
//   wait for the slowest at the end (T - its wall); primitives = time in point-to-point and
//   collective calls; serial = 0 (not separable from outside the program).
// So seed 000's breakdown and L(W,N) follow as for a TBB kernel (study/metrics). With
// MeasureSettings::record_timeline every rank also writes the interval of each MPI call, and the
// run nearest the median gives Measurement::timeline (study/mpi_timeline).

#include <string>

#include "runtime/params.hpp"
#include "study/experiment.hpp"
#include "study/measurement.hpp"

namespace scalerun::study {

// `where` is the experiment's "file:line: " for messages. Throws ScriptError for a job that cannot
// start (no launcher, a program not found, too many ranks), fails or leaves a rank without its
// record; runtime::Stopped(run_limit) past settings.run_limit_seconds (the whole job is ended);
// Interrupted or runtime::Stopped on a stop.
Measurement measure_mpi(const KernelSpec& kernel, const MachineSpec& machine, const runtime::Params& params, int p,
                        const MeasureSettings& settings, const std::string& where);

// The program line measure_mpi launches at these parameters, a relative program path found in
// `program_folder` as the launch finds it (for the point's identity).
std::vector<std::string> mpi_program(const KernelSpec& kernel, const runtime::Params& params, int p,
                                     const std::string& program_folder, const std::string& where);

// The ranks of p placed on the machine's hosts, or for a machine set one rank on each of its nodes
// (the hosts its groups name). ScriptError when they do not fit.
std::vector<measure::Placement> place_ranks(const MachineSpec& machine, int p, const std::string& where);

// A machine set's marked speed per rank, in rank order, as its MPI kernels split their rows by
// (SCALERUN_SPEEDS); empty for a machine that is not a set.
std::vector<double> rank_speeds(const MachineSpec& machine);

}  // namespace scalerun::study
