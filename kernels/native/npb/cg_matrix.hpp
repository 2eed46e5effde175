#pragma once
// The sparse matrix of NPB CG (makea, sprnvc, vecset and sparse in cg.f): for each row i a random
// sparse vector v_i with nonzer entries at distinct random positions, plus 0.5 at position i; then
// A = sum_i size_i v_i v_i^T + (rcond - shift) I, with size_i = ratio^i and ratio = rcond^(1/na).
// The random stream starts at seed 314159265, advanced once before the first row. Duplicate
// entries are summed in the order NPB sums them (by increasing i), so A matches NPB's to the bit.
// Stored as CSR with each row's columns in increasing order.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace scalerun::kernels::npb {

inline constexpr double kCgRcond = 0.1;  // the same for every class
inline constexpr std::uint64_t kCgSeed = 314159265;

struct CsrMatrix {
  std::size_t n = 0;
  std::vector<std::size_t> row_start;  // n + 1 entries
  std::vector<std::uint32_t> column;
  std::vector<double> value;

  std::size_t nonzeros() const { return value.size(); }
};

// Throws std::invalid_argument unless 1 <= nonzer < na.
CsrMatrix make_cg_matrix(std::size_t na, std::size_t nonzer, double shift);

// Nonzeros ahead of the product loop to prefetch: class A's matrix (22 MB) streams from memory,
// and the hardware prefetcher alone left the loop 15-20 % slower on this kind of machine.
inline constexpr std::size_t kPrefetchAhead = 128;

// y = A x over rows [lo, hi): the loop the solver and the checks share. Each row is summed in four
// interleaved partial sums, so the additions do not wait on one another (one running sum would
// make the product latency-bound); the order is fixed by the row alone, never by p.
inline void multiply_rows(const CsrMatrix& a, const double* x, double* y, std::size_t lo, std::size_t hi) {
  const double* value = a.value.data();
  const std::uint32_t* column = a.column.data();
  const std::size_t last = a.nonzeros() - 1;  // prefetches stay inside the arrays
  for (std::size_t row = lo; row < hi; ++row) {
    const std::size_t end = a.row_start[row + 1];
    std::size_t k = a.row_start[row];
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    for (; k + 4 <= end; k += 4) {
      const std::size_t ahead = std::min(k + kPrefetchAhead, last);
      __builtin_prefetch(value + ahead);
      __builtin_prefetch(column + ahead);
      s0 += value[k] * x[column[k]];
      s1 += value[k + 1] * x[column[k + 1]];
      s2 += value[k + 2] * x[column[k + 2]];
      s3 += value[k + 3] * x[column[k + 3]];
    }
    for (; k < end; ++k) s0 += value[k] * x[column[k]];
    y[row] = (s0 + s1) + (s2 + s3);
  }
}

}  // namespace scalerun::kernels::npb
