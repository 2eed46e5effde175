#include "measure/mpi_launch.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace scalerun::measure {

int job_ranks(const MpiJob& job) {
  int ranks = 0;
  for (const auto& place : job.placement) ranks += place.ranks;
  return ranks;
}

std::vector<std::string> launch_argv(const MpiJob& job) {
  std::vector<std::string> argv{job.launcher.command, "-np", std::to_string(job_ranks(job))};
  std::string hosts;
  for (const auto& place : job.placement) {
    if (place.ranks <= 0) continue;
    hosts += fmt::format("{}{}:{}", hosts.empty() ? "" : ",", place.host, place.ranks);
  }
  argv.insert(argv.end(), {"--host", hosts});
  if (job.launcher.oversubscribe) argv.emplace_back("--oversubscribe");
  if (job.oversubscribed) argv.insert(argv.end(), {"--mca", "mpi_yield_when_idle", "1"});
  argv.insert(argv.end(), job.launcher.options.begin(), job.launcher.options.end());
  std::map<std::string, std::string> env = job.launcher.env;
  for (const auto& [name, value] : job.env) env[name] = value;  // scalerun's own win
  for (const auto& [name, value] : env) argv.insert(argv.end(), {"-x", name + "=" + value});
  argv.insert(argv.end(), job.program.begin(), job.program.end());
  return argv;
}

namespace {

RankRecord parse_record(const nlohmann::json& j) {
  RankRecord r;
  r.rank = j.at("rank").get<int>();
  r.host = j.at("host").get<std::string>();
  r.ended_by = j.at("ended_by").get<std::string>();
  r.abort_code = j.at("abort_code").get<int>();
  r.region_error = j.at("region_error").get<std::string>();
  for (const char* name : {"wall", "busy", "point_to_point", "collective", "wait", "barrier", "point_to_point_calls",
                           "collective_calls", "wait_calls", "barrier_calls", "messages_sent", "messages_received",
                           "bytes_sent", "bytes_received", "collective_bytes"}) {
    r.figures[name] = j.at(name).get<double>();
  }
  for (const auto& [name, value] : j.at("values").items()) {
    if (value.is_number()) r.values[name] = value.get<double>();
  }
  for (const auto& [name, totals] : j.at("regions").items()) {
    for (const auto& [what, value] : totals.items()) r.regions[name][what] = value.get<double>();
  }
  return r;
}

}  // namespace

nlohmann::json ranks_to_json(const std::vector<RankRecord>& ranks) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& r : ranks) {
    nlohmann::json regions = nlohmann::json::object();
    for (const auto& [name, totals] : r.regions) regions[name] = totals;
    out.push_back({{"rank", r.rank}, {"host", r.host}, {"ended_by", r.ended_by}, {"abort_code", r.abort_code},
                   {"figures", r.figures}, {"values", r.values}, {"regions", regions}, {"region_error", r.region_error}});
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
    r.ended_by = j.value("ended_by", "");
    r.abort_code = j.value("abort_code", 0);
    r.region_error = j.value("region_error", "");
    r.figures = j.value("figures", std::map<std::string, double>{});
    r.values = j.value("values", std::map<std::string, double>{});
    r.regions = j.value("regions", std::map<std::string, std::map<std::string, double>>{});
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<RankRecord> read_rank_records(const std::string& dir, int ranks) {
  std::vector<RankRecord> records;
  std::vector<std::string> missing;
  for (int rank = 0; rank < ranks; ++rank) {
    const std::string path = fmt::format("{}/rank-{}.json", dir, rank);
    std::ifstream in(path);
    if (!in) {
      missing.push_back(std::to_string(rank));
      continue;
    }
    std::stringstream text;
    text << in.rdbuf();
    try {
      records.push_back(parse_record(nlohmann::json::parse(text.str())));
    } catch (const nlohmann::json::exception&) {
      missing.push_back(std::to_string(rank));
    }
  }
  if (!missing.empty()) {
    std::string list;
    for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
    throw std::runtime_error(fmt::format("rank{} {} wrote no record (the program did not reach MPI_Finalize, or "
                                         "scalerun's interposition library was not loaded into it)",
                                         missing.size() > 1 ? "s" : "", list));
  }
  return records;
}

}  // namespace scalerun::measure
