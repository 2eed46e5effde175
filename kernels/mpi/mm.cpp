// Matrix multiply C = A B over MPI, the STAS paper's first kernel (002_*.txt §4): rank 0 holds
// B and broadcasts it; the n rows of A and C are split in proportion to the marked speeds scalerun
// passes (SCALERUN_SPEEDS), each rank computes its rows, and rank 0 gathers C. A and B are
// generated from their indices, so rank 0 checks 16 rows spread over C against products computed
// there (relative error below 1e-12).
//
//   scalerun-mpi-mm --n 512     work 2 n^3 flops, memory 24 n^2 bytes (A, B, C; kernels/mpi_mm.lua)

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "kernels/mpi/mpi_kernel.hpp"
#include "scalerun_region.h"

namespace {

double a_at(long i, long j) { return static_cast<double>((i * 7 + j * 3) % 11) - 5.0; }
double b_at(long i, long j) { return static_cast<double>((i * 5 + j * 2) % 13) / 13.0; }

}  // namespace

int main(int argc, char** argv) {
  namespace k = scalerun::mpi_kernels;
  const k::World world = k::start(&argc, &argv);
  const int rank = world.rank, size = world.size;
  const k::Arguments args = k::parse_arguments(argc, argv, {"n"});
  const int n = static_cast<int>(args.get("n", 512));
  const std::vector<int> rows = k::proportional_rows(n, k::marked_speeds(size));
  const std::vector<int> first = k::offsets_of(rows);
  const int mine = rows[static_cast<std::size_t>(rank)], lo = first[static_cast<std::size_t>(rank)];
  scalerun_value("rows", mine);

  std::vector<double> a(static_cast<std::size_t>(mine) * n), b(static_cast<std::size_t>(n) * n);
  std::vector<double> c(static_cast<std::size_t>(mine) * n, 0.0);
  for (int i = 0; i < mine; ++i)
    for (int j = 0; j < n; ++j) a[static_cast<std::size_t>(i) * n + j] = a_at(lo + i, j);
  if (rank == 0) {
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) b[static_cast<std::size_t>(i) * n + j] = b_at(i, j);
  }

  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  MPI_Bcast(b.data(), n * n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  scalerun_begin("multiply");
  for (int i = 0; i < mine; ++i) {  // i-k-j: B's rows stream through the cache
    double* ci = &c[static_cast<std::size_t>(i) * n];
    for (int kk = 0; kk < n; ++kk) {
      const double aik = a[static_cast<std::size_t>(i) * n + kk];
      const double* bk = &b[static_cast<std::size_t>(kk) * n];
      for (int j = 0; j < n; ++j) ci[j] += aik * bk[j];
    }
  }
  scalerun_end("multiply");
  std::vector<int> counts(rows.size()), displs(rows.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    counts[r] = rows[r] * n;
    displs[r] = first[r] * n;
  }
  std::vector<double> whole(rank == 0 ? static_cast<std::size_t>(n) * n : 0);
  MPI_Gatherv(c.data(), mine * n, MPI_DOUBLE, whole.data(), counts.data(), displs.data(), MPI_DOUBLE, 0,
              MPI_COMM_WORLD);
  const double mine_seconds = MPI_Wtime() - start;
  const double seconds = k::slowest(mine_seconds);

  k::Outcome outcome;
  outcome.seconds = seconds;
  if (rank == 0) {
    double worst = 0;
    for (int s = 0; s < 16; ++s) {
      const long i = (static_cast<long>(s) * (n - 1)) / 15;
      for (int j = 0; j < n; ++j) {
        double want = 0;
        for (int kk = 0; kk < n; ++kk) want += a_at(i, kk) * b_at(kk, j);
        const double got = whole[static_cast<std::size_t>(i) * n + j];
        worst = std::max(worst, std::abs(got - want) / std::max(1.0, std::abs(want)));
      }
    }
    outcome.verified = worst < 1e-12;
    outcome.message = fmt::format("16 rows of C against products on rank 0: largest relative error {:.3g} "
                                  "(limit 1e-12)", worst);
  }
  outcome.figures["n"] = n;
  return k::finish(outcome, world);
}
