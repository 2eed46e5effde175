#pragma once
// What a run did over time: one track per worker (a TBB arena slot), rank (an MPI job) or
// simulated processor, each a sequence of slices saying what that track was doing, and for a
// simulation the messages in flight between tracks. Scale-Graph's execution-pattern view
// (000_4d83e4b2b26c01b9.txt) and the Chrome trace of --trace (report/trace_json) are drawn from it.
//
// Times are seconds from the timeline's origin (the start of the point's measured run, or
// simulated time 0); every slice lies in [0, span]. The slices of a track do not overlap.

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace scalerun::report {

// One vocabulary for every mode, the overhead categories of the breakdown tables:
//   busy        the kernel's own work (a chunk, an spmd rank's code, computation between MPI calls,
//               a simulated compute)
//   serial      the caller alone runs serial code; every other worker waits for it
//   idle        nothing to do: waiting for the last worker at a join or barrier, for a sender
//   sync        parallel machinery: forking, scheduling, barrier and lock cost, combining results,
//               collectives and barriers of an MPI job
//   comm        point-to-point communication: an MPI call, a simulated message's software overhead
//   latency     blocked while a message was in flight, as long as an idle network takes
//   contention  blocked beyond that: the message waited for busy network resources
//   io          reading or writing files
enum class Activity : std::uint8_t { busy, serial, idle, sync, comm, latency, contention, io };
inline constexpr int kActivities = 8;

std::string_view activity_name(Activity a);

struct Slice {
  double start = 0, end = 0;
  Activity what = Activity::busy;
  double length() const { return end - start; }
};

// A simulated message: sent by track `from` at `sent`, delivered to `to` at `arrived`.
struct Flight {
  int from = 0, to = 0;
  double sent = 0, arrived = 0, bytes = 0;
};

struct Track {
  std::string name;  // "worker 0", "rank 3 (node-a)", "processor 12"
  std::vector<Slice> slices;
  // What the mode's own accounting counted for this track, seconds by activity name (e.g. the
  // runtime's busy time of the worker): the timeline's slices must add up to these.
  std::map<std::string, double> accounted;
  double total(Activity a) const;
};

struct Timeline {
  std::string label;   // the point: "p=4 N=512"
  std::string source;  // what recorded it: "TBB workers", "MPI ranks", "simulated processors"
  std::string clock;   // "wall" or "simulated"
  double span = 0;     // seconds from the origin to the end of the run
  double p = 0;        // the point's processor count
  std::vector<Track> tracks;
  std::vector<Flight> flights;
  std::size_t flights_left_out = 0;  // messages beyond the recording cap
  bool truncated = false;            // a track passed the recording cap: its later slices are missing

  double total(Activity a) const;
  // The share of all tracks' time that is busy: 1 for a perfectly parallel run.
  double busy_share() const;
};

// Appends [start, end) doing `what` to the track, merging it into the last slice when that one is
// the same activity and ends where this begins. Empty and negative intervals are dropped.
void append_slice(Track& track, double start, double end, Activity what);

// The timeline, at most `columns` segments per track, for a figure: each segment takes the
// activity that filled most of its time, and neighbouring segments of one activity merge.
// Flights are left out. A view, not the data: --trace keeps every slice.
Timeline compact(const Timeline& t, int columns);

}  // namespace scalerun::report
