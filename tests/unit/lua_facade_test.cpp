// The Lua boundary: protected calls, positions, the field reader, the trampoline, the budget.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <lua.hpp>

#include "lua/call.hpp"
#include "errors/errors.hpp"
#include "errors/printable.hpp"
#include "lua/field_reader.hpp"
#include "lua/native.hpp"
#include "lua/state.hpp"
#include "lua/set_expression.hpp"
#include "script_fixture.hpp"

using scalerun::ScriptError;
namespace lua = scalerun::lua;

namespace {

struct Counted {
  static inline int alive = 0;
  Counted() { ++alive; }
  ~Counted() { --alive; }
};

int throws_after_allocating(lua_State*) {
  Counted c;
  std::string big(1000, 'x');
  throw std::runtime_error("native failure " + std::to_string(Counted::alive));
}

int raises_native_error(lua_State*) { throw lua::NativeError("bad thing"); }

}  // namespace

TEST_CASE("protected_call turns Lua errors into ScriptError with position and traceback") {
  lua::State state;
  lua_State* L = state.get();
  lua::load_chunk(L, "local x = nil\nreturn x.field", "@demo.lua");
  try {
    lua::protected_call(L, 0, 1);
    FAIL("expected an error");
  } catch (const ScriptError& e) {
    CHECK(std::string(e.what()).rfind("demo.lua:2: attempt to index a nil value", 0) == 0);
    CHECK(e.traceback().find("stack traceback:") != std::string::npos);
  }
  CHECK(lua_gettop(L) == 0);
}

TEST_CASE("protected_call honours __tostring on error objects, at the raising line") {
  lua::State state;
  lua_State* L = state.get();
  lua::load_chunk(L, "error(setmetatable({}, { __tostring = function() return 'custom' end }))", "@e.lua");
  CHECK_THROWS_WITH(lua::protected_call(L, 0, 0), "e.lua:1: custom");
}

TEST_CASE("error values without a message or a position still give one line at the user's line") {
  lua::State state;
  lua_State* L = state.get();
  lua::load_chunk(L, "local x = 1\nerror({})", "@t.lua");
  CHECK_THROWS_WITH(lua::protected_call(L, 0, 0), Catch::StartsWith("t.lua:2: error() was called with a table value"));
  lua::load_chunk(L, "error()", "@n.lua");
  CHECK_THROWS_WITH(lua::protected_call(L, 0, 0), "n.lua:1: error() was called with nil (give it a message string)");
  lua::load_chunk(L, "error('first\\nsecond', 0)", "@m.lua");
  try {
    lua::protected_call(L, 0, 0);
    FAIL("expected an error");
  } catch (const ScriptError& e) {
    CHECK(std::string(e.what()) == "m.lua:1: first");
    CHECK(e.traceback().rfind("second\nstack traceback:", 0) == 0);
  }
}

TEST_CASE("the trampoline unwinds C++ objects before raising the Lua error") {
  lua::State state;
  lua_State* L = state.get();
  lua_register(L, "boom", lua::native<throws_after_allocating>);
  lua::load_chunk(L, "boom()", "@t.lua");
  CHECK_THROWS_WITH(lua::protected_call(L, 0, 0), "t.lua:1: native failure 1");
  CHECK(Counted::alive == 0);
}

TEST_CASE("NativeError is reported at the user's calling line") {
  lua::State state;
  lua_State* L = state.get();
  lua_register(L, "fails", lua::native<raises_native_error>);
  lua::load_chunk(L, "local a = 1\n\nfails()", "@user.lua");
  CHECK_THROWS_WITH(lua::protected_call(L, 0, 0), "user.lua:3: bad thing");
}

TEST_CASE("the time budget stops an endless loop even under pcall") {
  lua::State state;
  lua_State* L = state.get();
  state.set_time_budget(0.2);
  lua::load_chunk(L, "while true do pcall(function() while true do end end) end", "@spin.lua");
  CHECK_THROWS_WITH(lua::protected_call(L, 0, 0), Catch::Contains("script timed out after 0.2 s"));
}

TEST_CASE("FieldReader reports type mistakes with the field name") {
  lua::State state;
  lua_State* L = state.get();
  lua::load_chunk(L, "return { bandwidth = 'fast', size = 3, names = { 'a', 2 } }", "@m.lua");
  lua::protected_call(L, 0, 1);
  lua::FieldReader r(L, -1, "machines/x.lua:12: ");
  CHECK_THROWS_WITH(r.number("bandwidth"), "machines/x.lua:12: field 'bandwidth': number expected, got string");
  CHECK(r.number("size") == 3);
  CHECK(r.number_or("missing", 7.5) == 7.5);
  CHECK_THROWS_WITH(r.number("missing"), Catch::Contains("field 'missing': number expected, got nil"));
  CHECK_THROWS_WITH(r.string_list("names"), Catch::Contains("item 2: string expected, got integer"));
  CHECK_THROWS_WITH(r.reject_unknown({"bandwidth", "size"}), Catch::Contains("unknown field 'names'"));
}

TEST_CASE("closest_name suggests near misses only") {
  CHECK(lua::closest_name("procs", {"proc", "name"}) == "proc");
  CHECK(lua::closest_name("experimnet", {"experiment", "kernel"}) == "experiment");
  CHECK(lua::closest_name("zzzzzz", {"experiment", "kernel"}).empty());
}

TEST_CASE("a required module's mistakes are reported in the module, at the constructor's line") {
  const std::string module = scalerun::testing::write_script("badmachine.lua",
      "-- a comment\nreturn machine {\n  name = 'm',\n  memory = 'lots',\n}\n");
  (void)module;
  const std::string msg = scalerun::testing::error_of("local m = require 'badmachine'\n");
  CHECK(msg.find("badmachine.lua:2: field 'memory': number expected, got string") != std::string::npos);
}

TEST_CASE("FieldReader checks numbers against a range and names the range") {
  lua::State state;
  lua_State* L = state.get();
  lua::load_chunk(L, "return { px = -1, big = 2^63, half = 2.5, ok = 8, huge = math.huge, list = { 1, 2, 0 } }", "@r.lua");
  lua::protected_call(L, 0, 1);
  lua::FieldReader r(L, -1, "x.lua:3: ");
  const lua::Range counts{1, 1e9, true};
  CHECK_THROWS_WITH(r.number_or("px", 1024, counts),
                    "x.lua:3: field 'px': a whole number from 1 to 1e+09 expected, got -1");
  CHECK_THROWS_WITH(r.number("big", counts), Catch::Contains("got 2^63"));
  CHECK_THROWS_WITH(r.number("half", counts), Catch::Contains("got 2.5"));
  CHECK_THROWS_WITH(r.number("huge", lua::Range{}), Catch::Contains("a finite number expected, got inf"));
  CHECK(r.number("ok", counts) == 8);
  CHECK(r.number_or("absent", 1024, counts) == 1024);  // a default is not checked: the code chose it
  CHECK_THROWS_WITH(r.number_list("list", counts), Catch::Contains("field 'list': item 3: a whole number from 1"));
  CHECK_THROWS_WITH(r.number("px", lua::Range::positive()), Catch::Contains("a number > 0 expected, got -1"));
  CHECK(lua::Range::positive().contains(1e-300));
  CHECK_FALSE(lua::Range::positive().contains(0));
}

namespace {

// Writes a library whose line i + 1 is function i, one per attempt, and checks that calling
// function i from a script fails at that line with a message that holds the expected text.
void expect_library_refusals(const std::string& module, const std::vector<std::pair<std::string, std::string>>& attempts) {
  std::string library = "local attempts = {}\n";
  for (const auto& [code, what] : attempts) library += "attempts[#attempts + 1] = function() " + code + " end\n";
  library += "return attempts\n";
  scalerun::testing::write_script(module + ".lua", library);
  for (std::size_t i = 0; i < attempts.size(); ++i) {
    const std::string msg = scalerun::testing::error_of("local attempts = require '" + module + "'\nattempts[" +
                                                        std::to_string(i + 1) + "]()\n");
    INFO(attempts[i].first << " -> " << msg);
    CHECK(msg.find(module + ".lua:" + std::to_string(i + 2) + ": ") != std::string::npos);
    CHECK(msg.find(attempts[i].second) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("a library loaded with require has no io, os only for time, and no way back to the real globals") {
  // Each reaches for what the expected message names.
  std::vector<std::pair<std::string, std::string>> attempts = {
      {"return io.lines", "io.lines"},
      {"return os.time(), os.clock(), os.date('%Y'), os.difftime(2, 1), os.tmpname()", "os.tmpname"},
      {"return os.getenv('HOME')", "os.getenv"},
      {"return _G.io.write", "io.write"},
      {"return debug.getregistry()", "debug.getregistry"},
      {"return require('io').popen", "io.popen"},
      {"return package.loaded._G.os.execute", "os.execute"},
      {"return package.loadlib", "package.loadlib"},
      {"return package.searchers", "package.searchers"},
      {"local chunk = loadfile('x.lua')", "loadfile"},  // not `return loadfile(...)`: a tail call
      {"local value = dofile('x.lua')", "dofile"},      // would report the script's calling line
      {"return load('return io')().read", "io.read"},
      {"return getmetatable(_G) == false and rawget(_G, 'io') == nil and io.open", "io.open"},
      {"os.rename = print", "os.rename"},
  };
  for (auto& attempt : attempts) attempt.second += " is not available to libraries loaded with require";
  expect_library_refusals("sandboxed", attempts);
}

TEST_CASE("a library's globals stay its own; the script keeps the real io and os", "[sandbox]") {
  scalerun::testing::write_script("sandboxed_globals.lua",
                                  "function sandboxed_twice(x) return 2 * x end\n"
                                  "local binary, why = load(string.dump(function() end))\n"
                                  "return { twice = sandboxed_twice, binary = binary, why = why,\n"
                                  "         loaded = load('return _G')() == _G }\n");
  CHECK_NOTHROW(scalerun::testing::run_source(
      "local lib = require 'sandboxed_globals'\n"
      "assert(rawget(_G, 'sandboxed_twice') == nil and lib.twice(21) == 42)\n"
      "assert(lib.binary == nil and lib.why:find('binary'), 'a library loads text chunks only')\n"
      "assert(lib.loaded, 'load in a library defaults to its environment')\n"
      "assert(io.type(io.stderr) == 'file' and type(os.remove) == 'function' and _G.io == io)\n"));
}

TEST_CASE("nilling, assigning or rawset-ing a name in a library uncovers nothing", "[sandbox]") {
  // The message names what each attack reached.
  const std::vector<std::pair<std::string, std::string>> attacks = {
      {"io = nil; return io.open", "io.open is not available"},
      {"os = nil; return os.execute", "os.execute is not available"},
      {"rawset(_ENV, 'os', nil); return os.remove", "os.remove is not available"},
      {"_ENV.io = nil; _G.io = nil; return io.popen", "io.popen is not available"},
      {"debug = nil; return debug.getinfo", "debug.getinfo is not available"},
      {"package = nil; return package.loadlib", "package.loadlib is not available"},
      {"package.searchpath = function() end", "package.searchpath is not available"},
      {"load = nil; loadfile = nil; local f = loadfile('x')", "loadfile is not available"},
      {"collectgarbage('stop')", "collectgarbage(stop) is not available"},
      {"setmetatable(_ENV, nil)", "cannot change a protected metatable"},
      {"string.rep = print", "string.rep cannot be changed by a library"},
      {"math.huge = 1", "math.huge cannot be changed by a library"},
      {"return getmetatable('').__index", "attempt to index a boolean value"},
      {"package.loaded['machines.ksr1'] = {}", "package.loaded.machines.ksr1 cannot be set by a library"},
      {"return require('os').execute", "os.execute is not available"},
      {"return package.loaded.io.open", "io.open is not available"},
      {"return load('return io', 'x', 'bt', { io = 1 })() + io.lines", "io.lines is not available"},
      {"return coroutine.wrap(function() return os.exit end)() and io.read", "io.read is not available"},
      {"return undefined_name_here", "undefined global 'undefined_name_here'"},
  };
  expect_library_refusals("attacker", attacks);
  // The script's own io and string are untouched by all of it.
  CHECK_NOTHROW(scalerun::testing::run_source(
      "local attacks = require 'attacker'\nfor i = 1, #attacks do pcall(attacks[i]) end\n"
      "assert(type(io.open) == 'function' and string.rep('a', 2) == 'aa' and math.huge > 1e308)\n"));
}

TEST_CASE("libraries describe, scripts act: no experiment, map, fit, discover or check from a library", "[sandbox]") {
  scalerun::testing::write_script(
      "actor.lua",
      "local M = {}\n"
      "function M.direct() local r = experiment { name = 'x' }; return r end\n"
      "function M.handed(f) local r = f { name = 'h' }; return r end\n"
      "function M.wrapped(f) return coroutine.wrap(function() local r = f { name = 'y' }; return r end)() end\n"
      "function M.fit() local r = fit { csv = 'x.csv' }; return r end\n"
      "function M.tail(f) return f { name = 't' } end\n"
      "function M.sorted(f) table.sort({ 1, 2, 3 }, function() f { name = 's' } return false end) end\n"
      "return M\n");
  const auto refused = [](const std::string& call) {
    return scalerun::testing::error_of("local a = require 'actor'\n" + call + "\n");
  };
  CHECK_THAT(refused("a.direct()"), Catch::Matchers::Contains("actor.lua:2: experiment{} cannot run from a library loaded with require"));
  CHECK_THAT(refused("a.fit()"), Catch::Matchers::Contains("actor.lua:5: fit{} cannot run from a library"));
  // The real natives, handed over by the script, still refuse when a library's function calls
  // them, directly, behind a C function, in a coroutine or through a tail call.
  CHECK_THAT(refused("a.handed(discover)"), Catch::Matchers::Contains("discover{} cannot run from a library"));
  CHECK_THAT(refused("a.sorted(map)"), Catch::Matchers::Contains("map{} cannot run from a library"));
  CHECK_THAT(refused("a.wrapped(experiment)"), Catch::Matchers::Contains("experiment{} cannot run from a library"));
  CHECK_THAT(refused("a.tail(experiment)"), Catch::Matchers::Contains("experiment{} was reached through a tail call"));
  CHECK_THAT(refused("a.handed(function(t) return check(t) end)"), Catch::Matchers::Contains("check{} was reached through a tail call"));
  CHECK_THAT(refused("setmetatable({}, { __index = experiment }).x = nil; local v = setmetatable({}, { __index = experiment }).y"),
             Catch::Matchers::Contains("experiment{} cannot run as a metamethod"));
  // A function of the script that a library calls back acts as the script wrote it.
  CHECK_THAT(refused("a.handed(function(t) local r = experiment(t); return r end)"), Catch::Matchers::Contains("field 'procs'"));
  CHECK_THAT(refused("a.tail(function(t) local r = experiment(t); return r end)"), Catch::Matchers::Contains("field 'procs'"));
  // The script itself acts as before: its mistakes in the table are reported, nothing is refused.
  CHECK_THAT(refused("local r = experiment { name = 'mine' }"), Catch::Matchers::Contains("field 'procs'"));
}

TEST_CASE("scripts load text chunks only", "[sandbox]") {
  CHECK_NOTHROW(scalerun::testing::run_source(
      "local f = function() return 1 end\n"
      "local chunk, why = load(string.dump(f), 'x', 'b')\n"
      "assert(chunk == nil and why:find('binary'), why)\n"
      "assert(load('return 2', 'x', 'b')() == 2)\n"
      "local e = load('return x', 'x', 't', { x = 3 })\n"
      "assert(e() == 3)\n"));
}

TEST_CASE("values given with --set are arithmetic on numbers, unit constants and math, never Lua", "[set]") {
  const lua::SetNameLookup units = [](std::string_view name) -> std::optional<lua::SetNumber> {
    if (name == "MB") return lua::SetNumber{1e6, false, 0};
    if (name == "KiB") return lua::SetNumber{1024, true, 1024};
    if (name == "us") return lua::SetNumber{1e-6, false, 0};
    return std::nullopt;
  };
  const auto value = [&](std::string_view text) { return lua::evaluate_set_expression(text, units); };
  CHECK(value("5*MB").value == 5e6);
  CHECK_FALSE(value("5*MB").integer);
  CHECK(value("4*KiB").integer);
  CHECK(value("4*KiB").as_integer == 4096);
  CHECK(value("2^10").value == 1024);
  CHECK_FALSE(value("2^10").integer);  // as in Lua, ^ gives a float
  CHECK(value("-2^2").value == -4);    // as in Lua, ^ binds tighter than unary minus
  CHECK(value("2^3^2").value == 512);  // and is right-associative
  CHECK(value("7 // 2").as_integer == 3);
  CHECK(value("-7 // 2").as_integer == -4);
  CHECK(value("-7 % 3").as_integer == 2);
  // The one integer quotient that overflows wraps, as in Lua, instead of trapping.
  CHECK(value("(-9223372036854775807 - 1) // -1").as_integer == std::numeric_limits<long long>::min());
  CHECK(value("(-9223372036854775807 - 1) % -1").as_integer == 0);
  CHECK(value("7 / 2").value == 3.5);
  CHECK(value("(1 + 2) * 3 - 4").as_integer == 5);
  CHECK(value("20*us").value == Approx(2e-5));
  CHECK(value("0x10").as_integer == 16);
  CHECK(value("1.5e3").value == 1500);
  CHECK(value("math.max(1, 2*3, 4)").as_integer == 6);
  CHECK(value("math.floor(2.7)").as_integer == 2);
  CHECK(value("math.log(8, 2)").value == Approx(3));
  CHECK(value("math.sqrt(16) + math.pi").value == Approx(4 + 3.141592653589793));
  CHECK(std::isinf(value("math.huge").value));
  for (const char* refused : {"os.execute('touch x') and 5", "#io.open('x'):read('a')", "(function() return 1 end)()",
                              "load('return 1')()", "string.rep('a', 9)", "math.random()", "n..1", "5;", "{}",
                              "'5'", "1 +", "(1", "MB MB", "math.exp", "math.min()", "1 // 0"}) {
    INFO(refused);
    CHECK_THROWS_AS(value(refused), lua::SetExpressionError);
  }
  CHECK_THROWS_WITH(value(std::string(200, '(') + "1" + std::string(200, ')')), Catch::Contains("nested more than"));
  CHECK_THROWS_WITH(value("os.execute('x')"), Catch::Contains("'os' is not a unit constant"));
}

TEST_CASE("FieldReader refuses a value that is no table before reading it") {
  lua::State state;
  lua_State* L = state.get();
  lua_pushliteral(L, "not a table");
  CHECK_THROWS_WITH(lua::FieldReader(L, -1, "x.lua:3: ", "network."), "x.lua:3: field 'network': table expected, got string");
  lua_pushinteger(L, 7);
  CHECK_THROWS_WITH(lua::FieldReader(L, -1, "x.lua:4: "), "x.lua:4: table expected, got integer");
  lua_settop(L, 0);
}

TEST_CASE("raw_field reads no metamethod, not even one set on every string") {
  lua::State state;
  lua_State* L = state.get();
  // A __index on strings that would raise (a longjmp through C++) if a native indexed a string.
  lua::load_chunk(L, "getmetatable('').__index = function() error('metamethod ran') end\n"
                     "return 'text', setmetatable({}, { __index = function() error('metamethod ran') end })", "@m.lua");
  lua::protected_call(L, 0, 2);
  CHECK(lua::raw_field(L, 1, "name") == LUA_TNIL);
  CHECK(lua::raw_field(L, 2, "name") == LUA_TNIL);
  lua_pushinteger(L, 5);
  CHECK(lua::raw_field(L, -1, "name") == LUA_TNIL);
  lua_settop(L, 0);
}

TEST_CASE("printable escapes newlines, control characters and bytes that are not UTF-8") {
  CHECK(scalerun::printable("a\nb\tc\r") == "a\\nb\\tc\\r");
  CHECK(scalerun::printable("bad\xff\x01") == "bad\\xFF\\x01");
  CHECK(scalerun::printable("caf\xc3\xa9 \xe2\x82\xac") == "caf\xc3\xa9 \xe2\x82\xac");  // valid UTF-8 kept
  CHECK(scalerun::printable("\xc3") == "\\xC3");                  // a sequence cut short
  CHECK(scalerun::printable("\xed\xa0\x80") == "\\xED\\xA0\\x80");  // a UTF-16 surrogate is no UTF-8
  CHECK(scalerun::printable("\xc0\xaf") == "\\xC0\\xAF");          // an overlong '/'
}

TEST_CASE("the script's debug library reads but cannot rewrite scalerun's values", "[sandbox]") {
  CHECK_NOTHROW(scalerun::testing::run_source(
      "for _, name in ipairs { 'getregistry', 'setmetatable', 'setupvalue', 'upvaluejoin', 'setuservalue',\n"
      "                        'setlocal', 'sethook', 'getmetatable', 'getupvalue', 'getlocal' } do\n"
      "  assert(debug[name] == nil, 'debug.' .. name .. ' is there')\n"
      "end\n"
      "assert(type(debug.traceback()) == 'string' and debug.getinfo(1, 'l').currentline == 5)\n"
      "assert(require 'debug' == debug and package.loaded.debug == debug)\n"));
}

TEST_CASE("one acting form at a time and released when one fails", "[sandbox]") {
  // A model that fails inside experiment{} must not leave the next experiment refused.
  CHECK_NOTHROW(scalerun::testing::run_source(
      "local bad = kernel { name = 'bad', params = { n = 1 }, model = function(k, p) error('boom') end }\n"
      "assert(not pcall(experiment, { name = 'bad', kernel = bad, procs = { 1 } }))\n"
      "local good = kernel { name = 'good', params = { n = 1 }, model = function(k, p) return { total = k.n / p } end }\n"
      "experiment { name = 'good', kernel = good, procs = { 1, 2 } }\n"));
  CHECK_THAT(scalerun::testing::error_of(
                 "local k = kernel { name = 'k', params = { n = 1 }, model = function(k, p)\n"
                 "  map { name = 'inner', kernel = k, x = { p = { 1, 2 } } }\n"
                 "  return { total = 1 } end }\n"
                 "experiment { name = 'outer', kernel = k, procs = { 1, 2 } }\n"),
             Catch::Matchers::Contains("map{} cannot run inside experiment{}"));
}
