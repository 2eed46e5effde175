#include "study/instrumentation_rows.hpp"

#include <cmath>

namespace scalerun::study {

namespace {

void put(std::map<std::string, double>& rows, const char* name, double value) {
  if (std::isfinite(value)) rows[name] = value;
}

double get(const std::map<std::string, double>& rows, const char* name) {
  const auto it = rows.find(name);
  return it == rows.end() ? std::nan("") : it->second;
}

}  // namespace

std::map<std::string, double> instrumentation_rows(const InstrumentationRecord& record) {
  std::map<std::string, double> rows = record.program;
  if (record.sums) {
    const runtime::InstrumentedSums& s = *record.sums;
    put(rows, "tpara", record.tpara);
    put(rows, "serial", s.serial);
    put(rows, "busy", s.busy);
    put(rows, "idle", s.idle);
    put(rows, "primitives", s.primitive);
    put(rows, "work_time", s.busy + s.serial);
    put(rows, "between_regions", s.between_regions);
  }
  put(rows, "one_worker_work", record.one_worker_work);
  if (record.breakdown) {
    const runtime::Overheads& o = *record.breakdown;
    put(rows, "compute", o.compute);
    put(rows, "serial_share", o.serial);
    put(rows, "imbalance", o.imbalance);
    put(rows, "sync", o.sync);
    put(rows, "residual", o.residual);
    put(rows, "ML", o.ml);
    put(rows, "IT", o.it);
    put(rows, "PT", o.pt);
    put(rows, "latency", o.latency);
    put(rows, "unaccounted", o.unaccounted);
  }
  return rows;
}

// The breakdown is not read back: it follows from the sums and the sweep's one-worker point, and
// is computed again (older databases stored a closed residual under the same names).
InstrumentationRecord instrumentation_from_rows(const std::map<std::string, double>& rows, bool instrumented_source) {
  InstrumentationRecord r;
  if (!instrumented_source) {
    r.program = rows;
    return r;
  }
  if (!rows.contains("busy") || !rows.contains("idle") || !rows.contains("primitives")) return r;
  r.sums = runtime::InstrumentedSums{get(rows, "busy"), get(rows, "idle"), get(rows, "primitives"),
                                     rows.contains("serial") ? get(rows, "serial") : 0.0,
                                     rows.contains("between_regions") ? get(rows, "between_regions") : 0.0};
  r.tpara = get(rows, "tpara");
  return r;
}

}  // namespace scalerun::study
