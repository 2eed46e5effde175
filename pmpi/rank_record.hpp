#pragma once
// What the interposition library keeps of one rank between MPI_Init and MPI_Finalize, and the
// record it writes. Time is split by telescoping: every interval of the rank's life is either
// inside an MPI call (charged to the call's kind) or between two calls (busy), so busy + MPI time
// = wall holds by construction unless a call is counted twice; the check in the test suite is
// there to catch exactly that (an MPI library calling its own wrapped entry points).
//
// Calls are assumed to come from one thread at a time (MPI_THREAD_FUNNELED or SERIALIZED, what
// the shipped kernels and most programs use); a program that calls MPI from several threads at
// once gets a record whose times overlap, and the record says it asked for MPI_THREAD_MULTIPLE.

#include <map>
#include <string>
#include <vector>

#include "rank_events.hpp"
#include "rank_trace.hpp"

namespace scalerun::pmpi {

// point_to_point, collective, wait and barrier as their names say; one_sided: windows, their
// transfers and synchronization (MPI_Put, MPI_Win_fence, ...); io: MPI_File_*.
enum class Kind { point_to_point, collective, wait, barrier, one_sided, io };
inline constexpr int kKinds = 6;

// One MPI function's share of a rank's time (its outermost calls only).
struct FunctionTotals {
  long calls = 0;
  double seconds = 0;
  double bytes = 0;  // sent, received or contributed to a collective
};

// Point-to-point messages sent, by size: bucket 0 empty messages, bucket k sizes in [2^(k-1), 2^k).
inline constexpr int kSizeBuckets = 42;

struct RegionTotals {
  double seconds = 0;      // inclusive, summed over its calls
  double mpi_seconds = 0;  // inside MPI while the region was open
  long calls = 0;
};

struct RankRecord {
  bool active = false;     // between MPI_Init's return and MPI_Finalize
  bool thread_multiple = false;
  int rank = -1, size = 0;
  double init_exit = 0;    // seconds, CLOCK_MONOTONIC
  double last_exit = 0;    // when the latest MPI call returned (or MPI_Init)
  double call_start = 0;   // when the outermost MPI call in progress started
  double busy = 0;         // between MPI calls
  double in_mpi[kKinds] = {};
  double polling = 0;      // tests and probes that found nothing (inside in_mpi's wait)
  bool polling_since_exit = false;  // the latest MPI call was a test or probe that found nothing
  unsigned receives_posted = 0;  // the order of receives, for matching them with their sends
  unsigned sends_logged = 0, collectives_logged = 0;  // the order of sends and collectives
  long calls[kKinds] = {};
  long messages_sent = 0, messages_received = 0;
  double bytes_sent = 0, bytes_received = 0, collective_bytes = 0;
  double one_sided_bytes = 0;  // put, got or accumulated by this rank as origin
  double io_bytes = 0;         // read or written through MPI I/O
  int depth = 0;           // wrappers entered and not left: only the outermost one counts
  struct OpenRegion {
    std::string name;
    double start = 0, mpi_at_start = 0;
  };
  std::map<std::string, int> regions_open;  // begun and not ended, over all threads
  std::map<std::string, RegionTotals> regions;
  std::map<std::string, double> values;  // scalerun_value()
  std::string region_error;  // an end without its begin, or regions left open at MPI_Finalize
  RankTrace trace;           // every MPI call's interval, when SCALERUN_PMPI_TRACE asks
  RankEvents events;         // the wait-state log: messages and blocking collectives
  std::vector<FunctionTotals> functions;  // by function_slot
  int current_function = -1;              // the outermost call in progress's slot
  int entry_function = -1;                // set by a Fortran entry point for the wrapper it calls
  long message_sizes[kSizeBuckets] = {};

  double mpi_total() const {
    double total = 0;
    for (const double t : in_mpi) total += t;
    return total;
  }
};

RankRecord& record();
// The names of the function slots, in slot order.
std::vector<std::string>& function_names();
// The time on CLOCK_MONOTONIC's scale, through the time-stamp counter where it is invariant
// (start_clock calibrates it at MPI_Init; SCALERUN_PMPI_CLOCK=monotonic reads CLOCK_MONOTONIC).
// end_clock measures the counter's drift from CLOCK_MONOTONIC over the run, and corrected(t)
// maps a time read during the run onto CLOCK_MONOTONIC (for the times compared across ranks).
void start_clock();
double now_seconds();
void end_clock();
double corrected(double t);
double clock_correction();  // the factor on durations read during the run (1 without the counter)

// Writes the record of a rank that reached MPI_Finalize (wall = finalize - init_exit) or called
// MPI_Abort (aborted with its error code) to $SCALERUN_PMPI_DIR/rank-<rank>.json, through a
// temporary file renamed into place, so a reader never sees half a record; the rank's trace
// (when it keeps one) and wait-state log first, so a record never stands without them. The record
// names the boot of this host's clock, so scalerun knows whether all ranks' times are on one
// clock. Does nothing when the variable is not set.
void write_record(double finalize, const char* ended_by, int abort_code);

// Writes $SCALERUN_PMPI_DIR/rank-<rank>.pid (this process's pid) when MPI_Init returns, and at
// exit rank-<rank>.exit (its exit status): a launcher that names a failed process by its pid alone,
// or not at all (MPICH's mpiexec), can then be told which rank it was and how it ended.
void write_pid_file(int rank);

}  // namespace scalerun::pmpi
