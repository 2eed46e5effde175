#include "study/measured_identity.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string_view>
#include <tuple>

#include <fmt/format.h>

#include "host/identity.hpp"
#include "measure/command.hpp"
#include "measure/command_template.hpp"
#include "provenance/run_context.hpp"
#include "study/experiment.hpp"

namespace scalerun::study {

namespace {

std::string this_host() { return fmt::format("{} ({})", host::hostname(), host::cpuinfo_model()); }

// The program as execution finds it (the same rule as the spawn's lookup: a name with '/' is a
// path, other names are searched on PATH, an empty PATH entry meaning the working directory).
std::string resolve(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  const char* env = std::getenv("PATH");
  const std::string path = env != nullptr ? env : "/usr/local/bin:/usr/bin:/bin";
  std::size_t begin = 0;
  while (begin <= path.size()) {
    const std::size_t end = std::min(path.find(':', begin), path.size());
    const std::string dir = end == begin ? "." : path.substr(begin, end - begin);
    const std::string candidate = dir + "/" + name;
    struct stat st {};
    if (stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(candidate.c_str(), X_OK) == 0)
      return candidate;
    begin = end + 1;
  }
  return {};
}

// Files hashed whole; larger ones are known by size and modification time.
constexpr long long kLargestHashed = 256LL << 20;

std::string file_version_fingerprint(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return {};
  // Hashed once per file version in a process: a sweep asks at every point, and a program does
  // not change under it unless its size or modification time does.
  using Version = std::tuple<std::string, long long, long long, long long>;
  static std::mutex guard;
  static std::map<Version, std::string> known;
  const Version version{path, static_cast<long long>(st.st_size), static_cast<long long>(st.st_mtim.tv_sec),
                        static_cast<long long>(st.st_mtim.tv_nsec)};
  const std::lock_guard lock(guard);
  auto it = known.find(version);
  if (it == known.end()) {
    // A large data file given as an argument is known by its size and time instead: reading
    // gigabytes at every start would cost more than the measurement.
    const std::string print = st.st_size <= kLargestHashed
                                  ? provenance::file_fingerprint(path)
                                  : fmt::format("size {} mtime {}", st.st_size, st.st_mtim.tv_sec);
    it = known.emplace(version, print).first;
  }
  return it->second;
}

}  // namespace

std::string program_fingerprint(const std::string& first_word) {
  const std::string path = resolve(first_word);
  const std::string print = path.empty() ? std::string() : file_version_fingerprint(path);
  return print.empty() ? "missing: " + first_word : print;
}

std::string program_fingerprint(const std::vector<std::string>& argv) {
  if (argv.empty()) return {};
  std::string print = program_fingerprint(argv.front());
  // An interpreter's program is a file among its arguments (sh run.sh, python3 solver.py): every
  // argument that names a file is part of what runs.
  for (std::size_t i = 1; i < argv.size(); ++i) {
    if (const std::string file = file_version_fingerprint(argv[i]); !file.empty())
      print += fmt::format("; {} {}", argv[i], file);
  }
  return print;
}

namespace {

// The variables of scalerun's own environment that change what a program (or the runtime's
// threads) does, which every process it starts inherits: thread counts and placement of OpenMP,
// TBB and the BLAS libraries, MPI's tuning, and which shared libraries load. The rest of the
// environment (PWD, SHLVL, ...) differs between shells without changing a measurement; it is not
// part of a point (README: what --resume compares).
constexpr std::string_view kInheritedPrefixes[] = {"OMP_",   "GOMP_", "KMP_",      "MKL_",  "OPENBLAS_", "BLIS_",
                                                   "TBB_",   "OMPI_", "MPICH_",    "I_MPI_", "UCX_",     "HWLOC_",
                                                   "MALLOC_", "GLIBC_TUNABLES", "LD_LIBRARY_PATH", "LD_PRELOAD"};

void add_inherited_environment(store::PointIdentity& id) {
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    const std::string_view entry(*e);
    const std::size_t eq = entry.find('=');
    if (eq == std::string_view::npos) continue;
    const std::string_view name = entry.substr(0, eq);
    // SCALERUN_ variables are scalerun's own (its PMPI layer sets some per run).
    for (std::string_view prefix : kInheritedPrefixes) {
      if (name.substr(0, prefix.size()) == prefix) {
        id.environment.emplace(std::string(name), std::string(entry.substr(eq + 1)));
        break;
      }
    }
  }
}

}  // namespace

namespace {

// A program path with a '/' that is relative (to the working directory, once the script folder is
// put in front) spelled from the root; a bare name (found on PATH) and an absolute path unchanged.
std::string spelled_from_root(const std::string& program) {
  if (program.empty() || program.front() == '/' || program.find('/') == std::string::npos) return program;
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(program, ec);
  return ec ? program : absolute.lexically_normal().string();
}

}  // namespace

std::string identity_timer(const std::string& timer) { return timer == "wall" ? std::string() : timer; }

store::PointIdentity native_identity(const std::string& native) {
  store::PointIdentity id;
  id.native = native;
  id.machine = this_host();
  // The kernel's code is scalerun's: another build may measure other code under the same name.
  id.build = fmt::format("{} {} {}", SCALERUN_VERSION, SCALERUN_GIT_REVISION, SCALERUN_BUILD_TYPE);
  add_inherited_environment(id);
  return id;
}

store::PointIdentity command_identity(const KernelSpec& kernel, const runtime::Params& params, double p,
                                      const std::string& program_folder) {
  store::PointIdentity id;
  id.machine = this_host();
  id.timer = identity_timer(kernel.timer);  // another figure (or the wall clock) is another measurement
  measure::TemplateValues values;
  for (const auto& [k, v] : params) values[k] = v;
  values["p"] = p;
  try {
    std::vector<std::string> argv = measure::expand_template(kernel.command, values);
    // The program the run starts: a relative path with a '/' is the script folder's, spelled from
    // the root so that the same program run from another working directory is the same point.
    if (!argv.empty()) argv.front() = spelled_from_root(measure::program_in_folder(argv.front(), program_folder));
    id.command = measure::format_command_line(argv);
    id.program = program_fingerprint(argv);
  } catch (const std::invalid_argument&) {
    id.command = kernel.command;  // the measurement says what is wrong with it
  }
  add_inherited_environment(id);
  return id;
}

store::PointIdentity mpi_identity(const std::vector<std::string>& program, const MachineSpec& machine) {
  store::PointIdentity id;
  std::vector<std::string> spelled = program;
  if (!spelled.empty()) spelled.front() = spelled_from_root(spelled.front());
  id.command = measure::format_command_line(spelled);
  id.program = program_fingerprint(program);
  std::string hosts;
  for (const auto& h : machine.hosts) hosts += (hosts.empty() ? "" : ",") + h;
  for (const auto& group : machine.groups)
    for (const auto& h : group.hosts) hosts += (hosts.empty() ? "" : ",") + h;
  id.machine = fmt::format("hosts {} slots {:g}", hosts.empty() ? "(this host)" : hosts, machine.slots);
  const measure::Launcher launcher = machine.launcher.value_or(measure::Launcher{});
  std::vector<std::string> line{launcher.kind, launcher.command};
  line.insert(line.end(), launcher.options.begin(), launcher.options.end());
  id.launcher = measure::format_command_line(line) + (launcher.oversubscribe ? " (oversubscribe)" : "") +
                (launcher.batch ? " (batch)" : "");
  add_inherited_environment(id);
  // The launcher's own settings win over inherited ones of the same name, as in the job.
  for (const auto& [name, value] : launcher.env) id.environment[name] = value;
  return id;
}

}  // namespace scalerun::study
