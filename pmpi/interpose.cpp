// The MPI entry points scalerun times in every rank, through the MPI profiling interface: each
// MPI_X here does its bookkeeping and calls PMPI_X. Loaded into an unmodified program with
// LD_PRELOAD by scalerun's launcher (study/mpi_launch); inert when SCALERUN_PMPI_DIR is not set.
// Calls not listed here (communicator management, MPI_Wtime, ...) count as busy time: they are
// local and short. One-sided and file I/O calls are not split out in this version, nor are
// persistent requests counted; of the non-blocking collectives, barrier, bcast, reduce, allreduce,
// allgather and alltoall are. Messages: a send or receive with
// MPI_PROC_NULL is none; a receive counts the size its status gives, a non-blocking one (MPI_Irecv,
// MPI_Imrecv) when the wait or test that completes it returns, a cancelled or freed one not at all
// (a rank polling MPI_Test or MPI_Iprobe is waiting, not busy).

#include <mpi.h>

#include <mutex>
#include <unordered_map>
#include <vector>

#include "rank_record.hpp"

namespace {

using scalerun::pmpi::Kind;
using scalerun::pmpi::now_seconds;
using scalerun::pmpi::record;

// The time from construction to destruction, charged to `kind` when this is the outermost MPI
// call in progress (an MPI library that calls its own MPI_ symbols is not counted twice).
class Span {
 public:
  explicit Span(Kind kind) : kind_(static_cast<int>(kind)) {
    auto& r = record();
    if (!r.active) return;
    outer_ = r.depth++ == 0;
    if (!outer_) return;
    start_ = now_seconds();
    r.busy += start_ - r.last_exit;
    ++r.calls[kind_];
  }
  ~Span() {
    auto& r = record();
    if (!r.active) return;
    --r.depth;
    if (!outer_) return;
    const double end = now_seconds();
    r.in_mpi[kind_] += end - start_;
    r.last_exit = end;
    if (r.trace.on()) r.trace.keep(kind_, start_, end);
  }
  Span(const Span&) = delete;
  Span& operator=(const Span&) = delete;

 private:
  int kind_;
  bool outer_ = false;
  double start_ = 0;
};

double bytes_of(int count, MPI_Datatype type) {
  int size = 0;
  if (count <= 0 || PMPI_Type_size(type, &size) != MPI_SUCCESS) return 0;
  return static_cast<double>(count) * size;
}

// A send to MPI_PROC_NULL is no message (the standard: it completes at once and moves nothing).
void sent(int count, MPI_Datatype type, int dest) {
  if (dest == MPI_PROC_NULL) return;
  auto& r = record();
  ++r.messages_sent;
  r.bytes_sent += bytes_of(count, type);
}

// A completed receive, its size from the status (the message received, not the buffer posted). A
// receive from MPI_PROC_NULL is no message: its status names MPI_PROC_NULL as the source.
void received(const MPI_Status& status, MPI_Datatype type) {
  if (status.MPI_SOURCE == MPI_PROC_NULL) return;
  int got = 0;
  if (PMPI_Get_count(&status, type, &got) != MPI_SUCCESS || got == MPI_UNDEFINED) return;
  auto& r = record();
  ++r.messages_received;
  r.bytes_received += bytes_of(got, type);
}

// Non-blocking receives in flight: their datatype, to read the size from the status when a wait or
// test completes them. Guarded for MPI_THREAD_MULTIPLE programs that post from several threads.
std::mutex pending_mutex;
std::unordered_map<MPI_Request, MPI_Datatype>& pending_receives() {
  static std::unordered_map<MPI_Request, MPI_Datatype> pending;
  return pending;
}

void posted(MPI_Request request, MPI_Datatype type) {
  if (request == MPI_REQUEST_NULL) return;
  const std::lock_guard<std::mutex> lock(pending_mutex);
  pending_receives()[request] = type;
}

// No longer in flight without a completion to count (freed): a later request the MPI hands the
// same handle must not be taken for it.
void forgotten(MPI_Request request) {
  if (request == MPI_REQUEST_NULL) return;
  const std::lock_guard<std::mutex> lock(pending_mutex);
  pending_receives().erase(request);
}

// Request `request` (its handle as it was before the call) completed with `status`; a cancelled
// receive moved no message.
void completed(MPI_Request request, const MPI_Status& status) {
  MPI_Datatype type = MPI_DATATYPE_NULL;
  {
    const std::lock_guard<std::mutex> lock(pending_mutex);
    const auto it = pending_receives().find(request);
    if (it == pending_receives().end()) return;
    type = it->second;
    pending_receives().erase(it);
  }
  int cancelled = 0;
  if (PMPI_Test_cancelled(&status, &cancelled) == MPI_SUCCESS && cancelled) return;
  received(status, type);
}

// Statuses for a call the program gave MPI_STATUSES_IGNORE: the completions still need them.
MPI_Status* statuses_for(MPI_Status statuses[], std::vector<MPI_Status>& own, int count) {
  if (statuses != MPI_STATUSES_IGNORE) return statuses;
  own.resize(static_cast<std::size_t>(count > 0 ? count : 0));
  return own.data();
}

void collective(int count, MPI_Datatype type) { record().collective_bytes += bytes_of(count, type); }

void started(int rc) {
  auto& r = record();
  if (rc != MPI_SUCCESS) return;
  PMPI_Comm_rank(MPI_COMM_WORLD, &r.rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &r.size);
  r.active = true;
  r.trace.start();
  r.init_exit = r.last_exit = now_seconds();
}

}  // namespace

extern "C" {

int MPI_Init(int* argc, char*** argv) {
  const int rc = PMPI_Init(argc, argv);
  started(rc);
  return rc;
}

int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  const int rc = PMPI_Init_thread(argc, argv, required, provided);
  record().thread_multiple = rc == MPI_SUCCESS && *provided == MPI_THREAD_MULTIPLE;  // what the MPI gave
  started(rc);
  return rc;
}

int MPI_Finalize(void) {
  auto& r = record();
  if (r.active) {
    const double t = now_seconds();
    r.busy += t - r.last_exit;
    scalerun::pmpi::write_record(t, "finalize", 0);
    r.active = false;
  }
  return PMPI_Finalize();
}

int MPI_Abort(MPI_Comm comm, int errorcode) {
  auto& r = record();
  if (r.active) {
    const double t = now_seconds();
    r.busy += t - r.last_exit;
    scalerun::pmpi::write_record(t, "abort", errorcode);
    r.active = false;
  }
  return PMPI_Abort(comm, errorcode);
}

// Point to point.
int MPI_Send(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  Span span(Kind::point_to_point);
  sent(count, type, dest);
  return PMPI_Send(buf, count, type, dest, tag, comm);
}

int MPI_Ssend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  Span span(Kind::point_to_point);
  sent(count, type, dest);
  return PMPI_Ssend(buf, count, type, dest, tag, comm);
}

int MPI_Bsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  Span span(Kind::point_to_point);
  sent(count, type, dest);
  return PMPI_Bsend(buf, count, type, dest, tag, comm);
}

int MPI_Rsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  Span span(Kind::point_to_point);
  sent(count, type, dest);
  return PMPI_Rsend(buf, count, type, dest, tag, comm);
}

int MPI_Recv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status* status) {
  Span span(Kind::point_to_point);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Recv(buf, count, type, source, tag, comm, s);
  if (rc == MPI_SUCCESS) received(*s, type);
  return rc;
}

int MPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status* status) {
  Span span(Kind::point_to_point);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  sent(sendcount, sendtype, dest);
  const int rc = PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
                               recvtag, comm, s);
  if (rc == MPI_SUCCESS) received(*s, recvtype);
  return rc;
}

int MPI_Sendrecv_replace(void* buf, int count, MPI_Datatype type, int dest, int sendtag, int source, int recvtag,
                         MPI_Comm comm, MPI_Status* status) {
  Span span(Kind::point_to_point);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  sent(count, type, dest);
  const int rc = PMPI_Sendrecv_replace(buf, count, type, dest, sendtag, source, recvtag, comm, s);
  if (rc == MPI_SUCCESS) received(*s, type);
  return rc;
}

// Non-blocking starts count as point to point (they copy or post); their completion is a wait.
int MPI_Isend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* req) {
  Span span(Kind::point_to_point);
  sent(count, type, dest);
  return PMPI_Isend(buf, count, type, dest, tag, comm, req);
}

int MPI_Issend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* req) {
  Span span(Kind::point_to_point);
  sent(count, type, dest);
  return PMPI_Issend(buf, count, type, dest, tag, comm, req);
}

// Counted when a wait or test completes it, with the size the status gives.
int MPI_Irecv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request* req) {
  Span span(Kind::point_to_point);
  const int rc = PMPI_Irecv(buf, count, type, source, tag, comm, req);
  if (rc == MPI_SUCCESS && record().active) posted(*req, type);
  return rc;
}

int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status* status) {
  Span span(Kind::wait);
  return PMPI_Probe(source, tag, comm, status);
}

// Polling for a message is waiting for it, as polling MPI_Test is.
int MPI_Iprobe(int source, int tag, MPI_Comm comm, int* flag, MPI_Status* status) {
  Span span(Kind::wait);
  return PMPI_Iprobe(source, tag, comm, flag, status);
}

// Matched probes and receives (MPI-3): the message is counted where it is received.
int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message* message, MPI_Status* status) {
  Span span(Kind::wait);
  return PMPI_Mprobe(source, tag, comm, message, status);
}

int MPI_Improbe(int source, int tag, MPI_Comm comm, int* flag, MPI_Message* message, MPI_Status* status) {
  Span span(Kind::wait);
  return PMPI_Improbe(source, tag, comm, flag, message, status);
}

int MPI_Mrecv(void* buf, int count, MPI_Datatype type, MPI_Message* message, MPI_Status* status) {
  Span span(Kind::point_to_point);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Mrecv(buf, count, type, message, s);
  if (rc == MPI_SUCCESS) received(*s, type);
  return rc;
}

int MPI_Imrecv(void* buf, int count, MPI_Datatype type, MPI_Message* message, MPI_Request* request) {
  Span span(Kind::point_to_point);
  const int rc = PMPI_Imrecv(buf, count, type, message, request);
  if (rc == MPI_SUCCESS && record().active) posted(*request, type);
  return rc;
}

// A freed request is not completed by this program's waits: forgotten, so a new request the MPI
// hands the same handle is not counted as it. (A cancelled one completes, with a cancelled status.)
int MPI_Request_free(MPI_Request* request) {
  forgotten(*request);
  return PMPI_Request_free(request);
}

// Waits and tests: the time a rank is blocked on (or polling for) communication it started. A
// receive they complete is counted then.
int MPI_Wait(MPI_Request* request, MPI_Status* status) {
  Span span(Kind::wait);
  const MPI_Request before = *request;
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Wait(request, s);
  if (rc == MPI_SUCCESS) completed(before, *s);
  return rc;
}

int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status) {
  Span span(Kind::wait);
  const MPI_Request before = *request;
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Test(request, flag, s);
  if (rc == MPI_SUCCESS && *flag) completed(before, *s);
  return rc;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  Span span(Kind::wait);
  const std::vector<MPI_Request> before(requests, requests + (count > 0 ? count : 0));
  std::vector<MPI_Status> own;
  MPI_Status* s = statuses_for(statuses, own, count);
  const int rc = PMPI_Waitall(count, requests, s);
  if (rc == MPI_SUCCESS)
    for (int i = 0; i < count; ++i) completed(before[static_cast<std::size_t>(i)], s[i]);
  return rc;
}

int MPI_Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[]) {
  Span span(Kind::wait);
  const std::vector<MPI_Request> before(requests, requests + (count > 0 ? count : 0));
  std::vector<MPI_Status> own;
  MPI_Status* s = statuses_for(statuses, own, count);
  const int rc = PMPI_Testall(count, requests, flag, s);
  if (rc == MPI_SUCCESS && *flag)
    for (int i = 0; i < count; ++i) completed(before[static_cast<std::size_t>(i)], s[i]);
  return rc;
}

int MPI_Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status) {
  Span span(Kind::wait);
  const std::vector<MPI_Request> before(requests, requests + (count > 0 ? count : 0));
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Waitany(count, requests, index, s);
  if (rc == MPI_SUCCESS && *index != MPI_UNDEFINED) completed(before[static_cast<std::size_t>(*index)], *s);
  return rc;
}

int MPI_Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status) {
  Span span(Kind::wait);
  const std::vector<MPI_Request> before(requests, requests + (count > 0 ? count : 0));
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Testany(count, requests, index, flag, s);
  if (rc == MPI_SUCCESS && *flag && *index != MPI_UNDEFINED) completed(before[static_cast<std::size_t>(*index)], *s);
  return rc;
}

int MPI_Waitsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  Span span(Kind::wait);
  const std::vector<MPI_Request> before(requests, requests + (incount > 0 ? incount : 0));
  std::vector<MPI_Status> own;
  MPI_Status* s = statuses_for(statuses, own, incount);
  const int rc = PMPI_Waitsome(incount, requests, outcount, indices, s);
  if (rc == MPI_SUCCESS && *outcount != MPI_UNDEFINED)
    for (int i = 0; i < *outcount; ++i) completed(before[static_cast<std::size_t>(indices[i])], s[i]);
  return rc;
}

int MPI_Testsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  Span span(Kind::wait);
  const std::vector<MPI_Request> before(requests, requests + (incount > 0 ? incount : 0));
  std::vector<MPI_Status> own;
  MPI_Status* s = statuses_for(statuses, own, incount);
  const int rc = PMPI_Testsome(incount, requests, outcount, indices, s);
  if (rc == MPI_SUCCESS && *outcount != MPI_UNDEFINED)
    for (int i = 0; i < *outcount; ++i) completed(before[static_cast<std::size_t>(indices[i])], s[i]);
  return rc;
}

int MPI_Barrier(MPI_Comm comm) {
  Span span(Kind::barrier);
  return PMPI_Barrier(comm);
}

// Collectives; the bytes counted are this rank's contribution.
int MPI_Bcast(void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  Span span(Kind::collective);
  collective(count, type);
  return PMPI_Bcast(buffer, count, type, root, comm);
}

int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm) {
  Span span(Kind::collective);
  collective(count, type);
  return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
}

int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  Span span(Kind::collective);
  collective(count, type);
  return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
}

int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm) {
  Span span(Kind::collective);
  collective(sendcount, sendtype);
  return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm) {
  Span span(Kind::collective);
  collective(sendcount, sendtype);
  return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
}

int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm) {
  Span span(Kind::collective);
  collective(recvcount, recvtype);
  return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                 void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  Span span(Kind::collective);
  collective(recvcount, recvtype);
  return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm) {
  Span span(Kind::collective);
  collective(sendcount, sendtype);
  return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                   const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  Span span(Kind::collective);
  collective(sendcount, sendtype);
  return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}

int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm) {
  Span span(Kind::collective);
  int size = 1;
  PMPI_Comm_size(comm, &size);
  collective(sendcount * size, sendtype);
  return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                  void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  Span span(Kind::collective);
  int size = 1;
  PMPI_Comm_size(comm, &size);
  for (int i = 0; i < size; ++i) collective(sendcounts[i], sendtype);
  return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
}

int MPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm) {
  Span span(Kind::collective);
  int size = 1;
  PMPI_Comm_size(comm, &size);
  for (int i = 0; i < size; ++i) collective(recvcounts[i], type);
  return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm);
}

int MPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                             MPI_Comm comm) {
  Span span(Kind::collective);
  int size = 1;
  PMPI_Comm_size(comm, &size);
  collective(recvcount * size, type);
  return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm);
}

int MPI_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  Span span(Kind::collective);
  collective(count, type);
  return PMPI_Scan(sendbuf, recvbuf, count, type, op, comm);
}

int MPI_Exscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  Span span(Kind::collective);
  collective(count, type);
  return PMPI_Exscan(sendbuf, recvbuf, count, type, op, comm);
}

// Named regions (scalerun_region.h).
void scalerun_region_begin(const char* name) {
  auto& r = record();
  if (!r.active || name == nullptr) return;
  r.open_regions.push_back({name, now_seconds(), r.mpi_total()});
}

void scalerun_region_end(const char* name) {
  auto& r = record();
  if (!r.active || name == nullptr) return;
  if (r.open_regions.empty() || r.open_regions.back().name != name) {
    if (r.region_error.empty()) r.region_error = std::string("scalerun_end(\"") + name + "\") without its begin";
    return;
  }
  const auto open = r.open_regions.back();
  r.open_regions.pop_back();
  auto& totals = r.regions[open.name];
  totals.seconds += now_seconds() - open.start;
  totals.mpi_seconds += r.mpi_total() - open.mpi_at_start;
  ++totals.calls;
}

void scalerun_region_value(const char* name, double value) {
  if (name != nullptr) record().values[name] = value;
}

// Non-blocking collectives: the start is collective time with this rank's bytes, as for the
// blocking ones; its completion is a wait (MPI_Wait*, MPI_Test* above).
int MPI_Ibarrier(MPI_Comm comm, MPI_Request* request) {
  Span span(Kind::collective);
  return PMPI_Ibarrier(comm, request);
}

int MPI_Ibcast(void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request* request) {
  Span span(Kind::collective);
  collective(count, type);
  return PMPI_Ibcast(buffer, count, type, root, comm, request);
}

int MPI_Ireduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                MPI_Request* request) {
  Span span(Kind::collective);
  collective(count, type);
  return PMPI_Ireduce(sendbuf, recvbuf, count, type, op, root, comm, request);
}

int MPI_Iallreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                   MPI_Request* request) {
  Span span(Kind::collective);
  collective(count, type);
  return PMPI_Iallreduce(sendbuf, recvbuf, count, type, op, comm, request);
}

int MPI_Iallgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                   MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  Span span(Kind::collective);
  collective(sendcount, sendtype);
  return PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

int MPI_Ialltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  Span span(Kind::collective);
  int size = 1;
  PMPI_Comm_size(comm, &size);
  collective(sendcount * size, sendtype);
  return PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

}  // extern "C"
