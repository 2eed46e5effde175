// The MPI families beyond point to point and the blocking collectives (those are in
// interpose.cpp): one-sided communication (windows, their transfers and synchronization: their own
// kind, one_sided), MPI I/O (MPI_File_*: kind io, the I/O overhead seeds 000 and 004 name), the
// neighbourhood collectives and the non-blocking collectives not wrapped there. Each family's
// wrappers are stamped out by one macro from the function's parameter list, so a wrapper cannot
// forget its timing or its bytes. Bytes: what this rank moves as origin of a one-sided call, what
// a read or write moves (from its status where it has one), its contribution to a collective.
// Waiting inside one-sided synchronization and I/O is not split out: their whole time is their
// kind's (primitive time in seed 000's split).

#include <mpi.h>

#include "accounting.hpp"

namespace {

using scalerun::pmpi::bytes_of;
using scalerun::pmpi::Collective;
using scalerun::pmpi::comm_rank;
using scalerun::pmpi::comm_size;
using scalerun::pmpi::function_slot;
using scalerun::pmpi::Kind;
using scalerun::pmpi::Span;

// The neighbours a rank of a topology sends to (0 without a topology).
int out_degree(MPI_Comm comm) {
  int kind = MPI_UNDEFINED;
  PMPI_Topo_test(comm, &kind);
  if (kind == MPI_CART) {
    // Two per dimension, less those off the edge of a non-periodic one (MPI_PROC_NULL: no message).
    int dims = 0, degree = 0;
    PMPI_Cartdim_get(comm, &dims);
    for (int d = 0; d < dims; ++d) {
      int below = MPI_PROC_NULL, above = MPI_PROC_NULL;
      PMPI_Cart_shift(comm, d, 1, &below, &above);
      degree += (below != MPI_PROC_NULL ? 1 : 0) + (above != MPI_PROC_NULL ? 1 : 0);
    }
    return degree;
  }
  if (kind == MPI_GRAPH) {
    int rank = 0, n = 0;
    PMPI_Comm_rank(comm, &rank);
    PMPI_Graph_neighbors_count(comm, rank, &n);
    return n;
  }
  if (kind == MPI_DIST_GRAPH) {
    int in = 0, out = 0, weighted = 0;
    PMPI_Dist_graph_neighbors_count(comm, &in, &out, &weighted);
    return out;
  }
  return 0;
}

int sum_of(const int counts[], int n) {
  int total = 0;
  for (int i = 0; i < n; ++i) total += counts[i];
  return total;
}

// Bytes of per-destination counts each with its own datatype (the *w collectives).
double typed_sum(const int counts[], const MPI_Datatype types[], int n) {
  double total = 0;
  for (int i = 0; i < n; ++i) {
    int size = 0;
    if (counts[i] > 0 && PMPI_Type_size(types[i], &size) == MPI_SUCCESS) total += static_cast<double>(counts[i]) * size;
  }
  return total;
}

// A read or write's bytes: from its status (a read can stop short at the end of the file, even
// part-way through an element of a derived type).
void io_done(const MPI_Status& status) {
  scalerun::pmpi::io_raw_bytes(scalerun::pmpi::status_bytes(status));
}

}  // namespace

// A wrapper: NAME's parameters and arguments, its kind, and what it does before and after calling
// PNAME (`rc` is PNAME's result).
#define SCALERUN_WRAP(NAME, KIND, PARAMS, ARGS, BEFORE, AFTER) \
  int NAME PARAMS {                                            \
    static const int fn = function_slot(#NAME);                \
    Span span(Kind::KIND, fn);                                 \
    BEFORE;                                                    \
    const int rc = P##NAME ARGS;                               \
    AFTER;                                                     \
    return rc;                                                 \
  }

// A call with nothing to count but its time.
#define SCALERUN_TIMED(NAME, KIND, PARAMS, ARGS) SCALERUN_WRAP(NAME, KIND, PARAMS, ARGS, (void)0, (void)0)

// One-sided transfers: this rank's origin buffer (none to MPI_PROC_NULL, which moves nothing).
#define SCALERUN_RMA(NAME, PARAMS, ARGS, COUNT, TYPE) \
  SCALERUN_WRAP(NAME, one_sided, PARAMS, ARGS,        \
                scalerun::pmpi::one_sided_bytes(target_rank == MPI_PROC_NULL ? 0 : (COUNT), TYPE), (void)0)

// Reads and writes with a status: the bytes it reports.
#define SCALERUN_IO(NAME, PARAMS, ARGS)                                                            \
  SCALERUN_WRAP(NAME, io, PARAMS, ARGS, MPI_Status own; MPI_Status* const s = status == MPI_STATUS_IGNORE ? &own : status, \
                if (rc == MPI_SUCCESS) io_done(*s))

// Non-blocking reads and writes: the bytes asked for.
#define SCALERUN_IIO(NAME, PARAMS, ARGS) \
  SCALERUN_WRAP(NAME, io, PARAMS, ARGS, scalerun::pmpi::io_bytes(count, datatype), (void)0)

// Collectives: this rank's contribution, the blocking ones' shape for the wait-state analysis,
// and for the non-blocking ones the start it pairs with the wait that completes it.
#define SCALERUN_COLLECTIVE(NAME, PARAMS, ARGS, BYTES, ...)                                              \
  SCALERUN_WRAP(NAME, collective, PARAMS, ARGS,                                                           \
                (scalerun::pmpi::collective_raw_bytes(BYTES), scalerun::pmpi::collective_call(__VA_ARGS__)), \
                (void)0)
#define SCALERUN_ICOLLECTIVE(NAME, PARAMS, ARGS, BYTES, ...)                                           \
  SCALERUN_WRAP(NAME, collective, PARAMS, ARGS, scalerun::pmpi::collective_raw_bytes(BYTES),            \
                (rc == MPI_SUCCESS ? scalerun::pmpi::collective_started(*request, __VA_ARGS__) : void()))

extern "C" {

// One-sided transfers.
SCALERUN_RMA(MPI_Put, (const void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                       MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win),
             (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win),
             origin_count, origin_datatype)
SCALERUN_RMA(MPI_Get, (void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                       MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win),
             (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win),
             origin_count, origin_datatype)
SCALERUN_RMA(MPI_Accumulate, (const void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                              MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op,
                              MPI_Win win),
             (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op,
              win),
             origin_count, origin_datatype)
SCALERUN_RMA(MPI_Get_accumulate, (const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                                  void* result_addr, int result_count, MPI_Datatype result_datatype, int target_rank,
                                  MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op,
                                  MPI_Win win),
             (origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank,
              target_disp, target_count, target_datatype, op, win),
             origin_count, origin_datatype)
SCALERUN_RMA(MPI_Fetch_and_op, (const void* origin_addr, void* result_addr, MPI_Datatype datatype, int target_rank,
                                MPI_Aint target_disp, MPI_Op op, MPI_Win win),
             (origin_addr, result_addr, datatype, target_rank, target_disp, op, win), 1, datatype)
SCALERUN_RMA(MPI_Compare_and_swap, (const void* origin_addr, const void* compare_addr, void* result_addr,
                                    MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win),
             (origin_addr, compare_addr, result_addr, datatype, target_rank, target_disp, win), 1, datatype)
SCALERUN_RMA(MPI_Rput, (const void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                        MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win,
                        MPI_Request* request),
             (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win,
              request),
             origin_count, origin_datatype)
SCALERUN_RMA(MPI_Rget, (void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                        MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win,
                        MPI_Request* request),
             (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win,
              request),
             origin_count, origin_datatype)
SCALERUN_RMA(MPI_Raccumulate, (const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                               int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
                               MPI_Op op, MPI_Win win, MPI_Request* request),
             (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op,
              win, request),
             origin_count, origin_datatype)
SCALERUN_RMA(MPI_Rget_accumulate, (const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                                   void* result_addr, int result_count, MPI_Datatype result_datatype, int target_rank,
                                   MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op,
                                   MPI_Win win, MPI_Request* request),
             (origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank,
              target_disp, target_count, target_datatype, op, win, request),
             origin_count, origin_datatype)

// Windows and their synchronization.
SCALERUN_TIMED(MPI_Win_fence, one_sided, (int assert, MPI_Win win), (assert, win))
SCALERUN_TIMED(MPI_Win_lock, one_sided, (int lock_type, int rank, int assert, MPI_Win win),
               (lock_type, rank, assert, win))
SCALERUN_TIMED(MPI_Win_unlock, one_sided, (int rank, MPI_Win win), (rank, win))
SCALERUN_TIMED(MPI_Win_lock_all, one_sided, (int assert, MPI_Win win), (assert, win))
SCALERUN_TIMED(MPI_Win_unlock_all, one_sided, (MPI_Win win), (win))
SCALERUN_TIMED(MPI_Win_flush, one_sided, (int rank, MPI_Win win), (rank, win))
SCALERUN_TIMED(MPI_Win_flush_all, one_sided, (MPI_Win win), (win))
SCALERUN_TIMED(MPI_Win_flush_local, one_sided, (int rank, MPI_Win win), (rank, win))
SCALERUN_TIMED(MPI_Win_flush_local_all, one_sided, (MPI_Win win), (win))
SCALERUN_TIMED(MPI_Win_sync, one_sided, (MPI_Win win), (win))
SCALERUN_TIMED(MPI_Win_start, one_sided, (MPI_Group group, int assert, MPI_Win win), (group, assert, win))
SCALERUN_TIMED(MPI_Win_complete, one_sided, (MPI_Win win), (win))
SCALERUN_TIMED(MPI_Win_post, one_sided, (MPI_Group group, int assert, MPI_Win win), (group, assert, win))
SCALERUN_TIMED(MPI_Win_wait, one_sided, (MPI_Win win), (win))
SCALERUN_TIMED(MPI_Win_test, one_sided, (MPI_Win win, int* flag), (win, flag))
SCALERUN_TIMED(MPI_Win_create, one_sided,
               (void* base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win* win),
               (base, size, disp_unit, info, comm, win))
SCALERUN_TIMED(MPI_Win_allocate, one_sided,
               (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* baseptr, MPI_Win* win),
               (size, disp_unit, info, comm, baseptr, win))
SCALERUN_TIMED(MPI_Win_allocate_shared, one_sided,
               (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* baseptr, MPI_Win* win),
               (size, disp_unit, info, comm, baseptr, win))
SCALERUN_TIMED(MPI_Win_create_dynamic, one_sided, (MPI_Info info, MPI_Comm comm, MPI_Win* win), (info, comm, win))
SCALERUN_TIMED(MPI_Win_free, one_sided, (MPI_Win* win), (win))

// I/O.
SCALERUN_TIMED(MPI_File_open, io, (MPI_Comm comm, const char* filename, int amode, MPI_Info info, MPI_File* fh),
               (comm, filename, amode, info, fh))
SCALERUN_TIMED(MPI_File_close, io, (MPI_File* fh), (fh))
SCALERUN_TIMED(MPI_File_delete, io, (const char* filename, MPI_Info info), (filename, info))
SCALERUN_TIMED(MPI_File_set_size, io, (MPI_File fh, MPI_Offset size), (fh, size))
SCALERUN_TIMED(MPI_File_preallocate, io, (MPI_File fh, MPI_Offset size), (fh, size))
SCALERUN_TIMED(MPI_File_set_view, io,
               (MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype, const char* datarep,
                MPI_Info info),
               (fh, disp, etype, filetype, datarep, info))
SCALERUN_TIMED(MPI_File_seek, io, (MPI_File fh, MPI_Offset offset, int whence), (fh, offset, whence))
SCALERUN_TIMED(MPI_File_sync, io, (MPI_File fh), (fh))
SCALERUN_IO(MPI_File_read_at, (MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype datatype,
                               MPI_Status* status),
            (fh, offset, buf, count, datatype, s))
SCALERUN_IO(MPI_File_read_at_all, (MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype datatype,
                                   MPI_Status* status),
            (fh, offset, buf, count, datatype, s))
SCALERUN_IO(MPI_File_write_at, (MPI_File fh, MPI_Offset offset, const void* buf, int count, MPI_Datatype datatype,
                                MPI_Status* status),
            (fh, offset, buf, count, datatype, s))
SCALERUN_IO(MPI_File_write_at_all, (MPI_File fh, MPI_Offset offset, const void* buf, int count,
                                    MPI_Datatype datatype, MPI_Status* status),
            (fh, offset, buf, count, datatype, s))
SCALERUN_IO(MPI_File_read, (MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Status* status),
            (fh, buf, count, datatype, s))
SCALERUN_IO(MPI_File_read_all, (MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Status* status),
            (fh, buf, count, datatype, s))
SCALERUN_IO(MPI_File_write, (MPI_File fh, const void* buf, int count, MPI_Datatype datatype, MPI_Status* status),
            (fh, buf, count, datatype, s))
SCALERUN_IO(MPI_File_write_all, (MPI_File fh, const void* buf, int count, MPI_Datatype datatype, MPI_Status* status),
            (fh, buf, count, datatype, s))
SCALERUN_IO(MPI_File_read_shared, (MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Status* status),
            (fh, buf, count, datatype, s))
SCALERUN_IO(MPI_File_write_shared, (MPI_File fh, const void* buf, int count, MPI_Datatype datatype,
                                    MPI_Status* status),
            (fh, buf, count, datatype, s))
SCALERUN_IO(MPI_File_read_ordered, (MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Status* status),
            (fh, buf, count, datatype, s))
SCALERUN_IO(MPI_File_write_ordered, (MPI_File fh, const void* buf, int count, MPI_Datatype datatype,
                                     MPI_Status* status),
            (fh, buf, count, datatype, s))
SCALERUN_IIO(MPI_File_iread_at, (MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype datatype,
                                 MPI_Request* request),
             (fh, offset, buf, count, datatype, request))
SCALERUN_IIO(MPI_File_iwrite_at, (MPI_File fh, MPI_Offset offset, const void* buf, int count, MPI_Datatype datatype,
                                  MPI_Request* request),
             (fh, offset, buf, count, datatype, request))
SCALERUN_IIO(MPI_File_iread, (MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Request* request),
             (fh, buf, count, datatype, request))
SCALERUN_IIO(MPI_File_iwrite, (MPI_File fh, const void* buf, int count, MPI_Datatype datatype, MPI_Request* request),
             (fh, buf, count, datatype, request))
SCALERUN_IIO(MPI_File_iread_shared, (MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Request* request),
             (fh, buf, count, datatype, request))
SCALERUN_IIO(MPI_File_iwrite_shared, (MPI_File fh, const void* buf, int count, MPI_Datatype datatype,
                                      MPI_Request* request),
             (fh, buf, count, datatype, request))

// Neighbourhood collectives: this rank's part, once per neighbour it sends to.
SCALERUN_COLLECTIVE(MPI_Neighbor_allgather, (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                             int recvcount, MPI_Datatype recvtype, MPI_Comm comm),
                    (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm),
                    bytes_of(sendcount, sendtype) * out_degree(comm), Collective::other, comm)
SCALERUN_COLLECTIVE(MPI_Neighbor_allgatherv, (const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                              void* recvbuf, const int recvcounts[], const int displs[],
                                              MPI_Datatype recvtype, MPI_Comm comm),
                    (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm),
                    bytes_of(sendcount, sendtype) * out_degree(comm), Collective::other, comm)
SCALERUN_COLLECTIVE(MPI_Neighbor_alltoall, (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm),
                    (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm),
                    bytes_of(sendcount, sendtype) * out_degree(comm), Collective::other, comm)
SCALERUN_COLLECTIVE(MPI_Neighbor_alltoallv, (const void* sendbuf, const int sendcounts[], const int sdispls[],
                                             MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                                             const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm),
                    (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm),
                    bytes_of(sum_of(sendcounts, out_degree(comm)), sendtype), Collective::other, comm)
SCALERUN_COLLECTIVE(MPI_Neighbor_alltoallw, (const void* sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                             const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                                             const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm),
                    (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm),
                    typed_sum(sendcounts, sendtypes, out_degree(comm)), Collective::other, comm)
SCALERUN_COLLECTIVE(MPI_Alltoallw, (const void* sendbuf, const int sendcounts[], const int sdispls[],
                                    const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                                    const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm),
                    (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm),
                    sendbuf == MPI_IN_PLACE ? typed_sum(recvcounts, recvtypes, comm_size(comm))
                                            : typed_sum(sendcounts, sendtypes, comm_size(comm)),
                    Collective::all_to_all, comm)

// Non-blocking collectives (barrier, bcast, reduce, allreduce, allgather and alltoall are in
// interpose.cpp).
SCALERUN_ICOLLECTIVE(MPI_Igather, (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                   int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request),
                     (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request),
                     sendbuf == MPI_IN_PLACE ? bytes_of(recvcount, recvtype) : bytes_of(sendcount, sendtype),
                     Collective::all_to_one, comm, root)
SCALERUN_ICOLLECTIVE(MPI_Igatherv, (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                    const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                                    MPI_Comm comm, MPI_Request* request),
                     (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, request),
                     sendbuf == MPI_IN_PLACE ? bytes_of(recvcounts[comm_rank(comm)], recvtype) : bytes_of(sendcount, sendtype),
                     Collective::all_to_one, comm, root)
SCALERUN_ICOLLECTIVE(MPI_Iscatter, (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                    int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                    MPI_Request* request),
                     (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request),
                     recvbuf == MPI_IN_PLACE ? bytes_of(sendcount, sendtype) : bytes_of(recvcount, recvtype),
                     Collective::one_to_all, comm, root)
SCALERUN_ICOLLECTIVE(MPI_Iscatterv, (const void* sendbuf, const int sendcounts[], const int displs[],
                                     MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                                     int root, MPI_Comm comm, MPI_Request* request),
                     (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, request),
                     recvbuf == MPI_IN_PLACE ? bytes_of(sendcounts[comm_rank(comm)], sendtype) : bytes_of(recvcount, recvtype),
                     Collective::one_to_all, comm, root)
SCALERUN_ICOLLECTIVE(MPI_Iallgatherv, (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                       const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                       MPI_Comm comm, MPI_Request* request),
                     (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request),
                     sendbuf == MPI_IN_PLACE ? bytes_of(recvcounts[comm_rank(comm)], recvtype) : bytes_of(sendcount, sendtype),
                     Collective::all_to_all, comm)
SCALERUN_ICOLLECTIVE(MPI_Ialltoallv, (const void* sendbuf, const int sendcounts[], const int sdispls[],
                                      MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                                      const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                      MPI_Request* request),
                     (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request),
                     sendbuf == MPI_IN_PLACE ? bytes_of(sum_of(recvcounts, comm_size(comm)), recvtype)
                                             : bytes_of(sum_of(sendcounts, comm_size(comm)), sendtype),
                     Collective::all_to_all, comm)
SCALERUN_ICOLLECTIVE(MPI_Ialltoallw, (const void* sendbuf, const int sendcounts[], const int sdispls[],
                                      const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                                      const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                      MPI_Request* request),
                     (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request),
                     sendbuf == MPI_IN_PLACE ? typed_sum(recvcounts, recvtypes, comm_size(comm))
                                             : typed_sum(sendcounts, sendtypes, comm_size(comm)),
                     Collective::all_to_all, comm)
SCALERUN_ICOLLECTIVE(MPI_Ireduce_scatter, (const void* sendbuf, void* recvbuf, const int recvcounts[],
                                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request* request),
                     (sendbuf, recvbuf, recvcounts, datatype, op, comm, request),
                     bytes_of(sum_of(recvcounts, comm_size(comm)), datatype), Collective::all_to_all, comm)
SCALERUN_ICOLLECTIVE(MPI_Ireduce_scatter_block, (const void* sendbuf, void* recvbuf, int recvcount,
                                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                 MPI_Request* request),
                     (sendbuf, recvbuf, recvcount, datatype, op, comm, request),
                     bytes_of(recvcount, datatype) * comm_size(comm), Collective::all_to_all, comm)
SCALERUN_ICOLLECTIVE(MPI_Iscan, (const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                 MPI_Comm comm, MPI_Request* request),
                     (sendbuf, recvbuf, count, datatype, op, comm, request), bytes_of(count, datatype),
                     Collective::other, comm)
SCALERUN_ICOLLECTIVE(MPI_Iexscan, (const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                   MPI_Comm comm, MPI_Request* request),
                     (sendbuf, recvbuf, count, datatype, op, comm, request), bytes_of(count, datatype),
                     Collective::other, comm)
SCALERUN_ICOLLECTIVE(MPI_Ineighbor_allgather, (const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                               void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                               MPI_Request* request),
                     (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request),
                     bytes_of(sendcount, sendtype) * out_degree(comm), Collective::other, comm)
SCALERUN_ICOLLECTIVE(MPI_Ineighbor_alltoall, (const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                              void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                              MPI_Request* request),
                     (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request),
                     bytes_of(sendcount, sendtype) * out_degree(comm), Collective::other, comm)

SCALERUN_ICOLLECTIVE(MPI_Ineighbor_allgatherv, (const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                                void* recvbuf, const int recvcounts[], const int displs[],
                                                MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request),
                     (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request),
                     bytes_of(sendcount, sendtype) * out_degree(comm), Collective::other, comm)
SCALERUN_ICOLLECTIVE(MPI_Ineighbor_alltoallv, (const void* sendbuf, const int sendcounts[], const int sdispls[],
                                               MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                                               const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                               MPI_Request* request),
                     (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request),
                     bytes_of(sum_of(sendcounts, out_degree(comm)), sendtype), Collective::other, comm)
SCALERUN_ICOLLECTIVE(MPI_Ineighbor_alltoallw, (const void* sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                               const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                                               const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                               MPI_Request* request),
                     (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request),
                     typed_sum(sendcounts, sendtypes, out_degree(comm)), Collective::other, comm)

// Split collective I/O: the bytes when the end's status reports them; non-blocking collective
// I/O: the bytes asked for.
SCALERUN_TIMED(MPI_File_read_all_begin, io, (MPI_File fh, void* buf, int count, MPI_Datatype datatype),
               (fh, buf, count, datatype))
SCALERUN_TIMED(MPI_File_write_all_begin, io, (MPI_File fh, const void* buf, int count, MPI_Datatype datatype),
               (fh, buf, count, datatype))
SCALERUN_TIMED(MPI_File_read_at_all_begin, io,
               (MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype datatype),
               (fh, offset, buf, count, datatype))
SCALERUN_TIMED(MPI_File_write_at_all_begin, io,
               (MPI_File fh, MPI_Offset offset, const void* buf, int count, MPI_Datatype datatype),
               (fh, offset, buf, count, datatype))
SCALERUN_TIMED(MPI_File_read_ordered_begin, io, (MPI_File fh, void* buf, int count, MPI_Datatype datatype),
               (fh, buf, count, datatype))
SCALERUN_TIMED(MPI_File_write_ordered_begin, io, (MPI_File fh, const void* buf, int count, MPI_Datatype datatype),
               (fh, buf, count, datatype))
#define SCALERUN_IO_END(NAME, BUF) SCALERUN_IO(NAME, (MPI_File fh, BUF buf, MPI_Status* status), (fh, buf, s))
SCALERUN_IO_END(MPI_File_read_all_end, void*)
SCALERUN_IO_END(MPI_File_write_all_end, const void*)
SCALERUN_IO_END(MPI_File_read_at_all_end, void*)
SCALERUN_IO_END(MPI_File_write_at_all_end, const void*)
SCALERUN_IO_END(MPI_File_read_ordered_end, void*)
SCALERUN_IO_END(MPI_File_write_ordered_end, const void*)
SCALERUN_IIO(MPI_File_iread_all, (MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Request* request),
             (fh, buf, count, datatype, request))
SCALERUN_IIO(MPI_File_iwrite_all, (MPI_File fh, const void* buf, int count, MPI_Datatype datatype,
                                   MPI_Request* request),
             (fh, buf, count, datatype, request))
SCALERUN_IIO(MPI_File_iread_at_all, (MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype datatype,
                                     MPI_Request* request),
             (fh, offset, buf, count, datatype, request))
SCALERUN_IIO(MPI_File_iwrite_at_all, (MPI_File fh, MPI_Offset offset, const void* buf, int count,
                                      MPI_Datatype datatype, MPI_Request* request),
             (fh, offset, buf, count, datatype, request))

}  // extern "C"
