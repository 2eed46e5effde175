#pragma once
// Checks of the vocabulary's building blocks (machine{}, kernel{}, machine_sets{}), run when a
// script builds them, so a mistake is reported at the line that made it.

#include <lua.hpp>

#include "lua/field_reader.hpp"

namespace scalerun::lua {

void validate_machine(lua_State* L, int index, const lua::FieldReader& r);
void validate_kernel(lua_State* L, int index, const lua::FieldReader& r);
void validate_machine_sets(lua_State* L, int index, const lua::FieldReader& r);

// The field `field` of r (already pushed at `index`) must be a kernel{} / machine{} value.
void require_kernel(lua_State* L, int index, const lua::FieldReader& r, const char* field);
void require_machine(lua_State* L, int index, const lua::FieldReader& r, const char* field);

// The table a vocabulary form (experiment{}, map{}, fit{}, check{}) was called with, ready to
// read, its messages at the user's calling line; NativeError "<form>{} expects a table" otherwise.
FieldReader form_table(lua_State* L, const char* form);

// kernel = kernel{...} (required) and machine = machine{...} (optional) of a map{} or fit{}, each
// checked and pushed; machine is 0 when the form names none.
struct KernelAndMachine {
  int kernel = 0;
  int machine = 0;
};
KernelAndMachine push_kernel_and_machine(lua_State* L, const FieldReader& r);

}  // namespace scalerun::lua
