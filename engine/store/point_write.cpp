// Database::record_point: one point, all of its rows, one transaction.

#include <cmath>
#include <map>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "store/database.hpp"

namespace scalerun::store {

namespace {

void require(bool ok, const PointRecord& point, std::string_view problem) {
  if (!ok) {
    throw std::invalid_argument(
        fmt::format("cannot record point '{}': {}", point.point_key, problem));
  }
}

void require_names(const std::map<std::string, double>& values, const PointRecord& point,
                   std::string_view kind) {
  for (const auto& entry : values) {
    require(!entry.first.empty(), point, fmt::format("a {} has an empty name", kind));
  }
}

// Malformed records are refused before anything is written: what is stored is what --resume
// and the export will trust later.
void validate(const PointRecord& point) {
  require(!point.experiment.empty() && !point.kernel.empty() && !point.machine.empty(), point,
          "experiment, kernel and machine must be named");
  require(!point.point_key.empty(), point, "the point key is empty");
  require(std::isfinite(point.p), point, "p is not finite");
  require_names(point.params, point, "parameter");
  for (const auto& [name, value] : point.params) {
    require(name != "p", point, "a parameter is named 'p', the name of the processor count");
    require(std::isfinite(value), point, fmt::format("parameter '{}' is not finite", name));
  }
  require_names(point.instrumentation, point, "instrumentation figure");
  require_names(point.counters, point, "counter");
  require(nlohmann::json::accept(point.extra_json), point, "its extra JSON does not parse");
  require(point.identity.empty() || nlohmann::json::accept(point.identity), point, "its identity does not parse");
}

bool run_exists(const sqlite::Connection& conn, std::int64_t run_id, std::string_view what) {
  sqlite::Statement select(conn, "SELECT 1 FROM runs WHERE id = ?1", what);
  return select.bind_int(1, run_id).step();
}

void insert_figures(sqlite::Statement& insert, std::int64_t point_id, std::string_view kind,
                    const std::map<std::string, double>& figures) {
  for (const auto& [name, value] : figures) {
    insert.bind_int(1, point_id).bind_text(2, kind).bind_text(3, name).bind_double(4, value);
    insert.run();
    insert.reset();
  }
}

}  // namespace

std::int64_t Database::record_point(std::int64_t run_id, const PointRecord& point) {
  validate(point);
  const std::string what = fmt::format("cannot record point '{}'", point.point_key);
  std::int64_t point_id = 0;
  // The whole transaction is retried while another process holds the lock: the point may have
  // taken minutes to measure.
  write([&] {
    sqlite::Transaction tx(conn_, what);

    // Checked by hand rather than left to the foreign key, whose message names no run.
    if (!run_exists(conn_, run_id, what)) {
      throw std::runtime_error(fmt::format("'{}': {}: there is no run {}", path(), what, run_id));
    }

    sqlite::Statement insert_point(
        conn_,
        "INSERT INTO points(run_id, experiment, kernel, machine, point_key, p, median, mad, cv, "
        "verified, verify_message, extra_json, identity) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
        what);
    insert_point.bind_int(1, run_id)
        .bind_text(2, point.experiment)
        .bind_text(3, point.kernel)
        .bind_text(4, point.machine)
        .bind_text(5, point.point_key)
        .bind_double(6, point.p)
        .bind_double(7, point.median)
        .bind_double(8, point.mad)
        .bind_double(9, point.cv)
        .bind_int(10, point.verified ? 1 : 0)
        .bind_text(11, point.verify_message)
        .bind_text(12, point.extra_json)
        .bind_text(13, point.identity)
        .run();
    point_id = conn_.last_insert_id();

    sqlite::Statement insert_param(
        conn_, "INSERT INTO point_params(point_id, name, value) VALUES (?1, ?2, ?3)", what);
    for (const auto& [name, value] : point.params) {
      insert_param.bind_int(1, point_id).bind_text(2, name).bind_double(3, value).run();
      insert_param.reset();
    }

    sqlite::Statement insert_sample(
        conn_, "INSERT INTO samples(point_id, idx, seconds) VALUES (?1, ?2, ?3)", what);
    for (std::size_t i = 0; i < point.samples.size(); ++i) {
      insert_sample.bind_int(1, point_id)
          .bind_int(2, static_cast<std::int64_t>(i))
          .bind_double(3, point.samples[i])
          .run();
      insert_sample.reset();
    }

    sqlite::Statement insert_figure(
        conn_, "INSERT INTO figures(point_id, kind, name, value) VALUES (?1, ?2, ?3, ?4)", what);
    insert_figures(insert_figure, point_id, "instrumentation", point.instrumentation);
    insert_figures(insert_figure, point_id, "counter", point.counters);

    if (claims_) {  // measured and stored: whoever waits for it may take it now
      sqlite::Statement unclaim(conn_,
                                "DELETE FROM point_claims WHERE experiment = ?1 AND kernel = ?2 AND machine = ?3 "
                                "AND point_key = ?4",
                                what);
      unclaim.bind_text(1, point.experiment).bind_text(2, point.kernel).bind_text(3, point.machine);
      unclaim.bind_text(4, point.point_key).run();
    }
    tx.commit();
  });
  return point_id;
}

}  // namespace scalerun::store
