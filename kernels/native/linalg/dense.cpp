#include "kernels/native/linalg/dense.hpp"

#include "kernels/native/counter_rng.hpp"

namespace scalerun::kernels {

std::vector<double> back_substitute(const RectMatrix& m) {
  const std::size_t k = m.cols - 1;
  std::vector<double> x(k);
  for (std::size_t i = k; i-- > 0;) {
    const double* row = m.row(i);
    double sum = row[k];
    for (std::size_t j = i + 1; j < k; ++j) sum -= row[j] * x[j];
    x[i] = sum / row[i];
  }
  return x;
}

void fill_uniform(std::span<double> out, std::uint64_t seed, std::uint64_t first) {
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = 2.0 * unit_double(counter_random(seed, first + i)) - 1.0;
}

}  // namespace scalerun::kernels
