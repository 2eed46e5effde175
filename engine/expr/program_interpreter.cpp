// The tape interpreter. Dispatch happens once per instruction per block; the per-op loops have a
// compile-time trip count and restrict pointers, so the compiler vectorizes them without
// runtime alias checks or remainder loops, even at -O2.

#include "expr/ops.hpp"
#include "expr/program.hpp"
#include "expr/tape.hpp"

namespace scalerun::expr {
namespace {

template <std::size_t W, class F>
[[gnu::always_inline]] inline void map1(double* __restrict d, const double* __restrict a) {
  for (std::size_t i = 0; i < W; ++i) d[i] = F::f(a[i]);
}

template <std::size_t W, class F>
[[gnu::always_inline]] inline void map2(double* __restrict d, const double* __restrict a, const double* __restrict b) {
  for (std::size_t i = 0; i < W; ++i) d[i] = F::f(a[i], b[i]);
}

template <std::size_t W>
[[gnu::always_inline]] inline void select(double* __restrict d, const double* __restrict c, const double* __restrict a,
            const double* __restrict b) {
  for (std::size_t i = 0; i < W; ++i) d[i] = ops::where(c[i], a[i], b[i]);
}

// Instr is private to Program; taking it as a deduced type keeps this a free helper.
template <std::size_t W, class Instr>
[[gnu::always_inline]] inline void interpret(std::span<const Instr> instrs, double* const* regs) {
  using tape::code;
  for (const Instr& in : instrs) {
    double* d = regs[in.dst];
    const double* a = regs[in.a];
    const double* b = regs[in.b];
    const double* c = regs[in.c];
    switch (in.code) {
      case code(Op::Add): map2<W, ops::Add>(d, a, b); break;
      case code(Op::Sub): map2<W, ops::Sub>(d, a, b); break;
      case code(Op::Mul): map2<W, ops::Mul>(d, a, b); break;
      case code(Op::Div): map2<W, ops::Div>(d, a, b); break;
      case code(Op::Pow): map2<W, ops::Pow>(d, a, b); break;
      case code(Op::Min): map2<W, ops::Min>(d, a, b); break;
      case code(Op::Max): map2<W, ops::Max>(d, a, b); break;
      case code(Op::Lt): map2<W, ops::Lt>(d, a, b); break;
      case code(Op::Le): map2<W, ops::Le>(d, a, b); break;
      case code(Op::Eq): map2<W, ops::Eq>(d, a, b); break;
      case code(Op::Neg): map1<W, ops::Neg>(d, a); break;
      case code(Op::Log): map1<W, ops::Log>(d, a); break;
      case code(Op::Exp): map1<W, ops::Exp>(d, a); break;
      case code(Op::Sqrt): map1<W, ops::Sqrt>(d, a); break;
      case code(Op::Abs): map1<W, ops::Abs>(d, a); break;
      case code(Op::Floor): map1<W, ops::Floor>(d, a); break;
      case code(Op::Ceil): map1<W, ops::Ceil>(d, a); break;
      case code(Op::Sin): map1<W, ops::Sin>(d, a); break;
      case code(Op::Cos): map1<W, ops::Cos>(d, a); break;
      case code(Op::Where): select<W>(d, a, b, c); break;
      case tape::kSquare: map1<W, tape::Square>(d, a); break;
      case tape::kCube: map1<W, tape::Cube>(d, a); break;
      case tape::kFourth: map1<W, tape::Fourth>(d, a); break;
      case tape::kRecip: map1<W, tape::Recip>(d, a); break;
      default: break;
    }
  }
}

#if defined(__x86_64__) && defined(__GNUC__)
// The same loops built for 4-wide AVX2, picked at run time: the default x86-64 target only has
// 2-wide SSE2, and the tape's loops are bound by how many points one instruction handles.
// FMA stays off, so both builds round identically.
#define SCALERUN_EXPR_AVX2 1
template <std::size_t W, class Instr>
[[gnu::target("avx2")]] void interpret_avx2(std::span<const Instr> instrs, double* const* regs) {
  interpret<W>(instrs, regs);
}

bool has_avx2() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
#endif

}  // namespace

template <std::size_t W>
void Program::run_code(std::span<const Instr> instrs, double* const* regs) {
#ifdef SCALERUN_EXPR_AVX2
  if constexpr (W > 1) {
    if (has_avx2()) {
      interpret_avx2<W>(instrs, regs);
      return;
    }
  }
#endif
  interpret<W>(instrs, regs);
}

template void Program::run_code<1>(std::span<const Instr>, double* const*);
template void Program::run_code<tape::kBlock>(std::span<const Instr>, double* const*);

}  // namespace scalerun::expr
