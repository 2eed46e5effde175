#pragma once
// The FCFS resources of a network model (link directions, ring segments, the bus): each keeps the
// time it is next free and what the report needs. Messages arrive in nondecreasing start time, so
// "first come, first served" is "reserve from max(ready, free_at)": no event queue is needed.

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "network/network.hpp"

namespace scalerun::network {

struct Resource {
  double free_at = 0;  // when the message holding it lets go
  double busy = 0;     // seconds held by messages
  double waiting = 0;  // summed waits of the messages queued for it: the time-integral of its queue
  long messages = 0;
};

class Resources {
 public:
  Resources(std::size_t count, bool contention) : items_(count), contention_(contention) {}

  std::size_t size() const { return items_.size(); }
  bool contention() const { return contention_; }

  // When a message that is ready at `ready` may start on resource i (ready itself when the
  // network is contention-free).
  double available(int i, double ready) const {
    return contention_ ? std::max(ready, items_[static_cast<std::size_t>(i)].free_at) : ready;
  }

  // The message ready for resource i at `ready` holds it over [from, until). Its wait for this
  // resource is the part of [ready, from) the resource was still held by others.
  void hold(int i, double ready, double from, double until) {
    Resource& r = items_[static_cast<std::size_t>(i)];
    if (contention_) {
      r.waiting += std::max(0.0, std::min(r.free_at, from) - ready);
      r.free_at = until;
    }
    r.busy += until - from;
    ++r.messages;
  }

  // One row per resource, named by `name(i)`; a resource named "" is a placeholder and left out.
  std::vector<LinkStats> stats(double makespan, const std::function<std::string(int)>& name) const {
    std::vector<LinkStats> out;
    out.reserve(items_.size());
    for (std::size_t i = 0; i < items_.size(); ++i) {
      const Resource& r = items_[i];
      LinkStats s;
      s.name = name(static_cast<int>(i));
      if (s.name.empty()) continue;
      s.busy = r.busy;
      s.utilization = makespan > 0 ? r.busy / makespan : 0.0;
      s.mean_queue = makespan > 0 ? r.waiting / makespan : 0.0;
      s.messages = r.messages;
      out.push_back(std::move(s));
    }
    return out;
  }

 private:
  std::vector<Resource> items_;
  bool contention_;
};

}  // namespace scalerun::network
