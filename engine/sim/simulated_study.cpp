#include "sim/simulated_study.hpp"

#include <cstddef>

namespace scalerun::sim {

LinkSummary summarize_links(const std::vector<network::LinkStats>& links) {
  LinkSummary l;
  if (links.empty()) return l;
  double util = 0, queue = 0;
  std::size_t busiest = 0;
  for (std::size_t i = 0; i < links.size(); ++i) {
    util += links[i].utilization;
    queue += links[i].mean_queue;
    l.max_queue = std::max(l.max_queue, links[i].mean_queue);
    if (links[i].utilization > links[busiest].utilization) busiest = i;
  }
  l.count = static_cast<double>(links.size());
  l.mean_utilization = util / l.count;
  l.max_utilization = links[busiest].utilization;
  l.busiest = links[busiest].name;
  l.mean_queue = queue / l.count;
  return l;
}

SimulatedPoint summarize(const RunDigest& ideal, const RunDigest& contention_free, const RunResult& real,
                         double t1_ideal, double t1_real) {
  SimulatedPoint pt;
  pt.p = ideal.processors;
  pt.separation = separate(ideal, contention_free, real, t1_ideal);
  pt.t1_real = t1_real;
  pt.messages = real.messages;
  pt.unreceived = real.unreceived;
  pt.events = ideal.events + contention_free.events + real.events;
  pt.links = summarize_links(real.links);
  return pt;
}

}  // namespace scalerun::sim
