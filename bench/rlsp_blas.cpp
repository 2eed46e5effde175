// rlsp_blas: the blocked RLSP factorizations (native "householder" and "givens") on 1 and 2
// workers against LAPACK dgeqrf of OpenBLAS on 2 threads, all on the same 2n x (n + 1) matrix
// [B | rhs] of the regularized least-squares problem.
//
//   rlsp_blas [n] [repetitions] [unblocked]   defaults 2048 3 0
//
// Ours run through a Runtime (instrumented, as scalerun measures them), timed by its measured window
// (reduction and back substitution; building the matrix and the check left out), every run
// verified. dgeqrf (Debian's libopenblas exports it) runs on a column-major copy with
// openblas_set_num_threads(2), timed around the call; its R and Q^T rhs are back substituted and
// checked by the same normal-equations test. Each figure is the best of the repetitions, which
// interleave all configurations so a busy spell hits them alike; a pause before each run lets
// OpenBLAS's spinning threads fall asleep. unblocked = 1 also times the seed's versions
// (householder_unblocked, givens_unblocked) once, for the record.
//
// GFLOP/s on one count for every algorithm, LAPACK's for the QR of an m x N matrix, 2 m N^2 - 2 N^3 / 3
// with m = 2n and N = n + 1: what dgeqrf does on this matrix. Ours skip the zeros of B's structure and
// do less (householder 2n^3 + 3n^2, givens 3n^3 + 3n^2, kernels/*.lua; printed as own_gflops), so the
// common count compares the time to the same answer.
//
// Last line: rlsp n=.. householder E2=.. gflops=.. givens E2=.. gflops=.. dgeqrf_gflops=..
//            ratio_householder=.. ratio_givens=..
// E2 = T1 / (2 T2); gflops on 2 workers (dgeqrf on 2 threads); ratio = gflops / dgeqrf_gflops.
// Bars (issue 15): E2 >= 0.85 and ratio >= 0.5 for both.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <cblas.h>
#include <fmt/format.h>

#include "kernels/native/linalg/least_squares.hpp"
#include "kernels/native/registry.hpp"
#include "runtime/runtime.hpp"

// LAPACK's QR factorization (Fortran interface; no header of Debian's OpenBLAS declares it).
extern "C" void dgeqrf_(const int* m, const int* n, double* a, const int* lda, double* tau, double* work,
                        const int* lwork, int* info);

namespace {

using namespace scalerun;
using runtime::Params;
using runtime::Runtime;

void settle() { std::this_thread::sleep_for(std::chrono::milliseconds(200)); }

// LAPACK's flop count of dgeqrf on the m x N matrix [B | rhs].
double qr_flops(double n) {
  const double m = 2 * n, cols = n + 1;
  return 2 * m * cols * cols - 2 * cols * cols * cols / 3;
}

// Seconds of one verified run of a native kernel: its measured window.
double native_seconds(std::string_view name, const Params& params, int workers) {
  const auto& kernel = kernels::kernel(name);
  settle();
  Runtime rt(workers);
  const runtime::KernelResult r = kernel.run(params, rt);
  if (!r.verified) throw std::runtime_error(r.message);
  return rt.finish().tpara;
}

// Seconds of dgeqrf on a column-major copy of [B | rhs] on `threads` threads, its answer verified.
double dgeqrf_seconds(const kernels::RectMatrix& system, int threads) {
  const int m = static_cast<int>(system.rows), cols = static_cast<int>(system.cols), n = cols - 1;
  std::vector<double> a(system.rows * system.cols), tau(system.cols);
  for (std::size_t i = 0; i < system.rows; ++i)
    for (std::size_t j = 0; j < system.cols; ++j) a[j * system.rows + i] = system.at(i, j);
  int lwork = -1, info = 0;
  double query = 0;
  dgeqrf_(&m, &cols, a.data(), &m, tau.data(), &query, &lwork, &info);
  lwork = static_cast<int>(query);
  std::vector<double> work(static_cast<std::size_t>(std::max(lwork, 1)));
  openblas_set_num_threads(threads);
  settle();
  const auto t0 = std::chrono::steady_clock::now();
  dgeqrf_(&m, &cols, a.data(), &m, tau.data(), work.data(), &lwork, &info);
  const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - t0;
  if (info != 0) throw std::runtime_error(fmt::format("dgeqrf: info = {}", info));
  // R is the upper triangle, Q^T rhs the top of the last column: the layout back_substitute reads.
  kernels::RectMatrix reduced(system.rows, system.cols);
  for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i)
    for (std::size_t j = i; j < system.cols; ++j) reduced.at(i, j) = a[j * system.rows + i];
  const runtime::KernelResult r = kernels::verify_least_squares(system, kernels::back_substitute(reduced), "dgeqrf");
  if (!r.verified) throw std::runtime_error(r.message);
  return seconds.count();
}

struct Times {
  double one = std::numeric_limits<double>::infinity(), two = std::numeric_limits<double>::infinity();
  double efficiency() const { return one / (2 * two); }
};

}  // namespace

int main(int argc, char** argv) try {
  const double n = argc > 1 ? std::stod(argv[1]) : 2048;
  const int reps = argc > 2 ? std::stoi(argv[2]) : 3;
  const bool unblocked = argc > 3 && std::stoi(argv[3]) != 0;
  const Params params{{"n", n}, {"seed", 1}};
  const kernels::RectMatrix system = kernels::regularized_system(static_cast<std::size_t>(n), 1);
  const double flops = qr_flops(n);
  fmt::print("OpenBLAS {} (core {}); common count 2 m N^2 - 2 N^3 / 3 = {:.4g} flops (m = 2n, N = n + 1)\n",
             openblas_get_config(), openblas_get_corename(), flops);

  Times householder, givens, dgeqrf;
  for (int rep = 0; rep < reps; ++rep) {
    householder.one = std::min(householder.one, native_seconds("householder", params, 1));
    householder.two = std::min(householder.two, native_seconds("householder", params, 2));
    givens.one = std::min(givens.one, native_seconds("givens", params, 1));
    givens.two = std::min(givens.two, native_seconds("givens", params, 2));
    dgeqrf.one = std::min(dgeqrf.one, dgeqrf_seconds(system, 1));
    dgeqrf.two = std::min(dgeqrf.two, dgeqrf_seconds(system, 2));
    fmt::print("rep {}: best so far householder {:.4f} / {:.4f} s, givens {:.4f} / {:.4f} s, dgeqrf {:.4f} / "
               "{:.4f} s (1 / 2 threads)\n",
               rep, householder.one, householder.two, givens.one, givens.two, dgeqrf.one, dgeqrf.two);
    std::fflush(stdout);
  }

  const auto report = [&](std::string_view name, const Times& t, double own) {
    fmt::print("{} n={}: {:.4f} s on 1 thread, {:.4f} on 2 (E2 {:.3f}); gflops {:.2f} / {:.2f}, own_gflops {:.2f} / "
               "{:.2f} ({:.4g} flops of its own)\n",
               name, n, t.one, t.two, t.efficiency(), flops / t.one * 1e-9, flops / t.two * 1e-9, own / t.one * 1e-9,
               own / t.two * 1e-9, own);
  };
  const auto& hh = kernels::kernel("householder");
  const auto& gv = kernels::kernel("givens");
  report("householder", householder, hh.work(params));
  report("givens", givens, gv.work(params));
  report("dgeqrf", dgeqrf, flops);
  if (unblocked) {
    for (const char* name : {"householder_unblocked", "givens_unblocked"}) {
      const Times t{native_seconds(name, params, 1), native_seconds(name, params, 2)};
      report(name, t, kernels::kernel(name).work(params));
    }
  }

  const double dgeqrf_gflops = flops / dgeqrf.two * 1e-9;
  const double hh_gflops = flops / householder.two * 1e-9, gv_gflops = flops / givens.two * 1e-9;
  fmt::print("rlsp n={} householder E2={:.3f} gflops={:.2f} givens E2={:.3f} gflops={:.2f} dgeqrf_gflops={:.2f} "
             "ratio_householder={:.3f} ratio_givens={:.3f}\n",
             n, householder.efficiency(), hh_gflops, givens.efficiency(), gv_gflops, dgeqrf_gflops,
             hh_gflops / dgeqrf_gflops, gv_gflops / dgeqrf_gflops);
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "rlsp_blas: %s\n", e.what());
  return 1;
}
