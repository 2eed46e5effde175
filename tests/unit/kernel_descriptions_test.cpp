// Every shipped kernel written twice, as a Lua description (kernels/*.lua: work, memory, model)
// and as a native kernel (kernels/native/), counts work and memory the same way at several sizes.
// The description is what rules and the tuner solve with, the native is what is measured: if they
// drifted apart, a tuned size would be wrong by the difference without any error.

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "kernels/native/registry.hpp"
#include "script_fixture.hpp"

using namespace scalerun;

namespace {

struct Pair {
  const char* description;  // kernels/<description>.lua
  std::vector<double> sizes;  // values of its size parameter (k.size, else N)
  // The one documented difference: billiards' description keeps the isospeed paper's C = 960
  // bytes per ball of the KSR-1 (its memory-bounded scaling reproduces the seed with it), while
  // the native kernel counts its own bytes per ball (kernels/billiards.lua says so).
  bool same_memory = true;
};

// Sizes that each kernel accepts (powers of two where the native needs them, NPB class sizes).
const std::vector<Pair> kPairs = {
    {"matmul", {64, 100, 512}},        {"gauss", {64, 100, 300}},        {"conv2d", {64, 128, 256}},
    {"rlsp", {32, 50, 128}},           {"givens", {32, 50, 128}},        {"fractal", {64, 100, 256}},
    {"montecarlo", {100, 1000, 5000}}, {"pi", {1e4, 1e5, 4e7}},          {"mergesort", {1000, 5000, 100000}},
    {"sort_n2", {1000, 2000, 4096}},   {"billiards", {16, 64, 100}, false},     {"npb_ep", {20, 24, 28}},
    {"npb_is", {16, 20, 23}},          {"npb_cg", {1400, 7000, 14000}},  {"timed_law", {1, 1000, 1e5}},
};

// One model-mode experiment per kernel and size; its scaled table carries W, M/p (= M at p = 1),
// the native kernel's name and every numeric parameter as a column "param:<name>".
std::string script() {
  std::string s = "local cases = {\n";
  for (const auto& pair : kPairs) {
    s += "  { \"" + std::string(pair.description) + "\", {";
    for (double v : pair.sizes) s += fmt::format(" {:.17g},", v);
    s += " } },\n";
  }
  s += R"(}
local machine = require "machines.dec_alpha_now"
for _, case in ipairs(cases) do
  local name, sizes = case[1], case[2]
  local k = require("kernels." .. name)
  assert(k.native, name .. " has no native kernel")
  for i, v in ipairs(sizes) do
    local c = k { [k.size or "N"] = v }
    local columns = {}
    for pname, pv in pairs(c.params) do
      if type(pv) == "number" then columns["param:" .. pname] = function(kk) return kk[pname] end end
    end
    experiment { name = name .. "#" .. i .. "#" .. k.native, kernel = c, machine = machine, procs = { 1 },
                 report = { "scaled" },
                 columns = columns }
  end
end
)";
  return s;
}

}  // namespace

TEST_CASE("kernels: each Lua description's work and memory equal its native kernel's", "[kernels]") {
  const auto out = testing::run_source(script());
  std::size_t compared = 0;
  for (const auto& pair : kPairs) {
    for (std::size_t i = 1; i <= pair.sizes.size(); ++i) {
      const std::string prefix = std::string(pair.description) + "#" + std::to_string(i) + "#";
      const report::Section* section = nullptr;
      for (const auto& s : out.sections) {
        if (s.name.starts_with(prefix)) section = &s;
      }
      REQUIRE(section != nullptr);
      const std::string native_name = section->name.substr(prefix.size());
      const auto& t = testing::table_of(out, section->name, "scaled");
      runtime::Params params;
      for (const auto& column : t.columns) {
        if (column.name.starts_with("param:")) params[column.name.substr(6)] = testing::number_at(t, 0, column.name);
      }
      INFO(section->name);
      const auto& native = kernels::kernel(native_name);
      const double w = testing::number_at(t, 0, "W"), m = testing::number_at(t, 0, "M/p");
      CHECK(w == Approx(native.work(params)).epsilon(1e-12));
      if (pair.same_memory) CHECK(m == Approx(native.memory(params)).epsilon(1e-12));
      ++compared;
    }
  }
  CHECK(compared == 3 * kPairs.size());
}

TEST_CASE("kernels: every description with a native kernel is in the comparison above", "[kernels]") {
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(SCALERUN_SOURCE_DIR) / "kernels")) {
    if (entry.path().extension() != ".lua") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    if (text.str().find("\n  native = \"") == std::string::npos) continue;
    const std::string name = entry.path().stem().string();
    INFO(name);
    CHECK(std::any_of(kPairs.begin(), kPairs.end(), [&](const Pair& p) { return name == p.description; }));
  }
}
