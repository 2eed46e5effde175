#pragma once
// The intervals a rank spent inside MPI calls, kept only when SCALERUN_PMPI_TRACE asks for them
// (its value: the most intervals to keep), for the timeline of a measured MPI job. The time
// between two kept intervals is the rank's own work. Written at MPI_Finalize next to the rank's
// record as rank-<rank>.trace, text:
//   <init_exit> <finalize> <dropped>        seconds of CLOCK_MONOTONIC; intervals past the cap
//   <kind> <start> <end>                    one line per outermost MPI call, in order
// where kind is point_to_point, collective, wait, barrier, one_sided or io, or polling for a test
// or probe that found nothing.

#include <cstddef>
#include <vector>

namespace scalerun::pmpi {

// The trace's kind of a test or probe that found nothing (after the record's kinds).
inline constexpr int kPollingTraceKind = 6;

class RankTrace {
 public:
  // Reads SCALERUN_PMPI_TRACE and allocates the whole buffer once, its pages touched, so keeping
  // an interval neither allocates nor page-faults while the program runs (a fault on a fresh page
  // every 170 intervals came to about 10 ns a call).
  void start();
  bool on() const { return on_; }
  void keep(int kind, double start, double end) {
    if (kept_ < intervals_.size()) {
      intervals_[kept_++] = Interval{start, end, kind};
    } else {
      ++dropped_;
    }
  }
  // Writes `dir`/rank-<rank>.trace through a temporary file renamed into place.
  void write(const char* dir, int rank, double init_exit, double finalize) const;

 private:
  struct Interval {
    double start = 0, end = 0;
    int kind = 0;
  };
  bool on_ = false;
  std::size_t kept_ = 0;
  std::vector<Interval> intervals_;
  long dropped_ = 0;
};

}  // namespace scalerun::pmpi
