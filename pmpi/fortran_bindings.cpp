// The Fortran entry points scalerun times, for programs that call MPI from Fortran (mpif.h,
// `use mpi`, `use mpi_f08`). Open MPI's Fortran bindings call the C profiling names (PMPI_Send)
// directly, so the C wrappers of interpose.cpp never see a Fortran call: without these, a Fortran
// rank never reaches the wrapped MPI_Init or MPI_Finalize and writes no record.
//
// Each wrapper does the accounting the C wrapper of the same call does (accounting.hpp), with the
// Fortran handles converted to C ones (MPI_Comm_f2c, MPI_Type_f2c, MPI_Request_f2c,
// MPI_Message_f2c, MPI_Status_f2c), and then calls the MPI's own Fortran profiling entry point of
// the same spelling (pmpi_send_ for mpi_send_, PMPI_SEND for MPI_SEND, pmpi_send_f08_ for
// mpi_send_f08_). It calls the Fortran profiling symbol rather than the C function because the
// MPI's Fortran layer does the argument handling this file should not redo (MPI_IN_PLACE and
// MPI_BOTTOM sentinels, logicals, status conversion, f08's optional ierror): the wrapper only
// reads arguments and passes all of them through unchanged. The symbol is found once, at the
// first call, with dlsym(RTLD_NEXT), so a program without Fortran never needs the MPI's Fortran
// libraries; a missing one ends the job with one line on stderr and MPI_Abort.
//
// Spellings: every call is defined as mpi_x, mpi_x_, mpi_x__, MPI_X (the Fortran 77 manglings
// compilers use; Open MPI exports all four) and mpi_x_f08_ (Open MPI's `use mpi_f08` names).
// Covered: MPI_Init, MPI_Init_thread, MPI_Finalize, MPI_Abort; MPI_Send, MPI_Ssend, MPI_Bsend,
// MPI_Rsend, MPI_Recv, MPI_Sendrecv, MPI_Sendrecv_replace, MPI_Isend, MPI_Issend, MPI_Ibsend,
// MPI_Irsend, MPI_Irecv; MPI_Probe, MPI_Iprobe, MPI_Mprobe, MPI_Improbe, MPI_Mrecv, MPI_Imrecv;
// persistent MPI_Send_init, MPI_Ssend_init, MPI_Bsend_init, MPI_Rsend_init, MPI_Recv_init,
// MPI_Start, MPI_Startall; MPI_Request_free; MPI_Wait, MPI_Waitall, MPI_Waitany, MPI_Waitsome,
// MPI_Test, MPI_Testall, MPI_Testany, MPI_Testsome (a cancelled receive they complete moved no
// message); MPI_Barrier, MPI_Bcast, MPI_Reduce, MPI_Allreduce, MPI_Gather(v), MPI_Scatter(v),
// MPI_Allgather(v), MPI_Alltoall(v), MPI_Reduce_scatter(_block), MPI_Scan, MPI_Exscan; the
// non-blocking collectives the C side times (MPI_Ibarrier, MPI_Ibcast, MPI_Ireduce,
// MPI_Iallreduce, MPI_Iallgather, MPI_Ialltoall); MPI_Comm_dup(_with_info), MPI_Comm_split(_type),
// MPI_Comm_create, MPI_Cart_create, MPI_Cart_sub, MPI_Comm_free. As on the C side, calls not
// listed count as busy time.
//
// Where the program passes MPI_STATUS_IGNORE or MPI_STATUSES_IGNORE (MPI_F_STATUS_IGNORE and
// MPI_F_STATUSES_IGNORE in C), the MPI is handed statuses of the wrapper's own, so the size of a
// message received can still be read. Indices returned by MPI_Waitany, MPI_Testany, MPI_Waitsome
// and MPI_Testsome count from 1 in Fortran.
//
// An MPI whose Fortran layer calls the C names (MPI_Send, not PMPI_Send) would reach the C
// wrappers as well and count every call twice: when the Fortran MPI_Init is seen to reach the C
// MPI_Init wrapper, every Fortran wrapper only forwards from then on.

#include <dlfcn.h>
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "accounting.hpp"

namespace {

using scalerun::pmpi::Collective;
using scalerun::pmpi::collective_bytes;
using scalerun::pmpi::collective_call;
using scalerun::pmpi::comm_created;
using scalerun::pmpi::completed;
using scalerun::pmpi::Kind;
using scalerun::pmpi::posted;
using scalerun::pmpi::received;
using scalerun::pmpi::record;
using scalerun::pmpi::sent;
using scalerun::pmpi::Span;

// Set at MPI_Init when the MPI's Fortran layer calls the C names, which the C wrappers time.
bool c_wrappers_see_fortran = false;

// The MPI's entry point the wrapper `wrapper` forwards to: its profiling entry `name` (Open MPI's
// pmpi_x_, pmpi_x_f08_), else MPICH's spelling of it for mpi_f08 (pmpir_x_f08_), else the MPI's
// own `wrapper` itself (the call then goes unmeasured, but the program runs as it would without
// scalerun). Only a call with no entry at all ends the program, with one line.
template <class Fn>
Fn* next_entry(const char* name, const char* wrapper) {
  void* symbol = dlsym(RTLD_NEXT, name);
  if (symbol == nullptr && std::strncmp(name, "pmpi_", 5) == 0) {
    const std::string mpich = std::string("pmpir_") + (name + 5);
    symbol = dlsym(RTLD_NEXT, mpich.c_str());
  }
  if (symbol == nullptr) symbol = dlsym(RTLD_NEXT, wrapper);
  if (symbol == nullptr) {
    std::fprintf(stderr, "scalerun_pmpi: the MPI library has no Fortran entry point %s to forward %s to\n", name,
                 wrapper);
    MPI_Abort(MPI_COMM_WORLD, 1);
    std::abort();  // MPI_Abort does not return; if it does, no call goes on without its MPI
  }
  return reinterpret_cast<Fn*>(symbol);
}

// A Fortran status is MPI_STATUS_SIZE integers (in mpi_f08 a TYPE(MPI_Status) of the same size).
constexpr std::size_t kStatusInts = sizeof(MPI_Status) / sizeof(MPI_Fint);

MPI_Comm comm_of(const MPI_Fint* f) { return PMPI_Comm_f2c(*f); }
MPI_Datatype type_of(const MPI_Fint* f) { return PMPI_Type_f2c(*f); }
MPI_Request request_of(const MPI_Fint* f) { return PMPI_Request_f2c(*f); }
MPI_Message message_of(const MPI_Fint* f) { return PMPI_Message_f2c(*f); }

// The C handles of `count` Fortran requests.
std::vector<MPI_Request> requests_of(const MPI_Fint* f, MPI_Fint count) {
  std::vector<MPI_Request> requests(static_cast<std::size_t>(count > 0 ? count : 0));
  for (std::size_t i = 0; i < requests.size(); ++i) requests[i] = request_of(f + i);
  return requests;
}

// Whether a Fortran buffer argument is MPI_IN_PLACE. Fortran passes it by reference to a variable
// of the MPI's own: Open MPI's common block mpi_fortran_in_place (in each name mangling), MPICH's
// variable whose address MPIR_F_MPI_IN_PLACE holds (f77) or MPIR_F08_MPI_IN_PLACE itself (f08).
bool is_fortran_in_place(const void* buf) {
  static const std::vector<const void*> fixed = [] {
    std::vector<const void*> addresses;
    for (const char* name : {"mpi_fortran_in_place", "mpi_fortran_in_place_", "mpi_fortran_in_place__",
                             "MPI_FORTRAN_IN_PLACE", "MPIR_F08_MPI_IN_PLACE"}) {
      if (const void* address = dlsym(RTLD_DEFAULT, name)) addresses.push_back(address);
    }
    return addresses;
  }();
  if (std::find(fixed.begin(), fixed.end(), buf) != fixed.end()) return true;
  static void* const* const mpich = static_cast<void* const*>(dlsym(RTLD_DEFAULT, "MPIR_F_MPI_IN_PLACE"));
  return mpich != nullptr && *mpich != nullptr && *mpich == buf;
}

// This rank's entry of a Fortran per-rank count array.
int own_entry(const MPI_Fint* counts, const MPI_Fint* comm) { return counts[scalerun::pmpi::comm_rank(comm_of(comm))]; }

int size_of(const MPI_Fint* comm) { return scalerun::pmpi::comm_size(comm_of(comm)); }

// A call's ierror: mpi_f08 passes none (a null pointer) when the program leaves it out, and the
// wrapper still needs the call's result.
class Ierror {
 public:
  explicit Ierror(MPI_Fint* given) : p_(given != nullptr ? given : &own_) {}
  Ierror(const Ierror&) = delete;
  Ierror& operator=(const Ierror&) = delete;
  MPI_Fint* get() { return p_; }
  bool ok() const { return *p_ == MPI_SUCCESS; }

 private:
  MPI_Fint own_ = MPI_SUCCESS;
  MPI_Fint* p_;
};

// Statuses the MPI fills in: the program's, or the wrapper's own where it passed MPI_STATUS_IGNORE
// or MPI_STATUSES_IGNORE.
class Statuses {
 public:
  // One status.
  explicit Statuses(MPI_Fint* given) : Statuses(given, MPI_F_STATUS_IGNORE, 1) {}
  // An array of `count`.
  Statuses(MPI_Fint* given, MPI_Fint count) : Statuses(given, MPI_F_STATUSES_IGNORE, count) {}
  Statuses(const Statuses&) = delete;
  Statuses& operator=(const Statuses&) = delete;
  MPI_Fint* get() { return f_; }
  // The i-th status, in C.
  MPI_Status operator[](int i) const {
    MPI_Status status{};
    PMPI_Status_f2c(f_ + static_cast<std::size_t>(i) * kStatusInts, &status);
    return status;
  }

 private:
  Statuses(MPI_Fint* given, const MPI_Fint* ignore, MPI_Fint count) : f_(given) {
    if (given != ignore) return;
    own_.resize(static_cast<std::size_t>(count > 1 ? count : 1) * kStatusInts);
    f_ = own_.data();
  }
  std::vector<MPI_Fint> own_;
  MPI_Fint* f_;
};

bool is_true(const MPI_Fint* logical) { return *logical != 0; }  // a Fortran LOGICAL

// What each call does around the MPI's own entry point `next` (named as the calls, in a namespace
// of their own, clear of the C library's abort, wait, send ...).
namespace wrap {

// Start and end.
template <class Fn>
void init(Fn* next, MPI_Fint* ierr) {
  Ierror e(ierr);
  next(e.get());
  // The MPI's Fortran MPI_Init reached the C wrapper: the C wrappers time every Fortran call.
  if (record().active) {
    c_wrappers_see_fortran = true;
    return;
  }
  scalerun::pmpi::mpi_started(*e.get());
}

template <class Fn>
void init_thread(Fn* next, MPI_Fint* required, MPI_Fint* provided, MPI_Fint* ierr) {
  Ierror e(ierr);
  next(required, provided, e.get());
  if (record().active) {
    c_wrappers_see_fortran = true;
    return;
  }
  record().thread_multiple = e.ok() && *provided == MPI_THREAD_MULTIPLE;  // what the MPI gave
  scalerun::pmpi::mpi_started(*e.get());
}

template <class Fn>
void finalize(Fn* next, MPI_Fint* ierr) {
  scalerun::pmpi::mpi_ending("finalize", 0);
  next(ierr);
}

template <class Fn>
void abort(Fn* next, MPI_Fint* comm, MPI_Fint* errorcode, MPI_Fint* ierr) {
  scalerun::pmpi::mpi_ending("abort", *errorcode);
  next(comm, errorcode, ierr);
}

// Point to point (MPI_Send, MPI_Ssend, MPI_Bsend, MPI_Rsend).
template <class Fn>
void send(Fn* next, void* buf, MPI_Fint* count, MPI_Fint* type, MPI_Fint* dest, MPI_Fint* tag, MPI_Fint* comm,
          MPI_Fint* ierr) {
  Span span(Kind::point_to_point);
  sent(*count, type_of(type), *dest, *tag, comm_of(comm));
  next(buf, count, type, dest, tag, comm, ierr);
}

template <class Fn>
void recv(Fn* next, void* buf, MPI_Fint* count, MPI_Fint* type, MPI_Fint* source, MPI_Fint* tag, MPI_Fint* comm,
          MPI_Fint* status, MPI_Fint* ierr) {
  Span span(Kind::point_to_point);
  Statuses s(status);
  Ierror e(ierr);
  next(buf, count, type, source, tag, comm, s.get(), e.get());
  if (e.ok()) received(s[0], comm_of(comm));
}

template <class Fn>
void sendrecv(Fn* next, void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, MPI_Fint* dest, MPI_Fint* sendtag,
              void* recvbuf, MPI_Fint* recvcount, MPI_Fint* recvtype, MPI_Fint* source, MPI_Fint* recvtag,
              MPI_Fint* comm, MPI_Fint* status, MPI_Fint* ierr) {
  Span span(Kind::point_to_point);
  Statuses s(status);
  Ierror e(ierr);
  sent(*sendcount, type_of(sendtype), *dest, *sendtag, comm_of(comm));
  next(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm, s.get(),
       e.get());
  if (e.ok()) received(s[0], comm_of(comm));
}

template <class Fn>
void sendrecv_replace(Fn* next, void* buf, MPI_Fint* count, MPI_Fint* type, MPI_Fint* dest, MPI_Fint* sendtag,
                      MPI_Fint* source, MPI_Fint* recvtag, MPI_Fint* comm, MPI_Fint* status, MPI_Fint* ierr) {
  Span span(Kind::point_to_point);
  Statuses s(status);
  Ierror e(ierr);
  sent(*count, type_of(type), *dest, *sendtag, comm_of(comm));
  next(buf, count, type, dest, sendtag, source, recvtag, comm, s.get(), e.get());
  if (e.ok()) received(s[0], comm_of(comm));
}

// MPI_Isend, MPI_Issend, MPI_Ibsend, MPI_Irsend.
template <class Fn>
void isend(Fn* next, void* buf, MPI_Fint* count, MPI_Fint* type, MPI_Fint* dest, MPI_Fint* tag, MPI_Fint* comm,
           MPI_Fint* request, MPI_Fint* ierr) {
  Span span(Kind::point_to_point);
  Ierror e(ierr);
  next(buf, count, type, dest, tag, comm, request, e.get());
  if (e.ok()) scalerun::pmpi::send_started(request_of(request), *count, type_of(type), *dest, *tag, comm_of(comm));
}

template <class Fn>
void irecv(Fn* next, void* buf, MPI_Fint* count, MPI_Fint* type, MPI_Fint* source, MPI_Fint* tag, MPI_Fint* comm,
           MPI_Fint* request, MPI_Fint* ierr) {
  Span span(Kind::point_to_point);
  Ierror e(ierr);
  next(buf, count, type, source, tag, comm, request, e.get());
  if (e.ok()) posted(request_of(request), comm_of(comm));
}

template <class Fn>
void probe(Fn* next, MPI_Fint* source, MPI_Fint* tag, MPI_Fint* comm, MPI_Fint* status, MPI_Fint* ierr) {
  Span span(Kind::wait);
  Statuses s(status);
  Ierror e(ierr);
  next(source, tag, comm, s.get(), e.get());
  if (e.ok()) scalerun::pmpi::probed(s[0], comm_of(comm));
}

template <class Fn>
void iprobe(Fn* next, MPI_Fint* source, MPI_Fint* tag, MPI_Fint* comm, MPI_Fint* flag, MPI_Fint* status,
            MPI_Fint* ierr) {
  Span span(Kind::wait);
  Ierror e(ierr);
  next(source, tag, comm, flag, status, e.get());
  if (e.ok() && !is_true(flag)) span.found_nothing();
}

template <class Fn>
void mprobe(Fn* next, MPI_Fint* source, MPI_Fint* tag, MPI_Fint* comm, MPI_Fint* message, MPI_Fint* status,
            MPI_Fint* ierr) {
  Span span(Kind::wait);
  Statuses s(status);
  Ierror e(ierr);
  next(source, tag, comm, message, s.get(), e.get());
  if (e.ok()) scalerun::pmpi::matched(message_of(message), comm_of(comm), s[0], true);
}

template <class Fn>
void improbe(Fn* next, MPI_Fint* source, MPI_Fint* tag, MPI_Fint* comm, MPI_Fint* flag, MPI_Fint* message,
             MPI_Fint* status, MPI_Fint* ierr) {
  Span span(Kind::wait);
  Statuses s(status);
  Ierror e(ierr);
  next(source, tag, comm, flag, message, s.get(), e.get());
  if (e.ok() && is_true(flag)) scalerun::pmpi::matched(message_of(message), comm_of(comm), s[0], false);
  if (e.ok() && !is_true(flag)) span.found_nothing();
}

template <class Fn>
void mrecv(Fn* next, void* buf, MPI_Fint* count, MPI_Fint* type, MPI_Fint* message, MPI_Fint* status,
           MPI_Fint* ierr) {
  Span span(Kind::point_to_point);
  Statuses s(status);
  Ierror e(ierr);
  const scalerun::pmpi::Matched m = scalerun::pmpi::take_matched(message_of(message));
  next(buf, count, type, message, s.get(), e.get());
  if (e.ok()) scalerun::pmpi::received_matched(s[0], m);
}

template <class Fn>
void imrecv(Fn* next, void* buf, MPI_Fint* count, MPI_Fint* type, MPI_Fint* message, MPI_Fint* request,
            MPI_Fint* ierr) {
  Span span(Kind::point_to_point);
  Ierror e(ierr);
  const scalerun::pmpi::Matched m = scalerun::pmpi::take_matched(message_of(message));
  next(buf, count, type, message, request, e.get());
  if (e.ok()) scalerun::pmpi::posted_matched(request_of(request), m);
}

template <class Fn>
void request_free(Fn* next, MPI_Fint* request, MPI_Fint* ierr) {
  scalerun::pmpi::forgotten(request_of(request));
  next(request, ierr);
}

// Persistent requests: MPI_Send_init, MPI_Ssend_init, MPI_Bsend_init, MPI_Rsend_init.
template <class Fn>
void send_init(Fn* next, void* buf, MPI_Fint* count, MPI_Fint* type, MPI_Fint* dest, MPI_Fint* tag, MPI_Fint* comm,
               MPI_Fint* request, MPI_Fint* ierr) {
  Span span(Kind::point_to_point);
  Ierror e(ierr);
  next(buf, count, type, dest, tag, comm, request, e.get());
  if (e.ok())
    scalerun::pmpi::persistent_send(request_of(request), *count, type_of(type), *dest, *tag, comm_of(comm));
}

template <class Fn>
void recv_init(Fn* next, void* buf, MPI_Fint* count, MPI_Fint* type, MPI_Fint* source, MPI_Fint* tag, MPI_Fint* comm,
               MPI_Fint* request, MPI_Fint* ierr) {
  Span span(Kind::point_to_point);
  Ierror e(ierr);
  next(buf, count, type, source, tag, comm, request, e.get());
  if (e.ok()) scalerun::pmpi::persistent_receive(request_of(request), comm_of(comm));
}

template <class Fn>
void start(Fn* next, MPI_Fint* request, MPI_Fint* ierr) {
  Span span(Kind::point_to_point);
  Ierror e(ierr);
  next(request, e.get());
  if (e.ok()) scalerun::pmpi::started(request_of(request));
}

template <class Fn>
void startall(Fn* next, MPI_Fint* count, MPI_Fint* requests, MPI_Fint* ierr) {
  Span span(Kind::point_to_point);
  Ierror e(ierr);
  next(count, requests, e.get());
  if (e.ok())
    for (const MPI_Request request : requests_of(requests, *count)) scalerun::pmpi::started(request);
}

// Waits and tests: a receive they complete is counted then, from its status.
template <class Fn>
void wait(Fn* next, MPI_Fint* request, MPI_Fint* status, MPI_Fint* ierr) {
  Span span(Kind::wait);
  const MPI_Request before = request_of(request);
  Statuses s(status);
  Ierror e(ierr);
  next(request, s.get(), e.get());
  if (e.ok()) completed(before, s[0]);
}

template <class Fn>
void test(Fn* next, MPI_Fint* request, MPI_Fint* flag, MPI_Fint* status, MPI_Fint* ierr) {
  Span span(Kind::wait);
  const MPI_Request before = request_of(request);
  Statuses s(status);
  Ierror e(ierr);
  next(request, flag, s.get(), e.get());
  if (e.ok() && is_true(flag)) completed(before, s[0]);
  if (e.ok() && !is_true(flag)) span.found_nothing();
}

template <class Fn>
void waitall(Fn* next, MPI_Fint* count, MPI_Fint* requests, MPI_Fint* statuses, MPI_Fint* ierr) {
  Span span(Kind::wait);
  const std::vector<MPI_Request> before = requests_of(requests, *count);
  Statuses s(statuses, *count);
  Ierror e(ierr);
  next(count, requests, s.get(), e.get());
  if (e.ok())
    for (std::size_t i = 0; i < before.size(); ++i) completed(before[i], s[static_cast<int>(i)]);
}

template <class Fn>
void testall(Fn* next, MPI_Fint* count, MPI_Fint* requests, MPI_Fint* flag, MPI_Fint* statuses, MPI_Fint* ierr) {
  Span span(Kind::wait);
  const std::vector<MPI_Request> before = requests_of(requests, *count);
  Statuses s(statuses, *count);
  Ierror e(ierr);
  next(count, requests, flag, s.get(), e.get());
  if (e.ok() && is_true(flag))
    for (std::size_t i = 0; i < before.size(); ++i) completed(before[i], s[static_cast<int>(i)]);
  if (e.ok() && !is_true(flag)) span.found_nothing();
}

// The request a Fortran index (from 1) names.
MPI_Request nth(const std::vector<MPI_Request>& before, MPI_Fint index) {
  const std::size_t i = static_cast<std::size_t>(index - 1);
  return index >= 1 && i < before.size() ? before[i] : MPI_REQUEST_NULL;
}

template <class Fn>
void waitany(Fn* next, MPI_Fint* count, MPI_Fint* requests, MPI_Fint* index, MPI_Fint* status, MPI_Fint* ierr) {
  Span span(Kind::wait);
  const std::vector<MPI_Request> before = requests_of(requests, *count);
  Statuses s(status);
  Ierror e(ierr);
  next(count, requests, index, s.get(), e.get());
  if (e.ok() && *index != MPI_UNDEFINED) completed(nth(before, *index), s[0]);
}

template <class Fn>
void testany(Fn* next, MPI_Fint* count, MPI_Fint* requests, MPI_Fint* index, MPI_Fint* flag, MPI_Fint* status,
             MPI_Fint* ierr) {
  Span span(Kind::wait);
  const std::vector<MPI_Request> before = requests_of(requests, *count);
  Statuses s(status);
  Ierror e(ierr);
  next(count, requests, index, flag, s.get(), e.get());
  if (e.ok() && is_true(flag) && *index != MPI_UNDEFINED) completed(nth(before, *index), s[0]);
  if (e.ok() && !is_true(flag)) span.found_nothing();
}

// MPI_Waitsome and MPI_Testsome, alike but for what finding nothing means.
template <class Fn>
void some(Fn* next, bool polling, MPI_Fint* incount, MPI_Fint* requests, MPI_Fint* outcount, MPI_Fint* indices,
          MPI_Fint* statuses, MPI_Fint* ierr) {
  Span span(Kind::wait);
  const std::vector<MPI_Request> before = requests_of(requests, *incount);
  Statuses s(statuses, *incount);
  Ierror e(ierr);
  next(incount, requests, outcount, indices, s.get(), e.get());
  if (e.ok() && *outcount != MPI_UNDEFINED)
    for (int i = 0; i < *outcount; ++i) completed(nth(before, indices[i]), s[i]);
  if (polling && e.ok() && *outcount == 0) span.found_nothing();
}

template <class Fn>
void waitsome(Fn* next, MPI_Fint* incount, MPI_Fint* requests, MPI_Fint* outcount, MPI_Fint* indices,
              MPI_Fint* statuses, MPI_Fint* ierr) {
  some(next, false, incount, requests, outcount, indices, statuses, ierr);
}

template <class Fn>
void testsome(Fn* next, MPI_Fint* incount, MPI_Fint* requests, MPI_Fint* outcount, MPI_Fint* indices,
              MPI_Fint* statuses, MPI_Fint* ierr) {
  some(next, true, incount, requests, outcount, indices, statuses, ierr);
}

// Collectives; the bytes counted are this rank's contribution, as on the C side.
template <class Fn>
void barrier(Fn* next, MPI_Fint* comm, MPI_Fint* ierr) {
  Span span(Kind::barrier);
  collective_call(Collective::barrier, comm_of(comm));
  next(comm, ierr);
}

template <class Fn>
void bcast(Fn* next, void* buffer, MPI_Fint* count, MPI_Fint* type, MPI_Fint* root, MPI_Fint* comm, MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_call(Collective::one_to_all, comm_of(comm), *root);
  collective_bytes(*count, type_of(type));
  next(buffer, count, type, root, comm, ierr);
}

template <class Fn>
void reduce(Fn* next, void* sendbuf, void* recvbuf, MPI_Fint* count, MPI_Fint* type, MPI_Fint* op, MPI_Fint* root,
            MPI_Fint* comm, MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_call(Collective::all_to_one, comm_of(comm), *root);
  collective_bytes(*count, type_of(type));
  next(sendbuf, recvbuf, count, type, op, root, comm, ierr);
}

template <class Fn>
void allreduce(Fn* next, void* sendbuf, void* recvbuf, MPI_Fint* count, MPI_Fint* type, MPI_Fint* op, MPI_Fint* comm,
               MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_call(Collective::all_to_all, comm_of(comm));
  collective_bytes(*count, type_of(type));
  next(sendbuf, recvbuf, count, type, op, comm, ierr);
}

template <class Fn>
void gather(Fn* next, void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf, MPI_Fint* recvcount,
            MPI_Fint* recvtype, MPI_Fint* root, MPI_Fint* comm, MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_call(Collective::all_to_one, comm_of(comm), *root);
  if (is_fortran_in_place(sendbuf)) collective_bytes(*recvcount, type_of(recvtype));
  else collective_bytes(*sendcount, type_of(sendtype));
  next(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, ierr);
}

template <class Fn>
void gatherv(Fn* next, void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf, MPI_Fint* recvcounts,
             MPI_Fint* displs, MPI_Fint* recvtype, MPI_Fint* root, MPI_Fint* comm, MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_call(Collective::all_to_one, comm_of(comm), *root);
  if (is_fortran_in_place(sendbuf)) collective_bytes(own_entry(recvcounts, comm), type_of(recvtype));
  else collective_bytes(*sendcount, type_of(sendtype));
  next(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, ierr);
}

template <class Fn>
void scatter(Fn* next, void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf, MPI_Fint* recvcount,
             MPI_Fint* recvtype, MPI_Fint* root, MPI_Fint* comm, MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_call(Collective::one_to_all, comm_of(comm), *root);
  if (is_fortran_in_place(recvbuf)) collective_bytes(*sendcount, type_of(sendtype));
  else collective_bytes(*recvcount, type_of(recvtype));
  next(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, ierr);
}

template <class Fn>
void scatterv(Fn* next, void* sendbuf, MPI_Fint* sendcounts, MPI_Fint* displs, MPI_Fint* sendtype, void* recvbuf,
              MPI_Fint* recvcount, MPI_Fint* recvtype, MPI_Fint* root, MPI_Fint* comm, MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_call(Collective::one_to_all, comm_of(comm), *root);
  if (is_fortran_in_place(recvbuf)) collective_bytes(own_entry(sendcounts, comm), type_of(sendtype));
  else collective_bytes(*recvcount, type_of(recvtype));
  next(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, ierr);
}

template <class Fn>
void allgather(Fn* next, void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf, MPI_Fint* recvcount,
               MPI_Fint* recvtype, MPI_Fint* comm, MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_call(Collective::all_to_all, comm_of(comm));
  if (is_fortran_in_place(sendbuf)) collective_bytes(*recvcount, type_of(recvtype));
  else collective_bytes(*sendcount, type_of(sendtype));
  next(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, ierr);
}

template <class Fn>
void allgatherv(Fn* next, void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf, MPI_Fint* recvcounts,
                MPI_Fint* displs, MPI_Fint* recvtype, MPI_Fint* comm, MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_call(Collective::all_to_all, comm_of(comm));
  if (is_fortran_in_place(sendbuf)) collective_bytes(own_entry(recvcounts, comm), type_of(recvtype));
  else collective_bytes(*sendcount, type_of(sendtype));
  next(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, ierr);
}

template <class Fn>
void alltoall(Fn* next, void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf, MPI_Fint* recvcount,
              MPI_Fint* recvtype, MPI_Fint* comm, MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_call(Collective::all_to_all, comm_of(comm));
  if (is_fortran_in_place(sendbuf)) collective_bytes(*recvcount * size_of(comm), type_of(recvtype));
  else collective_bytes(*sendcount * size_of(comm), type_of(sendtype));
  next(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, ierr);
}

template <class Fn>
void alltoallv(Fn* next, void* sendbuf, MPI_Fint* sendcounts, MPI_Fint* sdispls, MPI_Fint* sendtype, void* recvbuf,
               MPI_Fint* recvcounts, MPI_Fint* rdispls, MPI_Fint* recvtype, MPI_Fint* comm, MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_call(Collective::all_to_all, comm_of(comm));
  const int size = size_of(comm);
  const bool in_place = is_fortran_in_place(sendbuf);  // then the send counts are ignored
  for (int i = 0; i < size; ++i) {
    if (in_place) collective_bytes(recvcounts[i], type_of(recvtype));
    else collective_bytes(sendcounts[i], type_of(sendtype));
  }
  next(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, ierr);
}

template <class Fn>
void reduce_scatter(Fn* next, void* sendbuf, void* recvbuf, MPI_Fint* recvcounts, MPI_Fint* type, MPI_Fint* op,
                    MPI_Fint* comm, MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_call(Collective::all_to_all, comm_of(comm));
  const int size = size_of(comm);
  for (int i = 0; i < size; ++i) collective_bytes(recvcounts[i], type_of(type));
  next(sendbuf, recvbuf, recvcounts, type, op, comm, ierr);
}

template <class Fn>
void reduce_scatter_block(Fn* next, void* sendbuf, void* recvbuf, MPI_Fint* recvcount, MPI_Fint* type, MPI_Fint* op,
                          MPI_Fint* comm, MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_call(Collective::all_to_all, comm_of(comm));
  collective_bytes(*recvcount * size_of(comm), type_of(type));
  next(sendbuf, recvbuf, recvcount, type, op, comm, ierr);
}

// MPI_Scan and MPI_Exscan.
template <class Fn>
void scan(Fn* next, void* sendbuf, void* recvbuf, MPI_Fint* count, MPI_Fint* type, MPI_Fint* op, MPI_Fint* comm,
          MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_bytes(*count, type_of(type));
  next(sendbuf, recvbuf, count, type, op, comm, ierr);
}

// Non-blocking collectives: the start is collective time with this rank's bytes; the completion
// is a wait.
template <class Fn>
void ibarrier(Fn* next, MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr) {
  Span span(Kind::collective);
  Ierror e(ierr);
  next(comm, request, e.get());
  if (e.ok()) scalerun::pmpi::collective_started(request_of(request), Collective::barrier, comm_of(comm));
}

template <class Fn>
void ibcast(Fn* next, void* buffer, MPI_Fint* count, MPI_Fint* type, MPI_Fint* root, MPI_Fint* comm, MPI_Fint* request,
            MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_bytes(*count, type_of(type));
  Ierror e(ierr);
  next(buffer, count, type, root, comm, request, e.get());
  if (e.ok()) scalerun::pmpi::collective_started(request_of(request), Collective::one_to_all, comm_of(comm), *root);
}

template <class Fn>
void ireduce(Fn* next, void* sendbuf, void* recvbuf, MPI_Fint* count, MPI_Fint* type, MPI_Fint* op, MPI_Fint* root,
             MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_bytes(*count, type_of(type));
  Ierror e(ierr);
  next(sendbuf, recvbuf, count, type, op, root, comm, request, e.get());
  if (e.ok()) scalerun::pmpi::collective_started(request_of(request), Collective::all_to_one, comm_of(comm), *root);
}

template <class Fn>
void iallreduce(Fn* next, void* sendbuf, void* recvbuf, MPI_Fint* count, MPI_Fint* type, MPI_Fint* op, MPI_Fint* comm,
                MPI_Fint* request, MPI_Fint* ierr) {
  Span span(Kind::collective);
  collective_bytes(*count, type_of(type));
  Ierror e(ierr);
  next(sendbuf, recvbuf, count, type, op, comm, request, e.get());
  if (e.ok()) scalerun::pmpi::collective_started(request_of(request), Collective::all_to_all, comm_of(comm));
}

template <class Fn>
void iallgather(Fn* next, void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf, MPI_Fint* recvcount,
                MPI_Fint* recvtype, MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr) {
  Span span(Kind::collective);
  if (is_fortran_in_place(sendbuf)) collective_bytes(*recvcount, type_of(recvtype));
  else collective_bytes(*sendcount, type_of(sendtype));
  Ierror e(ierr);
  next(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, e.get());
  if (e.ok()) scalerun::pmpi::collective_started(request_of(request), Collective::all_to_all, comm_of(comm));
}

template <class Fn>
void ialltoall(Fn* next, void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf, MPI_Fint* recvcount,
               MPI_Fint* recvtype, MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr) {
  Span span(Kind::collective);
  if (is_fortran_in_place(sendbuf)) collective_bytes(*recvcount * size_of(comm), type_of(recvtype));
  else collective_bytes(*sendcount * size_of(comm), type_of(sendtype));
  Ierror e(ierr);
  next(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, e.get());
  if (e.ok()) scalerun::pmpi::collective_started(request_of(request), Collective::all_to_all, comm_of(comm));
}

// Communicators made by calls collective over a parent, numbered alike on all their ranks.
template <class Fn, class... Rest>
void comm_made(Fn* next, MPI_Fint* comm, MPI_Fint* newcomm, MPI_Fint* ierr, Rest*... rest) {
  Ierror e(ierr);
  next(comm, rest..., newcomm, e.get());
  if (e.ok()) comm_created(comm_of(comm), comm_of(newcomm));
}

template <class Fn>
void comm_dup(Fn* next, MPI_Fint* comm, MPI_Fint* newcomm, MPI_Fint* ierr) {
  comm_made(next, comm, newcomm, ierr);
}

template <class Fn>
void comm_dup_with_info(Fn* next, MPI_Fint* comm, MPI_Fint* info, MPI_Fint* newcomm, MPI_Fint* ierr) {
  comm_made(next, comm, newcomm, ierr, info);
}

template <class Fn>
void comm_split(Fn* next, MPI_Fint* comm, MPI_Fint* color, MPI_Fint* key, MPI_Fint* newcomm, MPI_Fint* ierr) {
  comm_made(next, comm, newcomm, ierr, color, key);
}

template <class Fn>
void comm_split_type(Fn* next, MPI_Fint* comm, MPI_Fint* split_type, MPI_Fint* key, MPI_Fint* info, MPI_Fint* newcomm,
                     MPI_Fint* ierr) {
  comm_made(next, comm, newcomm, ierr, split_type, key, info);
}

template <class Fn>
void comm_create(Fn* next, MPI_Fint* comm, MPI_Fint* group, MPI_Fint* newcomm, MPI_Fint* ierr) {
  comm_made(next, comm, newcomm, ierr, group);
}

template <class Fn>
void cart_create(Fn* next, MPI_Fint* comm, MPI_Fint* ndims, MPI_Fint* dims, MPI_Fint* periods, MPI_Fint* reorder,
                 MPI_Fint* newcomm, MPI_Fint* ierr) {
  comm_made(next, comm, newcomm, ierr, ndims, dims, periods, reorder);
}

template <class Fn>
void cart_sub(Fn* next, MPI_Fint* comm, MPI_Fint* remain_dims, MPI_Fint* newcomm, MPI_Fint* ierr) {
  comm_made(next, comm, newcomm, ierr, remain_dims);
}

template <class Fn>
void comm_free(Fn* next, MPI_Fint* comm, MPI_Fint* ierr) {
  scalerun::pmpi::comm_freed(comm_of(comm));
  next(comm, ierr);
}

}  // namespace wrap
}  // namespace

// One entry point `name`: finds the MPI's `profiling` at its first call and hands it to `impl`,
// or only forwards where the C wrappers see Fortran calls.
#define SCALERUN_UNPAREN(...) __VA_ARGS__
#define SCALERUN_FORTRAN_ENTRY(name, profiling, upper, impl, params, args) \
  extern "C" void name params {                                             \
    using Next = void params;                                               \
    static Next* const next = next_entry<Next>(#profiling, #name);          \
    if (c_wrappers_see_fortran) return next args;                           \
    static const int fn = scalerun::pmpi::fortran_function_slot(#upper);    \
    record().entry_function = fn;                                           \
    wrap::impl(next, SCALERUN_UNPAREN args);                                \
    record().entry_function = -1;                                           \
  }

// Every spelling of one call: mpi_x, mpi_x_, mpi_x__, MPI_X and mpi_x_f08_, each forwarding to the
// MPI's profiling entry point of the same spelling (pmpi_x, pmpi_x_, pmpi_x__, PMPI_X, pmpi_x_f08_).
#define SCALERUN_FORTRAN(lower, upper, impl, params, args)               \
  SCALERUN_FORTRAN_ENTRY(lower, p##lower, upper, impl, params, args)            \
  SCALERUN_FORTRAN_ENTRY(lower##_, p##lower##_, upper, impl, params, args)      \
  SCALERUN_FORTRAN_ENTRY(lower##__, p##lower##__, upper, impl, params, args)    \
  SCALERUN_FORTRAN_ENTRY(upper, P##upper, upper, impl, params, args)            \
  SCALERUN_FORTRAN_ENTRY(lower##_f08_, p##lower##_f08_, upper, impl, params, args)

// The argument lists calls share (a receive has its source where a send has dest). F is
// MPI_Fint*: every Fortran argument is passed by reference.
using F = MPI_Fint*;
#define SCALERUN_SEND (void* buf, F count, F type, F dest, F tag, F comm, F ierr), (buf, count, type, dest, tag, comm, ierr)
#define SCALERUN_ISEND \
  (void* buf, F count, F type, F dest, F tag, F comm, F request, F ierr), (buf, count, type, dest, tag, comm, request, ierr)
#define SCALERUN_SCAN \
  (void* sendbuf, void* recvbuf, F count, F type, F op, F comm, F ierr), (sendbuf, recvbuf, count, type, op, comm, ierr)
#define SCALERUN_GATHER                                                                               \
  (void* sendbuf, F sendcount, F sendtype, void* recvbuf, F recvcount, F recvtype, F root, F comm, F ierr), \
      (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, ierr)
#define SCALERUN_ALLGATHER                                                                   \
  (void* sendbuf, F sendcount, F sendtype, void* recvbuf, F recvcount, F recvtype, F comm, F ierr), \
      (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, ierr)
#define SCALERUN_IALLGATHER                                                                                 \
  (void* sendbuf, F sendcount, F sendtype, void* recvbuf, F recvcount, F recvtype, F comm, F request, F ierr), \
      (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, ierr)
#define SCALERUN_WAITSOME                                                  \
  (F incount, F requests, F outcount, F indices, F statuses, F ierr), \
      (incount, requests, outcount, indices, statuses, ierr)
// SCALERUN_FORTRAN with an argument list above.
#define SCALERUN_FORTRAN_LIST(lower, upper, impl, list) SCALERUN_FORTRAN_EXPAND(lower, upper, impl, list)
#define SCALERUN_FORTRAN_EXPAND(lower, upper, impl, params, args) SCALERUN_FORTRAN(lower, upper, impl, params, args)

SCALERUN_FORTRAN(mpi_init, MPI_INIT, init, (F ierr), (ierr))
SCALERUN_FORTRAN(mpi_init_thread, MPI_INIT_THREAD, init_thread, (F required, F provided, F ierr),
                 (required, provided, ierr))
SCALERUN_FORTRAN(mpi_finalize, MPI_FINALIZE, finalize, (F ierr), (ierr))
SCALERUN_FORTRAN(mpi_abort, MPI_ABORT, abort, (F comm, F errorcode, F ierr), (comm, errorcode, ierr))

SCALERUN_FORTRAN_LIST(mpi_send, MPI_SEND, send, SCALERUN_SEND)
SCALERUN_FORTRAN_LIST(mpi_ssend, MPI_SSEND, send, SCALERUN_SEND)
SCALERUN_FORTRAN_LIST(mpi_bsend, MPI_BSEND, send, SCALERUN_SEND)
SCALERUN_FORTRAN_LIST(mpi_rsend, MPI_RSEND, send, SCALERUN_SEND)
SCALERUN_FORTRAN(mpi_recv, MPI_RECV, recv, (void* buf, F count, F type, F source, F tag, F comm, F status, F ierr),
                 (buf, count, type, source, tag, comm, status, ierr))
SCALERUN_FORTRAN(mpi_sendrecv, MPI_SENDRECV, sendrecv,
                 (void* sendbuf, F sendcount, F sendtype, F dest, F sendtag, void* recvbuf, F recvcount, F recvtype,
                  F source, F recvtag, F comm, F status, F ierr),
                 (sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm,
                  status, ierr))
SCALERUN_FORTRAN(mpi_sendrecv_replace, MPI_SENDRECV_REPLACE, sendrecv_replace,
                 (void* buf, F count, F type, F dest, F sendtag, F source, F recvtag, F comm, F status, F ierr),
                 (buf, count, type, dest, sendtag, source, recvtag, comm, status, ierr))
SCALERUN_FORTRAN_LIST(mpi_isend, MPI_ISEND, isend, SCALERUN_ISEND)
SCALERUN_FORTRAN_LIST(mpi_issend, MPI_ISSEND, isend, SCALERUN_ISEND)
SCALERUN_FORTRAN_LIST(mpi_ibsend, MPI_IBSEND, isend, SCALERUN_ISEND)
SCALERUN_FORTRAN_LIST(mpi_irsend, MPI_IRSEND, isend, SCALERUN_ISEND)
SCALERUN_FORTRAN_LIST(mpi_irecv, MPI_IRECV, irecv, SCALERUN_ISEND)
SCALERUN_FORTRAN(mpi_probe, MPI_PROBE, probe, (F source, F tag, F comm, F status, F ierr),
                 (source, tag, comm, status, ierr))
SCALERUN_FORTRAN(mpi_iprobe, MPI_IPROBE, iprobe, (F source, F tag, F comm, F flag, F status, F ierr),
                 (source, tag, comm, flag, status, ierr))
SCALERUN_FORTRAN(mpi_mprobe, MPI_MPROBE, mprobe, (F source, F tag, F comm, F message, F status, F ierr),
                 (source, tag, comm, message, status, ierr))
SCALERUN_FORTRAN(mpi_improbe, MPI_IMPROBE, improbe, (F source, F tag, F comm, F flag, F message, F status, F ierr),
                 (source, tag, comm, flag, message, status, ierr))
SCALERUN_FORTRAN(mpi_mrecv, MPI_MRECV, mrecv, (void* buf, F count, F type, F message, F status, F ierr),
                 (buf, count, type, message, status, ierr))
SCALERUN_FORTRAN(mpi_imrecv, MPI_IMRECV, imrecv, (void* buf, F count, F type, F message, F request, F ierr),
                 (buf, count, type, message, request, ierr))
SCALERUN_FORTRAN(mpi_request_free, MPI_REQUEST_FREE, request_free, (F request, F ierr), (request, ierr))

SCALERUN_FORTRAN_LIST(mpi_send_init, MPI_SEND_INIT, send_init, SCALERUN_ISEND)
SCALERUN_FORTRAN_LIST(mpi_ssend_init, MPI_SSEND_INIT, send_init, SCALERUN_ISEND)
SCALERUN_FORTRAN_LIST(mpi_bsend_init, MPI_BSEND_INIT, send_init, SCALERUN_ISEND)
SCALERUN_FORTRAN_LIST(mpi_rsend_init, MPI_RSEND_INIT, send_init, SCALERUN_ISEND)
SCALERUN_FORTRAN_LIST(mpi_recv_init, MPI_RECV_INIT, recv_init, SCALERUN_ISEND)
SCALERUN_FORTRAN(mpi_start, MPI_START, start, (F request, F ierr), (request, ierr))
SCALERUN_FORTRAN(mpi_startall, MPI_STARTALL, startall, (F count, F requests, F ierr), (count, requests, ierr))

SCALERUN_FORTRAN(mpi_wait, MPI_WAIT, wait, (F request, F status, F ierr), (request, status, ierr))
SCALERUN_FORTRAN(mpi_test, MPI_TEST, test, (F request, F flag, F status, F ierr), (request, flag, status, ierr))
SCALERUN_FORTRAN(mpi_waitall, MPI_WAITALL, waitall, (F count, F requests, F statuses, F ierr),
                 (count, requests, statuses, ierr))
SCALERUN_FORTRAN(mpi_testall, MPI_TESTALL, testall, (F count, F requests, F flag, F statuses, F ierr),
                 (count, requests, flag, statuses, ierr))
SCALERUN_FORTRAN(mpi_waitany, MPI_WAITANY, waitany, (F count, F requests, F index, F status, F ierr),
                 (count, requests, index, status, ierr))
SCALERUN_FORTRAN(mpi_testany, MPI_TESTANY, testany, (F count, F requests, F index, F flag, F status, F ierr),
                 (count, requests, index, flag, status, ierr))
SCALERUN_FORTRAN_LIST(mpi_waitsome, MPI_WAITSOME, waitsome, SCALERUN_WAITSOME)
SCALERUN_FORTRAN_LIST(mpi_testsome, MPI_TESTSOME, testsome, SCALERUN_WAITSOME)

SCALERUN_FORTRAN(mpi_barrier, MPI_BARRIER, barrier, (F comm, F ierr), (comm, ierr))
SCALERUN_FORTRAN(mpi_bcast, MPI_BCAST, bcast, (void* buffer, F count, F type, F root, F comm, F ierr),
                 (buffer, count, type, root, comm, ierr))
SCALERUN_FORTRAN(mpi_reduce, MPI_REDUCE, reduce,
                 (void* sendbuf, void* recvbuf, F count, F type, F op, F root, F comm, F ierr),
                 (sendbuf, recvbuf, count, type, op, root, comm, ierr))
SCALERUN_FORTRAN_LIST(mpi_allreduce, MPI_ALLREDUCE, allreduce, SCALERUN_SCAN)
SCALERUN_FORTRAN_LIST(mpi_gather, MPI_GATHER, gather, SCALERUN_GATHER)
SCALERUN_FORTRAN(mpi_gatherv, MPI_GATHERV, gatherv,
                 (void* sendbuf, F sendcount, F sendtype, void* recvbuf, F recvcounts, F displs, F recvtype, F root,
                  F comm, F ierr),
                 (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, ierr))
SCALERUN_FORTRAN_LIST(mpi_scatter, MPI_SCATTER, scatter, SCALERUN_GATHER)
SCALERUN_FORTRAN(mpi_scatterv, MPI_SCATTERV, scatterv,
                 (void* sendbuf, F sendcounts, F displs, F sendtype, void* recvbuf, F recvcount, F recvtype, F root,
                  F comm, F ierr),
                 (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, ierr))
SCALERUN_FORTRAN_LIST(mpi_allgather, MPI_ALLGATHER, allgather, SCALERUN_ALLGATHER)
SCALERUN_FORTRAN(mpi_allgatherv, MPI_ALLGATHERV, allgatherv,
                 (void* sendbuf, F sendcount, F sendtype, void* recvbuf, F recvcounts, F displs, F recvtype, F comm,
                  F ierr),
                 (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, ierr))
SCALERUN_FORTRAN_LIST(mpi_alltoall, MPI_ALLTOALL, alltoall, SCALERUN_ALLGATHER)
SCALERUN_FORTRAN(mpi_alltoallv, MPI_ALLTOALLV, alltoallv,
                 (void* sendbuf, F sendcounts, F sdispls, F sendtype, void* recvbuf, F recvcounts, F rdispls,
                  F recvtype, F comm, F ierr),
                 (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, ierr))
SCALERUN_FORTRAN(mpi_reduce_scatter, MPI_REDUCE_SCATTER, reduce_scatter,
                 (void* sendbuf, void* recvbuf, F recvcounts, F type, F op, F comm, F ierr),
                 (sendbuf, recvbuf, recvcounts, type, op, comm, ierr))
SCALERUN_FORTRAN(mpi_reduce_scatter_block, MPI_REDUCE_SCATTER_BLOCK, reduce_scatter_block,
                 (void* sendbuf, void* recvbuf, F recvcount, F type, F op, F comm, F ierr),
                 (sendbuf, recvbuf, recvcount, type, op, comm, ierr))
SCALERUN_FORTRAN_LIST(mpi_scan, MPI_SCAN, scan, SCALERUN_SCAN)
SCALERUN_FORTRAN_LIST(mpi_exscan, MPI_EXSCAN, scan, SCALERUN_SCAN)

SCALERUN_FORTRAN(mpi_ibarrier, MPI_IBARRIER, ibarrier, (F comm, F request, F ierr), (comm, request, ierr))
SCALERUN_FORTRAN(mpi_ibcast, MPI_IBCAST, ibcast, (void* buffer, F count, F type, F root, F comm, F request, F ierr),
                 (buffer, count, type, root, comm, request, ierr))
SCALERUN_FORTRAN(mpi_ireduce, MPI_IREDUCE, ireduce,
                 (void* sendbuf, void* recvbuf, F count, F type, F op, F root, F comm, F request, F ierr),
                 (sendbuf, recvbuf, count, type, op, root, comm, request, ierr))
SCALERUN_FORTRAN(mpi_iallreduce, MPI_IALLREDUCE, iallreduce,
                 (void* sendbuf, void* recvbuf, F count, F type, F op, F comm, F request, F ierr),
                 (sendbuf, recvbuf, count, type, op, comm, request, ierr))
SCALERUN_FORTRAN_LIST(mpi_iallgather, MPI_IALLGATHER, iallgather, SCALERUN_IALLGATHER)
SCALERUN_FORTRAN_LIST(mpi_ialltoall, MPI_IALLTOALL, ialltoall, SCALERUN_IALLGATHER)

SCALERUN_FORTRAN(mpi_comm_dup, MPI_COMM_DUP, comm_dup, (F comm, F newcomm, F ierr), (comm, newcomm, ierr))
SCALERUN_FORTRAN(mpi_comm_dup_with_info, MPI_COMM_DUP_WITH_INFO, comm_dup_with_info,
                 (F comm, F info, F newcomm, F ierr), (comm, info, newcomm, ierr))
SCALERUN_FORTRAN(mpi_comm_split, MPI_COMM_SPLIT, comm_split, (F comm, F color, F key, F newcomm, F ierr),
                 (comm, color, key, newcomm, ierr))
SCALERUN_FORTRAN(mpi_comm_split_type, MPI_COMM_SPLIT_TYPE, comm_split_type,
                 (F comm, F split_type, F key, F info, F newcomm, F ierr), (comm, split_type, key, info, newcomm, ierr))
SCALERUN_FORTRAN(mpi_comm_create, MPI_COMM_CREATE, comm_create, (F comm, F group, F newcomm, F ierr),
                 (comm, group, newcomm, ierr))
SCALERUN_FORTRAN(mpi_cart_create, MPI_CART_CREATE, cart_create,
                 (F comm, F ndims, F dims, F periods, F reorder, F newcomm, F ierr),
                 (comm, ndims, dims, periods, reorder, newcomm, ierr))
SCALERUN_FORTRAN(mpi_cart_sub, MPI_CART_SUB, cart_sub, (F comm, F remain_dims, F newcomm, F ierr),
                 (comm, remain_dims, newcomm, ierr))
SCALERUN_FORTRAN(mpi_comm_free, MPI_COMM_FREE, comm_free, (F comm, F ierr), (comm, ierr))
