#include <catch2/catch.hpp>

#include "study/simulated_record.hpp"

namespace {

// Every field a different value, so a figure stored under the wrong name or read into the wrong
// field shows.
scalerun::sim::SimulatedPoint distinct_point() {
  scalerun::sim::SimulatedPoint pt;
  pt.p = 16;
  auto& s = pt.separation;
  s.p = 16;
  double v = 0.125;
  for (double* f : {&s.t1, &s.t_ideal, &s.t_cf, &s.t_real, &s.algorithmic, &s.serial, &s.imbalance,
                    &s.latency_overhead, &s.network_latency, &s.contention_overhead, &s.network_contention, &s.w_ideal,
                    &s.w_cf, &s.w_real, &s.w_imbalance, &s.w_latency, &s.w_contention, &s.computation, &pt.t1_real,
                    &pt.links.count, &pt.links.mean_utilization, &pt.links.max_utilization, &pt.links.mean_queue,
                    &pt.links.max_queue}) {
    *f = v;
    v = v * 1.7 + 1.0 / 3.0;  // not representable in few digits: a rounding on the way shows too
  }
  s.latency_processor = 5;
  s.contention_processor = 11;
  pt.messages = 123456;
  pt.unreceived = 2;
  pt.events = 9876543;
  pt.links.busiest = "3->7";
  return pt;
}

}  // namespace

TEST_CASE("a simulated point read back from its record is the point stored") {
  const scalerun::sim::SimulatedPoint pt = distinct_point();
  scalerun::store::PointRecord record;
  scalerun::study::fill_record(record, pt);
  CHECK(record.median == pt.separation.t_real);
  CHECK(record.samples == std::vector<double>{pt.separation.t_real});
  const auto back = scalerun::study::point_from_record(record);
  REQUIRE(back.has_value());
  const auto& a = pt.separation;
  const auto& b = back->separation;
  CHECK(back->p == pt.p);
  CHECK(b.p == a.p);
  for (auto [x, y] : {std::pair{a.t1, b.t1}, {a.t_ideal, b.t_ideal}, {a.t_cf, b.t_cf}, {a.t_real, b.t_real},
                      {a.algorithmic, b.algorithmic}, {a.serial, b.serial}, {a.imbalance, b.imbalance},
                      {a.latency_overhead, b.latency_overhead}, {a.network_latency, b.network_latency},
                      {a.contention_overhead, b.contention_overhead}, {a.network_contention, b.network_contention},
                      {a.w_ideal, b.w_ideal}, {a.w_cf, b.w_cf}, {a.w_real, b.w_real}, {a.w_imbalance, b.w_imbalance},
                      {a.w_latency, b.w_latency}, {a.w_contention, b.w_contention}, {a.computation, b.computation},
                      {pt.t1_real, back->t1_real}, {pt.links.count, back->links.count},
                      {pt.links.mean_utilization, back->links.mean_utilization},
                      {pt.links.max_utilization, back->links.max_utilization},
                      {pt.links.mean_queue, back->links.mean_queue}, {pt.links.max_queue, back->links.max_queue}}) {
    CHECK(x == y);  // bit for bit: a resumed study prints what the uninterrupted one does
  }
  CHECK(b.latency_processor == 5);
  CHECK(b.contention_processor == 11);
  CHECK(back->messages == pt.messages);
  CHECK(back->unreceived == pt.unreceived);
  CHECK(back->events == pt.events);
  CHECK(back->links.busiest == "3->7");
  CHECK_FALSE(back->model_time.has_value());
}

TEST_CASE("a record that lacks a figure of a simulated point is simulated again, not read as zero") {
  scalerun::store::PointRecord record;
  scalerun::study::fill_record(record, distinct_point());
  for (const char* name : {"wait_contention", "events", "latency_processor", "max_queue"}) {
    scalerun::store::PointRecord partial = record;
    partial.instrumentation.erase(name);
    INFO(name);
    CHECK_FALSE(scalerun::study::point_from_record(partial).has_value());
  }
  scalerun::store::PointRecord no_busiest = record;
  no_busiest.extra_json = "{}";
  CHECK_FALSE(scalerun::study::point_from_record(no_busiest).has_value());
}
