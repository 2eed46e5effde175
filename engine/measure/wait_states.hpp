#pragma once
// Wait states, as Scalasca finds them: from every rank's log of messages and blocking collectives
// (wait_event.hpp), the time each rank spent inside an MPI call waiting for another rank, split by
// cause. Sends are matched with receives in order per sender, receiver, communicator and tag (MPI
// does not let such messages overtake one another), collectives by their order on a communicator.
//   late sender     a receive (or the wait completing it, or a blocking probe) entered before its
//                   message was sent
//   late receiver   a send that blocks (synchronous, or too large to buffer), or the wait that
//                   completes a non-blocking one, entered before its receive was posted and still
//                   in progress when it was (an eager send that returned first did not wait)
//   barrier         a rank in MPI_Barrier before the last one arrived
//   collective      the same in an N x N collective (allreduce, allgather, alltoall, ...)
//   late broadcast  a rank in a broadcast or scatter before its root
//   early reduce    a root in a reduce or gather before the last rank it collects from
// (a non-blocking collective's wait is in the wait or test that completes it, measured from the
// start of the last rank's, or the root's, MPI_I... call)
// One call's wait is the largest of its causes (a sendrecv whose peer is late waits once, not
// twice), bounded by the call's own time. The times of different ranks are compared directly, so
// the ranks must share one clock: the caller checks that (one host, or one boot).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "measure/wait_event.hpp"

namespace scalerun::measure {

// One call that waited, for the timeline: its interval, the wait at its start, and its kind.
struct WaitedCall {
  double enter = 0, exit = 0, seconds = 0;
  std::uint8_t call_kind = 0;  // as WaitEvent::call_kind
};

struct WaitStates {
  double late_sender = 0, late_receiver = 0, barrier = 0, collective = 0, late_broadcast = 0, early_reduce = 0;
  std::vector<WaitedCall> calls;  // every call with a wait, in no particular order

  double total() const { return late_sender + late_receiver + barrier + collective + late_broadcast + early_reduce; }
};

// The names wait states go by in a rank's figures ("late_sender", ...), in WaitStates' order.
inline constexpr const char* kWaitStateNames[] = {"late_sender",    "late_receiver",  "wait_at_barrier",
                                                  "wait_at_collective", "late_broadcast", "early_reduce"};
std::vector<double> wait_state_values(const WaitStates& w);

struct WaitLog {
  std::vector<WaitEvent> events;
  std::uint64_t dropped = 0;  // events the rank could not keep: the log is incomplete
};

// Rank `rank`'s log in `dir` (rank-<rank>.events), or nothing when it is missing or malformed.
std::optional<WaitLog> read_wait_log(const std::string& dir, int rank);

// The wait states of ranks 0 .. logs.size() - 1 (MPI_COMM_WORLD's numbering).
std::vector<WaitStates> find_wait_states(const std::vector<WaitLog>& logs);

}  // namespace scalerun::measure
