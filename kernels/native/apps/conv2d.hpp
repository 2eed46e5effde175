#pragma once
// 2-D circular convolution of two N x N complex images through 2-D FFTs (the STAS paper,
// 002_f0da52e7e2d6c7d5.txt §4.2.3): A = FFT2(a), B = FFT2(b), C = A .* B, d = IFFT2(C) / N^2. A 2-D
// FFT is N 1-D FFTs along the rows, then N along the columns. The kernel runs three parallel loops:
// forward FFTs of the rows of both images; then, per block of columns, the forward column FFTs of
// both, the point-wise product and the inverse column FFTs (the product needs a column's spectra
// only, so the three fuse); then the inverse row FFTs. The 1-D FFTs are FFTW's, planned once before
// the loops (FFTW's planner is not thread-safe) and executed on each row or column block with
// fftw_execute_dft, which is. Every row and block is transformed by the same plan whichever worker
// takes it, so the result is bit-identical for every p.
//
// Parameters: N (>= 1), seed. Work W = 66 N^2 lg N + 21 N^2 + 84 N lg N (the seed's count, as in
// kernels/conv2d.lua); memory M = 3 * 16 N^2 bytes (a, b and the result, double complex).

#include <complex>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels {

using Complex = std::complex<double>;

// An N x N complex image, row-major, in memory from fftw_malloc (aligned as FFTW's SIMD code wants).
class ComplexImage {
 public:
  explicit ComplexImage(std::size_t n);
  std::size_t n() const { return n_; }
  Complex* data() { return values_.get(); }
  const Complex* data() const { return values_.get(); }
  Complex& at(std::size_t i, std::size_t j) { return values_[i * n_ + j]; }
  const Complex& at(std::size_t i, std::size_t j) const { return values_[i * n_ + j]; }

 private:
  struct FftwFree {
    void operator()(Complex* p) const;
  };
  std::size_t n_;
  std::unique_ptr<Complex[], FftwFree> values_;
};

// Real and imaginary parts uniform in [-1, 1) from a counter-based stream.
ComplexImage random_image(std::size_t n, std::uint64_t seed);

// d = a (*) b, circular, in place: a ends as d and b as FFT2(b). The plans are made by the
// constructor, so a measured window can hold the transforms alone.
class FftConvolution {
 public:
  FftConvolution(ComplexImage& a, ComplexImage& b);  // a and b of the same order
  ~FftConvolution();
  FftConvolution(const FftConvolution&) = delete;
  FftConvolution& operator=(const FftConvolution&) = delete;
  // On rt or, with rt null, on the calling thread (the serial reference: the same rows and column
  // blocks one after another). Once: it overwrites its inputs.
  void run(runtime::Runtime* rt);

 private:
  class Plans;
  ComplexImage& a_;
  ComplexImage& b_;
  std::unique_ptr<const Plans> plans_;
};

// FftConvolution(a, b).run(rt).
void convolve_in_place(ComplexImage& a, ComplexImage& b, runtime::Runtime* rt);

// One entry of the circular convolution by its definition, sum over (i, j) of
// a(i, j) b(k - i mod N, l - j mod N), with compensated sums: O(N^2).
Complex direct_entry(const ComplexImage& a, const ComplexImage& b, std::size_t k, std::size_t l);

// How far an FFT-computed entry may be from the exact convolution: 8 eps lg(N^2)
// (2 |a|_2 |b|_1 + |a|_1 |b|_2), the forward error of FFT, product and inverse FFT in the 2-norm
// (the FFT's error is about eps lg(size) times its input's 2-norm, Higham, Accuracy and Stability of
// Numerical Algorithms, §24.1), which bounds every entry.
double fft_entry_tolerance(const ComplexImage& a, const ComplexImage& b);

// Checks d against a and b (the inputs, kept apart): for N <= direct_limit every entry against its
// direct sum, otherwise `sampled` entries and, over the whole of d, its DFT at two random
// frequencies against the product of a's and b's there (each computed directly in O(N^2)). The
// checksum is the sum of d's entries' real and imaginary parts.
runtime::KernelResult verify_convolution(const ComplexImage& a, const ComplexImage& b, const ComplexImage& d,
                                         std::uint64_t seed, std::size_t direct_limit = 32, std::size_t sampled = 16);

// native = "conv2d": parameters, work, memory and run as one descriptor (see registry.hpp).
extern const runtime::NativeKernel conv2d_kernel;

}  // namespace scalerun::kernels
