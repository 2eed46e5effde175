#include "measure/mpi_launch.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "measure/text_file.hpp"

namespace scalerun::measure {

int job_ranks(const MpiJob& job) {
  int ranks = 0;
  for (const auto& place : job.placement) ranks += place.ranks;
  return ranks;
}

namespace {

// The groups of the placements, in order of first appearance.
std::vector<std::string> groups_of(const MpiJob& job) {
  std::vector<std::string> groups;
  for (const auto& place : job.placement) {
    if (std::find(groups.begin(), groups.end(), place.group) == groups.end()) groups.push_back(place.group);
  }
  return groups;
}

// "a:2,b:2" for the placements [first, last).
std::string host_list(std::vector<Placement>::const_iterator first, std::vector<Placement>::const_iterator last) {
  std::string hosts;
  for (; first != last; ++first) {
    if (first->ranks > 0) hosts += fmt::format("{}{}:{}", hosts.empty() ? "" : ",", first->host, first->ranks);
  }
  return hosts;
}

// Every NAME=VALUE each rank gets: the launcher's, then scalerun's own (which win), the speeds.
std::map<std::string, std::string> rank_env(const MpiJob& job) {
  std::map<std::string, std::string> env = job.launcher.env;
  for (const auto& [name, value] : job.env) env[name] = value;
  if (!job.speeds.empty()) {
    std::string speeds;
    for (double v : job.speeds) speeds += fmt::format("{}{:.17g}", speeds.empty() ? "" : ",", v);
    env["SCALERUN_SPEEDS"] = speeds;
  }
  return env;
}

void check_words(const std::vector<std::string>& words, const char* file_kind) {
  for (const auto& word : words) {
    if (word.empty() || word.find_first_of(" \t\n") != std::string::npos) {
      throw std::invalid_argument(fmt::format("'{}' cannot go into {} (the launcher splits its lines at white "
                                              "space): use names and values without spaces", word, file_kind));
    }
  }
}

void add_env(std::vector<std::string>& argv, const std::map<std::string, std::string>& env) {
  for (const auto& [name, value] : env) argv.insert(argv.end(), {"-x", name + "=" + value});
}

}  // namespace

std::string default_command(const std::string& kind) { return kind == "mpich" ? "mpiexec.mpich" : kind; }

std::string app_context(const MpiJob& job) {
  if (groups_of(job).size() < 2) return "";
  const std::map<std::string, std::string> env = rank_env(job);
  std::string text;
  for (auto first = job.placement.begin(); first != job.placement.end();) {
    auto last = std::find_if(first, job.placement.end(), [&](const Placement& p) { return p.group != first->group; });
    int ranks = 0;
    for (auto it = first; it != last; ++it) ranks += it->ranks;
    std::vector<std::string> words{"-np", std::to_string(ranks), "--host", host_list(first, last)};
    std::map<std::string, std::string> line_env = env;
    line_env["SCALERUN_GROUP"] = first->group;
    add_env(words, line_env);
    words.insert(words.end(), job.program.begin(), job.program.end());
    check_words(words, "an MPI application context");
    text += fmt::format("{}\n", fmt::join(words, " "));
    first = last;
  }
  return text;
}

std::vector<std::string> launch_argv(const MpiJob& job, const std::string& app_file) {
  std::vector<std::string> argv{job.launcher.command};
  if (app_file.empty()) argv.insert(argv.end(), {"-np", std::to_string(job_ranks(job)), "--host",
                                                 host_list(job.placement.begin(), job.placement.end())});
  if (job.launcher.oversubscribe) argv.emplace_back("--oversubscribe");
  if (job.oversubscribed) argv.insert(argv.end(), {"--mca", "mpi_yield_when_idle", "1"});
  // Each rank's output in its own files too, so a failed rank's last words can be told apart.
  if (!job.output_dir.empty()) argv.insert(argv.end(), {"--output-filename", job.output_dir});
  argv.insert(argv.end(), job.launcher.options.begin(), job.launcher.options.end());
  if (!app_file.empty()) {
    argv.insert(argv.end(), {"--app", app_file});
    return argv;
  }
  std::map<std::string, std::string> env = rank_env(job);
  if (const auto groups = groups_of(job); groups.size() == 1 && !groups.front().empty()) {
    env["SCALERUN_GROUP"] = groups.front();
  }
  add_env(argv, env);
  argv.insert(argv.end(), job.program.begin(), job.program.end());
  return argv;
}

namespace {

// 'word' for sh, with any ' inside closed, escaped and reopened.
std::string shell_quoted(const std::string& word) {
  std::string out(1, '\'');
  for (char c : word) {
    if (c == '\'') out.append("'\\''");
    else out.push_back(c);
  }
  out.push_back('\'');
  return out;
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out.flush()) throw std::runtime_error("cannot write " + path);
}

bool all_local(const MpiJob& job) {
  return std::all_of(job.placement.begin(), job.placement.end(),
                     [](const Placement& p) { return p.host == "localhost"; });
}

Launch srun_launch(const MpiJob& job, const std::string& dir) {
  Launch launch;
  std::map<std::string, std::string> env = rank_env(job);
  const auto preload = env.find("LD_PRELOAD");
  std::string exported = "ALL";
  if (preload != env.end()) {
    // --export splits at commas: a path with one cannot go this way.
    if (preload->second.find(',') != std::string::npos) {
      throw std::invalid_argument(fmt::format("LD_PRELOAD '{}' has a comma, which srun --export cannot pass",
                                              preload->second));
    }
    exported += ",LD_PRELOAD=" + preload->second;
    env.erase(preload);
  }
  // PMIx is how Debian's Open MPI ranks meet under srun; -K ends the step when a rank fails.
  launch.argv = {job.launcher.command, "--mpi=pmix", "-n", std::to_string(job_ranks(job)), "--export=" + exported,
                 "--kill-on-bad-exit=1"};
  if (job.launcher.oversubscribe) launch.argv.emplace_back("--overcommit");
  if (!all_local(job)) {
    // Rank i on line i's host: Slurm's arbitrary distribution reads them from SLURM_HOSTFILE.
    std::string hosts;
    for (const auto& place : job.placement) {
      for (int r = 0; r < place.ranks; ++r) hosts += place.host + "\n";
    }
    write_file(dir + "/srun-hosts", hosts);
    env["SLURM_HOSTFILE"] = dir + "/srun-hosts";
    launch.argv.emplace_back("--distribution=arbitrary");
  }
  if (!job.output_dir.empty()) {
    std::filesystem::create_directories(job.output_dir);
    launch.argv.push_back("--error=" + job.output_dir + "/rank.%t.stderr");
  }
  launch.argv.insert(launch.argv.end(), job.launcher.options.begin(), job.launcher.options.end());
  if (const std::string multi = srun_multi_prog(job); !multi.empty()) {
    write_file(dir + "/multi-prog", multi);
    launch.argv.insert(launch.argv.end(), {"--multi-prog", dir + "/multi-prog"});
  } else {
    if (const auto groups = groups_of(job); groups.size() == 1 && !groups.front().empty()) {
      env["SCALERUN_GROUP"] = groups.front();
    }
    launch.argv.insert(launch.argv.end(), job.program.begin(), job.program.end());
  }
  // More ranks than cores: a rank waiting in MPI yields the core, as mpirun is told with --mca.
  if (job.oversubscribed) env["OMPI_MCA_mpi_yield_when_idle"] = "1";
  launch.env = std::move(env);
  if (job.launcher.batch) {
    // The same srun line as the body of a batch script; sbatch --wait returns with the job's exit
    // status once it has ended, its output in files (the environment goes with --export=ALL).
    std::string script = "#!/bin/sh\n# written by scalerun: one measured MPI job\nexec";
    for (const auto& word : launch.argv) script.append(" ").append(shell_quoted(word));
    write_file(dir + "/job.sh", script + "\n");
    launch.stdout_file = dir + "/job.out";
    launch.stderr_file = dir + "/job.err";
    launch.argv = {"sbatch", "--wait", "--quiet", "-n", std::to_string(job_ranks(job)), "--export=ALL",
                   "--output=" + launch.stdout_file, "--error=" + launch.stderr_file};
    if (job.launcher.oversubscribe) launch.argv.emplace_back("--overcommit");
    launch.argv.push_back(dir + "/job.sh");
  }
  return launch;
}

// MPICH's mpiexec (Hydra): "mpiexec.mpich [-errfile-pattern DIR/rank.%r.stderr] [options] -hosts
// a:2,b:2 -genv NAME VALUE ... -n 4 program args", and for several groups one section per run of
// a group's placements, separated by ":", each with its own -n and SCALERUN_GROUP. The host list
// is global in Hydra (a section cannot have its own): ranks fill its hosts in order, as the
// sections number them, so each group's ranks land on its hosts.
Launch mpich_launch(const MpiJob& job) {
  Launch launch;
  launch.argv = {job.launcher.command};
  if (!job.output_dir.empty()) {
    // Each rank's stderr in a file of its own (its stdout stays with the launcher's, where the
    // program's JSON line is read).
    std::filesystem::create_directories(job.output_dir);
    launch.argv.insert(launch.argv.end(), {"-errfile-pattern", job.output_dir + "/rank.%r.stderr"});
  }
  launch.argv.insert(launch.argv.end(), job.launcher.options.begin(), job.launcher.options.end());
  launch.argv.insert(launch.argv.end(), {"-hosts", host_list(job.placement.begin(), job.placement.end())});
  for (const auto& [name, value] : rank_env(job)) launch.argv.insert(launch.argv.end(), {"-genv", name, value});
  bool first_section = true;
  for (auto first = job.placement.begin(); first != job.placement.end();) {
    auto last = std::find_if(first, job.placement.end(), [&](const Placement& p) { return p.group != first->group; });
    int ranks = 0;
    for (auto it = first; it != last; ++it) ranks += it->ranks;
    if (!first_section) launch.argv.emplace_back(":");
    first_section = false;
    launch.argv.insert(launch.argv.end(), {"-n", std::to_string(ranks)});
    if (!first->group.empty()) launch.argv.insert(launch.argv.end(), {"-env", "SCALERUN_GROUP", first->group});
    launch.argv.insert(launch.argv.end(), job.program.begin(), job.program.end());
    first = last;
  }
  return launch;
}

}  // namespace

std::string srun_multi_prog(const MpiJob& job) {
  if (groups_of(job).size() < 2) return "";
  std::string text;
  int rank = 0;
  for (auto first = job.placement.begin(); first != job.placement.end();) {
    auto last = std::find_if(first, job.placement.end(), [&](const Placement& p) { return p.group != first->group; });
    int ranks = 0;
    for (auto it = first; it != last; ++it) ranks += it->ranks;
    std::vector<std::string> words{fmt::format("{}-{}", rank, rank + ranks - 1), "env",
                                   "SCALERUN_GROUP=" + first->group};
    words.insert(words.end(), job.program.begin(), job.program.end());
    check_words(words, "srun's --multi-prog file");
    text += fmt::format("{}\n", fmt::join(words, " "));
    rank += ranks;
    first = last;
  }
  return text;
}

Launch prepare_launch(const MpiJob& job, const std::string& dir) {
  if (job.launcher.kind == "srun") return srun_launch(job, dir);
  if (job.launcher.kind == "mpich") return mpich_launch(job);
  Launch launch;
  std::string app_file;
  if (const std::string app = app_context(job); !app.empty()) {
    app_file = dir + "/app-context";
    write_file(app_file, app);
  }
  launch.argv = launch_argv(job, app_file);
  return launch;
}

std::string rank_stderr_path(const MpiJob& job, int rank) {
  if (job.output_dir.empty()) return "";
  // mpirun --output-filename DIR writes DIR/1/rank.N/stderr (the job's number is 1 under mpirun).
  return job.launcher.kind == "srun" || job.launcher.kind == "mpich"
             ? fmt::format("{}/rank.{}.stderr", job.output_dir, rank)
             : fmt::format("{}/1/rank.{}/stderr", job.output_dir, rank);
}

namespace {

// The per-function profile and the message sizes, as a rank's record writes them and as they are
// stored ("functions": {"MPI_Send": [calls, seconds, bytes]}, "message_sizes": [...]).
void read_profile(const nlohmann::json& j, RankRecord& r) {
  if (j.contains("functions") && j["functions"].is_object()) {
    for (const auto& [name, t] : j["functions"].items()) {
      if (t.is_array() && t.size() == 3 && t[0].is_number() && t[1].is_number() && t[2].is_number())
        r.functions[name] = {t[0].get<double>(), t[1].get<double>(), t[2].get<double>()};
    }
  }
  if (j.contains("message_sizes") && j["message_sizes"].is_array()) {
    for (const auto& n : j["message_sizes"]) r.message_sizes.push_back(n.is_number() ? n.get<double>() : 0);
  }
}

// A stored object of numbers; null (how JSON keeps a NaN) reads back as NaN, anything else not a
// number is left out.
std::map<std::string, double> numbers(const nlohmann::json& j, const char* key) {
  std::map<std::string, double> out;
  if (!j.contains(key) || !j[key].is_object()) return out;
  for (const auto& [name, value] : j[key].items()) {
    if (value.is_number()) out[name] = value.get<double>();
    else if (value.is_null()) out[name] = std::numeric_limits<double>::quiet_NaN();
  }
  return out;
}

nlohmann::json profile_json(const RankRecord& r) {
  nlohmann::json functions = nlohmann::json::object();
  for (const auto& [name, t] : r.functions) functions[name] = {t.calls, t.seconds, t.bytes};
  return functions;
}

RankRecord parse_record(const nlohmann::json& j) {
  RankRecord r;
  r.rank = j.at("rank").get<int>();
  r.host = j.at("host").get<std::string>();
  r.group = j.value("group", "");
  r.pid = j.value("pid", 0L);
  r.ended_by = j.at("ended_by").get<std::string>();
  r.abort_code = j.at("abort_code").get<int>();
  r.region_error = j.at("region_error").get<std::string>();
  for (const char* name : {"wall", "busy", "point_to_point", "collective", "wait", "barrier", "point_to_point_calls",
                           "collective_calls", "wait_calls", "barrier_calls", "messages_sent", "messages_received",
                           "bytes_sent", "bytes_received", "collective_bytes", "polling", "one_sided", "io",
                           "one_sided_calls", "io_calls", "one_sided_bytes", "io_bytes"}) {
    r.figures[name] = j.at(name).get<double>();
  }
  r.thread_multiple = j.value("thread_multiple", false);
  r.clock = j.value("clock", "");
  read_profile(j, r);
  // A value the program set to NaN or an infinity is written as null: kept, as NaN.
  (void)j.at("values");  // a record always has them: one without is not a record
  r.values = numbers(j, "values");
  for (const auto& [name, totals] : j.at("regions").items()) {
    for (const auto& [what, value] : totals.items()) r.regions[name][what] = value.get<double>();
  }
  return r;
}

}  // namespace

bool any_thread_multiple(const std::vector<RankRecord>& ranks) {
  return std::any_of(ranks.begin(), ranks.end(), [](const RankRecord& r) { return r.thread_multiple; });
}

nlohmann::json ranks_to_json(const std::vector<RankRecord>& ranks) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& r : ranks) {
    nlohmann::json regions = nlohmann::json::object();
    for (const auto& [name, totals] : r.regions) regions[name] = totals;
    out.push_back({{"rank", r.rank}, {"host", r.host}, {"group", r.group}, {"ended_by", r.ended_by}, {"abort_code", r.abort_code},
                   {"figures", r.figures}, {"values", r.values}, {"regions", regions}, {"region_error", r.region_error},
                   {"thread_multiple", r.thread_multiple}, {"clock", r.clock}, {"wait_states", r.wait_states},
                   {"functions", profile_json(r)}, {"message_sizes", r.message_sizes}});
  }
  return out;
}

std::vector<RankRecord> ranks_from_json(const nlohmann::json& ranks) {
  std::vector<RankRecord> out;
  if (!ranks.is_array()) return out;
  for (const auto& j : ranks) {
    RankRecord r;
    r.rank = j.value("rank", 0);
    r.host = j.value("host", "");
    r.group = j.value("group", "");
    r.ended_by = j.value("ended_by", "");
    r.abort_code = j.value("abort_code", 0);
    r.region_error = j.value("region_error", "");
    r.thread_multiple = j.value("thread_multiple", false);
    r.clock = j.value("clock", "");
    r.wait_states = j.value("wait_states", "not recorded by this version");
    r.figures = numbers(j, "figures");
    r.values = numbers(j, "values");
    r.regions = j.value("regions", std::map<std::string, std::map<std::string, double>>{});
    read_profile(j, r);
    out.push_back(std::move(r));
  }
  return out;
}

std::optional<RankRecord> read_rank_record(const std::string& dir, int rank) {
  const std::optional<std::string> text = read_text_file(fmt::format("{}/rank-{}.json", dir, rank));
  if (!text) return std::nullopt;
  try {
    return parse_record(nlohmann::json::parse(*text));
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

std::vector<RankRecord> read_rank_records(const std::string& dir, int ranks) {
  std::vector<RankRecord> records;
  std::vector<std::string> missing;
  for (int rank = 0; rank < ranks; ++rank) {
    if (auto record = read_rank_record(dir, rank)) {
      records.push_back(std::move(*record));
    } else {
      missing.push_back(std::to_string(rank));
    }
  }
  if (!missing.empty()) {
    std::string list;
    for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
    throw std::runtime_error(fmt::format("rank{} {} wrote no record (the program did not reach MPI_Finalize, was "
                                         "built for another MPI than the launcher starts, or scalerun's "
                                         "interposition library was not loaded into it)",
                                         missing.size() > 1 ? "s" : "", list));
  }
  return records;
}

}  // namespace scalerun::measure
