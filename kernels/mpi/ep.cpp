// NAS EP over MPI: the 2^(m - 16) batches of 2^16 pairs of the NPB generator are split over the
// ranks in proportion to the marked speeds (SCALERUN_SPEEDS), each rank sums its batches with the
// native kernel's code (kernels/native/npb/ep.hpp, which starts each batch by skip-ahead), and
// the sums and annulus counts are reduced on rank 0, which verifies them as the native kernel
// does: against NPB 3.4's sx, sy for classes S, W, A (m = 24, 25, 28), statistically otherwise.
//
//   scalerun-mpi-ep --m 24     work 2^(m + 1) random numbers (kernels/mpi_ep.lua)

#include <mpi.h>

#include <cstdint>
#include <vector>

#include "kernels/mpi/mpi_kernel.hpp"
#include "kernels/native/npb/ep.hpp"
#include "scalerun_region.h"

int main(int argc, char** argv) {
  namespace k = scalerun::mpi_kernels;
  const k::World world = k::start(&argc, &argv);
  const int rank = world.rank, size = world.size;
  namespace npb = scalerun::kernels::npb;
  const k::Arguments args = k::parse_arguments(argc, argv, {"m"});
  const auto m = static_cast<std::uint64_t>(args.get("m", 24));
  const int batches = m >= npb::kEpBatchLog2 ? 1 << (m - npb::kEpBatchLog2) : 1;
  const std::uint64_t batch_pairs = m >= npb::kEpBatchLog2 ? std::uint64_t{1} << npb::kEpBatchLog2 : std::uint64_t{1} << m;
  const std::vector<int> share = k::proportional_rows(batches, k::marked_speeds(size));
  const std::vector<int> first = k::offsets_of(share);
  scalerun_value("batches", share[static_cast<std::size_t>(rank)]);

  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  npb::EpTally tally;
  const std::uint64_t lo = static_cast<std::uint64_t>(first[static_cast<std::size_t>(rank)]) * batch_pairs;
  const std::uint64_t hi = lo + static_cast<std::uint64_t>(share[static_cast<std::size_t>(rank)]) * batch_pairs;
  npb::accumulate_pairs(lo, hi, tally);
  double sums[2] = {tally.sx, tally.sy}, total_sums[2] = {0, 0};
  std::uint64_t counts[npb::kEpAnnuli], total_counts[npb::kEpAnnuli];
  for (int i = 0; i < npb::kEpAnnuli; ++i) counts[i] = tally.counts[static_cast<std::size_t>(i)];
  MPI_Reduce(sums, total_sums, 2, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(counts, total_counts, npb::kEpAnnuli, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  const double mine_seconds = MPI_Wtime() - start;
  const double seconds = k::slowest(mine_seconds);

  k::Outcome outcome;
  outcome.seconds = seconds;
  if (rank == 0) {
    npb::EpTally all;
    all.sx = total_sums[0];
    all.sy = total_sums[1];
    for (int i = 0; i < npb::kEpAnnuli; ++i) all.counts[static_cast<std::size_t>(i)] = total_counts[i];
    const auto result = npb::verify_ep(m, all);
    outcome.verified = result.verified;
    outcome.message = result.message;
    outcome.figures["sx"] = all.sx;
    outcome.figures["sy"] = all.sy;
  }
  outcome.figures["m"] = static_cast<double>(m);
  return k::finish(outcome, world);
}
