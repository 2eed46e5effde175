// instrumentation: the cost of the runtime's accounting. One native kernel runs on the same
// number of workers instrumented and plain, alternately (the order flips every repetition so
// neither mode always runs on a warmer machine), several times each; each run is timed by the
// runtime's measured window, which both modes take the same way and which leaves out the
// kernel's setup and verification.
//
//   instrumentation [matmul|montecarlo] [size] [workers] [repetitions]
//   defaults: matmul 512 2 101 (montecarlo's size is its sample count, default 2e7)
//
// Because the machine may be noisy, it also measures the accounting's cost per chunk directly
// (empty chunks on one worker, instrumented minus plain, best of several) and prints the overhead
// that predicts for the kernel's chunk count, which is far less sensitive to a busy machine.
//
// Last line: instrumentation kernel=K size=S workers=P reps=R instrumented_s=I plain_s=B overhead_pct=X
// with I and B the medians and X = 100 (I / B - 1).

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "kernels/native/registry.hpp"
#include "runtime/runtime.hpp"

namespace {

using namespace scalerun::runtime;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

RunStats run_once(const NativeKernel& kernel, const Params& params, int workers, Mode mode) {
  Runtime rt(workers, mode);
  const KernelResult r = kernel.run(params, rt);
  if (!r.verified) throw std::runtime_error(r.message);
  return rt.finish();
}

// Seconds per chunk that instrumentation adds: empty chunks on one worker, best of 7 each way.
double cost_per_chunk() {
  constexpr std::size_t kChunks = 1 << 20;
  auto best = [](Mode mode) {
    double t = 1e300;
    for (int rep = 0; rep < 7; ++rep) {
      Runtime rt(1, mode);
      rt.parallel_for(0, kChunks, 1, [](std::size_t, std::size_t) {});
      t = std::min(t, rt.finish().tpara);
    }
    return t;
  };
  return std::max(0.0, best(Mode::instrumented) - best(Mode::plain)) / kChunks;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::string name = argc > 1 ? argv[1] : "matmul";
    const NativeKernel& kernel = scalerun::kernels::kernel(name);
    const bool is_matmul = name == "matmul";
    const double size = argc > 2 ? std::atof(argv[2]) : (is_matmul ? 512 : 2e7);
    const int workers = argc > 3 ? std::atoi(argv[3]) : 2;
    const int reps = argc > 4 ? std::atoi(argv[4]) : 101;
    if (reps < 1) throw std::invalid_argument("repetitions must be at least 1");
    const Params params{{is_matmul ? "N" : "samples", size}};

    // Warm-up (pages, caches, TBB threads), and the chunk count of one run.
    const RunStats probe = run_once(kernel, params, workers, Mode::instrumented);
    run_once(kernel, params, workers, Mode::plain);
    std::uint64_t chunks = 0;
    for (const auto& w : probe.per_worker) chunks += w.chunks;
    std::vector<double> instrumented, plain, ratios;
    for (int rep = 0; rep < reps; ++rep) {
      const bool instrumented_first = rep % 2 == 0;
      for (int k = 0; k < 2; ++k) {
        const bool timed = (k == 0) == instrumented_first;
        const double t = run_once(kernel, params, workers, timed ? Mode::instrumented : Mode::plain).tpara;
        (timed ? instrumented : plain).push_back(t);
      }
      ratios.push_back(instrumented.back() / plain.back());
    }
    const double mi = median(instrumented), mp = median(plain);
    const auto [imin, imax] = std::minmax_element(instrumented.begin(), instrumented.end());
    const auto [pmin, pmax] = std::minmax_element(plain.begin(), plain.end());
    std::printf("%s", fmt::format("instrumented: median {:.6f} s, min {:.6f}, max {:.6f}\n", mi, *imin, *imax).c_str());
    std::printf("%s", fmt::format("plain:        median {:.6f} s, min {:.6f}, max {:.6f}\n", mp, *pmin, *pmax).c_str());
    // Each pair ran back to back, so its ratio cancels load that drifts over the whole run.
    std::printf("%s", fmt::format("paired:       median of the {} instrumented/plain ratios {:+.2f} %\n", reps,
                                  100.0 * (median(ratios) - 1.0))
                          .c_str());
    const double per_chunk = cost_per_chunk();
    std::printf("%s", fmt::format("accounting cost: {:.1f} ns per chunk x {} chunks per run = {:.4f} % of the "
                                  "plain median\n",
                                  per_chunk * 1e9, chunks, 100.0 * per_chunk * static_cast<double>(chunks) / mp)
                          .c_str());
    std::printf("%s", fmt::format("instrumentation kernel={} size={} workers={} reps={} instrumented_s={:.6f} "
                                  "plain_s={:.6f} overhead_pct={:.2f}\n",
                                  name, size, workers, reps, mi, mp, 100.0 * (mi / mp - 1.0))
                          .c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "instrumentation: %s\n", e.what());
    return 1;
  }
}
