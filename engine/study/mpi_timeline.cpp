#include "study/mpi_timeline.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <string>

#include <fmt/format.h>

namespace scalerun::study {

namespace {

using report::Activity;

Activity activity_of(measure::CallKind kind) {
  switch (kind) {
    case measure::CallKind::point_to_point:
    case measure::CallKind::wait:
    case measure::CallKind::one_sided:
    case measure::CallKind::io: return Activity::comm;
    case measure::CallKind::polling: return Activity::idle;
    case measure::CallKind::collective:
    case measure::CallKind::barrier: return Activity::sync;
  }
  return Activity::comm;
}

void account(report::Track& track, const measure::RankRecord& rank) {
  const auto figure = [&rank](const char* name) {
    const auto it = rank.figures.find(name);
    return it == rank.figures.end() ? 0.0 : it->second;
  };
  const auto put = [&track](Activity a, double seconds) {
    track.accounted[std::string(report::activity_name(a))] = seconds;
  };
  // Waiting for another rank (wait states and polling) is idle, taken from the kind of the call it
  // happened in: the rest of each kind's time is comm or sync.
  double comm_wait = figure("polling"), sync_wait = 0;
  for (const auto& w : rank.waited) {
    const auto kind = static_cast<measure::CallKind>(w.call_kind);
    (activity_of(kind) == Activity::sync ? sync_wait : comm_wait) += w.seconds;
  }
  if (!rank.wait_states.empty()) comm_wait = sync_wait = 0;  // not known: none drawn either
  put(Activity::busy, figure("busy"));
  put(Activity::comm, figure("point_to_point") + figure("wait") + figure("one_sided") + figure("io") - comm_wait);
  put(Activity::sync, figure("collective") + figure("barrier") - sync_wait);
  put(Activity::idle, comm_wait + sync_wait);
}

// The slices of one rank, seconds from `origin`. Past a cap the calls after the last kept one are
// unknown, so the track ends there instead of calling the rest busy.
// A call's wait is drawn at its start (the rank waited, then the transfer or the collective's own
// work followed).
void add_calls(report::Track& track, const measure::RankTrace& trace, const measure::RankRecord& rank,
               double origin) {
  std::map<double, double> waits;  // call start -> its wait
  for (const auto& w : rank.waited) waits[w.enter] = w.seconds;
  double at = trace.init_exit;
  for (const measure::CallInterval& call : trace.calls) {
    report::append_slice(track, at - origin, call.start - origin, Activity::busy);
    double from = call.start;
    if (const auto wait = waits.find(call.start); wait != waits.end() && call.kind != measure::CallKind::polling) {
      from = std::min(call.end, call.start + wait->second);
      report::append_slice(track, call.start - origin, from - origin, Activity::idle);
    }
    report::append_slice(track, from - origin, call.end - origin, activity_of(call.kind));
    at = call.end;
  }
  if (trace.dropped == 0) report::append_slice(track, at - origin, trace.finalize - origin, Activity::busy);
}

}  // namespace

report::Timeline mpi_timeline(const std::vector<measure::RankRecord>& ranks,
                              const std::vector<std::optional<measure::RankTrace>>& traces) {
  report::Timeline t;
  t.source = "MPI ranks";
  t.clock = "wall";
  t.p = static_cast<double>(ranks.size());
  // Ranks on one host read the same CLOCK_MONOTONIC, so their tracks share the earliest
  // MPI_Init as origin and show the skew between them. Clocks of different hosts are unrelated:
  // there every track starts at its own MPI_Init, aligned only as well as the launch was.
  const bool one_host =
      std::all_of(ranks.begin(), ranks.end(), [&](const auto& r) { return r.host == ranks.front().host; });
  double earliest = std::numeric_limits<double>::infinity();
  for (const auto& trace : traces) {
    if (trace) earliest = std::min(earliest, trace->init_exit);
  }
  for (std::size_t k = 0; k < ranks.size(); ++k) {
    report::Track& track = t.tracks.emplace_back();
    track.name = fmt::format("rank {} ({})", ranks[k].rank, ranks[k].host);
    account(track, ranks[k]);
    const measure::RankTrace* trace = k < traces.size() && traces[k] ? &*traces[k] : nullptr;
    if (trace == nullptr || trace->dropped > 0) t.truncated = true;
    if (trace == nullptr) continue;
    const double origin = one_host ? earliest : trace->init_exit;
    add_calls(track, *trace, ranks[k], origin);
    t.span = std::max(t.span, trace->finalize - origin);
  }
  return t;
}

}  // namespace scalerun::study
