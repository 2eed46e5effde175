#pragma once
// The identity of a measured point (store/point_identity.hpp) as each source knows it: a native
// kernel's name and the scalerun build that holds its code; a command's expanded line and the
// content of the program it runs; an MPI program's, with the cluster and launcher it runs on.

#include <string>
#include <vector>

#include "runtime/params.hpp"
#include "store/point_identity.hpp"

namespace scalerun::study {

struct KernelSpec;
struct MachineSpec;

// A command or MPI kernel's timer as its identity keeps it: the JSON figure that times a run, ""
// for the wall clock ("wall" or none).
std::string identity_timer(const std::string& timer);

// A native kernel run in this process on this host.
store::PointIdentity native_identity(const std::string& native);

// An external program: `command` expanded with the point's parameters and p, timed by its timer.
// `program_folder`: the script's folder, where a relative program path with a '/' is found (as the
// run finds it); "" for the working directory.
store::PointIdentity command_identity(const KernelSpec& kernel, const runtime::Params& params, double p,
                                      const std::string& program_folder = "");

// An MPI program (argv as it is launched) over `machine`'s hosts with its launcher.
store::PointIdentity mpi_identity(const std::vector<std::string>& program, const MachineSpec& machine);

// Content hash of the program a command's first word names, found as the command runs it: a word
// with '/' as a path (from the working directory), else the first executable file of that name
// on PATH. "missing: NAME" when there is none (the run then fails with its own message).
std::string program_fingerprint(const std::string& first_word);
// The same for a whole command line, with the content of every argument that names a file (an
// interpreter's script, a program's input): "HASH; run.sh HASH".
std::string program_fingerprint(const std::vector<std::string>& argv);

}  // namespace scalerun::study
