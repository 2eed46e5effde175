// Mesh and torus (k-ary n-cube) with dimension-order routing: a message first travels along
// dimension 0 (x) until its coordinate matches, then along dimension 1 (y), and so on. On a torus
// each dimension goes the shorter way round (ties go the positive way). Routers sit on every grid
// point, processors on the first p of them (row-major). Link id = node * 2n + 2 * dim + (negative
// direction ? 1 : 0).

#include <cmath>
#include <cstdlib>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "network/kinds.hpp"
#include "network/routed_network.hpp"

namespace scalerun::network {

namespace {

struct Shape {
  std::vector<int> dims, stride;
  long routers = 1;
};

Shape shape_of(const NetworkSpec& spec, int p) {
  Shape s;
  s.dims = spec.dims;
  if (s.dims.empty()) {  // the squarest 2-D grid that holds p
    const int x = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(p))));
    s.dims = {x, (p + x - 1) / x};
  }
  for (const int k : s.dims) {
    s.stride.push_back(static_cast<int>(s.routers));
    s.routers *= k;
    if (s.routers > (1L << 26)) {
      throw std::invalid_argument(fmt::format("{} dims {} make too many routers", spec.kind, fmt::join(s.dims, " x ")));
    }
  }
  if (s.routers < p) {
    throw std::invalid_argument(fmt::format("{} dims {} hold {} processors; p = {}", spec.kind, fmt::join(s.dims, " x "),
                                            s.routers, p));
  }
  return s;
}

std::size_t longest_route(const Shape& s, bool wraparound) {
  std::size_t hops = 0;
  for (const int k : s.dims) hops += static_cast<std::size_t>(wraparound ? k / 2 : k - 1);
  return hops;
}

class Grid final : public RoutedNetwork {
 public:
  Grid(const NetworkSpec& spec, int p, Options options, Shape shape, bool wraparound)
      : RoutedNetwork(p, options, {spec.latency, spec.hop_latency, spec.switching},
                      std::vector<double>(static_cast<std::size_t>(shape.routers) * 2 * shape.dims.size(), *spec.bandwidth),
                      longest_route(shape, wraparound)),
        s_(std::move(shape)),
        n_(static_cast<int>(s_.dims.size())),
        wrap_(wraparound) {}

  std::string_view kind() const override { return wrap_ ? "torus" : "mesh"; }

 private:
  double route(int src, int dst, std::vector<int>& path) const override {
    int node = src;
    for (int dim = 0; dim < n_; ++dim) {
      const int k = s_.dims[static_cast<std::size_t>(dim)], stride = s_.stride[static_cast<std::size_t>(dim)];
      const int from = node / stride % k, to = dst / stride % k;
      int steps = to - from;
      if (wrap_) {
        const int forward = ((steps % k) + k) % k;
        steps = forward <= k - forward ? forward : forward - k;
      }
      const int direction = steps < 0 ? 1 : 0;
      int coordinate = from;
      for (int i = std::abs(steps); i > 0; --i) {
        path.push_back(node * 2 * n_ + 2 * dim + direction);
        const int next = wrap_ ? (coordinate + (direction != 0 ? k - 1 : 1)) % k : coordinate + (direction != 0 ? -1 : 1);
        node += (next - coordinate) * stride;
        coordinate = next;
      }
    }
    return 0;
  }

  std::string link_name(int link) const override {
    const int node = link / (2 * n_), dim = link % (2 * n_) / 2;
    const bool negative = link % 2 != 0;
    const int k = s_.dims[static_cast<std::size_t>(dim)], stride = s_.stride[static_cast<std::size_t>(dim)];
    // A ring of 1 has no links, and on a ring of 2 the shorter way is always the positive one.
    if (wrap_ && (k == 1 || (k == 2 && negative))) return {};
    const int coordinate = node / stride % k;
    int next = coordinate + (negative ? -1 : 1);
    if (wrap_) next = (next + k) % k;
    if (next < 0 || next >= k) return {};  // off a mesh edge: no such link
    return fmt::format("{}->{}", node, node + (next - coordinate) * stride);
  }

  Shape s_;
  int n_;
  bool wrap_;
};

}  // namespace

std::unique_ptr<Network> make_grid(const NetworkSpec& spec, int p, Options options, bool wraparound) {
  return std::make_unique<Grid>(spec, p, options, shape_of(spec, p), wraparound);
}

}  // namespace scalerun::network
