#pragma once
// fit{}: least-squares calibration of model parameters from measured times (seed 001 eq. 21
// fits tau and beta from runs on 2 and 4 processors). Parameters that enter the model linearly
// are fitted exactly by linear least squares; others by Levenberg-Marquardt (engine/fit). Plain
// C++: lua/fit_reader reads the script's table and data rows.

#include <string>
#include <vector>

#include "model/kernel_model.hpp"
#include "store/database.hpp"
#include "study/csv_data.hpp"

namespace scalerun::study {

struct Session;

struct FitSpec {
  std::string name, where;
  std::string time_column = "time";  // the data's column of measured seconds
  std::vector<std::string> params;   // the slots to fit, by name
  std::string stored;                // the experiment whose stored points are the data ("": data given)
};

struct FitResult {
  std::vector<double> slots;  // the kernel's slot values with the fitted ones in place
};

// The slots params names; ScriptError "<where>field 'params': ..." for a name the kernel lacks.
std::vector<std::size_t> fitted_slots(const FitSpec& spec, const model::KernelModel& model);
// The newest measured point of each configuration of `experiment` with `kernel_name` in the
// session's database: columns p, time (the median) and the kernel's parameters. Errors name
// `where`'s field 'stored'.
NumericCsv stored_data(const std::string& where, const std::string& experiment, Session& session,
                       const std::string& kernel_name);
// Stored points as data: columns p, time (the median) and the parameters of the first point.
NumericCsv points_data(const std::vector<store::StoredPoint>& points);
inline NumericCsv stored_data(const FitSpec& spec, Session& session, const std::string& kernel_name) {
  return stored_data(spec.where, spec.stored, session, kernel_name);
}
// Fits, appends the "fit" section (values and residuals) to the session and returns the slots.
FitResult run_fit(const FitSpec& spec, const NumericCsv& data, model::KernelModel& model, Session& session);

}  // namespace scalerun::study
