// The blocked Householder QR of householder.hpp: compact WY panels (Schreiber and Van Loan's
// storage-efficient form, LAPACK dgeqrf's structure) applied by the packed GEMM tile.

#include <algorithm>
#include <cmath>
#include <vector>

#include "kernels/native/linalg/householder.hpp"
#include "kernels/native/linalg/least_squares.hpp"
#include "kernels/native/linalg/packed_gemm.hpp"
#include "kernels/native/linalg/panel_sweep.hpp"

namespace scalerun::kernels {

namespace {

// One panel's reflections, columns [first, first + width), as H_first ... H_last-1 = I - Y T Y^T
// over the panel's frame rows [first, n + first + width). Column k of Y is w_k (zero outside rows
// first + k .. n + first + k); Y has `depth` columns, width rounded up to the GEMM tile's height so
// W = Y^T C fills whole tiles (the extra columns are zero and give zero rows of W).
struct WyPanel {
  std::size_t first = 0, width = 0, rows = 0, depth = 0;
  std::vector<double> y;   // rows x depth, row-major: the A operand of W = Y^T C
  std::vector<double> yt;  // depth x rows, row-major: the A operand of C += Y M
  std::vector<double> t;   // width x width, row-major, upper triangular
  std::vector<double> gram;  // depth x depth: Y^T Y, from which T is built
};

std::size_t round_up(std::size_t v, std::size_t to) { return (v + to - 1) / to * to; }

// Reflects columns [first, last) one column at a time, as the seed does (same sigma, same w, same
// order of sums), but only within the panel, keeping each w_k in Y and 1 / (w_k^T w_k / 2) in beta.
void reflect_panel(RectMatrix& m, std::size_t n, WyPanel& p, std::vector<double>& beta) {
  const std::size_t last = p.first + p.width;
  std::vector<double> alpha(p.width);
  for (std::size_t k = 0; k < p.width; ++k) {
    const std::size_t i = p.first + k, end = frame_end(n, i);
    beta[k] = 0;
    double norm = 0;
    for (std::size_t r = i; r < end; ++r) norm += m.at(r, i) * m.at(r, i);
    norm = std::sqrt(norm);
    if (norm == 0) continue;  // the identity: Y's column and beta stay zero, and so does T's column
    const double a_ii = m.at(i, i);
    const double sigma = a_ii >= 0 ? -norm : norm;  // w's first entry then adds two numbers of one sign
    double* w = p.y.data() + k;                      // w_r at w[(r - first) * depth]
    w[(i - p.first) * p.depth] = a_ii - sigma;
    for (std::size_t r = i + 1; r < end; ++r) {
      w[(r - p.first) * p.depth] = m.at(r, i);
      m.at(r, i) = 0;
    }
    m.at(i, i) = sigma;
    const double denominator = sigma * sigma - sigma * a_ii;  // w^T w / 2
    beta[k] = 1 / denominator;
    const std::size_t right = last - i - 1;  // the panel's columns still to reflect
    if (right == 0) continue;
    std::fill_n(alpha.begin(), right, 0.0);
    for (std::size_t r = i; r < end; ++r) {
      const double* row = m.row(r) + i + 1;
      const double wr = w[(r - p.first) * p.depth];
      for (std::size_t j = 0; j < right; ++j) alpha[j] += wr * row[j];
    }
    for (std::size_t j = 0; j < right; ++j) alpha[j] /= denominator;
    for (std::size_t r = i; r < end; ++r) {
      double* row = m.row(r) + i + 1;
      const double wr = w[(r - p.first) * p.depth];
      for (std::size_t j = 0; j < right; ++j) row[j] -= alpha[j] * wr;
    }
  }
}

// Factors columns [first, last) into p: the reflections, Y's transpose, and T by the recurrence
// T = [T_prev, -beta_k T_prev Y_prev^T y_k; 0, beta_k], with Y^T Y taken once by the GEMM tile.
void factor_panel(RectMatrix& m, std::size_t n, std::size_t first, std::size_t last, WyPanel& p) {
  p.first = first;
  p.width = last - first;
  p.rows = n + p.width;
  p.depth = round_up(p.width, kTileRows);
  p.y.assign(p.rows * p.depth, 0.0);
  std::vector<double> beta(p.width);
  reflect_panel(m, n, p, beta);

  p.yt.resize(p.depth * p.rows);
  for (std::size_t r = 0; r < p.rows; ++r)
    for (std::size_t k = 0; k < p.depth; ++k) p.yt[k * p.rows + r] = p.y[r * p.depth + k];

  p.gram.assign(p.depth * p.depth, 0.0);
  multiply_add({.a = p.y.data(), .lda = p.depth, .b = p.y.data(), .ldb = p.depth, .c = p.gram.data(),
                .ldc = p.depth, .rows = p.depth, .cols = p.depth, .depth = p.rows});
  p.t.assign(p.width * p.width, 0.0);
  std::vector<double> z(p.width);
  for (std::size_t k = 0; k < p.width; ++k) {
    // z = T_prev (Y_prev^T y_k); T's column k is -beta_k z.
    for (std::size_t q = 0; q < k; ++q) {
      double sum = 0;
      for (std::size_t s = q; s < k; ++s) sum += p.t[q * p.width + s] * p.gram[s * p.depth + k];
      z[q] = sum;
    }
    for (std::size_t q = 0; q < k; ++q) p.t[q * p.width + k] = -beta[k] * z[q];
    p.t[k * p.width + k] = beta[k];
  }
}

// Columns [lo, hi) of the frame rows get Q_panel^T = I - Y T^T Y^T: W = Y^T C, M = -T^T W, C += Y M.
void apply_panel(RectMatrix& m, const WyPanel& p, std::size_t lo, std::size_t hi) {
  const std::size_t width = hi - lo;
  double* c = m.row(p.first) + lo;
  std::vector<double> w(p.depth * width, 0.0), minus_tw(p.depth * width, 0.0);
  multiply_add({.a = p.y.data(), .lda = p.depth, .b = c, .ldb = m.cols, .c = w.data(), .ldc = width,
                .rows = p.depth, .cols = width, .depth = p.rows});
  // M's rows past the panel's width stay zero, like Y's columns.
  for (std::size_t k = 0; k < p.width; ++k) {
    double* out = minus_tw.data() + k * width;
    for (std::size_t q = 0; q <= k; ++q) {
      const double tqk = p.t[q * p.width + k];
      const double* in = w.data() + q * width;
      for (std::size_t j = 0; j < width; ++j) out[j] -= tqk * in[j];
    }
  }
  multiply_add({.a = p.yt.data(), .lda = p.rows, .b = minus_tw.data(), .ldb = width, .c = c, .ldc = m.cols,
                .rows = p.rows, .cols = width, .depth = p.depth});
}

}  // namespace

void householder_reduce(RectMatrix& system, runtime::Runtime& rt, std::size_t panel) {
  const std::size_t n = system.cols - 1;
  WyPanel panels[2];
  sweep_panels(
      rt, n, std::max<std::size_t>(panel, 1),
      [&](std::size_t first, std::size_t last, int b) { factor_panel(system, n, first, last, panels[b]); },
      [&](std::size_t, std::size_t, int b, std::size_t lo, std::size_t hi) { apply_panel(system, panels[b], lo, hi); });
}

}  // namespace scalerun::kernels
