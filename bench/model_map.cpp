// model_map: the RLSP timing model of kernels/rlsp.lua on the KSR-1 over a 1000 x 1000 grid of
// (n, p), evaluated by scalerun's model evaluator (the traced expression, compiled to a tape and
// run block by block across TBB workers) and by the same formula hand-written in C++, in the
// same run and on the same number of threads.
//
// Last line: model_map points=... scalerun_pts_per_s=... native_pts_per_s=... ratio=R parallel_speedup=S
// where R = native / scalerun throughput (both on all threads) and S = scalerun's 2-thread over
// 1-thread throughput.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include "expr/program.hpp"
#include "lua/call.hpp"
#include "lua/state.hpp"
#include "lua/vocabulary.hpp"
#include "lua/kernel_model_reader.hpp"
#include "model/kernel_model.hpp"
#include "lua/session_binding.hpp"
#include "study/session.hpp"

namespace {

constexpr std::size_t kN = 1000, kP = 1000;

// Best of several timed repetitions of at least ~0.2 s each: points per second.
double throughput(const std::function<void()>& run, std::size_t points) {
  run();  // warm-up: pages, caches, thread pool
  double best = 0;
  for (int rep = 0; rep < 5; ++rep) {
    int iterations = 0;
    const auto start = std::chrono::steady_clock::now();
    double elapsed = 0;
    do {
      run();
      ++iterations;
      elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    } while (elapsed < 0.2);
    best = std::max(best, static_cast<double>(points) * iterations / elapsed);
  }
  return best;
}

}  // namespace

int main() {
  using namespace scalerun;
  lua::State state;
  lua_State* L = state.get();
  study::Session session;
  lua::attach(L, session);
  state.set_package_path({SCALERUN_SOURCE_DIR});
  lua::install_module_searcher(L, false);
  lua::open_vocabulary(L);
  lua::load_chunk(L, "return require 'kernels.rlsp', require 'machines.ksr1'", "=model_map");
  lua::protected_call(L, 0, 2);
  model::KernelModel rlsp(lua::kernel_model_parts(L, -2, -1));
  if (!rlsp.traced()) {
    std::fprintf(stderr, "model_map: the RLSP model did not trace: %s\n", rlsp.fallback_reason().c_str());
    return 1;
  }

  std::vector<double> ns(kN), ps(kP);
  for (std::size_t i = 0; i < kN; ++i) ns[i] = 10.0 * static_cast<double>(i + 1);
  for (std::size_t j = 0; j < kP; ++j) ps[j] = static_cast<double>(j + 1);
  const auto& space = rlsp.params();
  const double tau = space.slots[static_cast<std::size_t>(space.find("tau"))].value;
  const double b1 = space.slots[static_cast<std::size_t>(space.find("beta[1]"))].value;
  const double b2 = space.slots[static_cast<std::size_t>(space.find("beta[2]"))].value;

  const expr::NodeId roots[] = {rlsp.time_node()};
  const expr::Program program(rlsp.graph(), roots);
  std::vector<expr::Binding> bindings(rlsp.graph().variables().size());
  for (std::size_t i = 0; i < space.slots.size(); ++i) bindings[i].scalar = space.slots[i].value;
  auto& n_binding = bindings[static_cast<std::size_t>(space.find("n"))];
  n_binding.kind = expr::Binding::Kind::GridRow;
  n_binding.values = ns;
  bindings[rlsp.p_variable()].kind = expr::Binding::Kind::GridCol;
  bindings[rlsp.p_variable()].values = ps;
  const expr::Batch batch{kN * kP, kP};

  std::vector<double> out_tape(kN * kP), out_native(kN * kP);
  double* outs[] = {out_tape.data()};
  auto tape = [&] { program.eval_batch_parallel(bindings, batch, outs); };
  // The formula of kernels/rlsp.lua on machines/ksr1.lua, by hand.
  auto native = [&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, kN, 16), [&](const tbb::blocked_range<std::size_t>& r) {
      for (std::size_t i = r.begin(); i != r.end(); ++i) {
        const double n = ns[i];
        double* row = out_native.data() + i * kP;
        for (std::size_t j = 0; j < kP; ++j) {
          const double p = ps[j];
          row[j] = (2 * n * n * n + 3 * n * n) / p * tau + 3 * n * n * (1 - 1 / p) * tau + n * n * (p <= 32 ? b1 : b2);
        }
      }
    });
  };

  const std::size_t points = kN * kP;
  double tape_1 = 0, native_1 = 0, tape_2 = 0, native_2 = 0;
  tbb::task_arena one(1), two(2);
  one.execute([&] { tape_1 = throughput(tape, points); native_1 = throughput(native, points); });
  two.execute([&] { tape_2 = throughput(tape, points); native_2 = throughput(native, points); });

  double worst = 0;
  for (std::size_t k = 0; k < points; ++k) {
    worst = std::max(worst, std::abs(out_tape[k] - out_native[k]) / std::abs(out_native[k]));
  }
  std::printf("model formula: %s\n", rlsp.graph().to_string(rlsp.time_node()).c_str());
  std::printf("1 thread : scalerun %.4g pts/s, native %.4g pts/s, ratio %.2f\n", tape_1, native_1, native_1 / tape_1);
  std::printf("2 threads: scalerun %.4g pts/s, native %.4g pts/s, ratio %.2f\n", tape_2, native_2, native_2 / tape_2);
  std::printf("largest relative difference between the two: %.3g\n", worst);
  std::printf("model_map points=%zu scalerun_pts_per_s=%.4g native_pts_per_s=%.4g ratio=%.2f parallel_speedup=%.2f\n",
              points, tape_2, native_2, native_2 / tape_2, tape_2 / tape_1);
  return worst < 1e-12 ? 0 : 1;
}
