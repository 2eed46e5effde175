// The results database shared between processes (issue 10 item 9): a write that meets another
// process's lock waits and retries instead of losing a measured point, a lock held for good ends
// in one line of advice, and --resume claims keep two sweeps from measuring one point twice.

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>

#include "store/database.hpp"
#include "store/point_key.hpp"
#include "store/sqlite.hpp"

namespace fs = std::filesystem;
using namespace scalerun::store;

namespace {

const std::string kExperiment = "sharing", kKernel = "pi", kMachine = "host";

struct Dir {
  fs::path path;
  Dir() {
    std::string pattern = (fs::temp_directory_path() / "scalerun-sharing-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path = pattern;
  }
  ~Dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string file() const { return (path / "shared.db").string(); }
};

RunInfo info() {
  RunInfo i;
  i.script = "tests/sharing.lua";
  i.experiment = kExperiment;
  i.kernel = kKernel;
  i.machine = kMachine;
  i.mode = "measure";
  return i;
}

PointRecord point(double p) {
  PointRecord r;
  r.experiment = kExperiment;
  r.kernel = kKernel;
  r.machine = kMachine;
  r.p = p;
  r.params = {{"n", 100}};
  r.point_key = point_key(p, r.params);
  r.samples = {0.5};
  r.median = 0.5;
  r.verified = true;
  return r;
}

// Another writer: a second connection holding the write lock (BEGIN IMMEDIATE) until released.
struct Holder {
  sqlite::Connection conn;
  explicit Holder(const std::string& path) : conn(path, false) { conn.execute("BEGIN IMMEDIATE", "lock"); }
  void release() { conn.execute("COMMIT", "unlock"); }
};

}  // namespace

TEST_CASE("store: a point written while another process holds the lock is retried, not lost", "[store]") {
  Dir dir;
  Database db = Database::open(dir.file());
  db.set_lock_wait(20, 6);  // 20 ms per statement, then pauses of 0.1, 0.2, 0.4 ... s
  const auto run = db.begin_run(info());
  Holder holder(dir.file());
  // Released after 0.5 s: longer than the busy timeout, so only the retries can save the point.
  std::thread release([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    holder.release();
  });
  const auto started = std::chrono::steady_clock::now();
  CHECK_NOTHROW(db.record_point(run, point(2)));
  release.join();
  CHECK(std::chrono::steady_clock::now() - started >= std::chrono::milliseconds(400));
  CHECK(db.points_of(run).size() == 1);
}

TEST_CASE("store: a lock never released ends in one line with advice", "[store]") {
  Dir dir;
  Database db = Database::open(dir.file());
  db.set_lock_wait(10, 2);
  const auto run = db.begin_run(info());
  Holder holder(dir.file());
  try {
    db.record_point(run, point(2));
    FAIL("the write went through a held lock");
  } catch (const sqlite::Error& e) {
    const std::string message = e.what();
    CHECK(message.find("database is locked") != std::string::npos);
    CHECK(message.find("--db FILE") != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  }
  holder.release();
  CHECK(db.points_of(run).empty());
}

TEST_CASE("store: --resume claims: a point another live process measures is busy, then stored", "[store]") {
  Dir dir;
  const std::string key = point(2).point_key;
  { Database::open(dir.file()); }  // create the file before the child opens it
  int to_child[2], to_parent[2];
  REQUIRE(pipe(to_child) == 0);
  REQUIRE(pipe(to_parent) == 0);
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // Another scalerun: claims the point, says so, and records it when told to.
    int code = 1;
    try {
      Database db = Database::open(dir.file());
      if (db.claim_point(kExperiment, kKernel, kMachine, key).outcome == Database::ClaimOutcome::claimed) {
        char c = 'c';
        if (write(to_parent[1], &c, 1) == 1 && read(to_child[0], &c, 1) == 1) {
          if (c == 'r') db.record_point(db.begin_run(info()), point(2));
          code = 0;
        }
      }
    } catch (...) {
    }
    _exit(code);
  }
  char c = 0;
  REQUIRE(read(to_parent[0], &c, 1) == 1);
  Database db = Database::open(dir.file());
  const auto busy = db.claim_point(kExperiment, kKernel, kMachine, key);
  CHECK(busy.outcome == Database::ClaimOutcome::busy);
  CHECK(busy.holder_pid == child);
  c = 'r';
  REQUIRE(write(to_child[1], &c, 1) == 1);
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WEXITSTATUS(status) == 0);
  const auto stored = db.claim_point(kExperiment, kKernel, kMachine, key);
  REQUIRE(stored.outcome == Database::ClaimOutcome::stored);
  CHECK(stored.point->record.p == 2);
}

TEST_CASE("store: --resume claims of a process that died are taken over", "[store]") {
  Dir dir;
  const std::string key = point(4).point_key;
  { Database::open(dir.file()); }
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // Killed in the middle of its measurement: claimed, never recorded, never released.
    int code = 1;
    try {
      Database db = Database::open(dir.file());
      code = db.claim_point(kExperiment, kKernel, kMachine, key).outcome == Database::ClaimOutcome::claimed ? 0 : 1;
    } catch (...) {
    }
    _exit(code);
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WEXITSTATUS(status) == 0);
  Database db = Database::open(dir.file());
  CHECK(db.claim_point(kExperiment, kKernel, kMachine, key).outcome == Database::ClaimOutcome::claimed);
}
