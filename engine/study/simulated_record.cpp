#include "study/simulated_record.hpp"

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/encode.hpp"

namespace scalerun::study {

namespace {

// Every figure of a simulated point by its stored name; one list read both ways, so storing and
// reading back cannot drift apart.
struct Figure {
  const char* name;
  std::function<double&(sim::SimulatedPoint&)> field;
};

const std::vector<Figure>& separation_figures() {
  using P = sim::SimulatedPoint;
  static const std::vector<Figure> figures = {
      {"t1", [](P& p) -> double& { return p.separation.t1; }},
      {"t_ideal", [](P& p) -> double& { return p.separation.t_ideal; }},
      {"t_contention_free", [](P& p) -> double& { return p.separation.t_cf; }},
      {"t_real", [](P& p) -> double& { return p.separation.t_real; }},
      {"algorithmic", [](P& p) -> double& { return p.separation.algorithmic; }},
      {"serial", [](P& p) -> double& { return p.separation.serial; }},
      {"imbalance", [](P& p) -> double& { return p.separation.imbalance; }},
      {"latency_overhead", [](P& p) -> double& { return p.separation.latency_overhead; }},
      {"network_latency", [](P& p) -> double& { return p.separation.network_latency; }},
      {"contention_overhead", [](P& p) -> double& { return p.separation.contention_overhead; }},
      {"network_contention", [](P& p) -> double& { return p.separation.network_contention; }},
      {"wait_ideal", [](P& p) -> double& { return p.separation.w_ideal; }},
      {"wait_contention_free", [](P& p) -> double& { return p.separation.w_cf; }},
      {"wait_real", [](P& p) -> double& { return p.separation.w_real; }},
      {"wait_imbalance", [](P& p) -> double& { return p.separation.w_imbalance; }},
      {"wait_latency", [](P& p) -> double& { return p.separation.w_latency; }},
      {"wait_contention", [](P& p) -> double& { return p.separation.w_contention; }},
      {"computation", [](P& p) -> double& { return p.separation.computation; }},
      {"t1_real", [](P& p) -> double& { return p.t1_real; }},
      {"links", [](P& p) -> double& { return p.links.count; }},
      {"mean_utilization", [](P& p) -> double& { return p.links.mean_utilization; }},
      {"max_utilization", [](P& p) -> double& { return p.links.max_utilization; }},
      {"mean_queue", [](P& p) -> double& { return p.links.mean_queue; }},
      {"max_queue", [](P& p) -> double& { return p.links.max_queue; }},
  };
  return figures;
}

// Counts are whole numbers far below 2^53: a double holds them exactly.
struct Count {
  const char* name;
  std::function<long&(sim::SimulatedPoint&)> field;
};

const std::vector<Count>& counts() {
  using P = sim::SimulatedPoint;
  static const std::vector<Count> list = {
      {"messages", [](P& p) -> long& { return p.messages; }},
      {"unreceived", [](P& p) -> long& { return p.unreceived; }},
      {"events", [](P& p) -> long& { return p.events; }},
  };
  return list;
}

}  // namespace

void fill_record(store::PointRecord& record, const sim::SimulatedPoint& pt) {
  sim::SimulatedPoint copy = pt;
  record.p = pt.p;
  record.samples = {pt.separation.t_real};
  record.median = pt.separation.t_real;
  // One deterministic run: the spread is zero, not unknown.
  record.mad = 0;
  record.cv = 0;
  for (const Figure& f : separation_figures()) record.instrumentation[f.name] = f.field(copy);
  for (const Count& c : counts()) record.instrumentation[c.name] = static_cast<double>(c.field(copy));
  record.instrumentation["latency_processor"] = pt.separation.latency_processor;
  record.instrumentation["contention_processor"] = pt.separation.contention_processor;
  // A simulation has no check of its own: what it computes is what its program says.
  record.verified = true;
  record.extra_json = report::json_text(nlohmann::json{{"busiest", pt.links.busiest}});
}

std::optional<sim::SimulatedPoint> point_from_record(const store::PointRecord& record) {
  const auto& figures = record.instrumentation;
  const auto stored = [&figures](const char* name) { return figures.contains(name); };
  bool complete = stored("latency_processor") && stored("contention_processor");
  for (const Figure& f : separation_figures()) complete = complete && stored(f.name);
  for (const Count& c : counts()) complete = complete && stored(c.name);
  const nlohmann::json extra = nlohmann::json::parse(record.extra_json, nullptr, false);
  if (!complete || !extra.is_object() || !extra.contains("busiest") || !extra["busiest"].is_string()) {
    return std::nullopt;
  }
  sim::SimulatedPoint pt;
  pt.p = record.p;
  pt.separation.p = record.p;
  for (const Figure& f : separation_figures()) f.field(pt) = figures.at(f.name);
  for (const Count& c : counts()) c.field(pt) = static_cast<long>(figures.at(c.name));
  pt.separation.latency_processor = static_cast<int>(figures.at("latency_processor"));
  pt.separation.contention_processor = static_cast<int>(figures.at("contention_processor"));
  pt.links.busiest = extra["busiest"].get<std::string>();
  return pt;
}

}  // namespace scalerun::study
