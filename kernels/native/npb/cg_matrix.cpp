#include "kernels/native/npb/cg_matrix.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "kernels/native/npb/npb_random.hpp"

namespace scalerun::kernels::npb {

namespace {

struct SparseVector {
  std::vector<double> value;
  std::vector<std::size_t> position;  // 1-based, as in NPB
};

// sprnvc: nonzer values at distinct positions in 1..n. A position is int(nn1 r) + 1 for a power
// of two nn1 >= n, and drawn again when it falls beyond n or repeats one already taken.
void random_sparse_vector(std::size_t n, std::size_t nonzer, std::size_t nn1, std::uint64_t& tran, SparseVector& v) {
  v.value.clear();
  v.position.clear();
  while (v.value.size() < nonzer) {
    const double value = randlc(tran, kMultiplier);
    const double where = randlc(tran, kMultiplier);
    const auto i = static_cast<std::size_t>(static_cast<double>(nn1) * where) + 1;
    if (i > n || std::find(v.position.begin(), v.position.end(), i) != v.position.end()) continue;
    v.value.push_back(value);
    v.position.push_back(i);
  }
}

// vecset: element i becomes `value`, appended when the vector has no element i yet.
void set_element(SparseVector& v, std::size_t i, double value) {
  bool found = false;
  for (std::size_t k = 0; k < v.position.size(); ++k) {
    if (v.position[k] == i) {
      v.value[k] = value;
      found = true;
    }
  }
  if (!found) {
    v.value.push_back(value);
    v.position.push_back(i);
  }
}

struct Triple {
  std::uint32_t column;
  double value;
};

}  // namespace

CsrMatrix make_cg_matrix(std::size_t na, std::size_t nonzer, double shift) {
  if (nonzer < 1 || nonzer >= na) {
    throw std::invalid_argument(fmt::format("CG needs 1 <= nonzer < na (got nonzer = {}, na = {})", nonzer, na));
  }
  std::uint64_t tran = kCgSeed;
  randlc(tran, kMultiplier);  // NPB draws one number (its first zeta) before building the matrix
  std::size_t nn1 = 1;
  do {
    nn1 *= 2;
  } while (nn1 < na);

  // The outer products' entries, each row's in the order NPB adds them: by increasing i, then by
  // the positions' order within v_i.
  std::vector<std::vector<Triple>> rows(na);
  SparseVector v;
  double size = 1.0;
  const double ratio = std::pow(kCgRcond, 1.0 / static_cast<double>(na));
  for (std::size_t i = 0; i < na; ++i) {
    random_sparse_vector(na, nonzer, nn1, tran, v);
    set_element(v, i + 1, 0.5);
    for (std::size_t a = 0; a < v.position.size(); ++a) {
      const std::size_t j = v.position[a] - 1;
      const double scale = size * v.value[a];
      for (std::size_t b = 0; b < v.position.size(); ++b) {
        const std::size_t jcol = v.position[b] - 1;
        double va = v.value[b] * scale;
        if (jcol == j && j == i) va = va + kCgRcond - shift;  // bounds the smallest eigenvalue from below
        rows[j].push_back({static_cast<std::uint32_t>(jcol), va});
      }
    }
    size *= ratio;
  }

  CsrMatrix m;
  m.n = na;
  m.row_start.assign(na + 1, 0);
  std::size_t capacity = 0;
  for (const auto& r : rows) capacity += r.size();
  m.column.reserve(capacity);
  m.value.reserve(capacity);
  for (std::size_t j = 0; j < na; ++j) {
    auto& r = rows[j];
    // Stable: the entries of one column keep NPB's order, so their sum rounds as NPB's does.
    std::stable_sort(r.begin(), r.end(), [](const Triple& x, const Triple& y) { return x.column < y.column; });
    for (std::size_t k = 0; k < r.size(); ++k) {
      if (k > 0 && r[k].column == r[k - 1].column) {
        m.value.back() += r[k].value;
      } else {
        m.column.push_back(r[k].column);
        m.value.push_back(r[k].value);
      }
    }
    m.row_start[j + 1] = m.value.size();
    std::vector<Triple>().swap(r);
  }
  return m;
}

}  // namespace scalerun::kernels::npb
