#pragma once
// A point's instrumentation record as the results database keeps it: name/value rows of kind
// "instrumentation" (store/point_write.cpp), readable by `scalerun show`, exports and older
// versions. The names are the ones earlier versions wrote (tpara, serial, busy, idle, primitives,
// work_time, and the breakdown's compute, serial_share, imbalance, sync, residual, ML, IT, PT,
// latency), plus unaccounted and one_worker_work. NaN values are left out (the split is not
// available). An external program's rows are its own figures.

#include <map>
#include <string>

#include "study/instrumentation_record.hpp"

namespace scalerun::study {

std::map<std::string, double> instrumentation_rows(const InstrumentationRecord& record);

// `instrumented_source`: the rows came from a native kernel or an MPI job (their names are the
// sums above); otherwise every row is a figure the external program printed.
InstrumentationRecord instrumentation_from_rows(const std::map<std::string, double>& rows, bool instrumented_source);

}  // namespace scalerun::study
