#pragma once
// Shared by the kernel tests: a kernel run through the registry must be verified, with the same
// checksum, for every worker count.

#include <functional>
#include <initializer_list>

#include <catch2/catch.hpp>

#include "kernels/native/registry.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::test {

// Runs kernel `name` with `params` at each p of `workers`; `also(stats, p)` may check the run's
// instrumentation further.
inline void check_kernel_runs(const char* name, const runtime::Params& params,
                              std::initializer_list<int> workers = {1, 2, 4},
                              const std::function<void(const runtime::RunStats&, int)>& also = {}) {
  const auto& k = kernels::kernel(name);
  double checksum = 0;
  bool first = true;
  for (int p : workers) {
    runtime::Runtime rt(p);
    const auto r = k.run(params, rt);
    INFO(name << " p=" << p << ": " << r.message);
    CHECK(r.verified);
    if (first) checksum = r.checksum;
    first = false;
    CHECK(r.checksum == checksum);
    const runtime::RunStats stats = rt.finish();
    CHECK(stats.tpara > 0);
    if (also) also(stats, p);
  }
}

}  // namespace scalerun::test
