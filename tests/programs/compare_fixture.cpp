// Writes the results database the `scalerun compare` goldens read: fixed samples, no timing, so
// the comparison is the same on every host.
//   compare_fixture FILE
// run 1: kernel "base", p = 1, 2, 4 (n = 1000), samples around 1, 0.5 and 0.25 s
// run 2: "base" again, p = 1, 2: other samples, within 1 % of run 1
// run 3: kernel "slow", p = 1, 2, 4: twice (p = 1, 4) and 1.9 times (p = 2) run 1's times
// run 4: another experiment, no point in common with the others

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "store/database.hpp"
#include "store/point_key.hpp"

namespace {

using scalerun::store::Database;

const std::vector<double> kBase = {1.00, 1.02, 0.98, 1.01, 0.99, 1.03, 0.97};
const std::vector<double> kAgain = {0.99, 1.01, 1.00, 1.02, 0.98, 1.005, 0.995};

void add_run(Database& db, const std::string& experiment, const std::string& kernel, int minute,
             const std::vector<std::pair<double, double>>& points, const std::vector<double>& samples) {
  scalerun::store::RunInfo info;  // what compare shows of a run; the rest stays empty
  info.experiment = experiment;
  info.kernel = kernel;
  info.machine = "host";
  info.mode = "measure";
  info.started_at = fmt::format("2026-01-01T00:0{}:00Z", minute);
  const auto run = db.begin_run(info);
  for (const auto& [p, scale] : points) {
    scalerun::store::PointRecord point;
    point.experiment = experiment;
    point.kernel = kernel;
    point.machine = "host";
    point.p = p;
    point.params = {{"n", 1000}};
    point.point_key = scalerun::store::point_key(p, point.params);
    for (double s : samples) point.samples.push_back(s * scale);
    point.verified = true;
    db.record_point(run, point);  // median and MAD left NaN: compare takes them from the samples
  }
  db.finish_run(run, "complete", info.started_at);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: compare_fixture FILE\n");
    return 2;
  }
  const std::string path = argv[1];
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  try {
    Database db = Database::open(path);
    add_run(db, "cmp", "base", 1, {{1, 1.0}, {2, 0.5}, {4, 0.25}}, kBase);
    add_run(db, "cmp", "base", 2, {{1, 1.01}, {2, 0.497}}, kAgain);
    add_run(db, "cmp", "slow", 3, {{1, 2.0}, {2, 0.95}, {4, 0.5}}, kAgain);
    add_run(db, "other", "base", 4, {{1, 1.0}}, kBase);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "compare_fixture: %s\n", e.what());
    return 1;
  }
  return 0;
}
