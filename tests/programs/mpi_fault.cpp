// A stand-in for a user's MPI program that goes wrong, for the fault tests: one rank crashes
// (SIGSEGV), calls MPI_Abort or hangs while the others wait in a barrier, returns a failure status
// after MPI_Finalize, or returns from main without it. Each option names the rank; the rank says
// what it is about to do on stderr first, as a failing program often does.
//
//   mpi_fault [--crash R] [--abort R --code C] [--hang R] [--fail-after-finalize R --code C]
//             [--skip-finalize R] [--thread-multiple 1]        no option: a clean, quick run
// --thread-multiple 1 initializes MPI with MPI_Init_thread(MPI_THREAD_MULTIPLE) and runs cleanly.

#include <mpi.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char** argv) {
  bool multiple = false;
  for (int i = 1; i < argc; ++i) multiple = multiple || std::strcmp(argv[i], "--thread-multiple") == 0;
  if (multiple) {
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  } else {
    MPI_Init(&argc, &argv);
  }
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int crash = -1, abort_rank = -1, code = 1, hang = -1, fail_after = -1, skip_finalize = -1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const int value = std::atoi(argv[i + 1]);
    if (std::strcmp(argv[i], "--crash") == 0) crash = value;
    else if (std::strcmp(argv[i], "--abort") == 0) abort_rank = value;
    else if (std::strcmp(argv[i], "--code") == 0) code = value;
    else if (std::strcmp(argv[i], "--hang") == 0) hang = value;
    else if (std::strcmp(argv[i], "--fail-after-finalize") == 0) fail_after = value;
    else if (std::strcmp(argv[i], "--skip-finalize") == 0) skip_finalize = value;
  }
  if (rank == crash) {
    std::fprintf(stderr, "mpi_fault: rank %d: about to dereference a null pointer\n", rank);
    std::fflush(stderr);
    std::raise(SIGSEGV);
  }
  if (rank == abort_rank) {
    std::fprintf(stderr, "mpi_fault: rank %d: giving up with MPI_Abort(%d)\n", rank, code);
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, code);
  }
  if (rank == hang) {
    std::fprintf(stderr, "mpi_fault: rank %d: waiting for ever\n", rank);
    std::fflush(stderr);
    for (;;) pause();
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) std::printf("{\"time\": 0.001, \"verified\": true}\n");
  if (rank == skip_finalize) {
    std::fprintf(stderr, "mpi_fault: rank %d: returning without MPI_Finalize\n", rank);
    std::fflush(stderr);
    return 0;
  }
  MPI_Finalize();
  if (rank == fail_after) {
    std::fprintf(stderr, "mpi_fault: rank %d: failing with status %d after MPI_Finalize\n", rank, code);
    std::fflush(stderr);
    return code;
  }
  return 0;
}
