#pragma once
// Lua sources compiled into the binary (see cmake/EmbedLua.cmake).

#include <span>

namespace scalerun::lua {

struct EmbeddedModule {
  const char* name;    // file stem, e.g. "prelude"; the chunk is named "@scalerun/<name>.lua"
  const char* source;
};

std::span<const EmbeddedModule> embedded_modules();

}  // namespace scalerun::lua
