// instrumentation: the cost of the runtime's accounting, and of recording its timeline
// (--trace, --html). One native kernel runs on the same number of workers plain, instrumented,
// and instrumented with the timeline on, in turns (the order rotates every repetition so no
// configuration always runs on a warmer machine), several times each; each run is timed by the
// runtime's measured window, which all take the same way and which leaves out the kernel's setup
// and verification.
//
//   instrumentation [matmul|montecarlo] [size] [workers] [repetitions]
//   defaults: matmul 512 2 101 (montecarlo's size is its sample count, default 2e7)
//
// Because the machine may be noisy, it also measures the cost per chunk directly (empty chunks
// on one worker, instrumented minus plain and timeline minus plain, best of several) and prints
// the overhead that predicts for the kernel's chunk count, which is far less sensitive to a busy
// machine.
//
// Last line: instrumentation kernel=K size=S workers=P reps=R instrumented_s=I timeline_s=L
// plain_s=B overhead_pct=X timeline_overhead_pct=Y, with I, L and B the medians, X = 100 (I/B - 1)
// and Y = 100 (L/B - 1).

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

enum class Config { plain, instrumented, timeline };
constexpr Config kConfigs[] = {Config::plain, Config::instrumented, Config::timeline};

RunStats run_once(const NativeKernel& kernel, const Params& params, int workers, Config config) {
  Runtime rt(workers, config == Config::plain ? Mode::plain : Mode::instrumented);
  if (config == Config::timeline) rt.record_timeline();
  const KernelResult r = kernel.run(params, rt);
  if (!r.verified) throw std::runtime_error(r.message);
  RunStats stats = rt.finish();
  if (config == Config::timeline && rt.take_timeline().slots.empty()) throw std::logic_error("no timeline recorded");
  return stats;
}

// Seconds per chunk that a configuration adds over plain: empty chunks on one worker, best of 7.
double cost_per_chunk(Config config) {
  constexpr std::size_t kChunks = 1 << 16;  // within one region's event buffer (timeline_recorder.hpp)
  auto best = [](Config c) {
    double t = 1e300;
    for (int rep = 0; rep < 7; ++rep) {
      Runtime rt(1, c == Config::plain ? Mode::plain : Mode::instrumented);
      if (c == Config::timeline) rt.record_timeline();
      rt.parallel_for(0, kChunks, 1, [](std::size_t, std::size_t) {});
      t = std::min(t, rt.finish().tpara);
    }
    return t;
  };
  return std::max(0.0, best(config) - best(Config::plain)) / kChunks;
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
    for (Config c : kConfigs) run_once(kernel, params, workers, c);
    const RunStats probe = run_once(kernel, params, workers, Config::instrumented);
    std::uint64_t chunks = 0;
    for (const auto& w : probe.per_worker) chunks += w.chunks;
    std::vector<double> times[3], ratios[3];
    for (int rep = 0; rep < reps; ++rep) {
      for (int k = 0; k < 3; ++k) {
        const auto c = static_cast<std::size_t>((rep + k) % 3);
        times[c].push_back(run_once(kernel, params, workers, kConfigs[c]).tpara);
      }
      for (std::size_t c = 1; c < 3; ++c) ratios[c].push_back(times[c].back() / times[0].back());
    }
    const char* names[] = {"plain", "instrumented", "timeline"};
    double medians[3];
    for (std::size_t c = 0; c < 3; ++c) {
      medians[c] = median(times[c]);
      const auto [lo, hi] = std::minmax_element(times[c].begin(), times[c].end());
      std::printf("%s", fmt::format("{:<13} median {:.6f} s, min {:.6f}, max {:.6f}\n", std::string(names[c]) + ":",
                                    medians[c], *lo, *hi)
                            .c_str());
    }
    // Each round ran back to back, so its ratios cancel load that drifts over the whole run.
    for (std::size_t c = 1; c < 3; ++c) {
      std::printf("%s", fmt::format("paired:       median of the {} {}/plain ratios {:+.2f} %\n", reps, names[c],
                                    100.0 * (median(ratios[c]) - 1.0))
                            .c_str());
    }
    for (Config c : {Config::instrumented, Config::timeline}) {
      const double per_chunk = cost_per_chunk(c);
      std::printf("%s", fmt::format("{} cost: {:.1f} ns per chunk x {} chunks per run = {:.4f} % of the plain "
                                    "median\n",
                                    c == Config::instrumented ? "accounting" : "accounting + timeline", per_chunk * 1e9,
                                    chunks, 100.0 * per_chunk * static_cast<double>(chunks) / medians[0])
                            .c_str());
    }
    std::printf("%s", fmt::format("instrumentation kernel={} size={} workers={} reps={} instrumented_s={:.6f} "
                                  "timeline_s={:.6f} plain_s={:.6f} overhead_pct={:.2f} timeline_overhead_pct={:.2f}\n",
                                  name, size, workers, reps, medians[1], medians[2], medians[0],
                                  100.0 * (medians[1] / medians[0] - 1.0), 100.0 * (medians[2] / medians[0] - 1.0))
                          .c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "instrumentation: %s\n", e.what());
    return 1;
  }
}
