#include "kernels/native/apps/conv2d.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <mutex>
#include <numbers>
#include <stdexcept>
#include <vector>

#include <fftw3.h>
#include <fmt/format.h>

#include "kernels/native/apps/chunked_loop.hpp"
#include "kernels/native/counter_rng.hpp"

namespace scalerun::kernels {

namespace {

constexpr std::array<runtime::ParamSpec, 2> kParams{{
    {"N", 512, 1, "image order (N x N complex entries)"},
    {"seed", 1, 0, "random stream of the first image (the second uses seed + 1)"},
}};

// Rows per chunk of the row loops, and columns per block of the column loop: a block of 8 complex
// columns is two cache lines wide, so the strided column FFTs use whole lines.
constexpr std::size_t kRowsPerChunk = 8;
constexpr std::size_t kColBlock = 8;

constexpr double kEps = std::numeric_limits<double>::epsilon();

// FFTW's planner keeps global state and is not thread-safe (its execute functions are): every plan
// is made and destroyed under this lock.
std::mutex& planner_mutex() {
  static std::mutex m;
  return m;
}

fftw_complex* as_fftw(Complex* p) { return reinterpret_cast<fftw_complex*>(p); }  // same layout, C++ [complex.numbers]

// A plan for `howmany` 1-D FFTs of length n, in place, entries `stride` apart, transforms `dist` apart.
class FftPlan {
 public:
  FftPlan(std::size_t n, std::size_t howmany, std::size_t stride, std::size_t dist, Complex* data, int sign,
          unsigned flags) {
    const int len = static_cast<int>(n);
    std::lock_guard lock(planner_mutex());
    plan_ = fftw_plan_many_dft(1, &len, static_cast<int>(howmany), as_fftw(data), nullptr, static_cast<int>(stride),
                               static_cast<int>(dist), as_fftw(data), nullptr, static_cast<int>(stride),
                               static_cast<int>(dist), sign, flags);
    if (plan_ == nullptr) throw std::runtime_error(fmt::format("FFTW could not plan {} FFTs of length {}", howmany, n));
  }
  ~FftPlan() {
    std::lock_guard lock(planner_mutex());
    fftw_destroy_plan(plan_);
  }
  FftPlan(const FftPlan&) = delete;
  FftPlan& operator=(const FftPlan&) = delete;

  // On new data laid out as the planned data, and aligned alike: thread-safe.
  void execute(Complex* data) const { fftw_execute_dft(plan_, as_fftw(data), as_fftw(data)); }

 private:
  fftw_plan plan_ = nullptr;
};

int alignment_of(const Complex* p) {
  return fftw_alignment_of(const_cast<double*>(reinterpret_cast<const double*>(p)));
}

// FFTW may use aligned SIMD loads when every array a plan runs on is aligned like the one it was
// planned on; otherwise it must be told (FFTW_UNALIGNED).
unsigned plan_flags(const ComplexImage& a, const ComplexImage& b) {
  const int base = alignment_of(a.data());
  bool same = alignment_of(b.data()) == base;
  for (std::size_t i = 0; i < a.n(); ++i)
    same = same && alignment_of(&a.at(i, 0)) == base && alignment_of(&b.at(i, 0)) == base;
  for (std::size_t j = 0; j < a.n(); j += kColBlock) same = same && alignment_of(&a.at(0, j)) == base;
  return FFTW_ESTIMATE | (same ? 0U : FFTW_UNALIGNED);
}

// Forward column FFTs of both images, the scaled point-wise product into a, inverse column FFTs of a.
template <class ColumnPlans>
void convolve_columns(const ColumnPlans& plans, ComplexImage& a, ComplexImage& b, std::size_t j0) {
  const std::size_t n = a.n(), j1 = std::min(n, j0 + kColBlock);
  plans.col_forward(j0).execute(&a.at(0, j0));
  plans.col_forward(j0).execute(&b.at(0, j0));
  const double scale = 1.0 / (static_cast<double>(n) * static_cast<double>(n));  // FFTW's inverse is unscaled
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = j0; j < j1; ++j) {
      const Complex x = a.at(i, j), y = b.at(i, j);  // the product by hand: no NaN-recovery call per entry
      a.at(i, j) = Complex((x.real() * y.real() - x.imag() * y.imag()) * scale,
                           (x.real() * y.imag() + x.imag() * y.real()) * scale);
    }
  plans.col_backward(j0).execute(&a.at(0, j0));
}

// Neumaier's compensated sum: the error stays near eps |sum| however many terms are added.
class CompensatedSum {
 public:
  void add(double x) {
    const double t = sum_ + x;
    correction_ += std::abs(sum_) >= std::abs(x) ? (sum_ - t) + x : (x - t) + sum_;
    sum_ = t;
  }
  double value() const { return sum_ + correction_; }

 private:
  double sum_ = 0, correction_ = 0;
};

double l1(const Complex& z) { return std::abs(z.real()) + std::abs(z.imag()); }  // >= |z|

struct DirectSum {
  Complex value;
  double abs_sum = 0;  // sum of |terms| (as l1 norms): the scale of its rounding error
};

DirectSum direct_sum(const ComplexImage& a, const ComplexImage& b, std::size_t k, std::size_t l) {
  const std::size_t n = a.n();
  CompensatedSum re, im;
  double abs_sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t bi = (k + n - i) % n;
    for (std::size_t j = 0; j < n; ++j) {
      const Complex x = a.at(i, j), y = b.at(bi, (l + n - j) % n);
      re.add(x.real() * y.real());
      re.add(-x.imag() * y.imag());
      im.add(x.real() * y.imag());
      im.add(x.imag() * y.real());
      abs_sum += l1(x) * l1(y);
    }
  }
  return {Complex(re.value(), im.value()), abs_sum};
}

// Each product rounds by eps/2 of its size and the compensated sum adds about 2 eps of the total.
double direct_tolerance(double abs_sum) { return 6 * kEps * abs_sum; }

// x's 2-D DFT at frequency (u, v), sum over (k, l) of x(k, l) e^{-2 pi i (u k + v l) / N}, directly.
struct DirectDft {
  Complex value;
  double tolerance = 0;  // twiddles within about 8 eps, products and the compensated sum: 12 eps sum |x|
};

DirectDft direct_dft(const ComplexImage& x, const std::vector<Complex>& twiddle, std::size_t u, std::size_t v) {
  const std::size_t n = x.n();
  CompensatedSum re, im;
  double abs_sum = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t row_phase = u * k % n;
    for (std::size_t l = 0; l < n; ++l) {
      const Complex z = x.at(k, l), w = twiddle[(row_phase + v * l % n) % n];
      re.add(z.real() * w.real());
      re.add(-z.imag() * w.imag());
      im.add(z.real() * w.imag());
      im.add(z.imag() * w.real());
      abs_sum += l1(z);
    }
  }
  return {Complex(re.value(), im.value()), 12 * kEps * abs_sum};
}

}  // namespace

// The plans of one convolution: made before the parallel loops, used by all of them.
class FftConvolution::Plans {
 public:
  Plans(ComplexImage& a, ComplexImage& b)
      : n_(a.n()),
        flags_(plan_flags(a, b)),
        row_forward_(n_, 1, 1, n_, a.data(), FFTW_FORWARD, flags_),
        row_backward_(n_, 1, 1, n_, a.data(), FFTW_BACKWARD, flags_),
        col_forward_(n_, std::min(kColBlock, n_), n_, 1, a.data(), FFTW_FORWARD, flags_),
        col_backward_(n_, std::min(kColBlock, n_), n_, 1, a.data(), FFTW_BACKWARD, flags_) {
    if (const std::size_t rest = n_ % kColBlock; rest != 0 && n_ > kColBlock) {
      col_forward_rest_ = std::make_unique<FftPlan>(n_, rest, n_, 1, a.data(), FFTW_FORWARD, flags_);
      col_backward_rest_ = std::make_unique<FftPlan>(n_, rest, n_, 1, a.data(), FFTW_BACKWARD, flags_);
    }
  }

  const FftPlan& row_forward() const { return row_forward_; }
  const FftPlan& row_backward() const { return row_backward_; }
  // The plans for the column block starting at column j0.
  const FftPlan& col_forward(std::size_t j0) const {
    return j0 + kColBlock <= n_ || !col_forward_rest_ ? col_forward_ : *col_forward_rest_;
  }
  const FftPlan& col_backward(std::size_t j0) const {
    return j0 + kColBlock <= n_ || !col_backward_rest_ ? col_backward_ : *col_backward_rest_;
  }

 private:
  std::size_t n_;
  unsigned flags_;
  FftPlan row_forward_, row_backward_, col_forward_, col_backward_;
  std::unique_ptr<FftPlan> col_forward_rest_, col_backward_rest_;  // the last, narrower block
};

void ComplexImage::FftwFree::operator()(Complex* p) const { fftw_free(p); }

ComplexImage::ComplexImage(std::size_t n) : n_(n) {
  if (n != 0 && n > std::numeric_limits<std::size_t>::max() / sizeof(Complex) / n)
    throw std::length_error(fmt::format("conv2d: an image of order {} does not fit in memory", n));
  void* raw = fftw_malloc(sizeof(Complex) * n * n);
  if (raw == nullptr && n != 0) throw std::bad_alloc();
  values_.reset(static_cast<Complex*>(raw));
  std::uninitialized_fill_n(values_.get(), n * n, Complex(0, 0));
}

ComplexImage random_image(std::size_t n, std::uint64_t seed) {
  ComplexImage m(n);
  for (std::size_t i = 0; i < n * n; ++i)
    m.data()[i] = Complex(2.0 * unit_double(counter_random(seed, 2 * i)) - 1.0,
                          2.0 * unit_double(counter_random(seed, 2 * i + 1)) - 1.0);
  return m;
}

FftConvolution::FftConvolution(ComplexImage& a, ComplexImage& b) : a_(a), b_(b) {
  if (a.n() != b.n()) throw std::invalid_argument(fmt::format("conv2d: images of orders {} and {}", a.n(), b.n()));
  if (a.n() > 0) plans_ = std::make_unique<const Plans>(a, b);
}

FftConvolution::~FftConvolution() = default;

void FftConvolution::run(runtime::Runtime* rt) {
  const std::size_t n = a_.n();
  if (n == 0) return;
  ComplexImage &a = a_, &b = b_;
  const Plans& plans = *plans_;
  for_chunks(rt, 0, n, kRowsPerChunk, [&](std::size_t lo, std::size_t hi) {
    for (std::size_t i = lo; i < hi; ++i) {
      plans.row_forward().execute(&a.at(i, 0));
      plans.row_forward().execute(&b.at(i, 0));
    }
  });
  for_chunks(rt, 0, (n + kColBlock - 1) / kColBlock, 1, [&](std::size_t lo, std::size_t hi) {
    for (std::size_t block = lo; block < hi; ++block) convolve_columns(plans, a, b, block * kColBlock);
  });
  for_chunks(rt, 0, n, kRowsPerChunk, [&](std::size_t lo, std::size_t hi) {
    for (std::size_t i = lo; i < hi; ++i) plans.row_backward().execute(&a.at(i, 0));
  });
}

void convolve_in_place(ComplexImage& a, ComplexImage& b, runtime::Runtime* rt) { FftConvolution(a, b).run(rt); }

Complex direct_entry(const ComplexImage& a, const ComplexImage& b, std::size_t k, std::size_t l) {
  return direct_sum(a, b, k, l).value;
}

double fft_entry_tolerance(const ComplexImage& a, const ComplexImage& b) {
  auto norms = [](const ComplexImage& x) {
    double sq = 0, sum = 0;
    for (std::size_t i = 0; i < x.n() * x.n(); ++i) {
      sq += std::norm(x.data()[i]);
      sum += std::abs(x.data()[i]);
    }
    return std::pair(std::sqrt(sq), sum);
  };
  const auto [a2, a1] = norms(a);
  const auto [b2, b1] = norms(b);
  const auto size = static_cast<double>(a.n()) * static_cast<double>(a.n());
  return 8 * kEps * (1 + std::log2(size)) * (2 * a2 * b1 + a1 * b2);
}

runtime::KernelResult verify_convolution(const ComplexImage& a, const ComplexImage& b, const ComplexImage& d,
                                         std::uint64_t seed, std::size_t direct_limit, std::size_t sampled) {
  runtime::KernelResult r;
  const std::size_t n = a.n();
  if (b.n() != n || d.n() != n || n == 0) {
    r.message = fmt::format("conv2d: orders differ or are zero (a {}, b {}, d {})", a.n(), b.n(), d.n());
    return r;
  }
  CompensatedSum sum;
  for (std::size_t i = 0; i < n * n; ++i) {
    sum.add(d.data()[i].real());
    sum.add(d.data()[i].imag());
  }
  r.checksum = sum.value();
  const double fft_tol = fft_entry_tolerance(a, b);

  // Entries against their definition: all of them at small N, a sample otherwise.
  double worst = 0;  // the largest error as a fraction of its bound; a NaN sticks
  auto check_entry = [&](std::size_t k, std::size_t l) {
    const DirectSum exact = direct_sum(a, b, k, l);
    const double ratio = std::abs(d.at(k, l) - exact.value) / (fft_tol + direct_tolerance(exact.abs_sum));
    if (!(ratio <= worst) && !std::isnan(worst)) worst = ratio;
  };
  const bool all = n <= direct_limit;
  if (all) {
    for (std::size_t k = 0; k < n; ++k)
      for (std::size_t l = 0; l < n; ++l) check_entry(k, l);
  } else {
    for (std::size_t s = 0; s < sampled; ++s)
      check_entry(counter_random(seed, 2 * s) % n, counter_random(seed, 2 * s + 1) % n);
  }

  // The whole of d at two random frequencies: DFT(d) = DFT(a) DFT(b) there (the convolution theorem).
  double worst_freq = 0;
  std::size_t frequencies = 0;
  if (!all) {
    std::vector<Complex> twiddle(n);
    for (std::size_t m = 0; m < n; ++m) {
      const double angle = 2 * std::numbers::pi * static_cast<double>(m) / static_cast<double>(n);
      twiddle[m] = Complex(std::cos(angle), -std::sin(angle));
    }
    double d_abs = 0;
    for (std::size_t i = 0; i < n * n; ++i) d_abs += l1(d.data()[i]);
    for (; frequencies < 2; ++frequencies) {
      const std::size_t u = counter_random(seed + 1, 2 * frequencies) % n;
      const std::size_t v = counter_random(seed + 1, 2 * frequencies + 1) % n;
      const DirectDft fa = direct_dft(a, twiddle, u, v), fb = direct_dft(b, twiddle, u, v);
      const DirectDft fd = direct_dft(d, twiddle, u, v);
      const double tol = static_cast<double>(n) * fft_tol + fd.tolerance + fa.tolerance * std::abs(fb.value) +
                         std::abs(fa.value) * fb.tolerance + fa.tolerance * fb.tolerance +
                         2 * kEps * std::abs(fa.value * fb.value) + 12 * kEps * d_abs;
      const double ratio = std::abs(fd.value - fa.value * fb.value) / tol;
      if (!(ratio <= worst_freq) && !std::isnan(worst_freq)) worst_freq = ratio;
    }
  }
  r.verified = worst <= 1.0 && worst_freq <= 1.0;
  r.message = all ? fmt::format(
                        "conv2d: N={}: all {} entries against the direct circular convolution: worst at "
                        "{:.3g} of the bound (FFT bound {:.3g})",
                        n, n * n, worst, fft_tol)
                  : fmt::format(
                        "conv2d: N={}: {} sampled entries against the direct sum: worst at {:.3g} of the "
                        "bound (FFT bound {:.3g}); DFT of the result at {} random frequencies against the "
                        "product of the inputs' DFTs: worst at {:.3g} of the bound",
                        n, sampled, worst, fft_tol, frequencies, worst_freq);
  return r;
}

static double conv2d_work(const runtime::Params& given) {
  const auto n = static_cast<double>(runtime::count_param(kParams, given, "N"));
  return 66 * n * n * std::log2(n) + 21 * n * n + 84 * n * std::log2(n);
}

static double conv2d_memory(const runtime::Params& given) {
  const auto n = static_cast<double>(runtime::count_param(kParams, given, "N"));
  return 3 * 16 * n * n;
}

static runtime::KernelResult conv2d_run(const runtime::Params& given, runtime::Runtime& rt) {
  const auto n = static_cast<std::size_t>(runtime::count_param(kParams, given, "N"));
  const std::uint64_t seed = runtime::count_param(kParams, given, "seed");
  ComplexImage a = random_image(n, seed), b = random_image(n, seed + 1);
  FftConvolution convolution(a, b);  // FFTW plans made outside the measured window
  rt.measure([&] { convolution.run(&rt); });
  // The inputs again (they were overwritten), for the check.
  return verify_convolution(random_image(n, seed), random_image(n, seed + 1), a, seed + 2);
}

const runtime::NativeKernel conv2d_kernel{
    .name = "conv2d",
    .doc = "2-D circular convolution of two N x N complex images by FFTW row and column FFTs, parallel over rows "
         "then column blocks; W = 66 N^2 lg N + 21 N^2 + 84 N lg N",
    .params = kParams,
    .work = conv2d_work,
    .memory = conv2d_memory,
    .run = conv2d_run,
};

}  // namespace scalerun::kernels
