// Database's point queries: one SELECT over `points`, then each point's parameters, samples and
// figures through three statements prepared once and re-bound per point.

#include <string>

#include <fmt/format.h>

#include "store/database.hpp"

namespace scalerun::store {

namespace {

constexpr std::string_view kSelectPoint =
    "SELECT id, run_id, recorded_at, experiment, kernel, machine, point_key, p, median, mad, "
    "cv, verified, verify_message, extra_json, identity FROM points ";

StoredPoint read_point(const sqlite::Statement& row) {
  StoredPoint stored;
  stored.id = row.get_int(0);
  stored.run_id = row.get_int(1);
  stored.recorded_at = row.get_text(2);
  PointRecord& point = stored.record;
  point.experiment = row.get_text(3);
  point.kernel = row.get_text(4);
  point.machine = row.get_text(5);
  point.point_key = row.get_text(6);
  point.p = row.get_double(7);
  point.median = row.get_double(8);
  point.mad = row.get_double(9);
  point.cv = row.get_double(10);
  point.verified = row.get_int(11) != 0;
  point.verify_message = row.get_text(12);
  point.extra_json = row.get_text(13);
  point.identity = row.get_text(14);
  return stored;
}

void load_details(const sqlite::Connection& conn, std::vector<StoredPoint>& points) {
  const std::string_view what = "cannot read the points";
  sqlite::Statement params(conn, "SELECT name, value FROM point_params WHERE point_id = ?1",
                           what);
  sqlite::Statement samples(
      conn, "SELECT seconds FROM samples WHERE point_id = ?1 ORDER BY idx", what);
  sqlite::Statement figures(conn, "SELECT kind, name, value FROM figures WHERE point_id = ?1",
                            what);
  for (StoredPoint& stored : points) {
    PointRecord& point = stored.record;
    params.bind_int(1, stored.id);
    while (params.step()) point.params.emplace(params.get_text(0), params.get_double(1));
    params.reset();

    samples.bind_int(1, stored.id);
    while (samples.step()) point.samples.push_back(samples.get_double(0));
    samples.reset();

    figures.bind_int(1, stored.id);
    while (figures.step()) {
      auto& into = figures.get_text(0) == "counter" ? point.counters : point.instrumentation;
      into.emplace(figures.get_text(1), figures.get_double(2));
    }
    figures.reset();
  }
}

std::vector<StoredPoint> collect(const sqlite::Connection& conn, sqlite::Statement& select) {
  std::vector<StoredPoint> points;
  while (select.step()) points.push_back(read_point(select));
  load_details(conn, points);
  return points;
}

}  // namespace

std::optional<StoredPoint> Database::find_point(std::string_view experiment,
                                                std::string_view kernel,
                                                std::string_view machine,
                                                std::string_view point_key,
                                                std::optional<std::string_view> identity) const {
  // Newest first: ids only grow, so the largest id is the latest measurement.
  sqlite::Statement select(conn_,
                           std::string(kSelectPoint) +
                               "WHERE experiment = ?1 AND kernel = ?2 AND machine = ?3 "
                               "AND point_key = ?4 AND (?5 IS NULL OR identity = ?5) "
                               "ORDER BY id DESC LIMIT 1",
                           "cannot look the point up");
  select.bind_text(1, experiment).bind_text(2, kernel).bind_text(3, machine).bind_text(4,
                                                                                    point_key);
  if (identity) select.bind_text(5, *identity);
  auto points = collect(conn_, select);
  if (points.empty()) return std::nullopt;
  return std::move(points.front());
}

std::vector<StoredPoint> Database::points_of(std::int64_t run_id) const {
  sqlite::Statement select(conn_, std::string(kSelectPoint) + "WHERE run_id = ?1 ORDER BY id",
                           "cannot read the run's points");
  select.bind_int(1, run_id);
  return collect(conn_, select);
}

std::vector<StoredPoint> Database::latest_points(std::string_view experiment,
                                                 std::string_view kernel,
                                                 std::string_view machine) const {
  // An empty machine (?3 = '') selects every machine.
  sqlite::Statement select(
      conn_,
      std::string(kSelectPoint) +
          "WHERE id IN (SELECT max(id) FROM points WHERE experiment = ?1 AND kernel = ?2 "
          "AND (?3 = '' OR machine = ?3) GROUP BY machine, point_key) "
          "ORDER BY machine, p, point_key",
      "cannot read the points");
  select.bind_text(1, experiment).bind_text(2, kernel).bind_text(3, machine);
  return collect(conn_, select);
}

}  // namespace scalerun::store
