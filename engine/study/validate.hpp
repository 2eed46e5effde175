#pragma once
// Checks of the vocabulary's building blocks (machine{}, kernel{}, machine_sets{}), run when a
// script builds them, so a mistake is reported at the line that made it.

#include <lua.hpp>

#include "lua/field_reader.hpp"

namespace scalerun::study {

void validate_machine(lua_State* L, int index, const lua::FieldReader& r);
void validate_kernel(lua_State* L, int index, const lua::FieldReader& r);
void validate_machine_sets(lua_State* L, int index, const lua::FieldReader& r);

// The field `field` of r (already pushed at `index`) must be a kernel{} / machine{} value.
void require_kernel(lua_State* L, int index, const lua::FieldReader& r, const char* field);
void require_machine(lua_State* L, int index, const lua::FieldReader& r, const char* field);

}  // namespace scalerun::study
