#include "sim/timeline_recorder.hpp"

#include <string>

#include <fmt/format.h>

namespace scalerun::sim {

using report::Activity;

TimelineRecorder::TimelineRecorder(report::Timeline& timeline, int processors, TimelineCaps caps)
    : timeline_(timeline), caps_(caps) {
  timeline_.source = "simulated processors";
  timeline_.clock = "simulated";
  timeline_.p = processors;
  timeline_.tracks.resize(static_cast<std::size_t>(processors));
  for (int r = 0; r < processors; ++r) timeline_.tracks[static_cast<std::size_t>(r)].name = fmt::format("processor {}", r);
}

void TimelineRecorder::slice(int rank, double start, double end, Activity what) {
  report::Track& track = timeline_.tracks[static_cast<std::size_t>(rank)];
  // A full track stays full: its later slices are left out rather than a gap left in its middle.
  if (track.slices.size() >= caps_.slices_per_track) {
    if (end > start) timeline_.truncated = true;
    return;
  }
  report::append_slice(track, start, end, what);
}

void TimelineRecorder::receive(int rank, double posted, double wait, double latency, double done, double overhead) {
  const double sent = posted + wait, network_idle = sent + latency;
  slice(rank, posted, sent, Activity::idle);
  slice(rank, sent, network_idle, Activity::latency);
  slice(rank, network_idle, done, Activity::contention);
  slice(rank, done, done + overhead, Activity::comm);
}

void TimelineRecorder::flight(int from, int to, double sent, double arrived, double bytes) {
  if (timeline_.flights.size() >= caps_.flights) {
    ++timeline_.flights_left_out;
    return;
  }
  timeline_.flights.push_back(report::Flight{from, to, sent, arrived, bytes});
}

void TimelineRecorder::finish(const RunResult& result) {
  timeline_.span = result.makespan;
  for (std::size_t r = 0; r < result.procs.size(); ++r) {
    const ProcessorStats& s = result.procs[r];
    auto& accounted = timeline_.tracks[r].accounted;
    const auto put = [&accounted](Activity a, double seconds) {
      accounted[std::string(report::activity_name(a))] = seconds;
    };
    put(Activity::busy, s.compute);
    put(Activity::serial, s.serial);
    put(Activity::idle, s.wait);
    put(Activity::latency, s.latency_seen);
    put(Activity::contention, s.contention_seen);
    put(Activity::comm, s.software());
  }
}

}  // namespace scalerun::sim
