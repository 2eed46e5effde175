// matmul_blas: the native matmul against OpenBLAS dgemm on the same N x N matrices, on 1 and 2
// threads, and the other dense linear algebra kernels' speed for the record.
//
//   matmul_blas [N] [repetitions] [size of the other kernels]   defaults 2048 3 768
//
// Ours runs through a Runtime, plain and instrumented, timed by its measured window (setup and
// verification left out); OpenBLAS runs cblas_dgemm with openblas_set_num_threads(p), timed around
// the call, and its product is checked the same way ours is. Each figure is the best of the
// repetitions, which interleave all configurations so a busy spell hits them alike. A pause between
// runs lets the other library's spinning threads fall asleep first.
//
// Last line: matmul_blas N=.. ours_1t=.. ours_2t=.. ours_2t_instr=.. blas_1t=.. blas_2t=..
//            ratio_2t=.. efficiency_2t=..
// GFLOP/s as 2 N^3 / time; ratio_2t = ours_2t / blas_2t; efficiency_2t = ours_2t / (2 ours_1t).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#include <cblas.h>
#include <fmt/format.h>

#include "kernels/native/linalg/matmul.hpp"
#include "kernels/native/registry.hpp"
#include "runtime/runtime.hpp"

namespace {

using namespace scalerun;
using runtime::Mode;
using runtime::Params;
using runtime::Runtime;

void settle() { std::this_thread::sleep_for(std::chrono::milliseconds(200)); }

// GFLOP/s of one verified run of a native kernel.
double native_gflops(std::string_view name, const Params& params, int workers, Mode mode) {
  const auto& kernel = kernels::kernel(name);
  settle();
  Runtime rt(workers, mode);
  const runtime::KernelResult r = kernel.run(params, rt);
  if (!r.verified) throw std::runtime_error(r.message);
  return kernel.work(params) / rt.finish().tpara * 1e-9;
}

double blas_gflops(const kernels::Matrix& a, const kernels::Matrix& b, int threads) {
  const auto n = static_cast<int>(a.n);
  kernels::Matrix c(a.n);
  openblas_set_num_threads(threads);
  settle();
  const auto t0 = std::chrono::steady_clock::now();
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, a.values.data(), n, b.values.data(), n, 0.0,
              c.values.data(), n);
  const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - t0;
  const runtime::KernelResult r = kernels::verify_product(a, b, c, 3);
  if (!r.verified) throw std::runtime_error("OpenBLAS " + r.message);
  return 2.0 * static_cast<double>(a.n) * static_cast<double>(a.n) * static_cast<double>(a.n) / seconds.count() * 1e-9;
}

struct Best {
  double ours_1t = 0, ours_1t_instr = 0, ours_2t = 0, ours_2t_instr = 0, blas_1t = 0, blas_2t = 0;
};

}  // namespace

int main(int argc, char** argv) try {
  const double n = argc > 1 ? std::stod(argv[1]) : 2048;
  const int reps = argc > 2 ? std::stoi(argv[2]) : 3;
  const double other = argc > 3 ? std::stod(argv[3]) : 768;
  const Params params{{"N", n}, {"seed", 1}};
  // The matrices MatmulKernel::run builds from the same seed.
  const auto a = kernels::random_matrix(static_cast<std::size_t>(n), 1);
  const auto b = kernels::random_matrix(static_cast<std::size_t>(n), 2);
  fmt::print("OpenBLAS {} (core {})\n", openblas_get_config(), openblas_get_corename());

  Best best;
  for (int rep = 0; rep < reps; ++rep) {
    best.ours_1t = std::max(best.ours_1t, native_gflops("matmul", params, 1, Mode::plain));
    best.ours_1t_instr = std::max(best.ours_1t_instr, native_gflops("matmul", params, 1, Mode::instrumented));
    best.ours_2t = std::max(best.ours_2t, native_gflops("matmul", params, 2, Mode::plain));
    best.ours_2t_instr = std::max(best.ours_2t_instr, native_gflops("matmul", params, 2, Mode::instrumented));
    best.blas_1t = std::max(best.blas_1t, blas_gflops(a, b, 1));
    best.blas_2t = std::max(best.blas_2t, blas_gflops(a, b, 2));
    fmt::print("rep {}: best so far ours {:.2f} / {:.2f} (1t plain / instr), {:.2f} / {:.2f} (2t), "
               "OpenBLAS {:.2f} (1t), {:.2f} (2t) GFLOP/s\n",
               rep, best.ours_1t, best.ours_1t_instr, best.ours_2t, best.ours_2t_instr, best.blas_1t, best.blas_2t);
    std::fflush(stdout);
  }

  for (const auto& [name, size] : {std::pair{"gauss", "N"}, {"householder", "n"}, {"givens", "n"}}) {
    const Params p{{size, other}, {"seed", 1}};
    double one = 0, two = 0;
    for (int rep = 0; rep < reps; ++rep) {
      one = std::max(one, native_gflops(name, p, 1, Mode::plain));
      two = std::max(two, native_gflops(name, p, 2, Mode::plain));
    }
    fmt::print("{} {}={}: {:.2f} GFLOP/s on 1 thread, {:.2f} on 2 (efficiency {:.2f}; work as in kernels/*.lua)\n",
               name, size, other, one, two, two / (2 * one));
  }

  fmt::print("matmul_blas N={} ours_1t={:.2f} ours_2t={:.2f} ours_2t_instr={:.2f} blas_1t={:.2f} blas_2t={:.2f} "
             "ratio_2t={:.3f} efficiency_2t={:.3f}\n",
             n, best.ours_1t, best.ours_2t, best.ours_2t_instr, best.blas_1t, best.blas_2t,
             best.ours_2t / best.blas_2t, best.ours_2t / (2 * best.ours_1t));
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "matmul_blas: %s\n", e.what());
  return 1;
}
