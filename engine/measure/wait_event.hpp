#pragma once
// One record of the interposition library's wait-state log (pmpi/rank_events.*): a message sent,
// a message received, or a blocking collective, with the interval of the MPI call it happened in.
// Written by every rank at MPI_Finalize to rank-<rank>.events and read back by scalerun
// (measure/wait_states.*), which matches sends with receives and collective instances across
// ranks and finds the time each rank spent waiting for another (Scalasca's wait states).
//
// The file is this struct's bytes, written and read on the same machine by the same build:
//   WaitLogHeader, then WaitLogHeader::count WaitEvents in the order the rank made the calls.
// Plain data only: the interposition library includes this header without the engine.

#include <cstdint>

namespace scalerun::measure {

enum class WaitOp : std::uint8_t {
  send,        // a message started (blocking or not); peer: its destination
  receive,     // a message received, as the call that completed it returned; peer: its source
  barrier,     // MPI_Barrier
  all_to_all,  // N x N collectives: allreduce, allgather(v), alltoall(v), reduce_scatter(_block)
  one_to_all,  // rooted distribution: bcast, scatter(v); peer: the root
  all_to_one,  // rooted collection: reduce, gather(v); peer: the root
  probe,       // a blocking probe found a message (peer, tag); order: the receive that takes it
  send_done,   // a wait or test completed a non-blocking send; order: that send's
  collective_done,  // a wait or test completed a non-blocking collective; order: its start's
};

struct WaitEvent {
  double enter = 0;   // the MPI call's start and end (seconds of the host's CLOCK_MONOTONIC)
  double exit = 0;
  double posted = 0;  // a receive: when it was posted (the blocking call's start, or MPI_Irecv's)
  std::int32_t peer = -1;   // the other rank (MPI_COMM_WORLD's numbering), or the root
  std::int32_t tag = 0;     // a message's tag (a receive: the tag its status gives)
  std::uint32_t comm = 0;   // the communicator, the same number on every rank of it (0: world)
  // A receive or probe: the rank's count of receives posted before it; a send: the rank's count of
  // sends before it; a collective: the rank's count of collectives before it.
  std::uint32_t order = 0;
  WaitOp op = WaitOp::send;
  std::uint8_t nonblocking = 0;  // a send or collective started by an MPI_I... call (completed later)
  std::uint8_t call_kind = 0;    // the kind of the call it happened in (pmpi's Kind, as the trace's)
  std::uint8_t pad[5] = {};
};
static_assert(sizeof(WaitEvent) == 48, "the events file's layout");

inline constexpr char kWaitLogMagic[8] = {'s', 'r', 'w', 'a', 'i', 't', '0', '1'};

struct WaitLogHeader {
  char magic[8] = {};
  std::uint64_t count = 0;    // events that follow
  std::uint64_t dropped = 0;  // events past the rank's cap, not written (the log is then incomplete)
};

// The most events a rank keeps, when set in its environment (scalerun leaves the default; the
// benchmark of the library's cost sets 0 to price the log).
inline constexpr const char* kWaitLogCapVariable = "SCALERUN_PMPI_EVENTS";

}  // namespace scalerun::measure
