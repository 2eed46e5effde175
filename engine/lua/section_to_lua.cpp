#include "lua/section_to_lua.hpp"


namespace scalerun::lua {

namespace {

void push_cell(lua_State* L, const report::Cell& cell) {
  if (const double* d = std::get_if<double>(&cell)) {
    lua_pushnumber(L, *d);
  } else if (const std::string* s = std::get_if<std::string>(&cell)) {
    lua_pushlstring(L, s->data(), s->size());
  } else {
    lua_pushboolean(L, 0);  // an empty cell: false keeps rows dense (nil would end them)
  }
}

void push_table(lua_State* L, const report::Table& t) {
  lua_createtable(L, 0, 5);
  lua_pushstring(L, t.name.c_str());
  lua_setfield(L, -2, "name");
  lua_pushstring(L, t.title.c_str());
  lua_setfield(L, -2, "title");
  lua_createtable(L, static_cast<int>(t.columns.size()), 0);
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    lua_pushstring(L, t.columns[i].name.c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setfield(L, -2, "columns");
  lua_createtable(L, static_cast<int>(t.rows.size()), 0);
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    lua_createtable(L, static_cast<int>(t.rows[r].size()), static_cast<int>(t.rows[r].size()));
    for (std::size_t c = 0; c < t.rows[r].size(); ++c) {
      push_cell(L, t.rows[r][c]);
      lua_pushvalue(L, -1);
      lua_rawseti(L, -3, static_cast<lua_Integer>(c + 1));
      lua_setfield(L, -2, t.columns[c].name.c_str());  // row.T as well as row[3]
    }
    lua_rawseti(L, -2, static_cast<lua_Integer>(r + 1));
  }
  lua_setfield(L, -2, "rows");
  lua_createtable(L, static_cast<int>(t.notes.size()), 0);
  for (std::size_t i = 0; i < t.notes.size(); ++i) {
    lua_pushstring(L, t.notes[i].c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setfield(L, -2, "notes");
}

}  // namespace

void push_section(lua_State* L, const report::Section& section) {
  lua_createtable(L, 0, 3);
  lua_pushstring(L, section.name.c_str());
  lua_setfield(L, -2, "name");
  lua_pushstring(L, section.kind.c_str());
  lua_setfield(L, -2, "kind");
  lua_createtable(L, static_cast<int>(section.tables.size()), static_cast<int>(section.tables.size()));
  for (std::size_t i = 0; i < section.tables.size(); ++i) {
    push_table(L, section.tables[i]);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, static_cast<lua_Integer>(i + 1));
    lua_setfield(L, -2, section.tables[i].name.c_str());
  }
  lua_setfield(L, -2, "tables");
}

}  // namespace scalerun::lua
