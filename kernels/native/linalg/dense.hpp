#pragma once
// Dense row-major matrices of doubles for the linear algebra kernels, and the random entries they
// start from. Entries come from a counter-based stream, so a problem never depends on p.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace scalerun::kernels {

// N x N.
struct Matrix {
  std::size_t n = 0;
  std::vector<double> values;  // row-major, n * n

  explicit Matrix(std::size_t size) : n(size), values(size * size, 0.0) {}
  double& at(std::size_t i, std::size_t j) { return values[i * n + j]; }
  double at(std::size_t i, std::size_t j) const { return values[i * n + j]; }
};

// rows x cols.
struct RectMatrix {
  std::size_t rows = 0, cols = 0;
  std::vector<double> values;  // row-major, rows * cols

  RectMatrix(std::size_t r, std::size_t c) : rows(r), cols(c), values(r * c, 0.0) {}
  double& at(std::size_t i, std::size_t j) { return values[i * cols + j]; }
  double at(std::size_t i, std::size_t j) const { return values[i * cols + j]; }
  double* row(std::size_t i) { return values.data() + i * cols; }
  const double* row(std::size_t i) const { return values.data() + i * cols; }
};

// x solving U x = y, where U is the leading k x k upper triangle of m and y the first k entries of its
// last column, k = m.cols - 1: the back substitution that ends Gaussian elimination and QR. A zero on
// U's diagonal gives entries that are not finite, which the kernels' checks then reject.
std::vector<double> back_substitute(const RectMatrix& m);

// out[i] uniform in [-1, 1): draw `first + i` of stream `seed`.
void fill_uniform(std::span<double> out, std::uint64_t seed, std::uint64_t first = 0);

}  // namespace scalerun::kernels
