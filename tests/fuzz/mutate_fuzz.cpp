// Mutation fuzz of the shipped scripts (issue 10): each mutant is one shipped script, or one
// kernel/machine/program module it requires, with one small random edit (a number made 0, -1,
// 1e308, NaN, inf, 2^63...; a line deleted or duplicated; a field renamed; a brace dropped; a table
// or string replaced), run through the real binary. The product contract says every such mutant
// either runs (exit 0), fails a check (1), stops on a user error with ONE line that starts with a
// position (2), or was interrupted (130); never a signal, a hang, a sanitizer report, another exit
// code, or a nan/inf cell printed without a reason on its row. One mutant in four also gets hostile
// Lua in front of its driver (kHostile: metatables on strings, ctx kept past its simulation,
// bytecode, tables nested 10^5 deep), under the same contract.
//
// Every mutant is derived from (seed, index) alone, so `--seed S --only I` rebuilds one exactly.
// Failing mutants are written under --failures DIR with the command, stdout and stderr. Failures
// whose "kind target first-stderr-line" matches a regex of --allow FILE are printed as known and do
// not fail the run (the lead prunes that list as fixes land).

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Options {
  std::string binary, root = ".", work, failures, allow;
  std::uint64_t seed = 1;
  int mutants = 500, jobs = 2;
  int only = -1;                // rebuild and run just this mutant index
  double script_timeout = 5;   // passed to scalerun
  double hard_timeout = 25;    // then the process group is killed: a hang
  bool verbose = false;
};

// A runnable shipped script and how to run it quickly: measure-mode scripts only list their points
// (--dry-run), since measuring on the host takes seconds to minutes per mutant.
struct Driver {
  std::string script;  // relative to root
  bool dry_run = false;
  bool slow = false;   // taken only when it is the one driver that reaches a module
};

const std::vector<Driver> kDrivers = {
    {"scripts/quickstart.lua"},        {"scripts/mergesort_io.lua"},
    {"scripts/rlsp_ksr1.lua"},         {"scripts/stas_sunwulf.lua"},
    {"scripts/billiards_scaling.lua"}, {"scripts/stas_simulate.lua"},
    {"scripts/spasm_bus_cube.lua", false, true},
    {"scripts/measure_host.lua", true}, {"scripts/tune_host.lua", true},
    {"scripts/npb_verify.lua", true},   {"scripts/kernel_efficiency.lua", true},
    {"scripts/billiards_measure.lua", true},
};

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_text(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary);
  out << text;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(text);
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// Modules a file requires, by name ("kernels.rlsp" -> kernels/rlsp.lua under root).
std::vector<std::string> required_modules(const std::string& text) {
  static const std::regex re(R"(require\s*\(?\s*["']([A-Za-z0-9_.]+)["'])");
  std::vector<std::string> names;
  for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end; ++it) names.push_back((*it)[1]);
  return names;
}

std::string module_path(const std::string& name) {
  std::string p = name;
  std::replace(p.begin(), p.end(), '.', '/');
  return p + ".lua";
}

// What may be mutated: each driver script itself, and every module under kernels/ or machines/
// it reaches through require, run by the fastest driver that reaches it.
struct Target {
  std::string file;      // relative to root: the file that is mutated
  std::size_t driver;    // index into kDrivers
};

std::vector<Target> find_targets(const fs::path& root) {
  std::vector<Target> targets;
  std::map<std::string, std::size_t> module_driver;
  for (std::size_t d = 0; d < kDrivers.size(); ++d) {
    targets.push_back({kDrivers[d].script, d});
    std::set<std::string> seen;
    std::vector<std::string> todo = required_modules(read_text(root / kDrivers[d].script));
    while (!todo.empty()) {
      const std::string name = todo.back();
      todo.pop_back();
      const std::string path = module_path(name);
      if (!seen.insert(path).second || !fs::exists(root / path)) continue;
      // machines/host.lua measures this host's marked speed: slow and timing-dependent.
      if (path == "machines/host.lua") continue;
      auto it = module_driver.find(path);
      if (it == module_driver.end() || (kDrivers[it->second].slow && !kDrivers[d].slow)) module_driver[path] = d;
      for (const auto& n : required_modules(read_text(root / path))) todo.push_back(n);
    }
  }
  for (const auto& [path, d] : module_driver) targets.push_back({path, d});
  return targets;
}

// One edit of one file. `what` says which, for the report.
struct Mutation {
  std::string text, what;
  int line = 0;  // 1-based line that changed (0: none)
  std::string before, after;
};

const std::vector<std::string> kNumbers = {"0", "-1", "1e308", "-1e308", "(0/0)", "(1/0)", "2^63",
                                           "9223372036854775807", "1e-308", "0.5", "\"7\"", "{}"};

std::optional<Mutation> mutate_once(const std::string& original, std::mt19937_64& rng) {
  std::vector<std::string> lines = split_lines(original);
  if (lines.empty()) return std::nullopt;
  auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
  // Code lines only: edits inside comments prove nothing.
  std::vector<std::size_t> code;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto first = lines[i].find_first_not_of(" \t");
    if (first != std::string::npos && lines[i].compare(first, 2, "--") != 0) code.push_back(i);
  }
  if (code.empty()) return std::nullopt;
  const std::size_t li = code[pick(code.size())];
  std::string line = lines[li];
  Mutation m;
  m.line = static_cast<int>(li + 1);
  m.before = line;

  // Matches of a pattern on this line, outside a trailing comment.
  const std::string body = line.substr(0, std::min(line.size(), line.find("--")));
  auto matches = [&](const std::regex& re) {
    std::vector<std::pair<std::size_t, std::size_t>> found;
    for (std::sregex_iterator it(body.begin(), body.end(), re), end; it != end; ++it)
      found.emplace_back(static_cast<std::size_t>(it->position(0)), static_cast<std::size_t>(it->length(0)));
    return found;
  };
  auto replace_one = [&](const std::regex& re, const std::string& with) -> bool {
    auto found = matches(re);
    if (found.empty()) return false;
    const auto [pos, len] = found[pick(found.size())];
    line.replace(pos, len, with);
    return true;
  };

  static const std::regex number(R"((?:^|[^A-Za-z_0-9.])(\d+(?:\.\d*)?(?:[eE][-+]?\d+)?))");
  static const std::regex field(R"(\b([A-Za-z_][A-Za-z_0-9]*)\s*=[^=])");
  static const std::regex string_lit(R"("[^"\\]*")");
  static const std::regex inline_table(R"(\{[^{}]*\})");
  static const std::regex arith(R"([-+*/^])");

  switch (pick(9)) {
    case 0: {  // a number literal becomes a number that cannot be right
      auto found = std::vector<std::pair<std::size_t, std::size_t>>{};
      for (std::sregex_iterator it(body.begin(), body.end(), number), end; it != end; ++it)
        found.emplace_back(static_cast<std::size_t>(it->position(1)), static_cast<std::size_t>(it->length(1)));
      if (found.empty()) return std::nullopt;
      const auto [pos, len] = found[pick(found.size())];
      const std::string with = kNumbers[pick(kNumbers.size())];
      m.what = "number " + line.substr(pos, len) + " -> " + with;
      line.replace(pos, len, with);
      break;
    }
    case 1:
      m.what = "line deleted";
      lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(li));
      m.after = "";
      m.text = join_lines(lines);
      return m;
    case 2:
      m.what = "line duplicated";
      lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(li), line);
      m.after = line + "\n" + line;
      m.text = join_lines(lines);
      return m;
    case 3: {  // a field name swapped for another name of the file, or misspelt
      auto found = std::vector<std::pair<std::size_t, std::size_t>>{};
      for (std::sregex_iterator it(body.begin(), body.end(), field), end; it != end; ++it)
        found.emplace_back(static_cast<std::size_t>(it->position(1)), static_cast<std::size_t>(it->length(1)));
      if (found.empty()) return std::nullopt;
      const auto [pos, len] = found[pick(found.size())];
      std::vector<std::string> names;
      for (std::sregex_iterator it(original.begin(), original.end(), field), end; it != end; ++it) names.push_back((*it)[1]);
      std::string with = names[pick(names.size())];
      if (with == line.substr(pos, len)) with += "x";
      m.what = "field " + line.substr(pos, len) + " -> " + with;
      line.replace(pos, len, with);
      break;
    }
    case 4: {  // a closing brace dropped
      const auto at = body.rfind('}');
      if (at == std::string::npos) return std::nullopt;
      m.what = "'}' dropped";
      line.erase(at, 1);
      break;
    }
    case 5:
      if (!replace_one(inline_table, std::to_string(pick(100)))) return std::nullopt;
      m.what = "table replaced by a number";
      break;
    case 6: {
      static const std::vector<std::string> with = {"42", "\"\"", "\"bogus\"", "nil", "true"};
      const std::string w = with[pick(with.size())];
      if (!replace_one(string_lit, w)) return std::nullopt;
      m.what = "string replaced by " + w;
      break;
    }
    case 7: {
      static const std::vector<std::string> ops = {"+", "-", "*", "/", "^"};
      const std::string op = ops[pick(ops.size())];
      if (!replace_one(arith, op)) return std::nullopt;
      m.what = "operator -> " + op;
      break;
    }
    default: {  // a name replaced by nil (a missing value)
      static const std::regex name(R"(\b(k|m|p|n|ctx)\b)");
      if (!replace_one(name, "nil")) return std::nullopt;
      m.what = "name -> nil";
      break;
    }
  }
  if (line == m.before) return std::nullopt;
  lines[li] = line;
  m.after = line;
  m.text = join_lines(lines);
  return m;
}

// Hostile Lua (issue 25): what a script can do to the natives beyond a wrong value. Each is a
// prefix put in front of the driver's first line (one line, so every line number stays the
// script's) and a suffix added as its last line. They wrap the vocabulary's functions so that
// every kernel or machine a shipped script builds (in its modules too, which see the same globals)
// is changed after kernel{} or machine{} checked it: metatables on the types all values share,
// userdata and closures kept past their owner, bytecode, tables nested 10^5 deep. The contract
// is the same: an error of one line, or a run; never a crash.
struct Hostile {
  const char* what;
  const char* prefix;
  const char* suffix;
};

#define FUZZ_WRAP_KERNEL(body) "do local real = kernel; kernel = function(t) " body " end end; "
#define FUZZ_WRAP_MACHINE(body) "do local real = machine; machine = function(t) " body " end end; "
#define FUZZ_DEEP "local d = {}; for _ = 1, 100000 do d = { d } end; "
#define FUZZ_WRAP_PROGRAM(body)                                                                        \
  FUZZ_WRAP_KERNEL("if type(t) == 'table' and type(t.program) == 'function' then local p = t.program; " \
                   "t.program = function(ctx, k) " body " return p(ctx, k) end end; return real(t)")
#define FUZZ_WRAP_MODEL(body)                                                                      \
  FUZZ_WRAP_KERNEL("if type(t) == 'table' and type(t.model) == 'function' then local f = t.model; " \
                   "t.model = function(k, p, m) " body " return f(k, p, m) end end; return real(t)")

const std::vector<Hostile> kHostile = {
    {"__pairs on strings, params a string",
     "getmetatable('').__pairs = function() return next, {} end; "
     FUZZ_WRAP_KERNEL("local k = real(t); rawset(k, 'params', 'hostile'); return k"), ""},
    {"__index on strings raises", "getmetatable('').__index = function(_, key) error('hostile ' .. tostring(key)) end; ", ""},
    {"__index on strings answers a table", "getmetatable('').__index = function() return {} end; ", ""},
    {"kernel name removed", FUZZ_WRAP_KERNEL("local k = real(t); rawset(k, 'name', nil); return k"), ""},
    {"kernel params a number", FUZZ_WRAP_KERNEL("local k = real(t); rawset(k, 'params', 42); return k"), ""},
    {"deep table as a parameter",
     FUZZ_WRAP_KERNEL("if type(t) == 'table' and type(t.params) == 'table' then " FUZZ_DEEP "t.params.deep = d end; "
                      "return real(t)"), ""},
    {"deep table as params after kernel{}", FUZZ_WRAP_KERNEL("local k = real(t); " FUZZ_DEEP "rawset(k, 'params', d); return k"), ""},
    {"deep tables as machine fields",
     FUZZ_WRAP_MACHINE("local m = real(t); " FUZZ_DEEP "rawset(m, 'groups', d); rawset(m, 'launcher', d); "
                       "rawset(m, 'composition', d); return m"), ""},
    {"machine groups of strings", FUZZ_WRAP_MACHINE("local m = real(t); rawset(m, 'groups', { 'a', 7 }); return m"), ""},
    {"machine metatable __newindex and __index raise",
     FUZZ_WRAP_MACHINE("local m = real(t); local mt = getmetatable(m); if type(mt) == 'table' then "
                       "mt.__newindex = function() error('hostile __newindex') end; "
                       "mt.__index = function(_, key) error('hostile __index ' .. tostring(key)) end end; return m"), ""},
    {"ctx kept past its simulation", FUZZ_WRAP_PROGRAM("__fuzz_ctx = __fuzz_ctx or ctx;"),
     "if __fuzz_ctx then __fuzz_ctx:compute(1); __fuzz_ctx:now(); __fuzz_ctx:send(0, 1); __fuzz_ctx:isend(0, 1) end"},
    {"another processor's ctx",
     FUZZ_WRAP_PROGRAM("local other = __fuzz_ctx; __fuzz_ctx = ctx; if other ~= nil and other ~= ctx then "
                       "other:compute(1); other:serial(1); other:speed(); other:now() end;"), ""},
    {"ctx methods called with other values",
     FUZZ_WRAP_PROGRAM("for _, v in ipairs({ 'x', 1, {}, ctx }) do pcall(ctx.compute, v, 1); pcall(ctx.wait, ctx, v); "
                       "pcall(ctx.wait, ctx, { src = 0, tag = v }) end; pcall(ctx.send, ctx, {}, 1);"), ""},
    {"math.random kept from a program", FUZZ_WRAP_PROGRAM("__fuzz_random = __fuzz_random or math.random;"),
     "if __fuzz_random then __fuzz_random() end"},
    {"machine kept from a model", FUZZ_WRAP_MODEL("if m ~= nil then __fuzz_m = __fuzz_m or m end;"),
     "if __fuzz_m ~= nil then local _ = __fuzz_m.speed; local _ = __fuzz_m + 1 end"},
    {"symbol kept from a model", FUZZ_WRAP_MODEL("__fuzz_p = __fuzz_p or p;"),
     "if __fuzz_p ~= nil then local _ = tostring(__fuzz_p); local _ = __fuzz_p + 1 end"},
    {"metamethods of the model's values called with strings",
     FUZZ_WRAP_MODEL("for _, v in pairs({ p, m, k, k and k.params }) do local mt = debug.getmetatable(v); "
                     "if type(mt) == 'table' then for _, fn in pairs(mt) do if type(fn) == 'function' then "
                     "pcall(fn, 'x', 1) end end end end; for _, v in pairs(k) do local mt = debug.getmetatable(v); "
                     "if type(mt) == 'table' and type(mt.__index) == 'function' then pcall(mt.__index, 'x', 1); "
                     "pcall(mt.__len, 'x') end end;"), ""},
    {"bytecode through load",
     "do local ok, f = pcall(load, string.dump(function(a) return (a or 1) + 1 end), nil, 'b'); "
     "if ok and type(f) == 'function' then pcall(f, 1) end; "
     "local ok2, g = pcall(load, string.dump(function() end):sub(1, 12), nil, 'b'); "
     "if ok2 and type(g) == 'function' then pcall(g) end end; ", ""},
};

#undef FUZZ_WRAP_KERNEL
#undef FUZZ_WRAP_MACHINE
#undef FUZZ_DEEP
#undef FUZZ_WRAP_PROGRAM
#undef FUZZ_WRAP_MODEL

// The driver's text with a hostile prefix on its first line and suffix as its last.
std::string with_hostile(const std::string& text, const Hostile& h) {
  std::string out = std::string(h.prefix) + text;
  if (*h.suffix != 0) {
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += std::string(h.suffix) + "\n";
  }
  return out;
}

// The mutant's recipe: everything follows from (seed, index).
struct Mutant {
  int index = 0;
  Target target;
  Mutation mutation;
  int hostile = -1;        // index into kHostile, or none
  bool mutated = true;     // the ordinary mutation applied (a hostile mutant may go without it)
  fs::path dir, script;  // its folder, and the driver script inside it
};

Mutant make_mutant(const Options& opt, const std::vector<Target>& targets, int index) {
  std::seed_seq seq{static_cast<std::uint32_t>(opt.seed), static_cast<std::uint32_t>(opt.seed >> 32),
                    static_cast<std::uint32_t>(index)};
  std::mt19937_64 rng(seq);
  Mutant mu;
  mu.index = index;
  for (int attempt = 0;; ++attempt) {
    mu.target = targets[std::uniform_int_distribution<std::size_t>(0, targets.size() - 1)(rng)];
    // The slow driver's own script is drawn a fifth as often, to keep a run's time bounded.
    if (kDrivers[mu.target.driver].slow && mu.target.file == kDrivers[mu.target.driver].script &&
        std::uniform_int_distribution<int>(0, 4)(rng) != 0)
      continue;
    const std::string original = read_text(fs::path(opt.root) / mu.target.file);
    if (auto m = mutate_once(original, rng)) {
      mu.mutation = *m;
      break;
    }
    if (attempt > 1000) throw std::runtime_error("no mutation applies to " + mu.target.file);
  }
  // One mutant in four is hostile as well; half of those keep the files otherwise as shipped, so
  // the hostile code meets a script that runs.
  if (std::uniform_int_distribution<int>(0, 3)(rng) == 0) {
    mu.hostile = static_cast<int>(std::uniform_int_distribution<std::size_t>(0, kHostile.size() - 1)(rng));
    mu.mutated = std::uniform_int_distribution<int>(0, 1)(rng) == 0;
  }
  // Layout: DIR/scripts/<driver>.lua and, for a module, DIR/<module path>. scalerun puts the
  // script's folder and its parent before the working directory on package.path, so the mutated
  // module shadows the shipped one and everything else comes from the repository.
  mu.dir = fs::path(opt.work) / ("m" + std::to_string(index));
  fs::remove_all(mu.dir);
  const std::string& driver = kDrivers[mu.target.driver].script;
  mu.script = mu.dir / driver;
  const std::string original = read_text(fs::path(opt.root) / mu.target.file);
  const std::string& target_text = mu.mutated ? mu.mutation.text : original;
  std::string driver_text = mu.target.file == driver ? target_text : read_text(fs::path(opt.root) / driver);
  if (mu.hostile >= 0) driver_text = with_hostile(driver_text, kHostile[static_cast<std::size_t>(mu.hostile)]);
  write_text(mu.script, driver_text);
  if (mu.target.file != driver) write_text(mu.dir / mu.target.file, target_text);
  return mu;
}

std::vector<std::string> command_of(const Options& opt, const Mutant& mu) {
  std::ostringstream t;
  t << opt.script_timeout;
  std::vector<std::string> args = {opt.binary, mu.script.string(), "--script-timeout", t.str(),
                                   "--db", (mu.dir / "scalerun.db").string()};
  if (kDrivers[mu.target.driver].dry_run) args.push_back("--dry-run");
  return args;
}

struct Running {
  Mutant mutant;
  pid_t pid;
  std::chrono::steady_clock::time_point started;
  bool killed = false;
};

pid_t spawn(const Options& opt, const Mutant& mu) {
  const auto args = command_of(opt, mu);
  const std::string out = (mu.dir / "stdout").string(), err = (mu.dir / "stderr").string();
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);  // its own group, so a hang is killed with every child it started
    if (chdir(opt.root.c_str()) != 0) _exit(126);
    const int in = open("/dev/null", O_RDONLY);
    const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || o < 0 || e < 0) _exit(126);
    dup2(in, 0);
    dup2(o, 1);
    dup2(e, 2);
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  if (pid > 0) setpgid(pid, pid);
  return pid;
}

// Waits for a child, killing its process group once `limit` seconds have passed; true if killed.
bool wait_or_kill(pid_t pid, double limit, int* status_out = nullptr) {
  const auto started = std::chrono::steady_clock::now();
  bool killed = false;
  for (;;) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) {
      killpg(pid, SIGKILL);
      if (status_out) *status_out = status;
      return killed;
    }
    if (!killed && std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() > limit) {
      killpg(pid, SIGKILL);
      killed = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

// The checks of the contract, on one finished mutant. Empty: it holds.
struct Verdict {
  std::string kind;    // hang, signal, exit-code, sanitizer, nan-cell, error-lines, no-position
  std::string detail;
};

// Lines that may precede an error line: warnings, and the progress of simulated or measured points
// (their timings and ETA differ from the baseline run's).
bool is_warning_or_progress(const std::string& l) {
  static const std::regex progress(R"(: point \d+/\d+ )");
  return l.find("warning") != std::string::npos || std::regex_search(l, progress);
}

std::vector<Verdict> judge(const Mutant& mu, int status, bool killed, const std::set<std::string>& baseline) {
  std::vector<Verdict> v;
  const std::string err = read_text(mu.dir / "stderr"), out = read_text(mu.dir / "stdout");
  const auto err_lines = split_lines(err);
  int rc = -1;
  if (killed) {
    v.push_back({"hang", "still running at the hard timeout"});
  } else if (WIFSIGNALED(status)) {
    v.push_back({"signal", "killed by signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")"});
  } else {
    rc = WEXITSTATUS(status);
    if (rc != 0 && rc != 1 && rc != 2 && rc != 130) v.push_back({"exit-code", "exit code " + std::to_string(rc)});
  }
  static const std::regex sanitizer(R"(ERROR: (Address|Leak|Thread)Sanitizer|runtime error: |SUMMARY: (Address|Undefined))");
  if (std::regex_search(err, sanitizer)) v.push_back({"sanitizer", "sanitizer report on stderr"});
  // A nan/inf cell needs a reason: a word on its own row beyond numbers and nan/inf, or a note of
  // its table naming the row's key ("note: p = 1: c is nan (...)").
  static const std::regex cell_split(R"([ \t|,]+)");
  static const std::regex nonfinite(R"(^[-+]?(nan|inf|infinity)$)", std::regex::icase);
  static const std::regex word(R"([A-Za-z]{3,})");
  static const std::regex nonfinite_note(R"(note:.*(nan|inf))", std::regex::icase);
  const auto out_lines = split_lines(out);
  std::string notes;
  for (const auto& row : out_lines)
    if (std::regex_search(row, nonfinite_note)) notes += row + "\n";
  for (const auto& row : out_lines) {
    bool silent = false, reason = false;
    std::string key;
    for (std::sregex_token_iterator it(row.begin(), row.end(), cell_split, -1), end; it != end; ++it) {
      const std::string cell = *it;
      if (key.empty()) key = cell;
      if (std::regex_match(cell, nonfinite)) silent = true;
      else if (std::regex_search(cell, word)) reason = true;
    }
    if (silent && !reason && notes.find("= " + key + ":") == std::string::npos) {
      v.push_back({"nan-cell", "nan/inf printed without a reason: " + row});
      break;
    }
  }
  if (rc == 2) {
    // The error is the last line; the lines before it may only be what the unmutated script
    // prints anyway (its own print() and progress) or warnings.
    static const std::regex position(R"(^(\S+:\d+: |scalerun[a-z -]*: ))");
    if (err_lines.empty() || !std::regex_search(err_lines.back(), position)) {
      v.push_back({"no-position", "error line without file:line: or scalerun: '" + (err_lines.empty() ? std::string() : err_lines.back()) + "'"});
    }
    // A hostile suffix raises after the whole script ran: what the script printed before it, with
    // the hostile changes in effect, precedes the error by design.
    const bool after_script = mu.hostile >= 0 && *kHostile[static_cast<std::size_t>(mu.hostile)].suffix != 0;
    for (std::size_t i = 0; !after_script && i + 1 < err_lines.size(); ++i) {
      if (!baseline.count(err_lines[i]) && !is_warning_or_progress(err_lines[i])) {
        v.push_back({"error-lines", "more than one line for the error: '" + err_lines[i] + "'"});
        break;
      }
    }
  }
  return v;
}

struct AllowRule {
  std::string text;
  std::regex re;
};

std::vector<AllowRule> read_allow(const std::string& path) {
  std::vector<AllowRule> rules;
  if (path.empty()) return rules;
  for (const auto& l : split_lines(read_text(path))) {
    if (l.empty() || l[0] == '#') continue;
    rules.push_back({l, std::regex(l)});
  }
  return rules;
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

void usage() {
  std::cerr << "usage: scalerun_fuzz --binary PATH [--root DIR] [--seed N] [--mutants N] [--jobs N]\n"
               "         [--only INDEX] [--script-timeout S] [--timeout S] [--work DIR] [--failures DIR]\n"
               "         [--allow FILE] [--verbose: keep every mutant under the work folder]\n";
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) { usage(); std::exit(2); }
      return argv[++i];
    };
    if (a == "--binary") opt.binary = value();
    else if (a == "--root") opt.root = value();
    else if (a == "--seed") opt.seed = std::stoull(value());
    else if (a == "--mutants") opt.mutants = std::stoi(value());
    else if (a == "--jobs") opt.jobs = std::max(1, std::stoi(value()));
    else if (a == "--only") opt.only = std::stoi(value());
    else if (a == "--script-timeout") opt.script_timeout = std::stod(value());
    else if (a == "--timeout") opt.hard_timeout = std::stod(value());
    else if (a == "--work") opt.work = value();
    else if (a == "--failures") opt.failures = value();
    else if (a == "--allow") opt.allow = value();
    else if (a == "--verbose") opt.verbose = true;
    else { usage(); return 2; }
  }
  if (opt.binary.empty()) { usage(); return 2; }
  opt.binary = fs::absolute(opt.binary).string();
  opt.root = fs::absolute(opt.root).string();
  if (opt.work.empty()) opt.work = (fs::temp_directory_path() / ("scalerun-fuzz-" + std::to_string(getpid()))).string();
  opt.work = fs::absolute(opt.work).string();
  if (opt.failures.empty()) opt.failures = opt.work + "-failures";
  fs::create_directories(opt.work);

  const auto targets = find_targets(opt.root);
  const auto allow = read_allow(opt.allow);
  std::cout << "scalerun fuzz: seed " << opt.seed << ", " << opt.mutants << " mutants of " << targets.size()
            << " files, " << opt.jobs << " at a time, --script-timeout " << opt.script_timeout
            << ", hard timeout " << opt.hard_timeout << " s\n"
            << std::flush;

  // What each driver prints on stderr unmutated: those lines may precede a mutant's error line.
  std::map<std::size_t, std::set<std::string>> baseline;
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<int> indices;
  if (opt.only >= 0) indices.push_back(opt.only);
  else for (int i = 0; i < opt.mutants; ++i) indices.push_back(i);

  std::map<std::string, int> by_exit, failures_by_kind, known_by_kind;
  int failed = 0, known = 0, done = 0;
  std::vector<Running> running;
  std::size_t next = 0;
  auto finish = [&](Running& r, int status) {
    ++done;
    const auto& mu = r.mutant;
    by_exit[r.killed ? "killed" : WIFSIGNALED(status) ? "signal" : std::to_string(WEXITSTATUS(status))]++;
    auto& base = baseline[mu.target.driver];
    const auto verdicts = judge(mu, status, r.killed, base);
    if (verdicts.empty()) {
      if (!opt.verbose) fs::remove_all(mu.dir);
      return;
    }
    const std::string err_first = first_line(read_text(mu.dir / "stderr"));
    bool all_known = true;
    for (const auto& v : verdicts) {
      const std::string signature = v.kind + " " + mu.target.file + " " + err_first;
      bool is_known = false;
      for (const auto& rule : allow) is_known = is_known || std::regex_search(signature, rule.re);
      (is_known ? known_by_kind : failures_by_kind)[v.kind]++;
      all_known = all_known && is_known;
    }
    std::ostringstream report;
    report << (all_known ? "KNOWN " : "FAIL ") << "mutant " << mu.index << " (reproduce: --seed " << opt.seed
           << " --only " << mu.index << "): " << mu.target.file << " line " << mu.mutation.line << ", "
           << (mu.mutated ? mu.mutation.what : std::string("not mutated"));
    if (mu.hostile >= 0) report << ", hostile: " << kHostile[static_cast<std::size_t>(mu.hostile)].what;
    report << "\n";
    for (const auto& v : verdicts) report << "  - " << v.kind << ": " << v.detail << "\n";
    if (mu.mutated) {
      report << "  --- " << mu.target.file << "\n  +++ mutant\n  @@ line " << mu.mutation.line << " @@\n  -"
             << mu.mutation.before << "\n";
      for (const auto& l : split_lines(mu.mutation.after)) report << "  +" << l << "\n";
    }
    report << "  stderr: " << err_first << "\n";
    std::cout << report.str() << std::flush;
    all_known ? ++known : ++failed;
    // Keep the mutant, its command and its output for the lead.
    const fs::path keep = fs::path(opt.failures) / ("seed" + std::to_string(opt.seed) + "_m" + std::to_string(mu.index));
    fs::remove_all(keep);
    fs::create_directories(keep.parent_path());
    fs::copy(mu.dir, keep, fs::copy_options::recursive);
    std::string cmd;
    for (const auto& a : command_of(opt, mu)) cmd += a + " ";
    write_text(keep / "report.txt", report.str() + "command (from " + opt.root + "): " + cmd + "\n");
    fs::remove_all(mu.dir);
  };

  // Baselines first, serially: one unmutated run per driver.
  for (std::size_t d = 0; d < kDrivers.size(); ++d) {
    Mutant mu;
    mu.target = {kDrivers[d].script, d};
    mu.dir = fs::path(opt.work) / ("base" + std::to_string(d));
    mu.script = mu.dir / kDrivers[d].script;
    write_text(mu.script, read_text(fs::path(opt.root) / kDrivers[d].script));
    const pid_t pid = spawn(opt, mu);
    wait_or_kill(pid, opt.hard_timeout);
    for (const auto& l : split_lines(read_text(mu.dir / "stderr"))) baseline[d].insert(l);
    fs::remove_all(mu.dir);
  }

  while (next < indices.size() || !running.empty()) {
    while (running.size() < static_cast<std::size_t>(opt.jobs) && next < indices.size()) {
      Mutant mu = make_mutant(opt, targets, indices[next++]);
      const pid_t pid = spawn(opt, mu);
      running.push_back({std::move(mu), pid, std::chrono::steady_clock::now()});
    }
    bool reaped = false;
    for (std::size_t i = 0; i < running.size(); ++i) {
      int status = 0;
      const pid_t got = waitpid(running[i].pid, &status, WNOHANG);
      if (got == running[i].pid) {
        killpg(running[i].pid, SIGKILL);  // whatever it left behind in its group
        finish(running[i], status);
        running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
        reaped = true;
        break;
      }
      const double age = std::chrono::duration<double>(std::chrono::steady_clock::now() - running[i].started).count();
      if (!running[i].killed && age > opt.hard_timeout) {
        running[i].killed = true;
        killpg(running[i].pid, SIGKILL);
      }
    }
    if (!reaped) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  std::cout << "scalerun fuzz: " << done << " mutants in " << static_cast<int>(seconds + 0.5) << " s; exit codes:";
  for (const auto& [code, n] : by_exit) std::cout << " " << code << "=" << n;
  std::cout << "\n  failures: " << failed;
  for (const auto& [kind, n] : failures_by_kind) std::cout << " " << kind << "=" << n;
  std::cout << "\n  known (allowed by " << (opt.allow.empty() ? "nothing" : opt.allow) << "): " << known;
  for (const auto& [kind, n] : known_by_kind) std::cout << " " << kind << "=" << n;
  std::cout << "\n";
  if (failed + known > 0) std::cout << "  failing mutants kept under " << opt.failures << "\n";
  if (opt.verbose) std::cout << "  mutants kept under " << opt.work << "\n";
  else fs::remove_all(opt.work);
  return failed == 0 ? 0 : 1;
}
