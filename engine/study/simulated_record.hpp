#pragma once
// What the results database keeps of a simulated point, and the point read back from it: every
// number the simulate reports use, under its own name, so a sweep resumed with --resume prints
// what the uninterrupted sweep would have printed.

#include <optional>

#include "sim/simulated_study.hpp"
#include "store/records.hpp"

namespace scalerun::study {

// Fills `record`'s median (the real machine's T), samples and figures; its names and key are the
// caller's.
void fill_record(store::PointRecord& record, const sim::SimulatedPoint& pt);

// The point as stored (its model_time is not: the caller evaluates the model again); nothing when
// the record lacks one of the figures (stored by a scalerun that kept fewer): simulate it again.
std::optional<sim::SimulatedPoint> point_from_record(const store::PointRecord& record);

}  // namespace scalerun::study
