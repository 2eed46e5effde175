#include <catch2/catch.hpp>

#include <cmath>
#include <cstddef>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <oneapi/tbb/task_arena.h>

#include "expr/graph.hpp"
#include "expr/program.hpp"

using scalerun::expr::Batch;
using scalerun::expr::Binding;
using scalerun::expr::Graph;
using scalerun::expr::NodeId;
using scalerun::expr::Op;
using scalerun::expr::Program;
using Kind = scalerun::expr::Binding::Kind;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

struct Model {
  Graph g;
  std::vector<NodeId> roots;
};

// A random graph over `vars` variables using every op. Exponents avoid 2, 3, 4 and -1, which the
// tape computes by multiplication (tested on their own), so every path must agree bit for bit.
Model random_model(unsigned seed, int vars, int steps) {
  Model m;
  Graph& g = m.g;
  std::mt19937 rng(seed);
  std::vector<NodeId> pool;
  for (int i = 0; i < vars; ++i) pool.push_back(g.variable(std::string(1, 'v').append(std::to_string(i))));
  for (double c : {0.5, 2.0, 3.0, -1.5, 32.0}) pool.push_back(g.constant(c));
  const auto pick = [&] {
    std::uniform_int_distribution<std::size_t> any(0, pool.size() - 1);
    std::uniform_int_distribution<std::size_t> recent(pool.size() > 6 ? pool.size() - 6 : 0, pool.size() - 1);
    return std::bernoulli_distribution(0.6)(rng) ? pool[recent(rng)] : pool[any(rng)];
  };
  const Op binary_ops[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Pow, Op::Min, Op::Max, Op::Lt, Op::Le, Op::Eq};
  const Op unary_ops[] = {Op::Neg, Op::Log, Op::Exp, Op::Sqrt, Op::Abs, Op::Floor, Op::Ceil, Op::Sin, Op::Cos};
  const double exponents[] = {0.5, 1.5, -2.5};
  for (int s = 0; s < steps; ++s) {
    const int kind = std::uniform_int_distribution<int>(0, 9)(rng);
    NodeId r;
    if (kind < 5) {
      const Op op = binary_ops[std::uniform_int_distribution<int>(0, 9)(rng)];
      const NodeId a = pick();
      NodeId b = pick();
      if (op == Op::Pow && std::bernoulli_distribution(0.5)(rng)) {
        b = g.constant(exponents[std::uniform_int_distribution<int>(0, 2)(rng)]);
      }
      r = g.binary(op, a, b);
    } else if (kind < 9) {
      r = g.unary(unary_ops[std::uniform_int_distribution<int>(0, 8)(rng)], pick());
    } else {
      const NodeId c = g.binary(std::bernoulli_distribution(0.5)(rng) ? Op::Lt : Op::Le, pick(), pick());
      r = g.where(c, pick(), pick());
    }
    pool.push_back(r);
  }
  m.roots = {pool.back(), pool[pool.size() / 2], pool[pool.size() - 3]};
  return m;
}

// Variable i's value at point k of a batch, straight from the binding's definition.
double bound_value(const Binding& b, const Batch& batch, std::size_t k) {
  switch (b.kind) {
    case Kind::Scalar: return b.scalar;
    case Kind::Array: return b.values[k];
    case Kind::GridRow: return b.values[k / batch.cols];
    case Kind::GridCol: return b.values[k % batch.cols];
  }
  return kNaN;
}

// Runs the batch serially, in parallel on one and on two threads, and compares every point with
// Program::eval and Graph::eval there.
void check_batch(const Model& m, const Program& prog, const std::vector<Binding>& bindings, const Batch& batch) {
  const std::size_t roots = m.roots.size();
  std::vector<std::vector<double>> serial(roots, std::vector<double>(batch.count, -7.0));
  std::vector<std::vector<double>> par1 = serial, par2 = serial;
  const auto ptrs = [](std::vector<std::vector<double>>& v) {
    std::vector<double*> p;
    for (auto& x : v) p.push_back(x.data());
    return p;
  };
  prog.eval_batch(bindings, batch, ptrs(serial));
  tbb::task_arena(1).execute([&] { prog.eval_batch_parallel(bindings, batch, ptrs(par1)); });
  tbb::task_arena(2).execute([&] { prog.eval_batch_parallel(bindings, batch, ptrs(par2)); });

  std::size_t bad = 0;
  std::ostringstream first_bad;
  std::vector<double> vars(bindings.size());
  std::vector<double> point(roots);
  for (std::size_t k = 0; k < batch.count; ++k) {
    for (std::size_t i = 0; i < bindings.size(); ++i) vars[i] = bound_value(bindings[i], batch, k);
    prog.eval(vars, point);
    for (std::size_t j = 0; j < roots; ++j) {
      const double graph = m.g.eval(m.roots[j], vars);
      const bool ok = same(point[j], graph) && same(serial[j][k], point[j]) && same(par1[j][k], point[j]) &&
                      same(par2[j][k], point[j]);
      if (!ok && bad++ == 0) {
        first_bad << "point " << k << " root " << j << ": graph " << graph << ", eval " << point[j] << ", batch "
                  << serial[j][k] << ", parallel(1) " << par1[j][k] << ", parallel(2) " << par2[j][k];
      }
    }
  }
  INFO(first_bad.str());
  CHECK(bad == 0);
}

Binding scalar(double v) {
  Binding b;
  b.scalar = v;
  return b;
}

Binding bound(Kind kind, const std::vector<double>& values) {
  Binding b;
  b.kind = kind;
  b.values = values;
  return b;
}

std::vector<double> uniform(std::size_t n, unsigned seed, double lo = -4.0, double hi = 4.0) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> d(lo, hi);
  std::vector<double> v(n);
  for (double& x : v) x = d(rng);
  return v;
}

}  // namespace

TEST_CASE("program: one point agrees with Graph::eval on random graphs", "[expr][program]") {
  for (unsigned seed = 1; seed <= 40; ++seed) {
    const Model m = random_model(seed, 3, 60);
    const Program prog(m.g, m.roots);
    REQUIRE(prog.num_outputs() == 3);
    std::mt19937 rng(seed * 7919);
    std::uniform_real_distribution<double> d(-4.0, 4.0);
    for (int trial = 0; trial < 20; ++trial) {
      const std::vector<double> vars = {d(rng), d(rng), d(rng)};
      std::vector<double> out(3);
      prog.eval(vars, out);
      for (std::size_t j = 0; j < 3; ++j) {
        INFO("seed " << seed << " root " << j << ": " << m.g.to_string(m.roots[j]));
        CHECK(same(out[j], m.g.eval(m.roots[j], vars)));
      }
    }
  }
}

TEST_CASE("program: batches of arrays and scalars agree with single points", "[expr][program]") {
  for (unsigned seed = 100; seed < 112; ++seed) {
    const Model m = random_model(seed, 3, 50);
    const Program prog(m.g, m.roots);
    // Below and above the size where invariant work is hoisted out of the per-point tape, and
    // sizes that leave a short last block.
    for (std::size_t count : {1u, 255u, 700u, 2048u, 5000u}) {
      const auto x = uniform(count, seed);
      const auto y = uniform(count, seed + 1);
      const std::vector<Binding> bindings = {bound(Kind::Array, x), scalar(1.25), bound(Kind::Array, y)};
      INFO("seed " << seed << ", count " << count);
      check_batch(m, prog, bindings, Batch{count, 1});
    }
  }
}

TEST_CASE("program: grid batches agree with single points", "[expr][program][grid]") {
  struct Shape {
    std::size_t rows, cols, count;
  };
  // Small and large grids, one row, one column, and a last row cut short.
  const Shape shapes[] = {{7, 5, 35}, {61, 89, 61 * 89}, {50, 41, 50 * 41}, {40, 300, 40 * 300 - 17},
                          {1, 3000, 3000}, {3000, 1, 3000}, {3, 1000, 3000}};
  for (unsigned seed = 200; seed < 210; ++seed) {
    const Model m = random_model(seed, 4, 50);
    const Program prog(m.g, m.roots);
    for (const Shape& s : shapes) {
      const auto rows = uniform(s.rows, seed);
      const auto cols = uniform(s.cols, seed + 1);
      const auto arr = uniform(s.count, seed + 2);
      INFO("seed " << seed << ", grid " << s.rows << "x" << s.cols << ", count " << s.count);
      // Rows, columns and scalars; then the same axes bound to other variables, with an array.
      check_batch(m, prog, {bound(Kind::GridRow, rows), bound(Kind::GridCol, cols), scalar(0.75), scalar(-2.0)},
                  Batch{s.count, s.cols});
      check_batch(m, prog, {bound(Kind::GridCol, cols), scalar(0.75), bound(Kind::Array, arr), bound(Kind::GridRow, rows)},
                  Batch{s.count, s.cols});
    }
  }
}

TEST_CASE("program: the scalability model on a grid matches the formula", "[expr][program][grid]") {
  Graph g;
  const NodeId n = g.variable("n");
  const NodeId p = g.variable("p");
  const NodeId tau = g.variable("tau");
  const NodeId b1 = g.variable("b1");
  const NodeId b2 = g.variable("b2");
  const auto k = [&](double v) { return g.constant(v); };
  const NodeId n2 = g.pow(n, k(2));
  const NodeId t = g.add(
      g.add(g.mul(g.div(g.add(g.mul(k(2), g.pow(n, k(3))), g.mul(k(3), n2)), p), tau),
            g.mul(g.mul(g.mul(k(3), n2), g.sub(k(1), g.div(k(1), p))), tau)),
      g.mul(n2, g.where(g.binary(Op::Le, p, k(32)), b1, b2)));
  const NodeId roots[] = {t};
  const Program prog(g, roots);

  const std::size_t R = 120, C = 130;
  std::vector<double> ns(R), ps(C);
  for (std::size_t i = 0; i < R; ++i) ns[i] = 64.0 + 8.0 * static_cast<double>(i);
  for (std::size_t j = 0; j < C; ++j) ps[j] = 1.0 + static_cast<double>(j);
  const double tv = 1.8e-9, b1v = 2e-8, b2v = 5e-8;
  const std::vector<Binding> bindings = {bound(Kind::GridRow, ns), bound(Kind::GridCol, ps), scalar(tv), scalar(b1v),
                                         scalar(b2v)};
  std::vector<double> out(R * C), par(R * C);
  double* outs[] = {out.data()};
  double* pars[] = {par.data()};
  prog.eval_batch(bindings, Batch{R * C, C}, outs);
  prog.eval_batch_parallel(bindings, Batch{R * C, C}, pars);
  std::size_t bad = 0;
  for (std::size_t i = 0; i < R; ++i) {
    for (std::size_t j = 0; j < C; ++j) {
      const double nv = ns[i], pv = ps[j];
      const double want = (2 * nv * nv * nv + 3 * nv * nv) / pv * tv + 3 * nv * nv * (1 - 1 / pv) * tv +
                          nv * nv * (pv <= 32 ? b1v : b2v);
      const double got = out[i * C + j];
      if (std::fabs(got - want) > 1e-14 * std::fabs(want) || par[i * C + j] != got) ++bad;
    }
  }
  CHECK(bad == 0);
}

TEST_CASE("program: small integer powers are close to std::pow", "[expr][program]") {
  Graph g;
  const NodeId x = g.variable("x");
  std::vector<NodeId> roots;
  for (double e : {2.0, 3.0, 4.0, -1.0}) roots.push_back(g.pow(x, g.constant(e)));
  const Program prog(g, roots);
  std::vector<double> xs = uniform(4000, 5, -1e3, 1e3);
  for (double special : {0.0, -0.0, kInf, -kInf, kNaN, 1e-200, -1e200, 1.0, -1.0}) xs.push_back(special);
  std::vector<std::vector<double>> outs(4, std::vector<double>(xs.size()));
  std::vector<double*> ptrs;
  for (auto& o : outs) ptrs.push_back(o.data());
  prog.eval_batch(std::vector<Binding>{bound(Kind::Array, xs)}, Batch{xs.size(), 1}, ptrs);
  for (std::size_t j = 0; j < roots.size(); ++j) {
    for (std::size_t k = 0; k < xs.size(); ++k) {
      const double vars[] = {xs[k]};
      const double want = g.eval(roots[j], vars);
      const double got = outs[j][k];
      INFO("x = " << xs[k] << ", root " << j);
      if (std::isfinite(want) && std::isfinite(got) && want != 0.0) {
        CHECK(std::fabs(got - want) <= 4 * std::numeric_limits<double>::epsilon() * std::fabs(want));
      } else {
        CHECK(same(got, want));
      }
    }
  }
}

TEST_CASE("program: comparisons, where and NaN in batches", "[expr][program]") {
  Graph g;
  const NodeId x = g.variable("x");
  const NodeId y = g.variable("y");
  const NodeId roots[] = {g.binary(Op::Lt, x, y),
                          g.binary(Op::Le, x, y),
                          g.binary(Op::Eq, x, y),
                          g.where(x, y, g.unary(Op::Neg, y)),
                          g.add(g.mul(x, y), g.constant(1)),
                          g.binary(Op::Min, x, y),
                          g.binary(Op::Max, x, y)};
  const Program prog(g, roots);
  const std::vector<double> xs = {1, 2, 3, kNaN, 0, -0.0, kNaN, kInf};
  const std::vector<double> ys = {2, 2, 2, 1, 5, 5, kNaN, kInf};
  std::vector<std::vector<double>> outs(std::size(roots), std::vector<double>(xs.size()));
  std::vector<double*> ptrs;
  for (auto& o : outs) ptrs.push_back(o.data());
  prog.eval_batch(std::vector<Binding>{bound(Kind::Array, xs), bound(Kind::Array, ys)}, Batch{xs.size(), 1}, ptrs);
  CHECK(outs[0] == std::vector<double>{1, 0, 0, 0, 1, 1, 0, 0});
  CHECK(outs[1] == std::vector<double>{1, 1, 0, 0, 1, 1, 0, 1});
  CHECK(outs[2] == std::vector<double>{0, 1, 0, 0, 0, 0, 0, 1});
  // A NaN condition is not zero: the first branch.
  CHECK(outs[3][0] == 2);
  CHECK(outs[3][3] == 1);
  CHECK(outs[3][4] == -5);
  CHECK(outs[3][5] == -5);
  CHECK(std::isnan(outs[3][6]));
  CHECK(std::isnan(outs[4][3]));
  CHECK(std::isnan(outs[4][6]));
  CHECK(outs[5][3] == 1);  // fmin drops the NaN
  CHECK(outs[6][3] == 1);
  CHECK(std::isnan(outs[6][6]));
}

TEST_CASE("program: repeated, constant and variable roots", "[expr][program]") {
  Graph g;
  const NodeId n = g.variable("n");
  const NodeId p = g.variable("p");
  const NodeId f = g.div(g.pow(n, g.constant(2)), p);
  const NodeId row_only = g.mul(g.unary(Op::Sqrt, n), g.constant(3));
  const NodeId roots[] = {f, g.constant(4.5), p, f, row_only, g.constant(4.5)};
  const Program prog(g, roots);
  const std::size_t R = 64, C = 100;  // large enough that row-only work is hoisted
  const auto ns = uniform(R, 1, 1.0, 10.0);
  const auto ps = uniform(C, 2, 1.0, 10.0);
  std::vector<std::vector<double>> outs(std::size(roots), std::vector<double>(R * C));
  std::vector<double*> ptrs;
  for (auto& o : outs) ptrs.push_back(o.data());
  const std::vector<Binding> bindings = {bound(Kind::GridRow, ns), bound(Kind::GridCol, ps)};
  prog.eval_batch_parallel(bindings, Batch{R * C, C}, ptrs);
  std::size_t bad = 0;
  for (std::size_t k = 0; k < R * C; ++k) {
    const double vars[] = {ns[k / C], ps[k % C]};
    const double fv = g.eval(f, vars);
    bad += outs[0][k] != fv || outs[3][k] != fv || outs[1][k] != 4.5 || outs[5][k] != 4.5 ||
           outs[2][k] != ps[k % C] || outs[4][k] != g.eval(row_only, vars);
  }
  CHECK(bad == 0);
  std::vector<double> point(std::size(roots));
  const double vars[] = {2.0, 8.0};
  prog.eval(vars, point);
  CHECK(point == std::vector<double>{0.5, 4.5, 8.0, 0.5, 3 * std::sqrt(2.0), 4.5});
}

TEST_CASE("program: results may overwrite the inputs they are computed from", "[expr][program]") {
  Graph g;
  const NodeId x = g.variable("x");
  const NodeId f = g.add(g.mul(x, g.constant(2)), g.constant(1));
  const NodeId roots[] = {f};
  const Program prog(g, roots);
  for (std::size_t count : {100u, 5000u}) {
    for (bool parallel : {false, true}) {
      std::vector<double> v = uniform(count, 9);
      const std::vector<double> before = v;
      double* outs[] = {v.data()};
      const std::vector<Binding> bindings = {bound(Kind::Array, v)};
      if (parallel) {
        prog.eval_batch_parallel(bindings, Batch{count, 1}, outs);
      } else {
        prog.eval_batch(bindings, Batch{count, 1}, outs);
      }
      std::size_t bad = 0;
      for (std::size_t k = 0; k < count; ++k) bad += v[k] != before[k] * 2 + 1;
      INFO("count " << count << ", parallel " << parallel);
      CHECK(bad == 0);
    }
  }
}

TEST_CASE("program: registers are reused along a deep chain", "[expr][program]") {
  Graph g;
  const NodeId x = g.variable("x");
  const NodeId y = g.variable("y");
  NodeId f = x;
  for (int i = 0; i < 20000; ++i) f = g.add(g.mul(f, g.constant(0.5)), g.unary(Op::Sin, y));
  const NodeId roots[] = {f};
  const Program prog(g, roots);
  CHECK(prog.num_registers() < 10);
  const double vars[] = {1.0, 0.3};
  double out[1];
  prog.eval(vars, out);
  CHECK(out[0] == g.eval(f, vars));
}

TEST_CASE("program: bad batches are rejected", "[expr][program]") {
  Graph g;
  const NodeId x = g.variable("x");
  const NodeId y = g.variable("y");
  const NodeId roots[] = {g.add(x, y)};
  const Program prog(g, roots);
  std::vector<double> out(10);
  double* outs[] = {out.data()};
  const std::vector<double> ten(10, 1.0), three(3, 1.0);
  CHECK_THROWS_AS(prog.eval_batch(std::vector<Binding>{scalar(1)}, Batch{10, 1}, outs), std::invalid_argument);
  CHECK_THROWS_AS(prog.eval_batch(std::vector<Binding>{bound(Kind::Array, three), scalar(1)}, Batch{10, 1}, outs),
                  std::invalid_argument);
  CHECK_THROWS_AS(prog.eval_batch(std::vector<Binding>{bound(Kind::GridRow, three), bound(Kind::GridCol, ten)},
                                  Batch{10, 0}, outs),
                  std::invalid_argument);
  CHECK_THROWS_AS(prog.eval_batch(std::vector<Binding>{bound(Kind::GridRow, three), bound(Kind::GridCol, three)},
                                  Batch{10, 5}, outs),
                  std::invalid_argument);
  CHECK_THROWS_AS(prog.eval_batch_parallel(std::vector<Binding>{scalar(1), scalar(2)}, Batch{10, 1}, {}),
                  std::invalid_argument);
  const double one[] = {1.0};
  double point[1];
  CHECK_THROWS_AS(prog.eval(one, point), std::invalid_argument);
  CHECK_THROWS_AS(Program(g, std::vector<NodeId>{999}), std::out_of_range);

  // A grid's rows and columns only need as many values as the grid uses.
  CHECK_NOTHROW(prog.eval_batch(std::vector<Binding>{bound(Kind::GridRow, three), bound(Kind::GridCol, three)},
                                Batch{8, 3}, outs));
  CHECK(out[7] == 2.0);
  // Nothing to do.
  CHECK_NOTHROW(prog.eval_batch({}, Batch{0, 1}, outs));
  const Program empty;
  CHECK(empty.num_outputs() == 0);
  CHECK_NOTHROW(empty.eval_batch({}, Batch{10, 1}, {}));
}
