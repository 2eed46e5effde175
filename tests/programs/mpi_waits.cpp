// An MPI program whose wait states are known by construction, for the wait-state analysis
// (tests/unit/wait_states_mpi_test.cpp). Two ranks; in each phase one rank sleeps a known time
// before its side of the communication, so the other waits for it in a known way:
//   A  late sender      rank 0 in MPI_Recv, rank 1 sends after 0.20 s
//   B  late receiver    rank 0 in MPI_Ssend, rank 1 posts its receive after 0.15 s
//   C  late sender      rank 0 in MPI_Waitall for two MPI_Irecv, rank 1 sends after 0.05 s and again
//                       after 0.10 s: one wait (to the second send), not two
//   D  polling          rank 0 polls MPI_Test, rank 1 sends after 0.05 s
//   E  barrier          rank 1 enters MPI_Barrier after 0.12 s
//   F  N x N            rank 0 enters MPI_Allreduce after 0.08 s (rank 1 waits)
//   G  late broadcast   root 1 enters MPI_Bcast after 0.06 s
//   H  early reduce     root 0 in MPI_Reduce, rank 1 enters after 0.04 s
//   I  communicators    rank 1 sends on MPI_COMM_WORLD at once and on a duplicate after 0.03 s,
//                       same tag; rank 0 receives the duplicate's first: it waits for that one
// Phase A is region "phase A" on both ranks (pmpi/scalerun_region.h), and each rank sets the value
// "rank_plus_one". Each rank writes the moments that define the truth (its own CLOCK_MONOTONIC, the clock the
// interposition library uses) to <marks>/marks-<rank>.txt as "name seconds" lines.
// Usage: mpi_waits MARKS_DIR

#include <mpi.h>
#include <time.h>

#include <cstdio>
#include <string>
#include <vector>

#include "scalerun_region.h"

namespace {

double now() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

void sleep_for(double seconds) {
  timespec ts{static_cast<time_t>(seconds), static_cast<long>((seconds - static_cast<double>(static_cast<time_t>(seconds))) * 1e9)};
  nanosleep(&ts, nullptr);
}

std::vector<std::pair<std::string, double>> marks;
void mark(const char* name) { marks.emplace_back(name, now()); }

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const std::string dir = argc > 1 ? argv[1] : ".";
  std::vector<double> buf(1000, 1.0), in(1000);
  double one = 1, sum = 0;
  MPI_Comm dup = MPI_COMM_NULL;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  scalerun_value("rank_plus_one", rank + 1);
  if (rank == 0) {
    scalerun_begin("phase A");
    mark("A_enter");
    MPI_Recv(in.data(), 1000, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    scalerun_end("phase A");
    mark("A_end");
    mark("B_enter");
    MPI_Ssend(buf.data(), 1000, MPI_DOUBLE, 1, 2, MPI_COMM_WORLD);
    MPI_Request two[2];
    MPI_Irecv(in.data(), 10, MPI_DOUBLE, 1, 3, MPI_COMM_WORLD, &two[0]);
    MPI_Irecv(in.data() + 10, 10, MPI_DOUBLE, 1, 4, MPI_COMM_WORLD, &two[1]);
    mark("C_enter");
    MPI_Waitall(2, two, MPI_STATUSES_IGNORE);
    MPI_Request polled = MPI_REQUEST_NULL;
    MPI_Irecv(in.data(), 10, MPI_DOUBLE, 1, 5, MPI_COMM_WORLD, &polled);
    mark("D_enter");
    int done = 0;
    while (!done) MPI_Test(&polled, &done, MPI_STATUS_IGNORE);
    mark("D_done");
    mark("E_enter");
    MPI_Barrier(MPI_COMM_WORLD);
    sleep_for(0.08);
    mark("F_last");
    MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    mark("G_enter");
    MPI_Bcast(&one, 1, MPI_DOUBLE, 1, MPI_COMM_WORLD);
    mark("H_enter");
    MPI_Reduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    mark("I_enter");
    MPI_Recv(in.data(), 10, MPI_DOUBLE, 1, 9, dup, MPI_STATUS_IGNORE);
    MPI_Recv(in.data(), 10, MPI_DOUBLE, 1, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    scalerun_begin("phase A");
    mark("A_begin");
    sleep_for(0.20);
    mark("A_send");
    MPI_Send(buf.data(), 1000, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
    scalerun_end("phase A");
    mark("A_end");
    sleep_for(0.15);
    mark("B_post");
    MPI_Recv(in.data(), 1000, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    sleep_for(0.05);
    MPI_Send(buf.data(), 10, MPI_DOUBLE, 0, 3, MPI_COMM_WORLD);
    sleep_for(0.05);
    mark("C_send");
    MPI_Send(buf.data(), 10, MPI_DOUBLE, 0, 4, MPI_COMM_WORLD);
    sleep_for(0.05);
    MPI_Send(buf.data(), 10, MPI_DOUBLE, 0, 5, MPI_COMM_WORLD);
    sleep_for(0.12);
    mark("E_last");
    MPI_Barrier(MPI_COMM_WORLD);
    mark("F_enter");
    MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    sleep_for(0.06);
    mark("G_root");
    MPI_Bcast(&one, 1, MPI_DOUBLE, 1, MPI_COMM_WORLD);
    sleep_for(0.04);
    mark("H_last");
    MPI_Reduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Send(buf.data(), 10, MPI_DOUBLE, 0, 9, MPI_COMM_WORLD);
    sleep_for(0.03);
    mark("I_send");
    MPI_Send(buf.data(), 10, MPI_DOUBLE, 0, 9, dup);
  }
  MPI_Comm_free(&dup);
  MPI_Finalize();
  if (std::FILE* f = std::fopen((dir + "/marks-" + std::to_string(rank) + ".txt").c_str(), "w")) {
    for (const auto& [name, t] : marks) std::fprintf(f, "%s %.9f\n", name.c_str(), t);
    std::fclose(f);
  }
  return 0;
}
