// Gaussian elimination with partial pivoting over MPI, solving A x = b: the STAS paper's GE
// (002_*.txt §4.2.1). The n rows of A (each with its entry of b) are dealt out row-cyclically with
// weights, in proportion to the marked speeds scalerun passes (SCALERUN_SPEEDS), as the paper's
// "row-based heterogeneous cyclic distribution" does: every rank gets its proportional_rows()
// count, and row g goes to the rank furthest behind its share of rows 0..g, so every stretch of
// consecutive rows is split in proportion to the speeds too (equal speeds: plain cyclic). Why
// cyclic: step i works on the rows not yet eliminated, and a block split would leave a rank idle
// once its block is used up (with no pivoting, the first rank after n/p steps), so the load
// balance would degrade as elimination proceeds; dealt out cyclically, every rank keeps its share
// of the remaining rows to the end. (This program's matrix scatters its pivots over the rows, which
// would keep even blocks balanced; a matrix that needs few row exchanges would not.)
//
// Step i (0 .. n-1): the pivot, the largest |a(j, i)| among the rows not yet pivoted, is found with
// MPI_Allreduce(MPI_MAXLOC) (which also synchronises the ranks, the paper's step 2.2); its owner
// broadcasts the pivot row (columns i .. n-1 and b, n - i + 1 doubles); every rank eliminates
// column i from its remaining rows. Rows are not swapped: a pivot row stays where it is, marked
// used, which is the same elimination. Rank 0 keeps the pivot rows as they pass through it in the
// broadcasts (the upper triangle of the paper's step 3, which then needs no separate collection)
// and does the back substitution alone, the algorithm's serial part, inside the timed region.
//
// A is generated from indices and well conditioned: row j's dominant entry, +-(n + 2), sits in
// column (s j + 1) mod n for an s coprime to n, the others are in [-1, 1], so A is a row
// permutation of a strictly diagonally dominant matrix. Partial pivoting is needed (a(i, i) is
// 0 in one row of 11) and exercised: step i's pivot is the row whose dominant entry is in column i, spread
// over the ranks. b = A x_true for a known x_true; rank 0 checks the relative error of x (largest
// entry, limit 1e-9) and reports the scaled residual ||b - A x|| / (||A|| ||x|| + ||b||) (infinity
// norms, A regenerated on rank 0). "flops" in the JSON line is what the ranks counted:
// 2/3 n^3 + 1/2 n^2 - 7/6 n for the elimination plus n^2 for the back substitution, against the
// STAS W(n) = 2/3 n^3 - 1/2 n^2 - 19/6 n + 3 (kernels/gauss.lua): the same cubic term.
//
//   scalerun-mpi-ge --n 512     work 2/3 n^3 flops, memory 8 (n^2 + 2 n) bytes (A, b, x;
//                               kernels/mpi_ge.lua), plus rank 0's 8 n (n + 3) / 2 of pivot rows

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <vector>

#include <fmt/format.h>

#include "kernels/mpi/mpi_kernel.hpp"
#include "scalerun_region.h"

namespace {

// The multiplier of row j's dominant column: near 0.618 n (the rows' dominant columns scatter) and
// coprime to n, so j -> (s j + 1) mod n is a permutation.
long stride_for(long n) {
  long s = std::max(1L, std::lround(0.618 * static_cast<double>(n)));
  while (std::gcd(s, n) != 1) ++s;
  return s;
}

struct Matrix {
  long n = 0, stride = 1;
  long dominant_column(long j) const { return (stride * j + 1) % n; }
  double at(long j, long c) const {
    if (c == dominant_column(j)) return (j % 3 == 0 ? -1.0 : 1.0) * static_cast<double>(n + 2);
    return static_cast<double>((j * 7 + c * 3) % 11 - 5) / 5.0;
  }
};

double x_true(long j) { return 1.0 + static_cast<double>(j % 17) / 16.0; }

// Rows dealt out in proportion to `rows` (each rank's count): row g goes to the rank with the
// smallest (given + 1) / count, ties to the lower rank, so each rank ends with exactly its count.
std::vector<int> weighted_cyclic_owners(int n, const std::vector<int>& rows) {
  std::vector<int> owner(static_cast<std::size_t>(n));
  std::vector<long long> given(rows.size(), 0);
  for (int g = 0; g < n; ++g) {
    std::size_t best = rows.size();
    for (std::size_t r = 0; r < rows.size(); ++r) {
      if (given[r] >= rows[r]) continue;
      if (best == rows.size() || (given[r] + 1) * rows[best] < (given[best] + 1) * rows[r]) best = r;
    }
    owner[static_cast<std::size_t>(g)] = static_cast<int>(best);
    ++given[best];
  }
  return owner;
}

}  // namespace

int main(int argc, char** argv) {
  namespace k = scalerun::mpi_kernels;
  const k::World world = k::start(&argc, &argv);
  const int rank = world.rank, size = world.size;
  const k::Arguments args = k::parse_arguments(argc, argv, {"n"});
  const int n = static_cast<int>(args.get("n", 512));
  if (n < 1) {
    if (rank == 0) std::fprintf(stderr, "%s: --n %d: the order must be at least 1\n", argv[0], n);
    MPI_Finalize();
    return 2;
  }
  const std::vector<int> rows = k::proportional_rows(n, k::marked_speeds(size));
  const std::vector<int> owner = weighted_cyclic_owners(n, rows);
  const int mine = rows[static_cast<std::size_t>(rank)];
  scalerun_value("rows", mine);

  // This rank's rows, each n entries of A and then b's: width n + 1.
  const Matrix a_gen{n, stride_for(n)};
  const auto width = static_cast<std::size_t>(n) + 1;
  std::vector<int> global;  // global[l]: the row index of local row l
  for (int g = 0; g < n; ++g)
    if (owner[static_cast<std::size_t>(g)] == rank) global.push_back(g);
  std::vector<double> a(static_cast<std::size_t>(mine) * width);
  for (int l = 0; l < mine; ++l) {
    double* row = &a[static_cast<std::size_t>(l) * width];
    const long j = global[static_cast<std::size_t>(l)];
    double bj = 0;
    for (long c = 0; c < n; ++c) {
      row[c] = a_gen.at(j, c);
      bj += row[c] * x_true(c);
    }
    row[n] = bj;
  }
  std::vector<int> active(static_cast<std::size_t>(mine));  // local rows not yet pivot rows
  std::iota(active.begin(), active.end(), 0);
  std::vector<double> pivot(width);
  // Rank 0: pivot row i's columns i .. n-1 and b, n - i + 1 entries from upper[start[i]].
  std::vector<std::size_t> start(rank == 0 ? static_cast<std::size_t>(n) : 0);
  std::vector<double> upper;
  if (rank == 0) {
    std::size_t at = 0;
    for (int i = 0; i < n; ++i) {
      start[static_cast<std::size_t>(i)] = at;
      at += static_cast<std::size_t>(n - i + 1);
    }
    upper.resize(at);
  }
  std::vector<double> x(rank == 0 ? static_cast<std::size_t>(n) : 0);
  double flops = 0;  // this rank's, counted as it goes

  MPI_Barrier(MPI_COMM_WORLD);
  const double begin = MPI_Wtime();
  scalerun_begin("eliminate");
  for (int i = 0; i < n; ++i) {
    struct {
      double value;
      int row;
    } candidate{-1.0, n}, best{0.0, 0};
    std::size_t candidate_at = 0;  // its place in `active`
    for (std::size_t q = 0; q < active.size(); ++q) {
      const auto l = static_cast<std::size_t>(active[q]);
      const double v = std::abs(a[l * width + static_cast<std::size_t>(i)]);
      if (v > candidate.value) {
        candidate = {v, global[l]};
        candidate_at = q;
      }
    }
    MPI_Allreduce(&candidate, &best, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    const int root = owner[static_cast<std::size_t>(best.row)];
    const int count = n - i + 1;
    if (root == rank) {
      const auto l = static_cast<std::size_t>(active[candidate_at]);
      std::copy_n(&a[l * width + static_cast<std::size_t>(i)], count, pivot.begin());
      active.erase(active.begin() + static_cast<std::ptrdiff_t>(candidate_at));
    }
    MPI_Bcast(pivot.data(), count, MPI_DOUBLE, root, MPI_COMM_WORLD);
    if (rank == 0) std::copy_n(pivot.begin(), count, upper.begin() + static_cast<std::ptrdiff_t>(start[static_cast<std::size_t>(i)]));
    const double p0 = pivot[0];
    for (const int l : active) {
      double* row = &a[static_cast<std::size_t>(l) * width + static_cast<std::size_t>(i)];
      const double f = row[0] / p0;
      row[0] = 0;
      for (int c = 1; c < count; ++c) row[c] -= f * pivot[static_cast<std::size_t>(c)];
    }
    flops += static_cast<double>(active.size()) * (2.0 * (count - 1) + 1);
  }
  scalerun_end("eliminate");
  if (rank == 0) {
    scalerun_begin("back_substitution");
    for (int i = n - 1; i >= 0; --i) {
      const double* u = &upper[start[static_cast<std::size_t>(i)]];
      double s = u[n - i];
      for (int c = i + 1; c < n; ++c) s -= u[c - i] * x[static_cast<std::size_t>(c)];
      x[static_cast<std::size_t>(i)] = s / u[0];
    }
    flops += static_cast<double>(n) * n;
    scalerun_end("back_substitution");
  }
  const double mine_seconds = MPI_Wtime() - begin;
  const double seconds = k::slowest(mine_seconds);
  double all_flops = 0;
  MPI_Reduce(&flops, &all_flops, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);

  k::Outcome outcome;
  outcome.seconds = seconds;
  if (rank == 0) {
    double error = 0, x_norm = 0, residual = 0, a_norm = 0, b_norm = 0, xc_norm = 0;
    for (int j = 0; j < n; ++j) {
      error = std::max(error, std::abs(x[static_cast<std::size_t>(j)] - x_true(j)));
      x_norm = std::max(x_norm, std::abs(x_true(j)));
      xc_norm = std::max(xc_norm, std::abs(x[static_cast<std::size_t>(j)]));
      double bj = 0, ax = 0, row_sum = 0;
      for (long c = 0; c < n; ++c) {
        const double v = a_gen.at(j, c);
        bj += v * x_true(c);
        ax += v * x[static_cast<std::size_t>(c)];
        row_sum += std::abs(v);
      }
      residual = std::max(residual, std::abs(bj - ax));
      a_norm = std::max(a_norm, row_sum);
      b_norm = std::max(b_norm, std::abs(bj));
    }
    const double relative = error / x_norm;
    const double scaled_residual = residual / (a_norm * xc_norm + b_norm);
    outcome.verified = relative < 1e-9;  // NaN fails
    outcome.message = fmt::format("x against the known solution: largest relative error {:.3g} (limit 1e-9); "
                                  "scaled residual ||b - A x|| / (||A|| ||x|| + ||b||) {:.3g}",
                                  relative, scaled_residual);
    outcome.figures["error"] = relative;
    outcome.figures["residual"] = scaled_residual;
    outcome.figures["flops"] = all_flops;
  }
  outcome.figures["n"] = n;
  return k::finish(outcome, world);
}
