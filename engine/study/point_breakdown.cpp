#include "study/point_breakdown.hpp"

#include <cmath>
#include <limits>

#include "study/metrics.hpp"

namespace scalerun::study {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double work_of(const InstrumentationRecord& r) { return r.sums ? r.sums->busy + r.sums->serial : kNaN; }

}  // namespace

void split_latency_of_points(std::vector<MeasuredPoint>& points, bool tuned) {
  if (points.empty()) return;
  const MeasuredPoint& one = points.front();
  for (auto& pt : points) {
    InstrumentationRecord& r = pt.instrumentation;
    r.breakdown.reset();
    if (!r.sums) continue;
    if (!pt.set.empty()) {
      r.one_worker_work = kNaN;
      r.breakdown = metrics::breakdown(*r.sums, kNaN, pt.median, pt.p * pt.work / pt.marked, pt.p);
    } else if (tuned) {
      if (std::isnan(pt.t1)) continue;  // no one-worker run at its size
      r.breakdown = metrics::breakdown(*r.sums, r.one_worker_work, pt.median, pt.t1, pt.p);
    } else {
      // The T(1) of S and E is the p = 1 point's; its work is the ML reference only at this size.
      r.one_worker_work = one.p == 1 && one.params == pt.params ? work_of(one.instrumentation) : kNaN;
      r.breakdown = metrics::breakdown(*r.sums, r.one_worker_work, pt.median, one.median, pt.p);
    }
  }
}

}  // namespace scalerun::study
