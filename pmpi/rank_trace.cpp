#include "rank_trace.hpp"

#include <cstdio>
#include <cstdlib>

#include "rank_file.hpp"
#include "rank_record.hpp"

namespace scalerun::pmpi {

namespace {

// In the order of rank_record.hpp's Kind.
constexpr const char* kKindNames[] = {"point_to_point", "collective", "wait", "barrier", "one_sided", "io", "polling"};

}  // namespace

void RankTrace::start() {
  const char* value = std::getenv("SCALERUN_PMPI_TRACE");
  if (value == nullptr || *value == '\0') return;
  const long long cap = std::atoll(value);
  if (cap <= 0) return;
  intervals_.resize(static_cast<std::size_t>(cap));  // value-initialised: every page written now
  on_ = true;
}

void RankTrace::write(const char* dir, int rank, double init_exit, double finalize) const {
  const RankFile file(dir, rank, ".trace");
  std::FILE* f = file.get();
  if (f == nullptr) return;
  std::fprintf(f, "%.17g %.17g %ld\n", init_exit, finalize, dropped_);
  for (std::size_t k = 0; k < kept_; ++k) {
    const Interval& i = intervals_[k];
    std::fprintf(f, "%s %.17g %.17g\n", kKindNames[i.kind], corrected(i.start), corrected(i.end));
  }
}

}  // namespace scalerun::pmpi
