// npb: the native NPB kernels EP, IS and CG at class A on 1 and 2 workers: the time of NPB's timed
// section (the runtime's measured window, without setup and verification), Mop/s as NPB counts
// them, and the 2-worker efficiency, beside the official NPB 3.4 OpenMP reference's figures.
//
//   npb [repetitions]     default 3; each point is the best of that many runs
//
// The reference figures are not measured here: they are copied from shared/reference/npb.md
// (one measurement of NPB 3.4, gfortran/gcc -O3 -fopenmp, on a 2-core machine of this kind), so
// the ratio compares this run with that one, and drifts with the machine's load.
//
// Last line: npb class=A reps=R, then for each kernel K: K_mops_p1 K_mops_p2 K_e2 (this run) and
// K_ratio_p1 K_ratio_p2 (this run's Mop/s over the reference's).

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include <fmt/format.h>

#include "kernels/native/registry.hpp"
#include "runtime/runtime.hpp"

namespace {

using namespace scalerun::runtime;

struct Bench {
  const char* label;
  const char* native;
  Params class_a;
  double ref_seconds[2];  // shared/reference/npb.md, 1 and 2 threads
  double ref_mops[2];
};

struct Point {
  double seconds = 1e300;
  bool verified = true;
  std::string message;
};

Point best_of(const NativeKernel& kernel, const Params& params, int workers, int reps) {
  Point best;
  for (int rep = 0; rep < reps; ++rep) {
    Runtime rt(workers);
    const KernelResult r = kernel.run(params, rt);
    best.seconds = std::min(best.seconds, rt.finish().tpara);
    best.verified = best.verified && r.verified;
    if (best.message.empty() || !r.verified) best.message = r.message;
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const int reps = argc > 1 ? std::atoi(argv[1]) : 3;
    if (reps < 1) throw std::invalid_argument("repetitions must be at least 1");
    const Bench benches[] = {
        {"EP", "npb_ep", {{"m", 28}}, {14.2, 7.0}, {38, 77}},
        {"IS", "npb_is", {{"log2_keys", 23}, {"log2_max_key", 19}, {"log2_buckets", 10}}, {0.17, 0.13}, {503, 654}},
        {"CG", "npb_cg", {{"na", 14000}, {"nonzer", 11}, {"niter", 15}, {"shift", 20}}, {0.73, 0.27}, {2042, 5497}},
    };
    std::printf("NPB class A on this host, best of %d runs per point (time = NPB's timed section)\n", reps);
    std::printf("reference = figures from shared/reference/npb.md (NPB 3.4 OpenMP, gfortran/gcc -O3, one noisy\n"
                "measurement on a 2-core machine of this kind), NOT measured in this run\n\n");
    std::printf("%-6s %2s %10s %10s %7s | %14s %16s %8s\n", "kernel", "p", "time [s]", "Mop/s", "E", "reference [s]",
                "reference Mop/s", "ratio");
    std::string last = fmt::format("npb class=A reps={}", reps);
    bool all_verified = true;
    for (const Bench& b : benches) {
      const NativeKernel& kernel = scalerun::kernels::kernel(b.native);
      const double work = kernel.work(b.class_a);
      double mops[2] = {0, 0}, seconds[2] = {0, 0};
      for (int w = 1; w <= 2; ++w) {
        const Point pt = best_of(kernel, b.class_a, w, reps);
        const auto i = static_cast<std::size_t>(w - 1);
        seconds[i] = pt.seconds;
        mops[i] = work / pt.seconds / 1e6;
        const double e = seconds[0] / (w * pt.seconds);
        std::printf("%-6s %2d %10.4f %10.1f %7.3f | %14.2f %16.0f %8.2f%s\n", b.label, w, pt.seconds, mops[i], e,
                    b.ref_seconds[i], b.ref_mops[i], mops[i] / b.ref_mops[i], pt.verified ? "" : "  NOT VERIFIED");
        if (!pt.verified) std::printf("  %s\n", pt.message.c_str());
        all_verified = all_verified && pt.verified;
      }
      const std::string k = fmt::format("{}", b.native + 4);  // "ep", "is", "cg"
      last += fmt::format(" {0}_mops_p1={1:.1f} {0}_mops_p2={2:.1f} {0}_e2={3:.3f}", k, mops[0], mops[1],
                          seconds[0] / (2 * seconds[1]));
      last += fmt::format(" {0}_ratio_p1={1:.2f} {0}_ratio_p2={2:.2f}", k, mops[0] / b.ref_mops[0],
                          mops[1] / b.ref_mops[1]);
    }
    std::printf("\nE = T(1) / (p T(p)) of this run; ratio = this run's Mop/s / the reference's Mop/s\n");
    std::printf("%s\n", last.c_str());
    return all_verified ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "npb: %s\n", e.what());
    return 1;
  }
}
