#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <variant>

#include "measure/mpi_launch.hpp"
#include "study/mpi_profile_reports.hpp"

// The profile and regions tables of a measured MPI job, from ranks whose records are written by
// hand, every figure worked out here; and the records' round trip through the stored JSON.

namespace {

namespace measure = scalerun::measure;
namespace study = scalerun::study;

measure::RankRecord rank_with(int rank, double send_seconds, double recv_seconds) {
  measure::RankRecord r;
  r.rank = rank;
  r.host = "node";
  r.functions["MPI_Send"] = {10, send_seconds, 800};
  r.functions["MPI_Recv"] = {5, recv_seconds, 400};
  r.message_sizes = {0, 0, 0, 0, 0, 0, 0, 10};  // ten messages of 64-127 bytes
  return r;
}

double number(const scalerun::report::Cell& cell) { return std::get<double>(cell); }

std::size_t column(const scalerun::report::Table& t, const std::string& name) {
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    if (t.columns[i].name == name) return i;
  FAIL("no column " << name);
  return 0;
}

const std::vector<scalerun::report::Cell>& row_of(const scalerun::report::Table& t, const std::string& what) {
  const std::size_t c = t.columns.size() > 1 ? 1 : 0;  // after p
  for (const auto& row : t.rows)
    if (std::holds_alternative<std::string>(row[c]) && std::get<std::string>(row[c]) == what) return row;
  FAIL("no row " << what);
  return t.rows.front();
}

study::MeasuredSweep sweep_of(const study::ExperimentSpec& spec, std::vector<measure::RankRecord> ranks) {
  study::MeasuredSweep sweep;
  sweep.spec = &spec;
  study::MeasuredPoint pt;
  pt.p = static_cast<double>(ranks.size());
  pt.ranks = std::move(ranks);
  sweep.points.push_back(std::move(pt));
  return sweep;
}

}  // namespace

TEST_CASE("mpi profile: per function calls, min mean max over ranks, bytes, share and message sizes") {
  study::ExperimentSpec spec;
  spec.name = "job";
  // Rank 0: MPI_Send 1 s, MPI_Recv 1 s; rank 1: MPI_Send 3 s, MPI_Recv 0 s (it never received).
  auto r1 = rank_with(1, 3.0, 0.0);
  r1.functions.erase("MPI_Recv");
  const auto tables = study::mpi_profile_tables(sweep_of(spec, {rank_with(0, 1.0, 1.0), r1}));
  REQUIRE(tables.size() == 1);  // no regions: no regions table
  const auto& t = tables.front();
  const auto& send = row_of(t, "MPI_Send");
  CHECK(number(send[column(t, "calls")]) == 20);
  CHECK(number(send[column(t, "min")]) == 1.0);
  CHECK(number(send[column(t, "mean")]) == 2.0);
  CHECK(number(send[column(t, "max")]) == 3.0);
  CHECK(number(send[column(t, "bytes")]) == 1600);
  CHECK(number(send[column(t, "share")]) == Approx(100.0 * 4 / 5));  // 4 of the job's 5 s in MPI
  const auto& recv = row_of(t, "MPI_Recv");
  CHECK(number(recv[column(t, "min")]) == 0.0);  // a rank that never called it counts 0
  CHECK(number(recv[column(t, "mean")]) == 0.5);
  CHECK(number(recv[column(t, "share")]) == Approx(20.0));
  CHECK(std::find_if(t.notes.begin(), t.notes.end(), [](const std::string& n) {
          return n.find("p = 2: point-to-point messages by size (sent, all ranks): 64-128 B 20") != std::string::npos;
        }) != t.notes.end());
}

TEST_CASE("mpi profile: regions over the ranks, with each rank's region error said") {
  study::ExperimentSpec spec;
  spec.name = "job";
  auto r0 = rank_with(0, 1, 1), r1 = rank_with(1, 1, 1);
  r0.regions["solve"] = {{"seconds", 4.0}, {"mpi", 1.0}, {"calls", 2}};
  r1.regions["solve"] = {{"seconds", 2.0}, {"mpi", 1.0}, {"calls", 2}};
  r1.region_error = "scalerun_end(\"x\") without its begin";
  const auto tables = study::mpi_profile_tables(sweep_of(spec, {r0, r1}));
  REQUIRE(tables.size() == 2);
  const auto& t = tables[1];
  CHECK(t.name == "regions");
  const auto& solve = row_of(t, "solve");
  CHECK(number(solve[column(t, "calls")]) == 4);
  CHECK(number(solve[column(t, "min")]) == 2.0);
  CHECK(number(solve[column(t, "mean")]) == 3.0);
  CHECK(number(solve[column(t, "max")]) == 4.0);
  CHECK(number(solve[column(t, "mpi")]) == 1.0);  // the mean over ranks
  CHECK(number(solve[column(t, "mpi_share")]) == Approx(100.0 * 2 / 6));
  CHECK(std::find(t.notes.begin(), t.notes.end(), "p = 2: rank 1: scalerun_end(\"x\") without its begin") != t.notes.end());
  // A region error alone (no region completed) still brings the table.
  auto lone = rank_with(0, 1, 1);
  lone.region_error = "region 'r' still open at MPI_Finalize";
  CHECK(study::mpi_profile_tables(sweep_of(spec, {lone})).size() == 2);
}

TEST_CASE("mpi profile: a rank's record keeps its profile, sizes, values and region error when stored") {
  auto r = rank_with(3, 1.5, 0.5);
  r.region_error = "region 'r' still open at MPI_Finalize";
  r.values["rows"] = 7;
  r.values["bad"] = std::nan("");
  r.wait_states = "";
  // Through the text the database keeps (NaN is written as null there).
  const auto back = measure::ranks_from_json(nlohmann::json::parse(measure::ranks_to_json({r}).dump()));
  REQUIRE(back.size() == 1);
  CHECK(back[0].rank == 3);
  CHECK(back[0].functions.at("MPI_Send").seconds == 1.5);
  CHECK(back[0].functions.at("MPI_Send").bytes == 800);
  CHECK(back[0].functions.at("MPI_Recv").calls == 5);
  CHECK(back[0].message_sizes == r.message_sizes);
  CHECK(back[0].region_error == r.region_error);
  CHECK(back[0].values.at("rows") == 7);
  CHECK(std::isnan(back[0].values.at("bad")));
  CHECK(back[0].wait_states.empty());
}
