#include "study/mpi_measurement.hpp"

#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "errors/errors.hpp"
#include "measure/command.hpp"
#include "measure/command_template.hpp"
#include "measure/figures.hpp"
#include "study/command_measurement.hpp"

namespace scalerun::study {

namespace {

// A folder for one job's rank records, removed with everything in it when the run is over.
class RecordsFolder {
 public:
  RecordsFolder() {
    const char* tmp = std::getenv("TMPDIR");
    std::string templ = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/scalerun-ranks.XXXXXX";
    if (mkdtemp(templ.data()) == nullptr) throw ScriptError("cannot make a temporary folder for the rank records");
    path_ = templ;
  }
  ~RecordsFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  RecordsFolder(const RecordsFolder&) = delete;
  RecordsFolder& operator=(const RecordsFolder&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// The program: a first word without '/' is one of scalerun's MPI kernels when it is there.
std::vector<std::string> program_argv(const KernelSpec& kernel, const runtime::Params& params, int p,
                                      const std::string& where) {
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
    const std::string shipped = std::string(SCALERUN_MPI_KERNEL_DIR) + "/" + argv.front();
    if (access(shipped.c_str(), X_OK) == 0) argv.front() = shipped;
  }
  return argv;
}

struct JobRun {
  double seconds = 0;
  std::vector<measure::RankRecord> ranks;
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

// What the program said of its own result in its last JSON line: verified and why.
void read_verification(const std::string& stdout_text, Measurement& m) {
  const nlohmann::json line = measure::last_json_object(stdout_text);
  if (line.is_object() && line.contains("verified") && line["verified"].is_boolean()) {
    m.verified = m.verified && line["verified"].get<bool>();
    if (line.contains("verify_message") && line["verify_message"].is_string()) {
      m.verify_message = line["verify_message"].get<std::string>();
    }
  } else if (m.verify_message.empty()) {
    m.verify_message = "exit status 0 on every rank";
  }
}

JobRun run_job(const measure::MpiJob& job, const std::vector<std::string>& argv, const MeasureSettings& settings,
               const std::string& records, const std::string& where) {
  // The launcher's process group holds every rank: the limit and a stop end the whole job.
  measure::RunOptions options = stoppable_run_options(settings.run_limit_seconds);
  // Open MPI refuses root without these; a container's root is the usual case.
  options.env = {{"OMPI_ALLOW_RUN_AS_ROOT", "1"}, {"OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"}};
  JobRun run;
  try {
    run.result = measure::run_command(argv, options);
  } catch (const measure::CommandError& e) {
    throw ScriptError(fmt::format("{}{} (the launcher comes with Debian's openmpi-bin: apt-get install openmpi-bin)",
                                  where, e.what()));
  }
  throw_if_run_stopped(run.result);
  // Exit status 1 with a record from every rank is a program that ran and failed its own check.
  const bool failed_check = run.result.exit_code == 1 && run.result.signal == 0;
  if (!run.result.ok() && !failed_check) throw ScriptError(where + measure::describe_failure(run.result, argv));
  try {
    run.ranks = measure::read_rank_records(records, measure::job_ranks(job));
  } catch (const std::runtime_error& e) {
    throw ScriptError(fmt::format("{}{}: {}", where, measure::format_command_line(argv), e.what()));
  }
  return run;
}

std::map<std::string, double> job_figures(const std::vector<measure::RankRecord>& ranks, double seconds) {
  double busy = 0, idle = 0, primitives = 0;
  for (const auto& r : ranks) {
    const auto& f = r.figures;
    busy += f.at("busy");
    idle += f.at("wait") + f.at("barrier") + std::max(0.0, seconds - f.at("wall"));
    primitives += f.at("point_to_point") + f.at("collective");
  }
  return {{"tpara", seconds}, {"serial", 0.0}, {"busy", busy}, {"idle", idle}, {"primitives", primitives},
          {"work_time", busy}};
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

std::vector<measure::Placement> place_ranks(const MachineSpec& machine, int p, const std::string& where) {
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
    placement.push_back({host, here});
    left -= here;
  }
  // Oversubscribed: the ranks beyond the slots go round the hosts from the first.
  for (std::size_t i = 0; left > 0; i = (i + 1) % placement.size(), --left) ++placement[i].ranks;
  std::erase_if(placement, [](const measure::Placement& place) { return place.ranks == 0; });
  return placement;
}

Measurement measure_mpi(const KernelSpec& kernel, const MachineSpec& machine, const runtime::Params& params, int p,
                        const MeasureSettings& settings, const std::string& where) {
  if (!SCALERUN_HAVE_MPI) {
    throw ScriptError(fmt::format("{}kernel '{}' is an MPI program, and this scalerun was built without MPI (install "
                                  "Debian's openmpi-bin and libopenmpi-dev, then build again)", where, kernel.name));
  }
  const std::vector<std::string> program = program_argv(kernel, params, p, where);
  measure::MpiJob job;
  job.launcher = machine.launcher.value_or(measure::Launcher{});
  job.placement = place_ranks(machine, p, where);
  job.program = program;
  job.oversubscribed = p > slot_capacity(machine);
  job.env["LD_PRELOAD"] = SCALERUN_PMPI_LIBRARY;
  Measurement m;
  std::vector<JobRun> timed;
  for (int i = 0; i < settings.warmup + settings.repeat; ++i) {
    const RecordsFolder records;
    job.env["SCALERUN_PMPI_DIR"] = records.path();
    const std::vector<std::string> argv = measure::launch_argv(job);
    m.launch_line = measure::format_command_line(argv);
    JobRun run = run_job(job, argv, settings, records.path(), where);
    run.seconds = job_seconds(run, kernel.timer, argv, where);
    if (i < settings.warmup) continue;
    m.samples.push_back(run.seconds);
    read_verification(run.result.stdout_text, m);
    timed.push_back(std::move(run));
  }
  summarize(m);
  const auto nearest = std::min_element(timed.begin(), timed.end(), [&m](const JobRun& a, const JobRun& b) {
    return std::abs(a.seconds - m.median) < std::abs(b.seconds - m.median);
  });
  m.ranks = nearest->ranks;
  m.figures = job_figures(m.ranks, nearest->seconds);
  return m;
}

}  // namespace scalerun::study
