// 2-D convolution of two n x n complex images by FFT over MPI: the STAS paper's 2DConv
// (002_*.txt §4.2.3), d = IFFT2(FFT2(a) .* FFT2(b)), circular, as the native kernel computes it
// (kernels/native/apps/conv2d.hpp). The FFT version, not a direct K x K filter, since FFTW (already
// the native kernel's) makes it short and it is the paper's algorithm with the paper's work count.
//
// Rank 0 makes both images (the native kernel's random_image: entries uniform in [-1, 1)) and
// scatters their rows in proportion to the marked speeds scalerun passes (SCALERUN_SPEEDS), the
// paper's row-based heterogeneous block distribution; every rank does the row FFTs of its rows of
// both images. A 2-D FFT needs every row for its column FFTs, so the images are transposed with
// MPI_Alltoallv (rank r's rows become its columns, the same proportional split): the column FFTs
// are then row FFTs on each rank, followed by the point-wise product (scaled by 1/n^2: FFTW's
// inverse is unscaled) and the inverse column FFTs; a third transpose brings the rows back for the
// inverse row FFTs, and rank 0 gathers d. So 3 transposes, which the paper's step list does not
// show (kernels/conv2d.lua's `transposes`, 0 there by default, 3 here). Blocks, not cyclic rows,
// because every rank's work is the same at every stage (whole rows and columns), so nothing
// degrades; the transposes want contiguous blocks.
//
// Rank 0 checks d against the definition of the convolution with the native kernel's
// verify_convolution (every entry by its direct sum up to n = 32, else 16 sampled entries and d's
// DFT at two frequencies, within rounding-error bounds): O(n^2), so the job's wall time stays the
// convolution's. With --full-check 1 it also recomputes every row with the serial FFT convolution
// (the native kernel's, on the whole images; largest difference relative to d's largest entry
// below 1e-12), as much work again as the convolution, serially on rank 0. "flops" in the JSON line is what
// the ranks executed, counted by FFTW (fftw_flops of each rank's plans, without SIMD) plus 8 per
// product: about 6 n (34/9 n lg n) + 8 n^2 = 23 n^2 lg n + 8 n^2, a third of the STAS count
// 66 n^2 lg n + 21 n^2 + 84 n lg n (kernels/conv2d.lua), which the description keeps as its work.
//
//   scalerun-mpi-conv2d --n 512 [--seed 1] [--full-check 1]   work 66 n^2 lg n + 21 n^2 + 84 n lg n flops,
//                                            memory 48 n^2 bytes (a, b, d; kernels/mpi_conv2d.lua)

#include <mpi.h>

#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

#include <fmt/format.h>

#include "kernels/mpi/mpi_kernel.hpp"
#include "kernels/native/apps/conv2d.hpp"
#include "scalerun_region.h"

namespace {

using Complex = std::complex<double>;

// Complex entries from fftw_malloc, aligned alike, so one plan runs on all of them.
struct FftwFree {
  void operator()(Complex* p) const { fftw_free(p); }
};
using Buffer = std::unique_ptr<Complex[], FftwFree>;

Buffer buffer(std::size_t count) {
  auto* p = static_cast<Complex*>(fftw_malloc(sizeof(Complex) * std::max<std::size_t>(count, 1)));
  if (p == nullptr) {
    std::fprintf(stderr, "scalerun-mpi-conv2d: out of memory for %zu complex entries\n", count);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  std::fill_n(p, std::max<std::size_t>(count, 1), Complex(0, 0));
  return Buffer(p);
}

fftw_complex* as_fftw(Complex* p) { return reinterpret_cast<fftw_complex*>(p); }  // same layout

// `rows` FFTs of length n on consecutive rows, in place; nothing when there are no rows.
class RowFfts {
 public:
  RowFfts(int rows, int n, Complex* data, int sign) {
    if (rows == 0) return;
    plan_ = make(rows, n, data, sign, FFTW_ESTIMATE);
    // fftw_flops counts a SIMD plan's vector operations; the same transforms' scalar plan (made, not
    // run: FFTW_ESTIMATE leaves the data alone) gives their floating-point operations.
    const fftw_plan scalar = make(rows, n, data, sign, FFTW_ESTIMATE | FFTW_NO_SIMD);
    double add = 0, mul = 0, fma = 0;
    fftw_flops(scalar, &add, &mul, &fma);
    fftw_destroy_plan(scalar);
    flops_ = add + mul + 2 * fma;
  }
  ~RowFfts() {
    if (plan_ != nullptr) fftw_destroy_plan(plan_);
  }
  RowFfts(const RowFfts&) = delete;
  RowFfts& operator=(const RowFfts&) = delete;
  void execute(Complex* data) const {
    if (plan_ != nullptr) fftw_execute_dft(plan_, as_fftw(data), as_fftw(data));
  }
  double flops() const { return flops_; }

 private:
  static fftw_plan make(int rows, int n, Complex* data, int sign, unsigned flags) {
    const fftw_plan plan = fftw_plan_many_dft(1, &n, rows, as_fftw(data), nullptr, 1, n, as_fftw(data), nullptr, 1,
                                              n, sign, flags);
    if (plan == nullptr) {
      std::fprintf(stderr, "scalerun-mpi-conv2d: FFTW could not plan %d FFTs of length %d\n", rows, n);
      MPI_Abort(MPI_COMM_WORLD, 3);
    }
    return plan;
  }
  fftw_plan plan_ = nullptr;
  double flops_ = 0;
};

// The row-block split and the transpose between rows and columns under it: rank r holds rows
// first[r] .. first[r] + rows[r] - 1 and, transposed, the same columns (as rows).
struct Split {
  int n = 0, rank = 0;
  std::vector<int> rows, first;
  int mine() const { return rows[static_cast<std::size_t>(rank)]; }

  // out = in transposed, both this rank's mine() x n blocks; pack and unpack through `send`, `recv`.
  void transpose(const Complex* in, Complex* out, Complex* send, Complex* recv) const {
    const int m = mine();
    const std::size_t p = rows.size();
    std::vector<int> counts(p), displs(p);
    for (std::size_t s = 0; s < p; ++s) {
      counts[s] = m * rows[s];
      displs[s] = m * first[s];
      // To rank s: my rows, its columns, row-major (m x rows[s]).
      Complex* to = send + displs[s];
      for (int i = 0; i < m; ++i)
        std::copy_n(in + static_cast<std::size_t>(i) * static_cast<std::size_t>(n) + static_cast<std::size_t>(first[s]),
                    rows[s], to + static_cast<std::size_t>(i) * static_cast<std::size_t>(rows[s]));
    }
    MPI_Alltoallv(send, counts.data(), displs.data(), MPI_C_DOUBLE_COMPLEX, recv, counts.data(), displs.data(),
                  MPI_C_DOUBLE_COMPLEX, MPI_COMM_WORLD);
    // From rank s: its rows x my columns (rows[s] x m); entry (i, j) goes to my row j, column first[s] + i.
    for (std::size_t s = 0; s < p; ++s) {
      const Complex* from = recv + displs[s];
      for (int i = 0; i < rows[s]; ++i)
        for (int j = 0; j < m; ++j)
          out[static_cast<std::size_t>(j) * static_cast<std::size_t>(n) + static_cast<std::size_t>(first[s] + i)] =
              from[static_cast<std::size_t>(i) * static_cast<std::size_t>(m) + static_cast<std::size_t>(j)];
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  namespace k = scalerun::mpi_kernels;
  namespace native = scalerun::kernels;
  const k::World world = k::start(&argc, &argv);
  const int rank = world.rank, size = world.size;
  const k::Arguments args = k::parse_arguments(argc, argv, {"n", "seed", "full-check"});
  const bool full_check = args.get("full-check", 0) != 0;
  const int n = static_cast<int>(args.get("n", 512));
  const auto seed = static_cast<std::uint64_t>(args.get("seed", 1));
  if (n < 1 || n > 46340) {  // n^2 entries must fit MPI's int counts
    if (rank == 0) std::fprintf(stderr, "%s: --n %d: the image side must be 1 to 46340\n", argv[0], n);
    MPI_Finalize();
    return 2;
  }
  Split split;
  split.n = n;
  split.rank = rank;
  split.rows = k::proportional_rows(n, k::marked_speeds(size));
  split.first = k::offsets_of(split.rows);
  const int mine = split.mine();
  scalerun_value("rows", mine);

  // Rank 0: the two images and, at the end, d.
  std::unique_ptr<native::ComplexImage> a_all, b_all, d_all;
  if (rank == 0) {
    a_all = std::make_unique<native::ComplexImage>(native::random_image(static_cast<std::size_t>(n), seed));
    b_all = std::make_unique<native::ComplexImage>(native::random_image(static_cast<std::size_t>(n), seed + 1));
    d_all = std::make_unique<native::ComplexImage>(static_cast<std::size_t>(n));
  }
  const std::size_t local = static_cast<std::size_t>(mine) * static_cast<std::size_t>(n);
  Buffer a = buffer(local), b = buffer(local), at = buffer(local), bt = buffer(local);
  Buffer send = buffer(local), recv = buffer(local);
  const RowFfts forward(mine, n, a.get(), FFTW_FORWARD), backward(mine, n, a.get(), FFTW_BACKWARD);
  std::vector<int> counts(split.rows.size()), displs(split.rows.size());
  for (std::size_t r = 0; r < counts.size(); ++r) {
    counts[r] = split.rows[r] * n;
    displs[r] = split.first[r] * n;
  }
  const double scale = 1.0 / (static_cast<double>(n) * static_cast<double>(n));

  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  MPI_Scatterv(rank == 0 ? a_all->data() : nullptr, counts.data(), displs.data(), MPI_C_DOUBLE_COMPLEX, a.get(),
               mine * n, MPI_C_DOUBLE_COMPLEX, 0, MPI_COMM_WORLD);
  MPI_Scatterv(rank == 0 ? b_all->data() : nullptr, counts.data(), displs.data(), MPI_C_DOUBLE_COMPLEX, b.get(),
               mine * n, MPI_C_DOUBLE_COMPLEX, 0, MPI_COMM_WORLD);
  scalerun_begin("convolve");
  forward.execute(a.get());  // row FFTs
  forward.execute(b.get());
  split.transpose(a.get(), at.get(), send.get(), recv.get());
  split.transpose(b.get(), bt.get(), send.get(), recv.get());
  forward.execute(at.get());  // column FFTs, as rows
  forward.execute(bt.get());
  for (std::size_t e = 0; e < local; ++e) {
    const Complex x = at[e], y = bt[e];  // the product by hand, as the native kernel does
    at[e] = Complex((x.real() * y.real() - x.imag() * y.imag()) * scale,
                    (x.real() * y.imag() + x.imag() * y.real()) * scale);
  }
  backward.execute(at.get());  // inverse column FFTs
  split.transpose(at.get(), a.get(), send.get(), recv.get());
  backward.execute(a.get());  // inverse row FFTs
  scalerun_end("convolve");
  MPI_Gatherv(a.get(), mine * n, MPI_C_DOUBLE_COMPLEX, rank == 0 ? d_all->data() : nullptr, counts.data(),
              displs.data(), MPI_C_DOUBLE_COMPLEX, 0, MPI_COMM_WORLD);
  const double mine_seconds = MPI_Wtime() - start;
  const double seconds = k::slowest(mine_seconds);
  const double flops = 4 * forward.flops() + 2 * backward.flops() + 8.0 * static_cast<double>(local);
  double all_flops = 0;
  MPI_Reduce(&flops, &all_flops, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);

  k::Outcome outcome;
  outcome.seconds = seconds;
  if (rank == 0) {
    // Against the definition first: it needs a and b as they were.
    const auto exact = native::verify_convolution(*a_all, *b_all, *d_all, seed + 2);
    outcome.verified = exact.verified;
    outcome.message = exact.message;
    if (full_check) {
      // Then the serial FFT convolution on the whole images, in place: a_all becomes its d.
      native::convolve_in_place(*a_all, *b_all, nullptr);
      double largest = 0, worst = 0;
      for (std::size_t e = 0; e < static_cast<std::size_t>(n) * static_cast<std::size_t>(n); ++e) {
        largest = std::max(largest, std::abs(a_all->data()[e]));
        const double diff = std::abs(d_all->data()[e] - a_all->data()[e]);
        if (!(diff <= worst)) worst = diff;  // a NaN sticks
      }
      const double relative = worst / std::max(largest, 1e-300);
      outcome.verified = outcome.verified && relative < 1e-12;
      outcome.message = fmt::format("all {} rows against the serial FFT convolution on rank 0: largest difference "
                                    "{:.3g} of the largest entry (limit 1e-12); {}", n, relative, exact.message);
      outcome.figures["difference"] = relative;
    }
    outcome.figures["checksum"] = exact.checksum;
    outcome.figures["flops"] = all_flops;
  }
  outcome.figures["n"] = n;
  return k::finish(outcome, world);
}
