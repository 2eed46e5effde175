#include "lua/map_reader.hpp"

#include <fmt/format.h>

#include "lua/call.hpp"
#include "lua/field_reader.hpp"
#include "lua/kernel_model_reader.hpp"
#include "lua/native.hpp"
#include "lua/section_to_lua.hpp"
#include "lua/session_binding.hpp"
#include "lua/validate.hpp"
#include "study/map.hpp"

namespace scalerun::lua {

namespace {

study::MapAxis read_axis(lua_State* L, const FieldReader& parent, const char* field) {
  parent.push(field, LUA_TTABLE, true);
  FieldReader r(L, -1, parent.where(), std::string(field) + ".");
  r.reject_unknown({"param", "values", "names", "label"});
  study::MapAxis a;
  a.field = field;
  a.param = r.string("param");
  a.values = r.number_list("values");
  a.names = r.string_list("names");
  a.label = r.string_or("label", a.param);
  if (!a.names.empty() && a.names.size() != a.values.size()) r.fail("names", "needs one name per value");
  lua_pop(L, 1);
  return a;
}

}  // namespace

int map_native(lua_State* L) {
  study::Session& session = session_of(L);
  const FieldReader r = form_table(L, "map");
  r.reject_unknown({"name", "title", "kernel", "machine", "p", "rows", "cols", "value", "digits", "doc"});
  study::MapSpec spec;
  spec.where = r.where();
  spec.name = r.string("name");
  spec.title = r.string_or("title", spec.name);
  spec.p = r.number_or("p", 1);
  spec.p_given = r.has("p");
  // 17 digits are all a double has.
  if (r.has("digits")) spec.digits = static_cast<int>(r.number_or("digits", 0, Range{0, 17, true}));
  const KernelAndMachine at = push_kernel_and_machine(L, r);
  model::KernelModel m(kernel_model_parts(L, at.kernel, at.machine, fmt::format("map '{}'", spec.name)));
  spec.value = r.string_or("value", "time");
  spec.rows = read_axis(L, r, "rows");
  if (r.has("cols")) spec.cols = read_axis(L, r, "cols");
  push_section(L, study::run_map(spec, m, session));
  return 1;
}

}  // namespace scalerun::lua
