// The Lua descriptions of the NPB kernels (kernels/npb_*.lua with kernels/npb_classes.lua) count
// work and memory as the native kernels do, class by class. Kept apart from the kernels' own tests
// (tests/unit/kernels/npb_test.cpp), which need no Lua and also run under ThreadSanitizer.

#include <string>
#include <utility>

#include <catch2/catch.hpp>

#include "kernels/native/registry.hpp"
#include "script_fixture.hpp"

using namespace scalerun;
using runtime::Params;

TEST_CASE("npb: the Lua descriptions' work and memory are the natives'", "[npb]") {
  const auto out = testing::run_source(R"(
    local npb = require "kernels.npb_classes"
    for _, bench in ipairs { "ep", "is", "cg" } do
      local k = require("kernels.npb_" .. bench)
      for _, class in ipairs { "S", "W", "A" } do
        experiment { name = bench .. class, kernel = k(npb[bench][class]), procs = { 1 }, report = { "scaled" } }
      end
    end
  )");
  const std::pair<const char*, Params> cases[] = {
      {"epS", {{"m", 24}}},
      {"epW", {{"m", 25}}},
      {"epA", {{"m", 28}}},
      {"isS", {{"log2_keys", 16}, {"log2_max_key", 11}, {"log2_buckets", 9}}},
      {"isW", {{"log2_keys", 20}, {"log2_max_key", 16}, {"log2_buckets", 10}}},
      {"isA", {{"log2_keys", 23}, {"log2_max_key", 19}, {"log2_buckets", 10}}},
      {"cgS", {{"na", 1400}, {"nonzer", 7}, {"niter", 15}, {"shift", 10}}},
      {"cgW", {{"na", 7000}, {"nonzer", 8}, {"niter", 15}, {"shift", 12}}},
      {"cgA", {{"na", 14000}, {"nonzer", 11}, {"niter", 15}, {"shift", 20}}},
  };
  for (const auto& [name, params] : cases) {
    INFO(name);
    const auto& native = kernels::kernel(std::string("npb_") + std::string(name).substr(0, 2));
    const auto& t = testing::table_of(out, name, "scaled");
    CHECK(testing::number_at(t, 0, "W") == native.work(params));
    CHECK(testing::number_at(t, 0, "M/p") == native.memory(params));
  }
}
