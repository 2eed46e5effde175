#include "study/measurement.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <fmt/format.h>

#include "measure/perf_counters.hpp"
#include "runtime/runtime.hpp"
#include "runtime/stop.hpp"

namespace scalerun::study {

namespace {

report::Activity activity_of(runtime::Phase phase) {
  switch (phase) {
    case runtime::Phase::busy: return report::Activity::busy;
    case runtime::Phase::serial: return report::Activity::serial;
    case runtime::Phase::idle: return report::Activity::idle;
    case runtime::Phase::primitive: return report::Activity::sync;
  }
  return report::Activity::sync;
}

// The runtime's timeline in seconds from its first window, each worker beside what the runtime's
// accounting counted for it (the slices must add up to that).
report::Timeline timeline_of(const runtime::RunTimeline& run, const runtime::RunStats& stats) {
  report::Timeline t;
  t.source = "TBB workers";
  t.clock = "wall";
  t.p = stats.workers;
  t.span = runtime::to_seconds(run.span);
  t.truncated = run.truncated;
  for (std::size_t w = 0; w < run.slots.size(); ++w) {
    report::Track track;
    track.name = fmt::format("worker {}", w);
    track.slices.reserve(run.slots[w].size());
    for (const runtime::PhaseSpan& s : run.slots[w]) {
      track.slices.push_back(report::Slice{runtime::to_seconds(s.start - run.origin),
                                           runtime::to_seconds(s.end - run.origin), activity_of(s.phase)});
    }
    if (w < stats.per_worker.size()) {
      const runtime::WorkerStats& ws = stats.per_worker[w];
      track.accounted = {{"busy", ws.busy}, {"idle", ws.idle}, {"sync", ws.primitive}, {"serial", stats.serial}};
    }
    t.tracks.push_back(std::move(track));
  }
  return t;
}

}  // namespace

double median_of(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

Interval median_interval(std::vector<double> v) {
  if (v.empty()) return {};
  std::sort(v.begin(), v.end());
  const double n = static_cast<double>(v.size());
  const double half_width = 0.98 * std::sqrt(n);  // 1.96 standard deviations of a Binomial(n, 1/2) count, halved
  // 1-based ranks of the interval's ends, clamped to the sample.
  const double low_rank = std::max(1.0, std::floor(n / 2 - half_width));
  const double high_rank = std::min(n, std::ceil(n / 2 + 1 + half_width));
  return {v[static_cast<std::size_t>(low_rank) - 1], v[static_cast<std::size_t>(high_rank) - 1]};
}

void summarize(Measurement& m) {
  if (m.samples.empty()) return;
  m.median = median_of(m.samples);
  std::vector<double> dev;
  for (double s : m.samples) dev.push_back(std::abs(s - m.median));
  m.mad = median_of(dev);
  const double mean = std::accumulate(m.samples.begin(), m.samples.end(), 0.0) / static_cast<double>(m.samples.size());
  double var = 0;
  for (double s : m.samples) var += (s - mean) * (s - mean);
  var = m.samples.size() > 1 ? var / static_cast<double>(m.samples.size() - 1) : 0.0;
  m.cv = mean > 0 ? std::sqrt(var) / mean : 0.0;
  m.min = *std::min_element(m.samples.begin(), m.samples.end());
  m.max = *std::max_element(m.samples.begin(), m.samples.end());
}

constexpr double kNoiseFloor = 0.005;

SampleStatistics sample_statistics(const std::vector<double>& samples) {
  SampleStatistics st;
  if (samples.empty()) return st;
  const double n = static_cast<double>(samples.size());
  st.runs = static_cast<int>(samples.size());
  st.median = median_of(samples);
  std::vector<double> dev;
  dev.reserve(samples.size());
  for (double s : samples) dev.push_back(std::abs(s - st.median));
  st.mad = median_of(dev);
  st.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / n;
  double var = 0;
  for (double s : samples) var += (s - st.mean) * (s - st.mean);
  st.sd = samples.size() > 1 ? std::sqrt(var / (n - 1)) : 0.0;
  st.min = *std::min_element(samples.begin(), samples.end());
  st.max = *std::max_element(samples.begin(), samples.end());
  st.interval = median_interval(samples);
  st.first = samples.front();
  if (st.mad > 0) {
    // Runs that agree to a fraction of a percent have a MAD so small that a run 0.3 % off scores as
    // an outlier: the spread is taken as at least kNoiseFloor of the median, so a flagged run is at
    // least 2.6 % away from it (3.5 / 0.6745 x 0.5 %).
    const double spread = std::max(st.mad, kNoiseFloor * std::abs(st.median));
    const auto score = [&](double x) { return 0.6745 * (x - st.median) / spread; };
    for (std::size_t i = 0; i < samples.size(); ++i) {
      if (std::abs(score(samples[i])) > kOutlierScore) st.outliers.push_back({i, samples[i], score(samples[i])});
    }
    st.slow_first = samples.size() > 1 && score(samples.front()) > kOutlierScore;
  }
  return st;
}

Measurement measure_native(const runtime::NativeKernel& kernel, const runtime::Params& params, int p,
                           const MeasureSettings& settings) {
  Measurement m;
  std::vector<runtime::RunStats> stats;
  std::vector<std::map<std::string, double>> counts;
  std::vector<report::Timeline> timelines;
  for (int i = 0; i < settings.warmup + settings.repeat; ++i) {
    runtime::Runtime rt(p);
    const bool timed = i >= settings.warmup;
    if (settings.record_timeline && timed) rt.record_timeline();
    // Opened after the Runtime so its threads are counted; TBB keeps them from run to run.
    measure::PerfCounters counters;
    rt.observe_windows(&counters);
    runtime::KernelResult result;
    {
      // Only the run itself is limited: the limit is one run's, not the repetitions'.
      const runtime::RunLimit limit(settings.run_limit_seconds);
      result = kernel.run(params, rt);
    }
    // A kernel whose last chunk saw the limit may return before its loop rethrows; the run is
    // not whole either way, so it must not become a sample.
    runtime::throw_if_stopped();
    runtime::RunStats s = rt.finish();
    m.counters_note = counters.unavailable_reason();
    if (!result.verified) {
      m.verified = false;
      m.verify_message = result.message;
    } else if (m.verify_message.empty()) {
      m.verify_message = result.message;
    }
    m.checksum = result.checksum;
    if (i < settings.warmup) continue;  // warm caches, pages and the thread pool; not kept
    m.samples.push_back(s.tpara);
    std::map<std::string, double> c = counters.read();
    c.merge(measure::derived_figures(c, s.tpara, p));
    counts.push_back(std::move(c));
    if (settings.record_timeline) timelines.push_back(timeline_of(rt.take_timeline(), s));
    stats.push_back(std::move(s));
  }
  summarize(m);
  std::size_t nearest = 0;
  for (std::size_t i = 1; i < m.samples.size(); ++i) {
    if (std::abs(m.samples[i] - m.median) < std::abs(m.samples[nearest] - m.median)) nearest = i;
  }
  if (!stats.empty()) {
    m.stats = stats[nearest];
    m.instrumentation = record_of_run(m.stats);
    m.counters = counts[nearest];
    if (!timelines.empty()) m.timeline = std::move(timelines[nearest]);
  }
  return m;
}

Measurement combine(const std::vector<Measurement>& parts) {
  Measurement m;
  for (const Measurement& part : parts) {
    m.samples.insert(m.samples.end(), part.samples.begin(), part.samples.end());
    if (!part.verified) {
      m.verified = false;
      m.verify_message = part.verify_message;
    } else if (m.verify_message.empty()) {
      m.verify_message = part.verify_message;
    }
  }
  summarize(m);
  const Measurement* nearest = nullptr;
  for (const Measurement& part : parts) {
    if (part.samples.empty()) continue;
    if (nearest == nullptr ||
        std::abs(part.samples.front() - m.median) < std::abs(nearest->samples.front() - m.median))
      nearest = &part;
  }
  if (nearest != nullptr) {
    m.stats = nearest->stats;
    m.counters = nearest->counters;
    m.counters_note = nearest->counters_note;
    m.figures = nearest->figures;
    m.instrumentation = nearest->instrumentation;
    m.timeline = nearest->timeline;
    m.checksum = nearest->checksum;
  }
  return m;
}

}  // namespace scalerun::study
