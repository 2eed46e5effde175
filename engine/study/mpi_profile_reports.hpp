#pragma once
// An MPI job's profile, as mpiP gives one: per point, each MPI function's calls, time over the
// ranks (min, mean, max) and bytes, with the point-to-point message sizes; and the program's own
// regions (scalerun_begin/end, pmpi/scalerun_region.h) the same way, with their time inside MPI.
// Built from the ranks' records of the run nearest the median; `scalerun show RUN` builds them
// from the stored points.

#include "report/table.hpp"
#include "study/measure_reports.hpp"

namespace scalerun::study {

// The profile table (when the ranks' records have one), and the regions table when any rank
// recorded a region (or a region error).
std::vector<report::Table> mpi_profile_tables(const MeasuredSweep& sweep);

}  // namespace scalerun::study
