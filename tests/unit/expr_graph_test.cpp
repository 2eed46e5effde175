#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "expr/graph.hpp"

using scalerun::expr::Graph;
using scalerun::expr::NodeId;
using scalerun::expr::Op;

namespace {

double eval1(const Graph& g, NodeId f, double x) {
  const double vars[] = {x};
  return g.eval(f, vars);
}

// d/dx by a central difference, with a step scaled to x so the check means the same thing at
// every point.
double central_difference(const Graph& g, NodeId f, double x) {
  const double h = 1e-6 * std::max(1.0, std::fabs(x));
  return (eval1(g, f, x + h) - eval1(g, f, x - h)) / (2 * h);
}

void check_derivative(Graph& g, NodeId f, std::initializer_list<double> points) {
  const NodeId df = g.derivative(f, 0);
  for (double x : points) {
    INFO("f = " << g.to_string(f) << ", f' = " << g.to_string(df) << ", x = " << x);
    CHECK(eval1(g, df, x) == Approx(central_difference(g, f, x)).epsilon(1e-5).margin(1e-7));
  }
}

}  // namespace

TEST_CASE("expr: identical nodes are interned once", "[expr][graph]") {
  Graph g;
  const NodeId x = g.variable("x");
  const NodeId y = g.variable("y");
  CHECK(g.variable("x") == x);
  CHECK(g.constant(2.5) == g.constant(2.5));
  CHECK(g.add(x, y) == g.add(x, y));
  CHECK(g.add(x, y) != g.add(y, x));  // operand order is kept, not canonicalised
  CHECK(g.unary(Op::Sin, x) == g.unary(Op::Sin, x));
  CHECK(g.where(g.binary(Op::Lt, x, y), x, y) == g.where(g.binary(Op::Lt, x, y), x, y));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(g.constant(nan) == g.constant(nan));
  CHECK(g.constant(0.0) != g.constant(-0.0));  // constants compare by bit pattern

  const std::size_t before = g.size();
  g.mul(g.add(x, y), g.add(x, y));
  const std::size_t after = g.size();
  g.mul(g.add(x, y), g.add(x, y));
  CHECK(g.size() == after);
  CHECK(after == before + 1);  // only the product was new
}

TEST_CASE("expr: operands always have smaller ids than their users", "[expr][graph]") {
  Graph g;
  const NodeId x = g.variable("x");
  NodeId f = x;
  for (int i = 0; i < 50; ++i) f = g.add(g.mul(f, g.constant(i + 2.0)), g.unary(Op::Cos, f));
  g.where(g.binary(Op::Le, f, x), f, g.variable("late"));
  for (NodeId id = 0; id < g.size(); ++id) {
    const auto& n = g.node(id);
    if (n.op == Op::Const || n.op == Op::Var) continue;
    CHECK(n.a < id);  // unused operand slots are 0, which is below any computed node too
    CHECK(n.b < id);
    CHECK(n.c < id);
  }
}

TEST_CASE("expr: variables are looked up by name", "[expr][graph]") {
  Graph g;
  g.variable("n");
  g.variable("p");
  CHECK(g.find_variable("n") == 0);
  CHECK(g.find_variable("p") == 1);
  CHECK(g.find_variable("q") == -1);
  REQUIRE(g.variables().size() == 2);
  CHECK(g.variables()[1] == "p");
}

TEST_CASE("expr: algebraic identities simplify at construction", "[expr][graph]") {
  Graph g;
  const NodeId x = g.variable("x");
  const NodeId zero = g.constant(0.0);
  const NodeId one = g.constant(1.0);
  CHECK(g.add(x, zero) == x);
  CHECK(g.add(zero, x) == x);
  CHECK(g.sub(x, zero) == x);
  CHECK(g.mul(x, one) == x);
  CHECK(g.mul(one, x) == x);
  CHECK(g.div(x, one) == x);
  CHECK(g.pow(x, one) == x);
  CHECK(g.pow(x, zero) == one);
  CHECK(g.mul(zero, x) == zero);
  CHECK(g.mul(x, zero) == zero);
  CHECK(g.mul(x, g.constant(-0.0)) == zero);
  CHECK(g.unary(Op::Neg, g.unary(Op::Neg, x)) == x);
  CHECK(g.sub(x, x) == zero);
  const NodeId sx = g.unary(Op::Sin, x);
  CHECK(g.sub(g.add(sx, x), g.add(sx, x)) == zero);

  // Not identities: left alone.
  CHECK_FALSE(g.is_constant(g.sub(zero, x)));
  CHECK_FALSE(g.is_constant(g.div(zero, x)));
  CHECK(g.node(g.div(one, x)).op == Op::Div);
}

TEST_CASE("expr: Where with a known condition or equal branches picks a branch", "[expr][graph]") {
  Graph g;
  const NodeId x = g.variable("x");
  const NodeId y = g.variable("y");
  CHECK(g.where(g.constant(1.0), x, y) == x);
  CHECK(g.where(g.constant(-3.0), x, y) == x);
  CHECK(g.where(g.constant(0.0), x, y) == y);
  CHECK(g.where(g.constant(std::nan("")), x, y) == x);  // NaN is not zero
  CHECK(g.where(g.binary(Op::Lt, g.constant(1), g.constant(2)), x, y) == x);
  CHECK(g.where(g.binary(Op::Lt, x, y), x, x) == x);
}

TEST_CASE("expr: operations on constants fold with the evaluation semantics", "[expr][graph]") {
  Graph g;
  const auto value = [&](NodeId id) {
    REQUIRE(g.is_constant(id));
    return g.node(id).value;
  };
  const NodeId a = g.constant(2.5);
  const NodeId b = g.constant(-1.25);
  CHECK(value(g.add(a, b)) == 2.5 + -1.25);
  CHECK(value(g.sub(a, b)) == 2.5 - -1.25);
  CHECK(value(g.mul(a, b)) == 2.5 * -1.25);
  CHECK(value(g.div(a, b)) == 2.5 / -1.25);
  CHECK(value(g.pow(a, b)) == std::pow(2.5, -1.25));
  CHECK(value(g.binary(Op::Min, a, b)) == -1.25);
  CHECK(value(g.binary(Op::Max, a, b)) == 2.5);
  CHECK(value(g.binary(Op::Lt, a, b)) == 0.0);
  CHECK(value(g.binary(Op::Lt, b, a)) == 1.0);
  CHECK(value(g.binary(Op::Le, a, a)) == 1.0);
  CHECK(value(g.binary(Op::Eq, a, a)) == 1.0);
  CHECK(value(g.binary(Op::Eq, a, b)) == 0.0);
  CHECK(value(g.unary(Op::Neg, a)) == -2.5);
  CHECK(value(g.unary(Op::Log, a)) == std::log(2.5));
  CHECK(value(g.unary(Op::Exp, b)) == std::exp(-1.25));
  CHECK(value(g.unary(Op::Sqrt, a)) == std::sqrt(2.5));
  CHECK(value(g.unary(Op::Abs, b)) == 1.25);
  CHECK(value(g.unary(Op::Floor, b)) == -2.0);
  CHECK(value(g.unary(Op::Ceil, b)) == -1.0);
  CHECK(value(g.unary(Op::Sin, a)) == std::sin(2.5));
  CHECK(value(g.unary(Op::Cos, a)) == std::cos(2.5));
  CHECK(std::isnan(value(g.unary(Op::Log, b))));
  // fmin/fmax: a NaN operand loses to a number.
  CHECK(value(g.binary(Op::Min, g.constant(std::nan("")), a)) == 2.5);
  // A whole expression over constants collapses to one node.
  const NodeId folded = g.add(g.mul(a, g.pow(b, g.constant(2.0))), g.unary(Op::Sqrt, a));
  CHECK(value(folded) == 2.5 * std::pow(-1.25, 2.0) + std::sqrt(2.5));
}

TEST_CASE("expr: constructors reject bad operands", "[expr][graph]") {
  Graph g;
  const NodeId x = g.variable("x");
  CHECK_THROWS_AS(g.unary(Op::Add, x), std::invalid_argument);
  CHECK_THROWS_AS(g.binary(Op::Sin, x, x), std::invalid_argument);
  CHECK_THROWS_AS(g.add(x, 999), std::out_of_range);
  CHECK_THROWS_AS(g.eval(999, {}), std::out_of_range);
  CHECK_THROWS_AS(g.eval(x, {}), std::out_of_range);  // no value for x
}

TEST_CASE("expr: derivatives match central differences", "[expr][graph][derivative]") {
  Graph g;
  const NodeId x = g.variable("x");
  const auto k = [&](double v) { return g.constant(v); };
  // Operands that vary with x in different ways, so each rule sees non-trivial da and db.
  const NodeId u = g.add(g.mul(x, x), k(1.0));       // x^2 + 1 > 0
  const NodeId v = g.sub(k(3.0), g.unary(Op::Sin, x));  // 3 - sin x > 0
  const auto pts = {-1.7, -0.4, 0.3, 1.1, 2.6};

  SECTION("arithmetic") {
    check_derivative(g, g.add(u, v), pts);
    check_derivative(g, g.sub(u, v), pts);
    check_derivative(g, g.mul(u, v), pts);
    check_derivative(g, g.div(u, v), pts);
    check_derivative(g, g.div(k(2.0), v), pts);
    check_derivative(g, g.div(u, k(3.0)), pts);
    check_derivative(g, g.unary(Op::Neg, u), pts);
  }
  SECTION("powers") {
    check_derivative(g, g.pow(u, k(3.0)), pts);
    check_derivative(g, g.pow(u, k(-1.5)), pts);
    check_derivative(g, g.pow(u, k(2.0)), pts);
    check_derivative(g, g.pow(u, v), pts);        // general rule
    check_derivative(g, g.pow(k(2.0), v), pts);   // constant base
    check_derivative(g, g.pow(u, g.unary(Op::Cos, x)), pts);
  }
  SECTION("functions") {
    check_derivative(g, g.unary(Op::Log, u), pts);
    check_derivative(g, g.unary(Op::Exp, v), pts);
    check_derivative(g, g.unary(Op::Sqrt, u), pts);
    check_derivative(g, g.unary(Op::Sin, u), pts);
    check_derivative(g, g.unary(Op::Cos, u), pts);
    check_derivative(g, g.unary(Op::Abs, g.sub(x, k(0.05))), pts);
  }
  SECTION("min, max, where: each branch") {
    // u - v changes sign between the points, so both sides of each choice are exercised.
    check_derivative(g, g.binary(Op::Min, u, g.add(v, k(-1.0))), pts);
    check_derivative(g, g.binary(Op::Max, u, g.add(v, k(-1.0))), pts);
    check_derivative(g, g.where(g.binary(Op::Lt, x, k(0.5)), u, v), pts);
    check_derivative(g, g.where(g.binary(Op::Le, x, k(0.5)), g.mul(u, x), k(4.0)), pts);
  }
  SECTION("piecewise constant ops have zero derivative") {
    for (Op op : {Op::Floor, Op::Ceil}) CHECK(g.derivative(g.unary(op, u), 0) == k(0.0));
    for (Op op : {Op::Lt, Op::Le, Op::Eq}) CHECK(g.derivative(g.binary(op, u, v), 0) == k(0.0));
    check_derivative(g, g.mul(g.unary(Op::Floor, g.mul(x, k(0.1))), u), pts);
  }
  SECTION("other variables are constants") {
    const NodeId y = g.variable("y");
    const NodeId f = g.mul(g.pow(y, k(3.0)), u);
    CHECK(g.derivative(y, 0) == k(0.0));
    CHECK(g.derivative(x, 0) == k(1.0));
    CHECK(g.derivative(g.mul(y, y), 0) == k(0.0));
    const double vars[] = {0.7, 1.9};
    const NodeId dfdy = g.derivative(f, 1);
    CHECK(g.eval(dfdy, vars) == Approx(3 * 1.9 * 1.9 * (0.7 * 0.7 + 1)));
  }
}

TEST_CASE("expr: derivatives simplify", "[expr][graph][derivative]") {
  Graph g;
  const NodeId x = g.variable("x");
  const NodeId y = g.variable("y");
  const auto k = [&](double v) { return g.constant(v); };
  CHECK(g.to_string(g.derivative(g.pow(x, k(2.0)), 0)) == "2*x");
  CHECK(g.to_string(g.derivative(g.pow(x, k(3.0)), 0)) == "3*x^2");
  CHECK(g.to_string(g.derivative(g.mul(k(5.0), x), 0)) == "5");
  CHECK(g.to_string(g.derivative(g.add(g.mul(y, x), y), 0)) == "y");
  CHECK(g.to_string(g.derivative(g.unary(Op::Exp, x), 0)) == "exp(x)");
  CHECK(g.to_string(g.derivative(g.div(k(1.0), x), 0)) == "-(1/x^2)");
}

TEST_CASE("expr: derivative of a shared deep graph stays linear", "[expr][graph][derivative]") {
  Graph g;
  const NodeId x = g.variable("x");
  NodeId f = x;
  for (int i = 0; i < 3000; ++i) f = g.add(g.unary(Op::Sin, f), g.mul(f, g.constant(0.5)));
  const std::size_t before = g.size();
  const NodeId df = g.derivative(f, 0);
  // Each level shares f with its two uses; without memoisation the work would double per level.
  CHECK(g.size() - before < 20 * 3000);
  const double at = 0.3;
  CHECK(eval1(g, df, at) == Approx(central_difference(g, f, at)).epsilon(1e-4));
}

TEST_CASE("expr: substitute replaces variables and folds", "[expr][graph]") {
  Graph g;
  const NodeId n = g.variable("n");
  const NodeId p = g.variable("p");
  const auto k = [&](double v) { return g.constant(v); };
  const NodeId f = g.add(g.div(g.pow(n, k(2.0)), p), g.mul(p, k(3.0)));

  SECTION("by constants: the whole graph folds") {
    const NodeId repl[] = {k(4.0), k(2.0)};
    const bool which[] = {true, true};
    const NodeId r = g.substitute(f, repl, which);
    REQUIRE(g.is_constant(r));
    CHECK(g.node(r).value == 16.0 / 2.0 + 6.0);
  }
  SECTION("some variables only") {
    const NodeId repl[] = {k(4.0), 0};
    const bool which[] = {true, false};
    const NodeId r = g.substitute(f, repl, which);
    CHECK(g.to_string(r) == "16/p + p*3");
    CHECK_FALSE(g.depends_on(r, 0));
    CHECK(g.depends_on(r, 1));
  }
  SECTION("by expressions") {
    const NodeId q = g.variable("q");
    const NodeId repl[] = {g.add(q, k(1.0)), p};
    const bool which[] = {true, false};
    const NodeId r = g.substitute(f, repl, which);
    CHECK(g.to_string(r) == "(q + 1)^2/p + p*3");
    const double vars[] = {0.0, 2.0, 5.0};
    CHECK(g.eval(r, vars) == Approx(36.0 / 2.0 + 6.0));
  }
  SECTION("nothing replaced: the same node") {
    CHECK(g.substitute(f, {}, {}) == f);
  }
}

TEST_CASE("expr: depends_on follows operands", "[expr][graph]") {
  Graph g;
  const NodeId x = g.variable("x");
  const NodeId y = g.variable("y");
  const NodeId f = g.where(g.binary(Op::Lt, x, g.constant(1)), g.constant(2), g.constant(3));
  CHECK(g.depends_on(f, 0));
  CHECK_FALSE(g.depends_on(f, 1));
  CHECK(g.depends_on(y, 1));
  CHECK_FALSE(g.depends_on(g.constant(1), 0));
}

TEST_CASE("expr: to_string uses the fewest parentheses", "[expr][graph][print]") {
  Graph g;
  const NodeId a = g.variable("a");
  const NodeId b = g.variable("b");
  const NodeId c = g.variable("c");
  const auto k = [&](double v) { return g.constant(v); };
  const auto neg = [&](NodeId x) { return g.unary(Op::Neg, x); };
  const auto str = [&](NodeId x) { return g.to_string(x); };

  CHECK(str(g.add(g.add(a, b), c)) == "a + b + c");
  CHECK(str(g.add(a, g.add(b, c))) == "a + (b + c)");
  CHECK(str(g.sub(a, g.sub(b, c))) == "a - (b - c)");
  CHECK(str(g.sub(g.sub(a, b), c)) == "a - b - c");
  CHECK(str(g.mul(g.add(a, b), c)) == "(a + b)*c");
  CHECK(str(g.add(g.mul(a, b), c)) == "a*b + c");
  CHECK(str(g.div(a, g.mul(b, c))) == "a/(b*c)");
  CHECK(str(g.mul(g.div(a, b), c)) == "a/b*c");
  CHECK(str(g.pow(a, g.pow(b, c))) == "a^b^c");
  CHECK(str(g.pow(g.pow(a, b), c)) == "(a^b)^c");
  CHECK(str(g.pow(g.mul(a, b), k(2))) == "(a*b)^2");
  CHECK(str(neg(g.pow(a, k(2)))) == "-a^2");
  CHECK(str(g.pow(neg(a), k(2))) == "(-a)^2");
  CHECK(str(neg(g.add(a, b))) == "-(a + b)");
  CHECK(str(g.mul(neg(a), b)) == "-a*b");
  CHECK(str(g.sub(a, neg(b))) == "a - -b");
  CHECK(str(g.pow(a, k(-1))) == "a^(-1)");
  CHECK(str(g.mul(k(2), g.pow(a, k(3)))) == "2*a^3");
  CHECK(str(g.unary(Op::Log, g.add(a, b))) == "log(a + b)");
  CHECK(str(g.binary(Op::Min, a, g.binary(Op::Max, b, c))) == "min(a, max(b, c))");
  CHECK(str(g.binary(Op::Lt, a, b)) == "(a < b)");
  CHECK(str(g.add(g.binary(Op::Le, a, b), c)) == "(a <= b) + c");
  CHECK(str(g.binary(Op::Eq, g.add(a, b), c)) == "(a + b == c)");
  CHECK(str(g.where(g.binary(Op::Le, a, k(32)), b, c)) == "where(a <= 32, b, c)");
  CHECK(str(k(1.8e-07)) == "1.8e-07");
  CHECK(str(k(3)) == "3");
  CHECK(str(k(0.5)) == "0.5");
  CHECK(str(k(0.1 + 0.2)) == "0.30000000000000004");

  // The model from the benchmark reads back as written.
  const NodeId n = g.variable("n");
  const NodeId p = g.variable("p");
  const NodeId tau = g.variable("tau");
  const NodeId t = g.mul(g.div(g.add(g.mul(k(2), g.pow(n, k(3))), g.mul(k(3), g.pow(n, k(2)))), p), tau);
  CHECK(str(t) == "(2*n^3 + 3*n^2)/p*tau");
  const NodeId t2 = g.mul(g.mul(g.mul(k(3), g.pow(n, k(2))), g.sub(k(1), g.div(k(1), p))), tau);
  CHECK(str(t2) == "3*n^2*(1 - 1/p)*tau");
}

TEST_CASE("expr: logarithms to base 2 and 10 print as log2 and log10", "[expr][graph][print]") {
  Graph g;
  const NodeId p = g.variable("p");
  const NodeId n = g.variable("n");
  const auto k = [&](double v) { return g.constant(v); };
  const auto log = [&](NodeId x) { return g.unary(Op::Log, x); };
  const auto str = [&](NodeId x) { return g.to_string(x); };
  // The two ways a model writes it trace to the same node: log2(p) divides by the folded
  // constant, math.log(p, 2) by log of the constant 2, which folds to the same value.
  const NodeId by_constant = g.div(log(p), k(std::log(2.0)));
  const NodeId by_log = g.div(log(p), log(k(2)));
  CHECK(by_constant == by_log);
  CHECK(str(by_constant) == "log2(p)");
  CHECK(str(g.div(log(g.mul(n, p)), log(k(10)))) == "log10(n*p)");
  // An atom like any call: no parentheses around it, and its argument prints bare.
  CHECK(str(g.pow(by_constant, k(2))) == "log2(p)^2");
  CHECK(str(g.div(k(1), by_constant)) == "1/log2(p)");
  CHECK(str(g.mul(g.mul(n, by_constant), k(3))) == "n*log2(p)*3");
  CHECK(str(g.unary(Op::Neg, by_constant)) == "-log2(p)");
  CHECK(str(g.div(log(g.add(n, p)), k(std::log(2.0)))) == "log2(n + p)");
  // Any other divisor is left as written: a base that is not 2 or 10, a symbolic base, a
  // constant near log(2) that is not it, and a quotient whose numerator is not a logarithm.
  CHECK(str(g.div(log(p), log(k(3)))) == "log(p)/1.0986122886681098");
  CHECK(str(g.div(log(p), log(n))) == "log(p)/log(n)");
  CHECK(str(g.div(log(p), k(0.693))) == "log(p)/0.693");
  CHECK(str(g.div(p, k(std::log(2.0)))) == "p/0.6931471805599453");
}

TEST_CASE("expr: eval semantics", "[expr][graph][eval]") {
  Graph g;
  const NodeId x = g.variable("x");
  const NodeId y = g.variable("y");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto at = [&](NodeId f, double xv, double yv) {
    const double vars[] = {xv, yv};
    return g.eval(f, vars);
  };
  SECTION("comparisons give 1 or 0, and NaN compares false") {
    CHECK(at(g.binary(Op::Lt, x, y), 1, 2) == 1.0);
    CHECK(at(g.binary(Op::Lt, x, y), 2, 2) == 0.0);
    CHECK(at(g.binary(Op::Le, x, y), 2, 2) == 1.0);
    CHECK(at(g.binary(Op::Eq, x, y), 2, 2) == 1.0);
    CHECK(at(g.binary(Op::Lt, x, y), nan, 2) == 0.0);
    CHECK(at(g.binary(Op::Eq, x, y), nan, nan) == 0.0);
  }
  SECTION("where takes the first branch for any non-zero condition, NaN included") {
    const NodeId w = g.where(x, g.add(y, g.constant(1)), g.sub(y, g.constant(1)));
    CHECK(at(w, 1, 10) == 11);
    CHECK(at(w, -0.5, 10) == 11);
    CHECK(at(w, 0, 10) == 9);
    CHECK(at(w, -0.0, 10) == 9);
    CHECK(at(w, nan, 10) == 11);
  }
  SECTION("NaN propagates through arithmetic, min/max drop it") {
    const NodeId f = g.add(g.mul(x, y), g.unary(Op::Sqrt, y));
    CHECK(std::isnan(at(f, nan, 4)));
    CHECK(std::isnan(at(f, 1, -4)));
    CHECK(std::isnan(at(g.pow(x, y), nan, 2)));
    CHECK(at(g.binary(Op::Max, x, y), nan, 3) == 3);
    CHECK(at(g.binary(Op::Min, x, y), 2, nan) == 2);
  }
  SECTION("a graph tens of thousands deep evaluates without recursion") {
    NodeId f = x;
    for (int i = 0; i < 50000; ++i) f = g.add(g.mul(f, g.constant(0.5)), y);
    CHECK(at(f, 1.0, 1.0) == Approx(2.0));
    CHECK(g.to_string(f).size() > 50000);
  }
}
