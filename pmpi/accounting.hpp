#pragma once
// What every wrapper of an MPI call does around the real call, for the C wrappers (interpose.cpp)
// and the Fortran ones alike: time the call by kind, count the messages and bytes it moves, and
// log what the wait-state analysis needs (rank_events.hpp). Only the outermost MPI call in
// progress counts, so an MPI library calling its own wrapped entry points is not counted twice.

#include <mpi.h>

#include <cstdint>
#include <vector>

#include "rank_record.hpp"

namespace scalerun::pmpi {

// The time from construction to destruction, charged to `kind` when this is the outermost MPI
// call in progress; the events logged meanwhile get the call's interval.
class Span {
 public:
  // `function`: the call's slot in the rank's per-function profile (function_slot), or none.
  explicit Span(Kind kind, int function = -1);
  ~Span();
  Span(const Span&) = delete;
  Span& operator=(const Span&) = delete;
  // A test or probe that found nothing: its time is polling (waiting), not communication.
  void found_nothing() { found_nothing_ = true; }

 private:
  int kind_;
  int function_;
  bool outer_ = false;
  bool found_nothing_ = false;
  double start_ = 0;           // the call's start, a polling step before it included
  double measured_start_ = 0;  // when the call itself began
  std::size_t first_event_ = 0;
};

// The slot of MPI function `name` in every rank's profile (calls, time, bytes per function),
// given once per wrapper: `static const int fn = function_slot("MPI_Send");`.
int function_slot(const char* name);
// The same for a Fortran entry point named in capitals (MPI_SENDRECV_REPLACE): the C name's slot.
int fortran_function_slot(const char* upper);

// A message sent to rank `dest` of `comm` by a blocking call. MPI_PROC_NULL is no message.
void sent(int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm);

// A message started by a non-blocking call (MPI_Isend and its modes, a started persistent send):
// the wait or test that completes `request` may wait for its receiver.
void send_started(MPI_Request request, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm);

// A blocking receive completed: its size in bytes, source and tag from `status` (the message
// received, not the buffer posted, whatever its datatype). A receive from MPI_PROC_NULL is none.
void received(const MPI_Status& status, MPI_Comm comm);

// A non-blocking receive posted (MPI_Irecv, MPI_Imrecv): counted when a wait or test completes it.
void posted(MPI_Request request, MPI_Comm comm);

// A blocking MPI_Probe on `comm` found the message `status` describes (it waited for its sender).
void probed(const MPI_Status& status, MPI_Comm comm);

// A message matched by MPI_Mprobe or MPI_Improbe on `comm` (`status` describes it): matched now,
// received later by MPI_Mrecv or MPI_Imrecv, which need what MPI_Message does not say.
struct Matched {
  MPI_Comm comm = MPI_COMM_WORLD;
  double posted = 0;   // when the probe that matched it began
  unsigned order = 0;  // its place among the rank's receives
};
void matched(MPI_Message message, MPI_Comm comm, const MPI_Status& status, bool waited);
Matched take_matched(MPI_Message message);
void received_matched(const MPI_Status& status, const Matched& m);
void posted_matched(MPI_Request request, const Matched& m);

// Persistent requests (MPI_Send_init and the other modes, MPI_Recv_init): remembered until freed;
// each MPI_Start of one is a message sent, or a receive posted.
void persistent_send(MPI_Request request, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm);
void persistent_receive(MPI_Request request, MPI_Comm comm);
void started(MPI_Request request);

// A request freed by the program: a later request the MPI hands the same handle is not it.
void forgotten(MPI_Request request);

// Request `request` (its handle before the call) completed with `status`: a receive is counted
// now; a cancelled one moved no message.
void completed(MPI_Request request, const MPI_Status& status);

// Statuses for a call the program gave MPI_STATUSES_IGNORE: the completions still need them.
MPI_Status* statuses_for(MPI_Status statuses[], std::vector<MPI_Status>& own, int count);

// Helpers of every wrapper: `count` elements of `type` in bytes (0 for none or an unknown type),
// a communicator's size (1 when it cannot be read) and this rank's number in it.
double bytes_of(int count, MPI_Datatype type);
int comm_size(MPI_Comm comm);
int comm_rank(MPI_Comm comm);

// A collective's bytes (this rank's contribution).
void collective_bytes(int count, MPI_Datatype type);
void collective_raw_bytes(double bytes);

// A blocking collective on `comm`, for the wait-state analysis; `root` for the rooted ones.
enum class Collective { barrier, all_to_all, one_to_all, all_to_one, other };
void collective_call(Collective shape, MPI_Comm comm, int root = -1);
// A non-blocking one, completed by the wait or test that completes `request`.
void collective_started(MPI_Request request, Collective shape, MPI_Comm comm, int root = -1);

// Bytes moved by a one-sided call as origin, or read or written through MPI I/O.
void one_sided_bytes(int count, MPI_Datatype type);
void io_bytes(int count, MPI_Datatype type);
void io_raw_bytes(double bytes);

// The bytes a status says were received or read.
double status_bytes(const MPI_Status& status);

// Communicators: one made by a call collective over `parent` (dup, split, create, cartesian ...;
// MPI_COMM_NULL where this rank got none), or freed. Gives every communicator the same number on
// all its ranks, so messages and collectives can be matched across ranks.
// `extra` tells apart communicators made from one parent by calls only some of its ranks make
// (MPI_Comm_create_group: its tag and group), so the count per parent stays the same on all ranks.
void comm_created(MPI_Comm parent, MPI_Comm child, std::uint32_t extra = 0);
// A communicator made by a call only its own members make (MPI_Comm_create_group, and both
// groups of MPI_Intercomm_create), told apart by `extra` (the call's tag) and the count of such.
void comm_created_among(MPI_Comm child, std::uint32_t extra);
// MPI_Comm_idup: numbered now, described when first used (after the request completes).
void comm_created_later(MPI_Comm parent, MPI_Comm child);
void comm_freed(MPI_Comm comm);

// MPI_Init or MPI_Init_thread returned `rc`; MPI_Finalize or MPI_Abort is about to end the rank.
void mpi_started(int rc);
void mpi_ending(const char* ended_by, int abort_code);

}  // namespace scalerun::pmpi
