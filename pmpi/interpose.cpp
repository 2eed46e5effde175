// The MPI entry points scalerun times in every rank, through the MPI profiling interface: each
// MPI_X here does its bookkeeping (accounting.hpp) and calls PMPI_X. Loaded into an unmodified
// program with LD_PRELOAD by scalerun's launcher (study/mpi_launch); inert when
// SCALERUN_PMPI_DIR is not set. Calls not listed here (MPI_Wtime, attribute and datatype calls,
// ...) count as busy time: they are local and short. One-sided and file I/O calls are not split
// out in this version; of the non-blocking collectives, barrier, bcast, reduce, allreduce,
// allgather and alltoall are. Messages: a send or receive with MPI_PROC_NULL is none; a receive
// counts the size its status gives, a non-blocking one (MPI_Irecv, MPI_Imrecv, a started
// persistent receive) when the wait or test that completes it returns, a cancelled or freed one
// not at all. A test or probe that finds nothing is polling: waiting, not busy.

#include <mpi.h>

#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

#include "accounting.hpp"

namespace {

using scalerun::pmpi::Collective;
using scalerun::pmpi::collective_bytes;
using scalerun::pmpi::collective_call;
using scalerun::pmpi::comm_created;
using scalerun::pmpi::completed;
using scalerun::pmpi::function_slot;
using scalerun::pmpi::Kind;
using scalerun::pmpi::now_seconds;
using scalerun::pmpi::posted;
using scalerun::pmpi::received;
using scalerun::pmpi::record;
using scalerun::pmpi::sent;
using scalerun::pmpi::Span;
using scalerun::pmpi::statuses_for;

// This rank's entry of a per-rank count array (a collective called with MPI_IN_PLACE contributes
// its own block of the receive buffer).
int own_count(const int counts[], MPI_Comm comm) { return counts[scalerun::pmpi::comm_rank(comm)]; }

}  // namespace

extern "C" {

int MPI_Init(int* argc, char*** argv) {
  const int rc = PMPI_Init(argc, argv);
  scalerun::pmpi::mpi_started(rc);
  return rc;
}

int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  const int rc = PMPI_Init_thread(argc, argv, required, provided);
  record().thread_multiple = rc == MPI_SUCCESS && *provided == MPI_THREAD_MULTIPLE;  // what the MPI gave
  scalerun::pmpi::mpi_started(rc);
  return rc;
}

int MPI_Finalize(void) {
  scalerun::pmpi::mpi_ending("finalize", 0);
  return PMPI_Finalize();
}

int MPI_Abort(MPI_Comm comm, int errorcode) {
  scalerun::pmpi::mpi_ending("abort", errorcode);
  return PMPI_Abort(comm, errorcode);
}

// Point to point.
int MPI_Send(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Send");
  Span span(Kind::point_to_point, fn);
  sent(count, type, dest, tag, comm);
  return PMPI_Send(buf, count, type, dest, tag, comm);
}

int MPI_Ssend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Ssend");
  Span span(Kind::point_to_point, fn);
  sent(count, type, dest, tag, comm);
  return PMPI_Ssend(buf, count, type, dest, tag, comm);
}

int MPI_Bsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Bsend");
  Span span(Kind::point_to_point, fn);
  sent(count, type, dest, tag, comm);
  return PMPI_Bsend(buf, count, type, dest, tag, comm);
}

int MPI_Rsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Rsend");
  Span span(Kind::point_to_point, fn);
  sent(count, type, dest, tag, comm);
  return PMPI_Rsend(buf, count, type, dest, tag, comm);
}

int MPI_Recv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status* status) {
  static const int fn = function_slot("MPI_Recv");
  Span span(Kind::point_to_point, fn);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Recv(buf, count, type, source, tag, comm, s);
  if (rc == MPI_SUCCESS) received(*s, comm);
  return rc;
}

int MPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status* status) {
  static const int fn = function_slot("MPI_Sendrecv");
  Span span(Kind::point_to_point, fn);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  sent(sendcount, sendtype, dest, sendtag, comm);
  const int rc = PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
                               recvtag, comm, s);
  if (rc == MPI_SUCCESS) received(*s, comm);
  return rc;
}

int MPI_Sendrecv_replace(void* buf, int count, MPI_Datatype type, int dest, int sendtag, int source, int recvtag,
                         MPI_Comm comm, MPI_Status* status) {
  static const int fn = function_slot("MPI_Sendrecv_replace");
  Span span(Kind::point_to_point, fn);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  sent(count, type, dest, sendtag, comm);
  const int rc = PMPI_Sendrecv_replace(buf, count, type, dest, sendtag, source, recvtag, comm, s);
  if (rc == MPI_SUCCESS) received(*s, comm);
  return rc;
}

// Non-blocking starts count as point to point (they copy or post); their completion is a wait.
int MPI_Isend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* req) {
  static const int fn = function_slot("MPI_Isend");
  Span span(Kind::point_to_point, fn);
  const int rc = PMPI_Isend(buf, count, type, dest, tag, comm, req);
  if (rc == MPI_SUCCESS) scalerun::pmpi::send_started(*req, count, type, dest, tag, comm);
  return rc;
}

int MPI_Issend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* req) {
  static const int fn = function_slot("MPI_Issend");
  Span span(Kind::point_to_point, fn);
  const int rc = PMPI_Issend(buf, count, type, dest, tag, comm, req);
  if (rc == MPI_SUCCESS) scalerun::pmpi::send_started(*req, count, type, dest, tag, comm);
  return rc;
}

// Counted when a wait or test completes it, with the size the status gives.
int MPI_Irecv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request* req) {
  static const int fn = function_slot("MPI_Irecv");
  Span span(Kind::point_to_point, fn);
  const int rc = PMPI_Irecv(buf, count, type, source, tag, comm, req);
  if (rc == MPI_SUCCESS) posted(*req, comm);
  return rc;
}

int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status* status) {
  static const int fn = function_slot("MPI_Probe");
  Span span(Kind::wait, fn);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Probe(source, tag, comm, s);
  if (rc == MPI_SUCCESS) scalerun::pmpi::probed(*s, comm);
  return rc;
}

// Polling for a message is waiting for it, as polling MPI_Test is.
int MPI_Iprobe(int source, int tag, MPI_Comm comm, int* flag, MPI_Status* status) {
  static const int fn = function_slot("MPI_Iprobe");
  Span span(Kind::wait, fn);
  const int rc = PMPI_Iprobe(source, tag, comm, flag, status);
  if (rc == MPI_SUCCESS && !*flag) span.found_nothing();
  return rc;
}

// Matched probes and receives (MPI-3): the message is counted where it is received.
int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message* message, MPI_Status* status) {
  static const int fn = function_slot("MPI_Mprobe");
  Span span(Kind::wait, fn);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Mprobe(source, tag, comm, message, s);
  if (rc == MPI_SUCCESS) scalerun::pmpi::matched(*message, comm, *s, true);
  return rc;
}

int MPI_Improbe(int source, int tag, MPI_Comm comm, int* flag, MPI_Message* message, MPI_Status* status) {
  static const int fn = function_slot("MPI_Improbe");
  Span span(Kind::wait, fn);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Improbe(source, tag, comm, flag, message, s);
  if (rc == MPI_SUCCESS && *flag) scalerun::pmpi::matched(*message, comm, *s, false);
  if (rc == MPI_SUCCESS && !*flag) span.found_nothing();
  return rc;
}

int MPI_Mrecv(void* buf, int count, MPI_Datatype type, MPI_Message* message, MPI_Status* status) {
  static const int fn = function_slot("MPI_Mrecv");
  Span span(Kind::point_to_point, fn);
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  const scalerun::pmpi::Matched m = scalerun::pmpi::take_matched(*message);
  const int rc = PMPI_Mrecv(buf, count, type, message, s);
  if (rc == MPI_SUCCESS) scalerun::pmpi::received_matched(*s, m);
  return rc;
}

int MPI_Imrecv(void* buf, int count, MPI_Datatype type, MPI_Message* message, MPI_Request* request) {
  static const int fn = function_slot("MPI_Imrecv");
  Span span(Kind::point_to_point, fn);
  const scalerun::pmpi::Matched m = scalerun::pmpi::take_matched(*message);
  const int rc = PMPI_Imrecv(buf, count, type, message, request);
  if (rc == MPI_SUCCESS) scalerun::pmpi::posted_matched(*request, m);
  return rc;
}

// A freed request is not completed by this program's waits: forgotten, so a new request the MPI
// hands the same handle is not counted as it. (A cancelled one completes, with a cancelled status.)
int MPI_Request_free(MPI_Request* request) {
  scalerun::pmpi::forgotten(*request);
  return PMPI_Request_free(request);
}

// Waits and tests: the time a rank is blocked on (or polling for) communication it started. A
// receive they complete is counted then.
int MPI_Wait(MPI_Request* request, MPI_Status* status) {
  static const int fn = function_slot("MPI_Wait");
  Span span(Kind::wait, fn);
  const MPI_Request before = *request;
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Wait(request, s);
  if (rc == MPI_SUCCESS) completed(before, *s);
  return rc;
}

int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status) {
  static const int fn = function_slot("MPI_Test");
  Span span(Kind::wait, fn);
  const MPI_Request before = *request;
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Test(request, flag, s);
  if (rc == MPI_SUCCESS && *flag) completed(before, *s);
  if (rc == MPI_SUCCESS && !*flag) span.found_nothing();
  return rc;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  static const int fn = function_slot("MPI_Waitall");
  Span span(Kind::wait, fn);
  const std::vector<MPI_Request> before(requests, requests + (count > 0 ? count : 0));
  std::vector<MPI_Status> own;
  MPI_Status* s = statuses_for(statuses, own, count);
  const int rc = PMPI_Waitall(count, requests, s);
  if (rc == MPI_SUCCESS)
    for (int i = 0; i < count; ++i) completed(before[static_cast<std::size_t>(i)], s[i]);
  return rc;
}

int MPI_Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[]) {
  static const int fn = function_slot("MPI_Testall");
  Span span(Kind::wait, fn);
  const std::vector<MPI_Request> before(requests, requests + (count > 0 ? count : 0));
  std::vector<MPI_Status> own;
  MPI_Status* s = statuses_for(statuses, own, count);
  const int rc = PMPI_Testall(count, requests, flag, s);
  if (rc == MPI_SUCCESS && *flag)
    for (int i = 0; i < count; ++i) completed(before[static_cast<std::size_t>(i)], s[i]);
  if (rc == MPI_SUCCESS && !*flag) span.found_nothing();
  return rc;
}

int MPI_Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status) {
  static const int fn = function_slot("MPI_Waitany");
  Span span(Kind::wait, fn);
  const std::vector<MPI_Request> before(requests, requests + (count > 0 ? count : 0));
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Waitany(count, requests, index, s);
  if (rc == MPI_SUCCESS && *index != MPI_UNDEFINED) completed(before[static_cast<std::size_t>(*index)], *s);
  return rc;
}

int MPI_Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status) {
  static const int fn = function_slot("MPI_Testany");
  Span span(Kind::wait, fn);
  const std::vector<MPI_Request> before(requests, requests + (count > 0 ? count : 0));
  MPI_Status own;
  MPI_Status* s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Testany(count, requests, index, flag, s);
  if (rc == MPI_SUCCESS && *flag && *index != MPI_UNDEFINED) completed(before[static_cast<std::size_t>(*index)], *s);
  if (rc == MPI_SUCCESS && !*flag) span.found_nothing();
  return rc;
}

int MPI_Waitsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  static const int fn = function_slot("MPI_Waitsome");
  Span span(Kind::wait, fn);
  const std::vector<MPI_Request> before(requests, requests + (incount > 0 ? incount : 0));
  std::vector<MPI_Status> own;
  MPI_Status* s = statuses_for(statuses, own, incount);
  const int rc = PMPI_Waitsome(incount, requests, outcount, indices, s);
  if (rc == MPI_SUCCESS && *outcount != MPI_UNDEFINED)
    for (int i = 0; i < *outcount; ++i) completed(before[static_cast<std::size_t>(indices[i])], s[i]);
  return rc;
}

int MPI_Testsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  static const int fn = function_slot("MPI_Testsome");
  Span span(Kind::wait, fn);
  const std::vector<MPI_Request> before(requests, requests + (incount > 0 ? incount : 0));
  std::vector<MPI_Status> own;
  MPI_Status* s = statuses_for(statuses, own, incount);
  const int rc = PMPI_Testsome(incount, requests, outcount, indices, s);
  if (rc == MPI_SUCCESS && *outcount != MPI_UNDEFINED)
    for (int i = 0; i < *outcount; ++i) completed(before[static_cast<std::size_t>(indices[i])], s[i]);
  if (rc == MPI_SUCCESS && *outcount == 0) span.found_nothing();
  return rc;
}

int MPI_Barrier(MPI_Comm comm) {
  static const int fn = function_slot("MPI_Barrier");
  Span span(Kind::barrier, fn);
  collective_call(Collective::barrier, comm);
  return PMPI_Barrier(comm);
}

// Collectives; the bytes counted are this rank's contribution.
int MPI_Bcast(void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Bcast");
  Span span(Kind::collective, fn);
  collective_call(Collective::one_to_all, comm, root);
  collective_bytes(count, type);
  return PMPI_Bcast(buffer, count, type, root, comm);
}

int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Reduce");
  Span span(Kind::collective, fn);
  collective_call(Collective::all_to_one, comm, root);
  collective_bytes(count, type);
  return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
}

int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Allreduce");
  Span span(Kind::collective, fn);
  collective_call(Collective::all_to_all, comm);
  collective_bytes(count, type);
  return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
}

int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Gather");
  Span span(Kind::collective, fn);
  collective_call(Collective::all_to_one, comm, root);
  collective_bytes(sendbuf == MPI_IN_PLACE ? recvcount : sendcount, sendbuf == MPI_IN_PLACE ? recvtype : sendtype);
  return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Gatherv");
  Span span(Kind::collective, fn);
  collective_call(Collective::all_to_one, comm, root);
  collective_bytes(sendbuf == MPI_IN_PLACE ? own_count(recvcounts, comm) : sendcount, sendbuf == MPI_IN_PLACE ? recvtype : sendtype);
  return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
}

int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Scatter");
  Span span(Kind::collective, fn);
  collective_call(Collective::one_to_all, comm, root);
  collective_bytes(recvbuf == MPI_IN_PLACE ? sendcount : recvcount, recvbuf == MPI_IN_PLACE ? sendtype : recvtype);
  return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                 void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Scatterv");
  Span span(Kind::collective, fn);
  collective_call(Collective::one_to_all, comm, root);
  collective_bytes(recvbuf == MPI_IN_PLACE ? own_count(sendcounts, comm) : recvcount, recvbuf == MPI_IN_PLACE ? sendtype : recvtype);
  return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Allgather");
  Span span(Kind::collective, fn);
  collective_call(Collective::all_to_all, comm);
  collective_bytes(sendbuf == MPI_IN_PLACE ? recvcount : sendcount, sendbuf == MPI_IN_PLACE ? recvtype : sendtype);
  return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                   const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Allgatherv");
  Span span(Kind::collective, fn);
  collective_call(Collective::all_to_all, comm);
  collective_bytes(sendbuf == MPI_IN_PLACE ? own_count(recvcounts, comm) : sendcount, sendbuf == MPI_IN_PLACE ? recvtype : sendtype);
  return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}

int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Alltoall");
  Span span(Kind::collective, fn);
  collective_call(Collective::all_to_all, comm);
  const int size = scalerun::pmpi::comm_size(comm);
  // In place, the send arguments are ignored: the receive buffer's blocks are the contribution.
  if (sendbuf == MPI_IN_PLACE) collective_bytes(recvcount * size, recvtype);
  else collective_bytes(sendcount * size, sendtype);
  return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                  void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Alltoallv");
  Span span(Kind::collective, fn);
  collective_call(Collective::all_to_all, comm);
  const int size = scalerun::pmpi::comm_size(comm);
  // In place, sendcounts may be null (ignored): the receive counts are the contribution.
  for (int i = 0; i < size; ++i) {
    if (sendbuf == MPI_IN_PLACE) collective_bytes(recvcounts[i], recvtype);
    else collective_bytes(sendcounts[i], sendtype);
  }
  return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
}

int MPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm) {
  static const int fn = function_slot("MPI_Reduce_scatter");
  Span span(Kind::collective, fn);
  collective_call(Collective::all_to_all, comm);
  const int size = scalerun::pmpi::comm_size(comm);
  for (int i = 0; i < size; ++i) collective_bytes(recvcounts[i], type);
  return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm);
}

int MPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                             MPI_Comm comm) {
  static const int fn = function_slot("MPI_Reduce_scatter_block");
  Span span(Kind::collective, fn);
  collective_call(Collective::all_to_all, comm);
  const int size = scalerun::pmpi::comm_size(comm);
  collective_bytes(recvcount * size, type);
  return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm);
}

int MPI_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Scan");
  Span span(Kind::collective, fn);
  collective_bytes(count, type);
  return PMPI_Scan(sendbuf, recvbuf, count, type, op, comm);
}

int MPI_Exscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  static const int fn = function_slot("MPI_Exscan");
  Span span(Kind::collective, fn);
  collective_bytes(count, type);
  return PMPI_Exscan(sendbuf, recvbuf, count, type, op, comm);
}

// Named regions (scalerun_region.h): each thread opens and closes its own (a thread-local stack);
// their totals and values are the rank's, kept under a lock. A region's time is inclusive and
// counted once when it recurses (only its outermost instance adds time); an end that is not the
// innermost open region's is an error, said in the record.
namespace {

std::mutex region_mutex;

std::vector<scalerun::pmpi::RankRecord::OpenRegion>& open_regions() {
  thread_local std::vector<scalerun::pmpi::RankRecord::OpenRegion> open;
  return open;
}

void region_error(scalerun::pmpi::RankRecord& r, std::string what) {
  if (r.region_error.empty()) r.region_error = std::move(what);
}

}  // namespace

void scalerun_region_begin(const char* name) {
  auto& r = record();
  if (!r.active || name == nullptr) return;
  open_regions().push_back({name, now_seconds(), r.mpi_total()});
  const std::lock_guard<std::mutex> lock(region_mutex);
  ++r.regions_open[name];
}

void scalerun_region_end(const char* name) {
  auto& r = record();
  if (!r.active || name == nullptr) return;
  auto& open = open_regions();
  const auto same = [name](const auto& o) { return o.name == name; };
  if (open.empty() || open.back().name != name) {
    const std::lock_guard<std::mutex> lock(region_mutex);
    if (std::any_of(open.begin(), open.end(), same)) {
      region_error(r, std::string("scalerun_end(\"") + name + "\") while region '" + open.back().name +
                          "' inside it is still open (regions must nest)");
    } else {
      region_error(r, std::string("scalerun_end(\"") + name + "\") without its begin");
    }
    return;
  }
  const auto region = open.back();
  open.pop_back();
  const bool outermost = std::none_of(open.begin(), open.end(), same);  // recursion: time counted once
  const double seconds = now_seconds() - region.start, mpi_seconds = r.mpi_total() - region.mpi_at_start;
  const std::lock_guard<std::mutex> lock(region_mutex);
  if (--r.regions_open[region.name] == 0) r.regions_open.erase(region.name);
  auto& totals = r.regions[region.name];
  if (outermost) {
    totals.seconds += seconds;
    totals.mpi_seconds += mpi_seconds;
  }
  ++totals.calls;
}

void scalerun_region_value(const char* name, double value) {
  if (name == nullptr) return;
  const std::lock_guard<std::mutex> lock(region_mutex);
  record().values[name] = value;
}

// Non-blocking collectives: the start is collective time with this rank's bytes, as for the
// blocking ones; its completion is a wait (MPI_Wait*, MPI_Test* above).
int MPI_Ibarrier(MPI_Comm comm, MPI_Request* request) {
  static const int fn = function_slot("MPI_Ibarrier");
  Span span(Kind::collective, fn);
  const int rc = PMPI_Ibarrier(comm, request);
  if (rc == MPI_SUCCESS) scalerun::pmpi::collective_started(*request, Collective::barrier, comm);
  return rc;
}

int MPI_Ibcast(void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request* request) {
  static const int fn = function_slot("MPI_Ibcast");
  Span span(Kind::collective, fn);
  collective_bytes(count, type);
  const int rc = PMPI_Ibcast(buffer, count, type, root, comm, request);
  if (rc == MPI_SUCCESS) scalerun::pmpi::collective_started(*request, Collective::one_to_all, comm, root);
  return rc;
}

int MPI_Ireduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                MPI_Request* request) {
  static const int fn = function_slot("MPI_Ireduce");
  Span span(Kind::collective, fn);
  collective_bytes(count, type);
  const int rc = PMPI_Ireduce(sendbuf, recvbuf, count, type, op, root, comm, request);
  if (rc == MPI_SUCCESS) scalerun::pmpi::collective_started(*request, Collective::all_to_one, comm, root);
  return rc;
}

int MPI_Iallreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                   MPI_Request* request) {
  static const int fn = function_slot("MPI_Iallreduce");
  Span span(Kind::collective, fn);
  collective_bytes(count, type);
  const int rc = PMPI_Iallreduce(sendbuf, recvbuf, count, type, op, comm, request);
  if (rc == MPI_SUCCESS) scalerun::pmpi::collective_started(*request, Collective::all_to_all, comm);
  return rc;
}

int MPI_Iallgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                   MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  static const int fn = function_slot("MPI_Iallgather");
  Span span(Kind::collective, fn);
  collective_bytes(sendbuf == MPI_IN_PLACE ? recvcount : sendcount, sendbuf == MPI_IN_PLACE ? recvtype : sendtype);
  const int rc = PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
  if (rc == MPI_SUCCESS) scalerun::pmpi::collective_started(*request, Collective::all_to_all, comm);
  return rc;
}

int MPI_Ialltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  static const int fn = function_slot("MPI_Ialltoall");
  Span span(Kind::collective, fn);
  const int size = scalerun::pmpi::comm_size(comm);
  // In place, the send arguments are ignored: the receive buffer's blocks are the contribution.
  if (sendbuf == MPI_IN_PLACE) collective_bytes(recvcount * size, recvtype);
  else collective_bytes(sendcount * size, sendtype);
  const int rc = PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
  if (rc == MPI_SUCCESS) scalerun::pmpi::collective_started(*request, Collective::all_to_all, comm);
  return rc;
}

int MPI_Ibsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* req) {
  static const int fn = function_slot("MPI_Ibsend");
  Span span(Kind::point_to_point, fn);
  const int rc = PMPI_Ibsend(buf, count, type, dest, tag, comm, req);
  if (rc == MPI_SUCCESS) scalerun::pmpi::send_started(*req, count, type, dest, tag, comm);
  return rc;
}

int MPI_Irsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* req) {
  static const int fn = function_slot("MPI_Irsend");
  Span span(Kind::point_to_point, fn);
  const int rc = PMPI_Irsend(buf, count, type, dest, tag, comm, req);
  if (rc == MPI_SUCCESS) scalerun::pmpi::send_started(*req, count, type, dest, tag, comm);
  return rc;
}

// Persistent requests: made once, each MPI_Start a message sent or a receive posted.
int MPI_Send_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* req) {
  static const int fn = function_slot("MPI_Send_init");
  Span span(Kind::point_to_point, fn);
  const int rc = PMPI_Send_init(buf, count, type, dest, tag, comm, req);
  if (rc == MPI_SUCCESS) scalerun::pmpi::persistent_send(*req, count, type, dest, tag, comm);
  return rc;
}

int MPI_Ssend_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* req) {
  static const int fn = function_slot("MPI_Ssend_init");
  Span span(Kind::point_to_point, fn);
  const int rc = PMPI_Ssend_init(buf, count, type, dest, tag, comm, req);
  if (rc == MPI_SUCCESS) scalerun::pmpi::persistent_send(*req, count, type, dest, tag, comm);
  return rc;
}

int MPI_Bsend_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* req) {
  static const int fn = function_slot("MPI_Bsend_init");
  Span span(Kind::point_to_point, fn);
  const int rc = PMPI_Bsend_init(buf, count, type, dest, tag, comm, req);
  if (rc == MPI_SUCCESS) scalerun::pmpi::persistent_send(*req, count, type, dest, tag, comm);
  return rc;
}

int MPI_Rsend_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* req) {
  static const int fn = function_slot("MPI_Rsend_init");
  Span span(Kind::point_to_point, fn);
  const int rc = PMPI_Rsend_init(buf, count, type, dest, tag, comm, req);
  if (rc == MPI_SUCCESS) scalerun::pmpi::persistent_send(*req, count, type, dest, tag, comm);
  return rc;
}

int MPI_Recv_init(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request* req) {
  static const int fn = function_slot("MPI_Recv_init");
  Span span(Kind::point_to_point, fn);
  const int rc = PMPI_Recv_init(buf, count, type, source, tag, comm, req);
  if (rc == MPI_SUCCESS) scalerun::pmpi::persistent_receive(*req, comm);
  return rc;
}

int MPI_Start(MPI_Request* request) {
  static const int fn = function_slot("MPI_Start");
  Span span(Kind::point_to_point, fn);
  const int rc = PMPI_Start(request);
  if (rc == MPI_SUCCESS) scalerun::pmpi::started(*request);
  return rc;
}

int MPI_Startall(int count, MPI_Request requests[]) {
  static const int fn = function_slot("MPI_Startall");
  Span span(Kind::point_to_point, fn);
  const int rc = PMPI_Startall(count, requests);
  if (rc == MPI_SUCCESS)
    for (int i = 0; i < count; ++i) scalerun::pmpi::started(requests[i]);
  return rc;
}

// Communicators made by calls collective over a parent: numbered alike on all their ranks, so the
// wait-state analysis can match their messages and collectives across ranks.
int MPI_Comm_dup(MPI_Comm comm, MPI_Comm* newcomm) {
  const int rc = PMPI_Comm_dup(comm, newcomm);
  if (rc == MPI_SUCCESS) comm_created(comm, *newcomm);
  return rc;
}

int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm* newcomm) {
  const int rc = PMPI_Comm_dup_with_info(comm, info, newcomm);
  if (rc == MPI_SUCCESS) comm_created(comm, *newcomm);
  return rc;
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm* newcomm) {
  const int rc = PMPI_Comm_split(comm, color, key, newcomm);
  if (rc == MPI_SUCCESS) comm_created(comm, *newcomm);
  return rc;
}

int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm* newcomm) {
  const int rc = PMPI_Comm_split_type(comm, split_type, key, info, newcomm);
  if (rc == MPI_SUCCESS) comm_created(comm, *newcomm);
  return rc;
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm* newcomm) {
  const int rc = PMPI_Comm_create(comm, group, newcomm);
  if (rc == MPI_SUCCESS) comm_created(comm, *newcomm);
  return rc;
}

int MPI_Cart_create(MPI_Comm comm, int ndims, const int dims[], const int periods[], int reorder, MPI_Comm* newcomm) {
  const int rc = PMPI_Cart_create(comm, ndims, dims, periods, reorder, newcomm);
  if (rc == MPI_SUCCESS) comm_created(comm, *newcomm);
  return rc;
}

int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm* newcomm) {
  const int rc = PMPI_Cart_sub(comm, remain_dims, newcomm);
  if (rc == MPI_SUCCESS) comm_created(comm, *newcomm);
  return rc;
}

int MPI_Graph_create(MPI_Comm comm, int nnodes, const int index[], const int edges[], int reorder, MPI_Comm* newcomm) {
  const int rc = PMPI_Graph_create(comm, nnodes, index, edges, reorder, newcomm);
  if (rc == MPI_SUCCESS) comm_created(comm, *newcomm);
  return rc;
}

int MPI_Dist_graph_create(MPI_Comm comm, int n, const int nodes[], const int degrees[], const int targets[],
                          const int weights[], MPI_Info info, int reorder, MPI_Comm* newcomm) {
  const int rc = PMPI_Dist_graph_create(comm, n, nodes, degrees, targets, weights, info, reorder, newcomm);
  if (rc == MPI_SUCCESS) comm_created(comm, *newcomm);
  return rc;
}

int MPI_Dist_graph_create_adjacent(MPI_Comm comm, int indegree, const int sources[], const int sourceweights[],
                                   int outdegree, const int destinations[], const int destweights[], MPI_Info info,
                                   int reorder, MPI_Comm* newcomm) {
  const int rc = PMPI_Dist_graph_create_adjacent(comm, indegree, sources, sourceweights, outdegree, destinations,
                                                 destweights, info, reorder, newcomm);
  if (rc == MPI_SUCCESS) comm_created(comm, *newcomm);
  return rc;
}

// Made by some of the parent's ranks only (the group's; each side of an intercommunicator):
// numbered by members and tag.
int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm* newcomm) {
  const int rc = PMPI_Comm_create_group(comm, group, tag, newcomm);
  if (rc == MPI_SUCCESS) scalerun::pmpi::comm_created_among(*newcomm, static_cast<std::uint32_t>(tag));
  return rc;
}

int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm bridge_comm, int remote_leader, int tag,
                         MPI_Comm* newintercomm) {
  const int rc = PMPI_Intercomm_create(local_comm, local_leader, bridge_comm, remote_leader, tag, newintercomm);
  if (rc == MPI_SUCCESS) scalerun::pmpi::comm_created_among(*newintercomm, static_cast<std::uint32_t>(tag) ^ 0x9e3779b9U);
  return rc;
}

int MPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm* newintracomm) {
  const int rc = PMPI_Intercomm_merge(intercomm, high, newintracomm);
  if (rc == MPI_SUCCESS) comm_created(intercomm, *newintracomm);
  return rc;
}

// Usable only once its request completes: numbered now, described at first use.
int MPI_Comm_idup(MPI_Comm comm, MPI_Comm* newcomm, MPI_Request* request) {
  const int rc = PMPI_Comm_idup(comm, newcomm, request);
  if (rc == MPI_SUCCESS) scalerun::pmpi::comm_created_later(comm, *newcomm);
  return rc;
}

int MPI_Comm_free(MPI_Comm* comm) {
  scalerun::pmpi::comm_freed(*comm);
  return PMPI_Comm_free(comm);
}

}  // extern "C"
