#include "study/mpi_measurement.hpp"

#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "errors/errors.hpp"
#include "host/identity.hpp"
#include "measure/command.hpp"
#include "measure/command_template.hpp"
#include "measure/figures.hpp"
#include "measure/mpi_failure.hpp"
#include "measure/rank_trace.hpp"
#include "measure/temp_folder.hpp"
#include "measure/text_file.hpp"
#include "study/command_measurement.hpp"
#include "study/mpi_timeline.hpp"

namespace scalerun::study {

namespace {

// A folder for one job's rank records (and its launch files), removed when the run is over.
measure::TempFolder make_records_folder(const std::string& where) {
  try {
    return measure::TempFolder("scalerun-ranks");
  } catch (const std::runtime_error& e) {
    throw ScriptError(where + e.what());
  }
}

// The program: a first word without '/' is one of scalerun's MPI kernels when it is there.
std::vector<std::string> program_argv(const KernelSpec& kernel, const runtime::Params& params, int p,
                                      const std::string& program_folder, const std::string& where) {
  measure::TemplateValues values;
  for (const auto& [k, v] : params) values[k] = v;
  values["p"] = static_cast<double>(p);
  std::vector<std::string> argv;
  try {
    argv = measure::expand_template(kernel.mpi, values);
  } catch (const std::invalid_argument& e) {
    throw ScriptError(where + e.what());
  }
  if (argv.front().find('/') == std::string::npos) {
    for (const char* dir : {SCALERUN_MPI_KERNEL_DIR, SCALERUN_INSTALLED_MPI_KERNEL_DIR}) {
      const std::string shipped = std::string(dir) + "/" + argv.front();
      if (access(shipped.c_str(), X_OK) == 0) {
        argv.front() = shipped;
        break;
      }
    }
  } else if (const std::string program = measure::program_in_folder(argv.front(), program_folder); program != argv.front()) {
    // A relative path names a file in the script's folder, as require does; the launcher is told.
    if (std::error_code ec; !std::filesystem::exists(program, ec)) {
      throw ScriptError(fmt::format("{}MPI program not found: {} (a relative path names a file in the script's "
                                    "folder: {} does not exist)", where, argv.front(), program));
    }
    argv.front() = program;
  }
  return argv;
}

// scalerun's PMPI library: the build tree's, else the installed one.
// The interposition library built for the MPI the launcher starts (MPICH's for kind "mpich",
// Open MPI's otherwise: srun starts Open MPI's ranks through PMIx).
std::string interposition_library(const measure::Launcher& launcher, const std::string& where) {
  const bool mpich = launcher.kind == "mpich";
  const char* built = mpich ? SCALERUN_PMPI_MPICH_LIBRARY : SCALERUN_PMPI_LIBRARY;
  const char* installed = mpich ? SCALERUN_INSTALLED_PMPI_MPICH_LIBRARY : SCALERUN_INSTALLED_PMPI_LIBRARY;
  for (const char* path : {built, installed}) {
    if (access(path, R_OK) == 0) return path;
  }
  throw ScriptError(fmt::format("{}scalerun's interposition library for {} is missing (looked for {} and {}): build "
                                "or install scalerun with {}", where, mpich ? "MPICH" : "Open MPI", built, installed,
                                mpich ? "MPICH (Debian's mpich and libmpich-dev)" : "MPI"));
}

// Which MPI a program links, from the names of the libraries in its file ("" when it names neither,
// or is not a file here: a script, a wrapper, a program on another node).
std::string linked_mpi(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  char magic[4] = {};
  if (!in.read(magic, 4) || std::memcmp(magic, "\x7f" "ELF", 4) != 0) return "";
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const bool mpich = bytes.find("libmpich.so") != std::string::npos;
  const bool open_mpi = bytes.find("libmpi.so.") != std::string::npos;
  if (mpich && !open_mpi) return "MPICH";
  if (open_mpi && !mpich) return "Open MPI";
  return "";
}

// A program built for another MPI than the launcher starts fails in ways that name neither (a
// segfault in MPI_Init, ranks that each think they are alone): refused before it runs.
void check_program_mpi(const std::vector<std::string>& program, const measure::Launcher& launcher,
                       const std::string& folder, const std::string& kernel, const std::string& where) {
  if (program.empty()) return;
  const std::string path = measure::program_in_folder(program.front(), folder);
  const std::string linked = linked_mpi(path);
  const std::string started = launcher.kind == "mpich" ? "MPICH" : "Open MPI";
  if (linked.empty() || linked == started) return;
  throw ScriptError(fmt::format(
      "{}kernel '{}': {} is built with {} but launcher kind \"{}\" starts {} ranks: give the machine launcher = {{ "
      "kind = \"{}\" }}, or build the program with {}", where, kernel, program.front(), linked, launcher.kind, started,
      linked == "MPICH" ? "mpich" : "mpirun", started == "MPICH" ? "mpicc.mpich" : "mpicc.openmpi"));
}

// The launcher's command line and environment, its files written into `dir`.
measure::Launch launch_of(const measure::MpiJob& job, const std::string& dir, const std::string& where) {
  try {
    return measure::prepare_launch(job, dir);
  } catch (const std::invalid_argument& e) {
    throw ScriptError(where + e.what());
  } catch (const std::exception& e) {
    throw ScriptError(fmt::format("{}cannot prepare the MPI job: {}", where, e.what()));
  }
}

// The Debian package a launcher comes with, for the message when it is missing.
std::string launcher_package(const measure::Launcher& launcher) {
  if (launcher.kind == "srun") return "Slurm's srun and sbatch come with Debian's slurm-client: apt-get install slurm-client";
  if (launcher.kind == "mpich") return "MPICH's mpiexec comes with Debian's mpich: apt-get install mpich";
  return "the launcher comes with Debian's openmpi-bin: apt-get install openmpi-bin";
}

struct JobRun {
  double seconds = 0;
  std::vector<measure::RankRecord> ranks;
  std::vector<std::optional<measure::RankTrace>> traces;  // with MeasureSettings::record_timeline
  measure::CommandResult result;
};

// The slowest rank's MPI_Init-to-MPI_Finalize time, or the program's own figure.
double job_seconds(const JobRun& run, const std::string& timer, const std::vector<std::string>& argv,
                   const std::string& where) {
  if (timer.empty() || timer == "wall") {
    double slowest = 0;
    for (const auto& r : run.ranks) slowest = std::max(slowest, r.figures.at("wall"));
    return slowest;
  }
  const measure::Figures figures = measure::parse_json_figures(run.result.stdout_text);
  const auto it = figures.find(timer);
  if (it == figures.end()) {
    throw ScriptError(fmt::format("{}{} printed no JSON figure '{}' to time by (timer = \"{}\")", where,
                                  measure::format_command_line(argv), timer, timer));
  }
  return it->second;
}

// The "verified" of the program's last JSON line, when it printed one.
std::optional<bool> program_verdict(const nlohmann::json& line) {
  if (line.is_object() && line.contains("verified") && line["verified"].is_boolean()) return line["verified"].get<bool>();
  return std::nullopt;
}

// What the program said of its own result in its last JSON line: verified and why.
void read_verification(const std::string& stdout_text, Measurement& m) {
  const nlohmann::json line = measure::last_json_object(stdout_text);
  if (const std::optional<bool> verified = program_verdict(line)) {
    m.verified = m.verified && *verified;
    if (line.contains("verify_message") && line["verify_message"].is_string()) {
      m.verify_message = line["verify_message"].get<std::string>();
    } else if (!*verified) {
      m.verify_message = "the program printed \"verified\": false (with no \"verify_message\" saying why)";
    }
  } else if (m.verify_message.empty()) {
    m.verify_message = "exit status 0 on every rank";
  }
}

bool all_finalized(const measure::MpiJob& job, const std::string& records) {
  try {
    const auto ranks = measure::read_rank_records(records, measure::job_ranks(job));
    return std::all_of(ranks.begin(), ranks.end(), [](const auto& r) { return r.ended_by == "finalize"; });
  } catch (const std::runtime_error&) {
    return false;
  }
}

JobRun run_job(const measure::MpiJob& job, const measure::Launch& launch, const MeasureSettings& settings,
               const std::string& records, const std::string& where, const std::string& kernel_name) {
  const std::vector<std::string>& argv = launch.argv;
  // The launcher's process group holds every rank: the limit and a stop end the whole job.
  measure::RunOptions options = stoppable_run_options(settings.run_limit_seconds);
  // mpirun and srun end every rank on SIGTERM, here and on other hosts; ranks run in process
  // groups of their own (or under slurmstepd), which a SIGKILL to the launcher would leave running.
  options.terminate_grace_seconds = 5;
  // Open MPI refuses root without these; a container's root is the usual case.
  options.env = launch.env;
  options.env.insert({{"OMPI_ALLOW_RUN_AS_ROOT", "1"}, {"OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"}});
  // mpirun's session folder inside the job's own temporary folder: a launcher ended by SIGKILL (a
  // second Ctrl-C) cannot remove it, the folder's owner does.
  options.env.insert({"OMPI_MCA_orte_tmpdir_base", records});
  JobRun run;
  try {
    run.result = measure::run_command(argv, options);
  } catch (const measure::CommandError& e) {
    throw ScriptError(fmt::format("{}{} ({})", where, e.what(), launcher_package(job.launcher)));
  }
  throw_if_run_stopped(run.result);
  // A batch job's output is in its files ("" where it wrote none).
  if (!launch.stdout_file.empty()) run.result.stdout_text = measure::read_text_file(launch.stdout_file).value_or("");
  if (!launch.stderr_file.empty()) run.result.stderr_text += measure::read_text_file(launch.stderr_file).value_or("");
  // Exit status 1 with every rank through MPI_Finalize (each wrote its record) and a verdict of
  // "verified": false is a program that ran and failed its own check: read below, like a passing
  // one's. Status 1 with no such verdict (or one saying true) is a rank that failed: said below.
  const std::optional<bool> verdict = program_verdict(measure::last_json_object(run.result.stdout_text));
  const bool says_failed = verdict.has_value() && !*verdict;
  const bool failed_check =
      run.result.exit_code == 1 && run.result.signal == 0 && says_failed && all_finalized(job, records);
  if (!run.result.ok() && !failed_check) {
    // A rank named: the one line says which, where and how, and what it last wrote.
    if (auto failure = measure::find_failed_rank(run.result, job, records)) {
      // The launcher's placement says localhost where the rank's record (when it wrote one) says
      // this host's name, as the ranks table does.
      if (failure->host == "localhost") failure->host = host::hostname();
      throw ScriptError(fmt::format("{}{}: {} (launched as: {})", where, kernel_name,
                                    measure::describe_rank_failure(*failure), measure::format_command_line(argv)));
    }
    // MPICH's mpiexec keeps the ranks' stderr in files: what they said is the reason.
    const std::string said = measure::first_rank_stderr(job);
    throw ScriptError(where + measure::describe_failure(run.result, argv) + (said.empty() ? "" : "; " + said));
  }
  try {
    run.ranks = measure::read_rank_records(records, measure::job_ranks(job));
    measure::add_wait_states(records, run.ranks);
  } catch (const std::runtime_error& e) {
    // A launcher that let a rank leave without MPI_Finalize (MPICH's mpiexec exits 0): named as a
    // failed rank is.
    if (auto failure = measure::find_failed_rank(run.result, job, records)) {
      if (failure->host == "localhost") failure->host = host::hostname();
      throw ScriptError(fmt::format("{}{}: {} (launched as: {})", where, kernel_name,
                                    measure::describe_rank_failure(*failure), measure::format_command_line(argv)));
    }
    throw ScriptError(fmt::format("{}{}: {}", where, measure::format_command_line(argv), e.what()));
  }
  return run;
}

InstrumentationRecord job_record(const std::vector<measure::RankRecord>& ranks, double seconds) {
  runtime::InstrumentedSums sums;
  for (const auto& r : ranks) {
    const auto& f = r.figures;
    sums.busy += f.at("busy");
    const double ended_early = std::max(0.0, seconds - f.at("wall"));
    if (r.wait_states.empty()) {
      // Seed 000's split: waiting for another rank (the wait states, and polling for a message) is
      // idle; the rest of the time inside MPI (the transfers, the collectives' own work) is the
      // primitives'.
      const double in_mpi = r.mpi_seconds();
      const double waiting = std::min(in_mpi, r.waiting());
      sums.idle += waiting + ended_early;
      sums.primitive += in_mpi - waiting;
    } else {
      // Without wait states (the ranks' note says why), by the kind of call.
      sums.idle += f.at("wait") + f.at("barrier") + ended_early;
      sums.primitive += r.mpi_seconds() - f.at("wait") - f.at("barrier");
    }
  }
  InstrumentationRecord rec;
  rec.sums = sums;  // serial 0: not separable from outside the program
  rec.tpara = seconds;
  return rec;
}

// The hosts ranks go to (this one when the machine names none) and the ranks each takes before it
// is oversubscribed (this host's cores when the machine does not say).
std::vector<std::string> hosts_of(const MachineSpec& machine) {
  return machine.hosts.empty() ? std::vector<std::string>{"localhost"} : machine.hosts;
}

int slots_of(const MachineSpec& machine) {
  return std::isfinite(machine.slots) ? static_cast<int>(machine.slots)
                                      : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

int slot_capacity(const MachineSpec& machine) { return static_cast<int>(hosts_of(machine).size()) * slots_of(machine); }

}  // namespace

namespace {

// How many nodes of `group` the set takes (0 for a group it leaves out).
int nodes_taken(const MachineSpec& set, const NodeGroup& group) {
  const auto taken = set.composition->find(group.name);
  return taken == set.composition->end() ? 0 : static_cast<int>(taken->second);
}

// The ranks placed on each host, over all its placements.
std::map<std::string, int> ranks_per_host(const std::vector<measure::Placement>& placement) {
  std::map<std::string, int> on_host;
  for (const auto& place : placement) on_host[place.host] += place.ranks;
  return on_host;
}

// A machine set's nodes, a rank each: of every group the first nodes the set takes, in the
// machine's group order (so Set1's nodes stay in every larger set, as in seed 002's Table 1).
std::vector<measure::Placement> place_set(const MachineSpec& set, const std::string& where) {
  std::vector<measure::Placement> placement;
  for (const auto& group : set.groups) {
    const int nodes = nodes_taken(set, group);
    if (nodes == 0) continue;
    if (group.hosts.empty()) {
      throw ScriptError(fmt::format("{}node group '{}' of machine '{}' names no hosts, so its ranks have nowhere to "
                                    "run: give the group hosts = {{ \"node1\", ... }}, one per node", where, group.name,
                                    set.machine_name.empty() ? set.name : set.machine_name));
    }
    for (int i = 0; i < nodes; ++i) {
      const std::string& host = group.hosts[static_cast<std::size_t>(i)];
      if (!placement.empty() && placement.back().host == host && placement.back().group == group.name) {
        ++placement.back().ranks;
      } else {
        placement.push_back({host, 1, group.name});
      }
    }
  }
  return placement;
}

// Refuses more ranks on a host than its slots, unless the launcher allows oversubscription.
void check_slots(const MachineSpec& machine, const std::vector<measure::Placement>& placement,
                 const std::string& where) {
  if (machine.launcher && machine.launcher->oversubscribe) return;
  const int slots = slots_of(machine);
  for (const auto& [host, ranks] : ranks_per_host(placement)) {
    if (ranks > slots) {
      throw ScriptError(fmt::format("{}set '{}' puts {} ranks on host '{}', which has {} slot{} (set launcher = {{ "
                                    "oversubscribe = true }} in the machine to share slots, or give the nodes other "
                                    "hosts)", where, machine.name, ranks, host, slots, slots == 1 ? "" : "s"));
    }
  }
}

}  // namespace

std::vector<measure::Placement> place_ranks(const MachineSpec& machine, int p, const std::string& where) {
  if (machine.composition) {
    std::vector<measure::Placement> placement = place_set(machine, where);
    check_slots(machine, placement, where);
    return placement;
  }
  const std::vector<std::string> hosts = hosts_of(machine);
  const int slots = slots_of(machine);
  const int capacity = slot_capacity(machine);
  const bool oversubscribe = machine.launcher && machine.launcher->oversubscribe;
  if (p > capacity && !oversubscribe) {
    throw ScriptError(fmt::format("{}p = {} ranks do not fit machine '{}': {} host{} x {} slot{} = {} (set launcher = "
                                  "{{ oversubscribe = true }} in the machine to share slots, or add hosts)",
                                  where, p, machine.name, hosts.size(), hosts.size() == 1 ? "" : "s", slots,
                                  slots == 1 ? "" : "s", capacity));
  }
  std::vector<measure::Placement> placement;
  int left = p;
  for (const auto& host : hosts) {
    const int here = std::min(left, slots);
    placement.push_back({host, here, ""});
    left -= here;
  }
  // Oversubscribed: the ranks beyond the slots go round the hosts from the first.
  for (std::size_t i = 0; left > 0; i = (i + 1) % placement.size(), --left) ++placement[i].ranks;
  std::erase_if(placement, [](const measure::Placement& place) { return place.ranks == 0; });
  return placement;
}

std::vector<double> rank_speeds(const MachineSpec& machine) {
  std::vector<double> speeds;
  if (!machine.composition) return speeds;
  for (const auto& group : machine.groups) {
    const int nodes = nodes_taken(machine, group);
    for (int i = 0; i < nodes; ++i) speeds.push_back(group.speed_of(static_cast<std::size_t>(i)));
  }
  return speeds;
}

// More ranks on some host than it has slots: the job needs its waiting ranks to yield.
bool oversubscribed(const MachineSpec& machine, const std::vector<measure::Placement>& placement) {
  const std::map<std::string, int> on_host = ranks_per_host(placement);
  return std::any_of(on_host.begin(), on_host.end(), [&](const auto& h) { return h.second > slots_of(machine); });
}

std::vector<std::string> mpi_program(const KernelSpec& kernel, const runtime::Params& params, int p,
                                     const std::string& program_folder, const std::string& where) {
  return program_argv(kernel, params, p, program_folder, where);
}

Measurement measure_mpi(const KernelSpec& kernel, const MachineSpec& machine, const runtime::Params& params, int p,
                        const MeasureSettings& settings, const std::string& where) {
  if (!SCALERUN_HAVE_MPI) {
    throw ScriptError(fmt::format("{}kernel '{}' is an MPI program, and this scalerun was built without MPI (install "
                                  "Debian's openmpi-bin and libopenmpi-dev, then build again)", where, kernel.name));
  }
  const std::vector<std::string> program = program_argv(kernel, params, p, settings.program_folder, where);
  measure::MpiJob job;
  job.launcher = machine.launcher.value_or(measure::Launcher{});
  job.placement = place_ranks(machine, p, where);
  job.program = program;
  job.oversubscribed = oversubscribed(machine, job.placement);
  job.speeds = rank_speeds(machine);
  job.env["LD_PRELOAD"] = interposition_library(job.launcher, where);
  check_program_mpi(program, job.launcher, settings.program_folder, kernel.name, where);
  if (settings.record_timeline) job.env[measure::kTraceVariable] = std::to_string(kMpiTraceCap);
  Measurement m;
  std::vector<JobRun> timed;
  for (int i = 0; i < settings.warmup + settings.repeat; ++i) {
    const measure::TempFolder records = make_records_folder(where);
    job.env["SCALERUN_PMPI_DIR"] = records.path();
    job.output_dir = records.path() + "/output";
    const measure::Launch launch = launch_of(job, records.path(), where);
    m.launch_line = measure::format_command_line(launch.argv);
    JobRun run = run_job(job, launch, settings, records.path(), where,
                         fmt::format("kernel '{}' at p={}", kernel.name, p));
    run.seconds = job_seconds(run, kernel.timer, launch.argv, where);
    if (i < settings.warmup) continue;
    if (settings.record_timeline) run.traces = measure::read_rank_traces(records.path(), measure::job_ranks(job));
    m.samples.push_back(run.seconds);
    read_verification(run.result.stdout_text, m);
    timed.push_back(std::move(run));
  }
  summarize(m);
  const auto nearest = std::min_element(timed.begin(), timed.end(), [&m](const JobRun& a, const JobRun& b) {
    return std::abs(a.seconds - m.median) < std::abs(b.seconds - m.median);
  });
  m.ranks = nearest->ranks;
  m.instrumentation = job_record(m.ranks, nearest->seconds);
  if (settings.record_timeline) m.timeline = mpi_timeline(nearest->ranks, nearest->traces);
  return m;
}

}  // namespace scalerun::study
