#pragma once
// The numeric meaning of every Op, in one place. Constant folding, Graph::eval and the Program
// kernels all call these, so the three cannot drift apart (NaN handling included).

#include <cmath>

#include "expr/graph.hpp"

namespace scalerun::expr::ops {

// Each op is a type with a static f() so the Program kernels can take it as a template argument
// and the compiler inlines (and vectorizes) it inside the block loops.
struct Add { static double f(double x, double y) { return x + y; } };
struct Sub { static double f(double x, double y) { return x - y; } };
struct Mul { static double f(double x, double y) { return x * y; } };
struct Div { static double f(double x, double y) { return x / y; } };
struct Pow { static double f(double x, double y) { return std::pow(x, y); } };
struct Min { static double f(double x, double y) { return std::fmin(x, y); } };
struct Max { static double f(double x, double y) { return std::fmax(x, y); } };
struct Lt { static double f(double x, double y) { return x < y ? 1.0 : 0.0; } };
struct Le { static double f(double x, double y) { return x <= y ? 1.0 : 0.0; } };
struct Eq { static double f(double x, double y) { return x == y ? 1.0 : 0.0; } };

struct Neg { static double f(double x) { return -x; } };
struct Log { static double f(double x) { return std::log(x); } };
struct Exp { static double f(double x) { return std::exp(x); } };
struct Sqrt { static double f(double x) { return std::sqrt(x); } };
struct Abs { static double f(double x) { return std::fabs(x); } };
struct Floor { static double f(double x) { return std::floor(x); } };
struct Ceil { static double f(double x) { return std::ceil(x); } };
struct Sin { static double f(double x) { return std::sin(x); } };
struct Cos { static double f(double x) { return std::cos(x); } };

// NaN is "not zero", so a NaN condition takes the first branch (as C's `c ? a : b` would).
inline double where(double c, double a, double b) { return c != 0.0 ? a : b; }

// Number of operands: 0 for Const/Var, 3 for Where.
constexpr int arity(Op op) noexcept {
  switch (op) {
    case Op::Const: case Op::Var: return 0;
    case Op::Neg: case Op::Log: case Op::Exp: case Op::Sqrt: case Op::Abs:
    case Op::Floor: case Op::Ceil: case Op::Sin: case Op::Cos: return 1;
    case Op::Where: return 3;
    default: return 2;
  }
}

inline double unary(Op op, double x) {
  switch (op) {
    case Op::Neg: return Neg::f(x);
    case Op::Log: return Log::f(x);
    case Op::Exp: return Exp::f(x);
    case Op::Sqrt: return Sqrt::f(x);
    case Op::Abs: return Abs::f(x);
    case Op::Floor: return Floor::f(x);
    case Op::Ceil: return Ceil::f(x);
    case Op::Sin: return Sin::f(x);
    case Op::Cos: return Cos::f(x);
    default: return std::nan("");
  }
}

inline double binary(Op op, double x, double y) {
  switch (op) {
    case Op::Add: return Add::f(x, y);
    case Op::Sub: return Sub::f(x, y);
    case Op::Mul: return Mul::f(x, y);
    case Op::Div: return Div::f(x, y);
    case Op::Pow: return Pow::f(x, y);
    case Op::Min: return Min::f(x, y);
    case Op::Max: return Max::f(x, y);
    case Op::Lt: return Lt::f(x, y);
    case Op::Le: return Le::f(x, y);
    case Op::Eq: return Eq::f(x, y);
    default: return std::nan("");
  }
}

}  // namespace scalerun::expr::ops
