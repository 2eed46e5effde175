#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "measure/temp_folder.hpp"
#include "store/database.hpp"
#include "store/extrap_export.hpp"
#include "store/point_identity.hpp"
#include "store/point_key.hpp"
#include "store/schema.hpp"
#include "store/sqlite.hpp"

namespace fs = std::filesystem;
using namespace scalerun::store;

namespace {

// A fresh directory per test, removed with everything in it (the -wal and -shm files too).
class TempDir {
 public:
  std::string file(const std::string& name) const { return (fs::path(folder_.path()) / name).string(); }

 private:
  scalerun::measure::TempFolder folder_{"scalerun-store"};
};

RunInfo run_info(const std::string& script = "scripts/sort.lua") {
  RunInfo info;
  info.script = script;
  info.script_hash = "fnv1a64:0123456789abcdef";
  info.experiment = "sort-scaling";
  info.kernel = "mergesort";
  info.machine = "host";
  info.mode = "measure";
  info.command_line = "scalerun " + script + " --mode measure";
  info.host = "bench-1";
  info.cpu = "Test CPU @ 3.0GHz";
  info.cores = 16;
  info.compiler = "g++ 12.2.0";
  info.build_type = "Release";
  info.git_revision = "4f94bb6abcde";
  info.scalerun_version = "0.1.0";
  info.started_at = "2024-05-01T12:00:00Z";
  return info;
}

// Point i of a sweep: distinct per i, deterministic, with values that test exact storage
// (negative zero, the smallest subnormal, a value one ulp above 1, thirds).
PointRecord make_point(int i, const std::string& machine = "host") {
  PointRecord point;
  point.experiment = "sort-scaling";
  point.kernel = "mergesort";
  point.machine = machine;
  point.p = static_cast<double>(1 << (i % 4));
  point.params = {{"n", 1000.0 * (i + 1)}, {"alpha", 0.1 * i}};
  point.point_key = point_key(point.p, point.params);
  point.samples = {0.1 + i, 1.0 / 3.0, -0.0, std::numeric_limits<double>::denorm_min(), 1e300,
                   std::nextafter(1.0, 2.0)};
  point.median = 1.0 / 3.0;
  point.mad = 0.01 * i;
  point.cv = 0.1 + 0.2;
  point.instrumentation = {{"busy", 0.7 + i}, {"idle", 0.3}, {"primitives", 1234.0},
                           {"serial", -0.0}, {"latency", 2.5e-6}};
  if (i % 2 == 0) point.counters = {{"cycles", 1.5e9}};
  point.verified = i % 2 == 0;
  point.verify_message = point.verified ? "sorted" : "checksum mismatch";
  point.extra_json = R"({"threads":)" + std::to_string(i) + "}";
  return point;
}

std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }

void require_same_values(const std::map<std::string, double>& got,
                         const std::map<std::string, double>& want) {
  REQUIRE(got.size() == want.size());
  for (const auto& [name, value] : want) {
    INFO(name);
    REQUIRE(got.count(name) == 1);
    CHECK(bits(got.at(name)) == bits(value));
  }
}

// Field by field, doubles compared bit for bit.
void require_same(const PointRecord& got, const PointRecord& want) {
  CHECK(got.experiment == want.experiment);
  CHECK(got.kernel == want.kernel);
  CHECK(got.machine == want.machine);
  CHECK(got.point_key == want.point_key);
  CHECK(bits(got.p) == bits(want.p));
  require_same_values(got.params, want.params);
  REQUIRE(got.samples.size() == want.samples.size());
  for (std::size_t i = 0; i < want.samples.size(); ++i) {
    INFO("sample " << i);
    CHECK(bits(got.samples[i]) == bits(want.samples[i]));
  }
  CHECK(bits(got.median) == bits(want.median));
  CHECK(bits(got.mad) == bits(want.mad));
  CHECK(bits(got.cv) == bits(want.cv));
  require_same_values(got.instrumentation, want.instrumentation);
  require_same_values(got.counters, want.counters);
  CHECK(got.verified == want.verified);
  CHECK(got.verify_message == want.verify_message);
  CHECK(got.extra_json == want.extra_json);
}

std::string open_error(const std::string& path, Database::Mode mode = Database::Mode::create) {
  try {
    Database::open(path, mode);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "(opened without error)";
}

ExtrapQuery query_of(const std::string& experiment, const std::string& kernel,
                     const std::string& machine = {}) {
  ExtrapQuery query;
  query.experiment = experiment;
  query.kernel = kernel;
  query.machine = machine;
  return query;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("store: points read back bit for bit after reopening", "[store]") {
  TempDir dir;
  const std::string path = dir.file("results.db");
  std::int64_t run_id = 0;
  {
    auto db = Database::open(path);
    run_id = db.begin_run(run_info());
    for (int i = 0; i < 4; ++i) db.record_point(run_id, make_point(i));
  }
  REQUIRE(fs::exists(path));

  auto db = Database::open(path, Database::Mode::existing);
  const auto points = db.points_of(run_id);
  REQUIRE(points.size() == 4);
  for (int i = 0; i < 4; ++i) {
    INFO("point " << i);
    CHECK(points[static_cast<std::size_t>(i)].run_id == run_id);
    CHECK_FALSE(points[static_cast<std::size_t>(i)].recorded_at.empty());
    require_same(points[static_cast<std::size_t>(i)].record, make_point(i));
  }

  const auto run = db.run(run_id);
  REQUIRE(run);
  const RunInfo want = run_info();
  CHECK(run->info.script == want.script);
  CHECK(run->info.script_hash == want.script_hash);
  CHECK(run->info.command_line == want.command_line);
  CHECK(run->info.cpu == want.cpu);
  CHECK(run->info.cores == want.cores);
  CHECK(run->info.compiler == want.compiler);
  CHECK(run->info.build_type == want.build_type);
  CHECK(run->info.git_revision == want.git_revision);
  CHECK(run->info.started_at == want.started_at);
  CHECK(run->status == "running");
  CHECK(db.integrity_check() == "ok");
}

TEST_CASE("store: NaN summaries and empty maps survive the round trip", "[store]") {
  TempDir dir;
  auto db = Database::open(dir.file("nan.db"));
  const auto run_id = db.begin_run(run_info());
  PointRecord point = make_point(1);
  point.median = std::numeric_limits<double>::quiet_NaN();  // SQLite stores NaN as NULL
  point.samples = {};
  point.instrumentation.clear();
  point.counters.clear();
  point.params.clear();
  point.point_key = point_key(point.p, point.params);
  db.record_point(run_id, point);

  const auto stored = db.find_point("sort-scaling", "mergesort", "host", point.point_key);
  REQUIRE(stored);
  CHECK(std::isnan(stored->record.median));
  CHECK(stored->record.samples.empty());
  CHECK(stored->record.params.empty());
  CHECK(stored->record.instrumentation.empty());
}

TEST_CASE("store: find_point returns the newest measurement for --resume", "[store]") {
  TempDir dir;
  auto db = Database::open(dir.file("resume.db"));
  const auto first = db.begin_run(run_info());
  db.record_point(first, make_point(0));
  db.record_point(first, make_point(1));

  const PointRecord again = [] {
    PointRecord p = make_point(1);
    p.samples = {9.0, 9.5};
    return p;
  }();
  const auto second = db.begin_run(run_info());
  const auto again_id = db.record_point(second, again);

  const auto found = db.find_point("sort-scaling", "mergesort", "host", again.point_key);
  REQUIRE(found);
  CHECK(found->id == again_id);
  CHECK(found->run_id == second);
  require_same(found->record, again);

  // A point measured only by the first run is found from it.
  const auto older = db.find_point("sort-scaling", "mergesort", "host", make_point(0).point_key);
  REQUIRE(older);
  CHECK(older->run_id == first);

  // Each of experiment, kernel, machine and key must match.
  const std::string key = again.point_key;
  CHECK_FALSE(db.find_point("other", "mergesort", "host", key));
  CHECK_FALSE(db.find_point("sort-scaling", "quicksort", "host", key));
  CHECK_FALSE(db.find_point("sort-scaling", "mergesort", "cluster", key));
  CHECK_FALSE(db.find_point("sort-scaling", "mergesort", "host", "p=3,n=1"));

  // latest_points: one per configuration, the newest.
  const auto latest = db.latest_points("sort-scaling", "mergesort");
  REQUIRE(latest.size() == 2);
  for (const auto& point : latest) {
    if (point.record.point_key == key) CHECK(point.id == again_id);
  }
}

TEST_CASE("store: list_runs counts points and finish_run marks runs", "[store]") {
  TempDir dir;
  auto db = Database::open(dir.file("runs.db"));
  CHECK(db.list_runs().empty());
  const auto a = db.begin_run(run_info("scripts/a.lua"));
  const auto b = db.begin_run(run_info("scripts/b.lua"));
  for (int i = 0; i < 3; ++i) db.record_point(a, make_point(i));
  db.record_point(b, make_point(7));
  db.finish_run(a, "completed", "2024-05-01T12:05:00Z");

  const auto runs = db.list_runs();
  REQUIRE(runs.size() == 2);
  CHECK(runs[0].id == a);
  CHECK(runs[0].info.script == "scripts/a.lua");
  CHECK(runs[0].points == 3);
  CHECK(runs[0].status == "completed");
  CHECK(runs[0].finished_at == "2024-05-01T12:05:00Z");
  CHECK(runs[1].id == b);
  CHECK(runs[1].points == 1);
  CHECK(runs[1].status == "running");
  CHECK(runs[1].finished_at.empty());

  db.finish_run(b, "interrupted");  // finished_at defaults to now
  CHECK_FALSE(db.run(b)->finished_at.empty());
  CHECK_FALSE(db.run(12345));
  CHECK_THROWS_WITH(db.finish_run(12345, "completed"), Catch::Contains("has no run 12345"));
}

TEST_CASE("store: malformed points are refused and leave nothing behind", "[store]") {
  TempDir dir;
  auto db = Database::open(dir.file("bad.db"));
  const auto run_id = db.begin_run(run_info());

  PointRecord named_p = make_point(0);
  named_p.params["p"] = 4;
  CHECK_THROWS_AS(db.record_point(run_id, named_p), std::invalid_argument);

  PointRecord bad_json = make_point(0);
  bad_json.extra_json = "{\"threads\": ";
  CHECK_THROWS_WITH(db.record_point(run_id, bad_json), Catch::Contains("extra JSON"));

  PointRecord infinite = make_point(0);
  infinite.params["n"] = std::numeric_limits<double>::infinity();
  CHECK_THROWS_AS(db.record_point(run_id, infinite), std::invalid_argument);

  CHECK_THROWS_WITH(db.record_point(run_id + 100, make_point(0)),
                    Catch::Contains("there is no run"));
  CHECK(db.points_of(run_id).empty());
  CHECK(db.list_runs().at(0).points == 0);
}

TEST_CASE("store: a file that is not SQLite is refused with one clear line", "[store]") {
  TempDir dir;
  const std::string path = dir.file("notes.db");
  const std::string text =
      "These are my notes, not a database.\nThey are long enough to fill a header page.\n" +
      std::string(600, 'x') + "\n";
  std::ofstream(path) << text;

  const std::string message = open_error(path);
  CHECK(message == "'" + path + "' is not a scalerun database (not an SQLite file)");
  CHECK(message.find('\n') == std::string::npos);
  CHECK(read_all(path) == text);  // left exactly as it was
  CHECK_FALSE(fs::exists(path + "-wal"));

  const std::string short_path = dir.file("short.db");
  std::ofstream(short_path) << "hello\n";
  CHECK(open_error(short_path) ==
        "'" + short_path + "' is not a scalerun database (not an SQLite file)");
}

TEST_CASE("store: an SQLite file with a foreign schema is refused with one clear line",
          "[store]") {
  TempDir dir;

  const std::string other = dir.file("other.db");
  sqlite::Connection(other, true).execute("CREATE TABLE measurements (x REAL)", "setup");
  const std::string message = open_error(other);
  CHECK(message == "'" + other +
                       "' is not a scalerun database (an SQLite database with other tables, "
                       "such as 'measurements')");
  CHECK(message.find('\n') == std::string::npos);

  const std::string foreign_id = dir.file("foreign-id.db");
  sqlite::Connection(foreign_id, true).execute("PRAGMA application_id = 42", "setup");
  CHECK_THAT(open_error(foreign_id),
             Catch::StartsWith("'" + foreign_id + "' is not a scalerun database") &&
                 Catch::Contains("application id 0x0000002a"));

  // scalerun's id in the header but no meta table: a forgery or damage, not one of ours.
  const std::string no_meta = dir.file("no-meta.db");
  sqlite::Connection(no_meta, true)
      .execute("PRAGMA application_id = 1397904718; PRAGMA user_version = 1", "setup");
  CHECK_THAT(open_error(no_meta), Catch::Contains("is not a scalerun database") &&
                                      Catch::Contains("meta table"));

  // Mode::existing refuses to adopt an empty file; Mode::create initialises it.
  const std::string empty = dir.file("empty.db");
  std::ofstream{empty};
  CHECK(open_error(empty, Database::Mode::existing) ==
        "'" + empty + "' is not a scalerun database (an empty file)");
  CHECK_NOTHROW(Database::open(empty));
  CHECK_NOTHROW(Database::open(empty, Database::Mode::existing));
}

TEST_CASE("store: a database from a newer scalerun is refused", "[store]") {
  TempDir dir;
  const std::string path = dir.file("newer.db");
  { Database::open(path); }
  sqlite::Connection(path, false)
      .execute("PRAGMA user_version = " + std::to_string(schema::kVersion + 1), "setup");
  CHECK(open_error(path) == "'" + path +
                                "' was written by a newer scalerun (schema version " +
                                std::to_string(schema::kVersion + 1) +
                                "; this build reads version " + std::to_string(schema::kVersion) +
                                ")");
}

TEST_CASE("store: Mode::existing neither creates a missing file nor opens a directory",
          "[store]") {
  TempDir dir;
  const std::string missing = dir.file("typo.db");
  CHECK(open_error(missing, Database::Mode::existing) == "'" + missing + "' does not exist");
  CHECK_FALSE(fs::exists(missing));
  const std::string folder = dir.file("");
  CHECK_THAT(open_error(folder), Catch::Contains("is a directory"));
}

TEST_CASE("store: a sweep killed with SIGKILL keeps every completed point",
          "[store][durability]") {
  TempDir dir;
  const std::string path = dir.file("killed.db");
  int ready[2];
  REQUIRE(pipe(ready) == 0);

  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // The child never returns into Catch2: it is killed, or leaves with _exit on a failure.
    close(ready[0]);
    try {
      auto db = Database::open(path);
      const auto run_id = db.begin_run(run_info());
      for (int i = 0; i < 3; ++i) db.record_point(run_id, make_point(i));
      const char byte = 'r';
      if (write(ready[1], &byte, 1) != 1) _exit(3);
      // Keep measuring, so the kill most likely lands inside a transaction, as in a real sweep.
      for (int i = 3;; ++i) db.record_point(run_id, make_point(i));
    } catch (...) {
      _exit(2);
    }
  }

  close(ready[1]);
  char byte = 0;
  const auto got = read(ready[0], &byte, 1);
  close(ready[0]);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  kill(child, SIGKILL);
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(got == 1);  // the child recorded its three points before the kill
  REQUIRE(WIFSIGNALED(status));
  REQUIRE(WTERMSIG(status) == SIGKILL);

  // A clean close folds the write-ahead log into the file and deletes it; after the kill it is
  // still there, so the reopen below goes through SQLite's recovery.
  CHECK(fs::exists(path + "-wal"));
  auto db = Database::open(path, Database::Mode::existing);
  CHECK(db.integrity_check() == "ok");
  const auto runs = db.list_runs();
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].status == "running");  // never finished: the sweep was killed
  const auto points = db.points_of(runs[0].id);
  REQUIRE(points.size() >= 3);
  // Every stored point is whole, including any the kill interrupted the sweep after.
  for (std::size_t i = 0; i < points.size(); ++i) {
    INFO("point " << i << " of " << points.size());
    require_same(points[i].record, make_point(static_cast<int>(i)));
  }
  CHECK(db.find_point("sort-scaling", "mergesort", "host", make_point(2).point_key));
  // The recovered file takes new points.
  CHECK_NOTHROW(db.record_point(db.begin_run(run_info()), make_point(1000)));
}

TEST_CASE("store: Extra-P JSON Lines export parses back", "[store][extrap]") {
  TempDir dir;
  auto db = Database::open(dir.file("export.db"));
  const auto run_id = db.begin_run(run_info());
  std::vector<double> all_samples;
  for (double p : {1.0, 2.0, 4.0}) {
    for (double n : {100.0, 200.0}) {
      PointRecord point;
      point.experiment = "sort-scaling";
      point.kernel = "mergesort";
      point.machine = "host";
      point.p = p;
      point.params = {{"n", n}, {"reps", 5.0}};  // reps never varies: left out
      point.point_key = point_key(p, point.params);
      point.samples = {n / p * 1e-3, n / p * 1.1e-3, 0.1 + 0.2};
      point.instrumentation = {{"busy", n / p}};
      point.median = point.samples[1];
      all_samples.insert(all_samples.end(), point.samples.begin(), point.samples.end());
      db.record_point(run_id, point);
    }
  }

  std::ostringstream out;
  const auto summary = export_extrap_jsonl(db, out, query_of("sort-scaling", "mergesort"));
  CHECK(summary.points == 6);
  CHECK(summary.lines == 18);
  CHECK(summary.skipped_values == 0);
  CHECK(summary.params == std::vector<std::string>{"p", "n"});

  std::istringstream in(out.str());
  std::string line;
  std::vector<double> values;
  while (std::getline(in, line)) {
    INFO(line);
    const auto json = nlohmann::ordered_json::parse(line);  // throws on a malformed line
    REQUIRE(json.at("params").is_object());
    REQUIRE(json.at("params").size() == 2);
    CHECK(json.at("params").begin().key() == "p");  // p first, on every line
    CHECK(json.at("params").at("p").is_number_integer());
    CHECK(json.at("params").at("n").is_number());
    CHECK(json.at("metric") == "time");
    CHECK(json.at("callpath") == "mergesort");
    values.push_back(json.at("value").get<double>());
  }
  REQUIRE(values.size() == all_samples.size());
  std::sort(values.begin(), values.end());
  std::sort(all_samples.begin(), all_samples.end());
  for (std::size_t i = 0; i < values.size(); ++i) CHECK(bits(values[i]) == bits(all_samples[i]));

  // An instrumentation figure: one line per point.
  std::ostringstream busy;
  ExtrapQuery query = query_of("sort-scaling", "mergesort");
  query.metric = "busy";
  CHECK(export_extrap_jsonl(db, busy, query).lines == 6);
  CHECK(nlohmann::json::parse(busy.str().substr(0, busy.str().find('\n'))).at("metric") ==
        "busy");

  query.metric = "no-such-figure";
  std::ostringstream none;
  CHECK_THROWS_WITH(export_extrap_jsonl(db, none, query),
                    Catch::Contains("has metric 'no-such-figure'"));

  // Points from a second machine: the export must be told which one.
  PointRecord elsewhere = make_point(0, "cluster");
  db.record_point(run_id, elsewhere);
  std::ostringstream mixed;
  CHECK_THROWS_WITH(export_extrap_jsonl(db, mixed, query_of("sort-scaling", "mergesort")),
                    Catch::Contains("2 machines (cluster, host); name one"));
  const ExtrapQuery on_host = query_of("sort-scaling", "mergesort", "host");
  std::ostringstream host_only;
  CHECK(export_extrap_jsonl(db, host_only, on_host).lines == 18);

  // JSON has no NaN: such a sample is left out and counted.
  PointRecord with_nan = make_point(2, "host");
  with_nan.p = 8;
  with_nan.params = {{"n", 100.0}, {"reps", 5.0}};
  with_nan.point_key = point_key(with_nan.p, with_nan.params);
  with_nan.samples = {std::numeric_limits<double>::quiet_NaN(), 0.5};
  const auto nan_run = db.begin_run(run_info());
  db.record_point(nan_run, with_nan);
  ExtrapQuery nan_query = query_of("sort-scaling", "mergesort", "host");
  std::ostringstream nan_out;
  const auto nan_summary = export_extrap_jsonl(db, nan_out, nan_query);
  CHECK(nan_summary.skipped_values == 1);
  CHECK(nan_summary.lines == 18 + 1);
  CHECK(nan_out.str().find("null") == std::string::npos);

  std::ostringstream nothing;
  CHECK_THROWS_WITH(export_extrap_jsonl(db, nothing, query_of("other", "mergesort")),
                    Catch::Contains("holds no points of experiment 'other'"));
}

TEST_CASE("store: point keys are canonical", "[store]") {
  CHECK(point_key(8, {{"n", 1000}, {"m", 0.5}}) == "p=8,m=0.5,n=1000");
  CHECK(point_key(8, {{"n", 1e3}}) == point_key(8.0, {{"n", 1000.0}}));
  CHECK(point_key(1, {{"x", 0.1}}) == "p=1,x=0.1");
  CHECK(point_key(2, {}) == "p=2");
}

namespace {

PointIdentity full_identity() {
  PointIdentity id;
  id.params = {{"n", "1000"}, {"algo", "\"light\""}, {"check", "true"}};
  id.native = "householder";
  id.command = "./solver --n 1000 --threads 2";
  id.program = "fnv1a64:0123456789abcdef";
  id.machine = "bench-1 (Test CPU)";
  id.launcher = "mpirun mpirun --bind-to core";
  id.environment = {{"OMP_PROC_BIND", "true"}};
  id.build = "0.1.0 4f94bb6 Release";
  id.timer = "seconds";
  return id;
}

}  // namespace

TEST_CASE("store: a point's identity changes with every field", "[store][identity]") {
  const PointIdentity base = full_identity();
  const std::string text = identity_text(base);
  // Each change of one field, as a user would make it, and the phrase --resume says of it.
  const std::vector<std::pair<std::function<void(PointIdentity&)>, std::string>> changes = {
      {[](PointIdentity& id) { id.params["algo"] = "\"heavy\""; }, "parameter algo changed (\"light\" -> \"heavy\")"},
      {[](PointIdentity& id) { id.params["check"] = "false"; }, "parameter check changed (true -> false)"},
      {[](PointIdentity& id) { id.params["n"] = "2000"; }, "parameter n changed (1000 -> 2000)"},
      {[](PointIdentity& id) { id.params.emplace("extra", "1.5"); }, "parameter extra is new (1.5)"},
      {[](PointIdentity& id) { id.params.erase("check"); }, "parameter check is gone (was true)"},
      {[](PointIdentity& id) { id.native = "householder_unblocked"; },
       "the kernel's native changed (householder -> householder_unblocked)"},
      {[](PointIdentity& id) { id.command = "./solver-O2 --n 1000 --threads 2"; },
       "the command changed (./solver --n 1000 --threads 2 -> ./solver-O2 --n 1000 --threads 2)"},
      {[](PointIdentity& id) { id.program = "fnv1a64:fedcba9876543210"; }, "the program's content changed"},
      {[](PointIdentity& id) { id.machine = "bench-2 (Test CPU)"; },
       "the machine changed (bench-1 (Test CPU) -> bench-2 (Test CPU))"},
      {[](PointIdentity& id) { id.launcher = "srun srun"; },
       "the launcher changed (mpirun mpirun --bind-to core -> srun srun)"},
      {[](PointIdentity& id) { id.environment["OMP_PROC_BIND"] = "false"; },
       "environment variable OMP_PROC_BIND changed (true -> false)"},
      {[](PointIdentity& id) { id.build = "0.2.0 aaaaaaa Release"; },
       "scalerun's build changed (0.1.0 4f94bb6 Release -> 0.2.0 aaaaaaa Release)"},
      {[](PointIdentity& id) { id.timer = "solve_seconds"; }, "the kernel's timer changed (seconds -> solve_seconds)"},
      {[](PointIdentity& id) { id.timer.clear(); }, "the kernel's timer changed (seconds -> wall)"},
  };
  for (const auto& [change, phrase] : changes) {
    PointIdentity changed = base;
    change(changed);
    INFO(phrase);
    CHECK(identity_text(changed) != text);
    CHECK(identity_differences(base, changed) == std::vector<std::string>{phrase});
  }
  CHECK(identity_differences(base, base).empty());
}

TEST_CASE("store: a point's identity does not depend on the order of its parameters", "[store][identity]") {
  PointIdentity forward, backward;
  const std::vector<std::pair<std::string, std::string>> params = {
      {"n", "1000"}, {"algo", "\"light\""}, {"zeta", "[1,2]"}, {"beta", "false"}};
  for (const auto& [name, value] : params) forward.params.emplace(name, value);
  for (auto it = params.rbegin(); it != params.rend(); ++it) backward.params.emplace(it->first, it->second);
  forward.environment = {{"A", "1"}, {"B", "2"}};
  backward.environment.emplace("B", "2");
  backward.environment.emplace("A", "1");
  CHECK(identity_text(forward) == identity_text(backward));
  // And it reads back as what was written.
  const auto back = parse_identity(identity_text(full_identity()));
  REQUIRE(back);
  CHECK(*back == full_identity());
  CHECK_FALSE(parse_identity(""));  // a point stored before identities were kept
}

TEST_CASE("store: --resume reuses a point only with the same identity", "[store][identity]") {
  TempDir dir;
  Database db = Database::open(dir.file("id.db"));
  const auto run = db.begin_run(run_info());
  PointRecord light = make_point(1);
  light.identity = identity_text(full_identity());
  db.record_point(run, light);
  PointIdentity heavy_id = full_identity();
  heavy_id.params["algo"] = "\"heavy\"";
  const std::string heavy = identity_text(heavy_id);
  CHECK(db.find_point("sort-scaling", "mergesort", "host", light.point_key, light.identity));
  CHECK_FALSE(db.find_point("sort-scaling", "mergesort", "host", light.point_key, heavy));
  CHECK(db.claim_point("sort-scaling", "mergesort", "host", light.point_key, heavy).outcome ==
        Database::ClaimOutcome::claimed);
  CHECK(db.claim_point("sort-scaling", "mergesort", "host", light.point_key, light.identity).outcome ==
        Database::ClaimOutcome::stored);
}

TEST_CASE("store: a version 1 database opens, upgraded, and its points are never reused", "[store][identity]") {
  TempDir dir;
  const std::string path = dir.file("v1.db");
  {
    // The version 1 layout as scalerun 0.1 wrote it: no identity, labels or --set columns.
    sqlite::Connection conn(path, true);
    conn.execute(R"sql(
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
      INSERT INTO meta VALUES ('application', 'scalerun'), ('schema_version', '1');
      CREATE TABLE runs (id INTEGER PRIMARY KEY, started_at TEXT NOT NULL, finished_at TEXT,
        status TEXT NOT NULL DEFAULT 'running', script TEXT NOT NULL, script_hash TEXT NOT NULL,
        experiment TEXT NOT NULL, kernel TEXT NOT NULL, machine TEXT NOT NULL, mode TEXT NOT NULL,
        command_line TEXT NOT NULL, host TEXT NOT NULL, cpu TEXT NOT NULL, cores INTEGER NOT NULL,
        compiler TEXT NOT NULL, build_type TEXT NOT NULL, git_revision TEXT NOT NULL,
        scalerun_version TEXT NOT NULL) STRICT;
      CREATE TABLE points (id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), experiment TEXT NOT NULL,
        kernel TEXT NOT NULL, machine TEXT NOT NULL, point_key TEXT NOT NULL,
        p ANY NOT NULL CHECK (typeof(p) = 'real'), median ANY, mad ANY, cv ANY,
        verified INTEGER NOT NULL, verify_message TEXT NOT NULL, extra_json TEXT NOT NULL) STRICT;
      CREATE TABLE point_params (point_id INTEGER NOT NULL, name TEXT NOT NULL, value ANY NOT NULL,
        PRIMARY KEY (point_id, name)) STRICT, WITHOUT ROWID;
      CREATE TABLE samples (point_id INTEGER NOT NULL, idx INTEGER NOT NULL, seconds ANY,
        PRIMARY KEY (point_id, idx)) STRICT, WITHOUT ROWID;
      CREATE TABLE figures (point_id INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, value ANY,
        PRIMARY KEY (point_id, kind, name)) STRICT, WITHOUT ROWID;
      INSERT INTO runs VALUES (1, '2024-01-01T00:00:00Z', '2024-01-01T00:01:00Z', 'complete', 's.lua', 'h', 'sort-scaling',
        'mergesort', 'host', 'measure', 'scalerun s.lua', 'bench-1', 'cpu', 4, 'g++', 'Release', 'abc', '0.1.0');
      INSERT INTO points VALUES (1, 1, '2024-01-01T00:00:30Z', 'sort-scaling', 'mergesort', 'host', 'p=2', 2.0,
        0.5, 0.01, 0.02, 1, 'ok', '{}');
      PRAGMA application_id = 1397904718; PRAGMA user_version = 1;
    )sql", "setup");
  }
  Database db = Database::open(path, Database::Mode::existing);
  const auto runs = db.list_runs();
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].info.labels.empty());
  CHECK(runs[0].info.sets.empty());
  const auto old = db.find_point("sort-scaling", "mergesort", "host", "p=2");
  REQUIRE(old);
  CHECK(old->record.identity.empty());
  CHECK_FALSE(parse_identity(old->record.identity));
  // Whatever the identity measured now, the old point is not it.
  CHECK_FALSE(db.find_point("sort-scaling", "mergesort", "host", "p=2", identity_text(PointIdentity{})));
  sqlite::Connection check(path, false);
  sqlite::Statement version(check, "PRAGMA user_version", "read");
  REQUIRE(version.step());
  CHECK(version.get_int(0) == schema::kVersion);
}

TEST_CASE("store: runs keep their labels and --set values", "[store][identity]") {
  TempDir dir;
  const std::string path = dir.file("labels.db");
  {
    Database db = Database::open(path);
    RunInfo info = run_info();
    info.labels = {"O2", "nightly"};
    info.sets = {{"algo", "heavy"}, {"n", "1e6"}};
    db.begin_run(info);
    db.begin_run(run_info());
  }
  const auto runs = Database::open(path, Database::Mode::existing).list_runs();
  REQUIRE(runs.size() == 2);
  CHECK(runs[0].info.labels == std::vector<std::string>{"O2", "nightly"});
  CHECK(runs[0].info.sets == std::map<std::string, std::string>{{"algo", "heavy"}, {"n", "1e6"}});
  CHECK(runs[1].info.labels.empty());
}
