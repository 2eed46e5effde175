// pmpi_pingpong: the MPI program whose calls bench/pmpi_overhead times with and without the
// interposition library. Two ranks bounce a small message (8 bytes by default) back and forth:
// rank 0 sends and then receives, rank 1 receives and then sends, so every iteration is one
// round trip and two MPI calls on each rank, both on the critical path. Some untimed round trips
// first (connections, caches), then a barrier and the timed loop. Ranks beyond the first two only
// take part in the barriers.
//
//   mpirun -np 2 pmpi_pingpong [--iterations 200000] [--bytes 8]
//
// Rank 0 prints one JSON line, as every shipped MPI kernel does (kernels/mpi/mpi_kernel.hpp):
// {"time": seconds of the timed loop on rank 0, "calls": MPI calls each rank made in it,
//  "iterations": N, "bytes": B, "verified": every message came back as sent, ...}

#include <mpi.h>

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "kernels/mpi/mpi_kernel.hpp"

namespace {

// n round trips between ranks 0 and 1 with a message of `bytes` bytes; false when a message did
// not come back with the value that was sent (the first byte carries the iteration number).
bool bounce(int rank, long n, std::vector<unsigned char>& message, long first) {
  bool intact = true;
  const int count = static_cast<int>(message.size());
  for (long i = 0; i < n; ++i) {
    const auto stamp = static_cast<unsigned char>((first + i) & 0xff);
    if (rank == 0) {
      message[0] = stamp;
      MPI_Send(message.data(), count, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(message.data(), count, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      intact = intact && message[0] == stamp;
    } else if (rank == 1) {
      MPI_Recv(message.data(), count, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      intact = intact && message[0] == stamp;
      MPI_Send(message.data(), count, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
    }
  }
  return intact;
}

}  // namespace

int main(int argc, char** argv) {
  namespace k = scalerun::mpi_kernels;
  const k::World world = k::start(&argc, &argv);
  const k::Arguments args = k::parse_arguments(argc, argv, {"iterations", "bytes"});
  const auto iterations = static_cast<long>(args.get("iterations", 200000));
  const auto bytes = static_cast<std::size_t>(args.get("bytes", 8));
  k::Outcome outcome;
  if (world.size < 2 || iterations < 1 || bytes < 1) {
    outcome.message = fmt::format("needs at least 2 ranks (has {}), --iterations >= 1 (has {}) and --bytes >= 1 (has {})",
                                  world.size, iterations, bytes);
    return k::finish(outcome, world);
  }

  std::vector<unsigned char> message(bytes, 0);
  const long warmup = std::min(iterations, 1000L);
  bool intact = bounce(world.rank, warmup, message, 0);

  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  intact = bounce(world.rank, iterations, message, warmup) && intact;
  const double seconds = MPI_Wtime() - start;

  // Every rank learns both checks (each rank's exit status is the outcome's).
  int mine = intact ? 1 : 0, all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  outcome.seconds = seconds;
  outcome.verified = all == 1;
  outcome.message = outcome.verified ? fmt::format("{} round trips of {} bytes, every message intact", iterations, bytes)
                                     : "a message came back altered";
  outcome.figures["calls"] = 2.0 * static_cast<double>(iterations);
  outcome.figures["iterations"] = static_cast<double>(iterations);
  outcome.figures["bytes"] = static_cast<double>(bytes);
  outcome.figures["ns_per_call"] = 1e9 * seconds / (2.0 * static_cast<double>(iterations));
  return k::finish(outcome, world);
}
