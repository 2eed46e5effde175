#include "lua/fit_reader.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "lua/configured_kernel.hpp"
#include "lua/data_rows.hpp"
#include "lua/field_reader.hpp"
#include "lua/kernel_model_reader.hpp"
#include "lua/native.hpp"
#include "lua/session_binding.hpp"
#include "lua/validate.hpp"
#include "model/kernel_model.hpp"
#include "study/csv_data.hpp"
#include "study/fit.hpp"
#include "study/session.hpp"

namespace scalerun::lua {

namespace {


}  // namespace

// fit{}: the facade reads the table and the data; study::run_fit solves (engine/fit); the kernel
// comes back configured with the fitted values.
int fit_native(lua_State* L) {
  study::Session& session = session_of(L);
  const FieldReader r = form_table(L, "fit");
  const std::string& where = r.where();
  r.reject_unknown({"name", "kernel", "machine", "params", "data", "csv", "stored", "time", "doc"});
  study::FitSpec spec;
  spec.where = where;
  spec.name = r.string("name");
  spec.time_column = r.string_or("time", "time");
  const KernelAndMachine at = push_kernel_and_machine(L, r);
  const int kernel = at.kernel;
  model::KernelModel m(kernel_model_parts(L, kernel, at.machine, fmt::format("fit '{}'", spec.name)));
  spec.params = r.string_list("params");
  study::fitted_slots(spec, m);  // names checked before any data is read
  if (r.has("stored")) spec.stored = r.string("stored");
  if (session.options.dry_run && !spec.stored.empty()) {  // nothing was measured, so nothing to fit
    session.info(fmt::format("fit '{}': dry run, the kernel keeps its parameters", spec.name));
    lua_pushvalue(L, kernel);
    return 1;
  }
  const study::NumericCsv data =
      spec.stored.empty() ? read_data_rows(L, r) : study::stored_data(spec, session, m.kernel_name());
  const study::FitResult fitted = study::run_fit(spec, data, m, session);
  push_configured(L, kernel, m.params(), fitted.slots);
  return 1;
}

}  // namespace scalerun::lua
