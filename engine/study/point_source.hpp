#pragma once
// Where a point's numbers come from: the kernel's model, runs on this host (a native kernel or an
// external command, see measured_source.hpp) or a simulation. study/run_experiment drives every
// source through the same sweep: one loop over the sweep's points, one stop check and progress
// line per point, the source's tables at the end; the loop owns the persistence step (the
// PointStore the sources keep their points in and recall them from on --resume) and finishes the
// run's row with what became of the sweep. An MPI launch is one more source.

#include <memory>
#include <string>
#include <vector>

#include "report/table.hpp"
#include "study/progress_line.hpp"
#include "study/sweep.hpp"

namespace scalerun::study {

struct ExperimentInput;
struct Session;
class PointStore;

class PointSource {
 public:
  virtual ~PointSource() = default;

  // The points to visit, in order, given the experiment's sweep (measure mode puts its
  // one-worker reference first).
  virtual std::vector<SweepPoint> points(std::vector<SweepPoint> sweep) { return sweep; }
  // A model point takes microseconds: no progress line for it.
  virtual bool shows_progress() const { return true; }
  // Computes the point (or recalls it from the store on --resume) and keeps it in the store
  // before it returns; returns what the progress line says of it. `progress` takes the notes the
  // point produces.
  virtual std::string take_point(const SweepPoint& at, Progress& progress) = 0;
  // Called while the exception that stopped the sweep at `at` is being handled (the run's row
  // already says what became of it): the source may throw a clearer error instead; if it
  // returns, the exception goes on.
  virtual void abandon(const SweepPoint& at) { (void)at; }
  // The stored run's status once every point is taken: "complete", or "target_missed" where a
  // tuned point missed its target.
  virtual std::string outcome() const { return "complete"; }
  // After the last point (and the run's row finished): the experiment's tables.
  virtual std::vector<report::Table> finish(Session& session) = 0;
  // After finish: what each point did over time, when the session records timelines
  // (SessionOptions::record_timelines) and the mode can (measure and simulate mode).
  virtual std::vector<report::Timeline> timelines() { return {}; }

 protected:
  PointSource() = default;
};

// `store` outlives the source; model mode's keeps nothing.
std::unique_ptr<PointSource> model_source(const ExperimentInput& input, Session& session, PointStore& store);
std::unique_ptr<PointSource> measure_source(const ExperimentInput& input, Session& session, PointStore& store);
std::unique_ptr<PointSource> simulation_source(const ExperimentInput& input, Session& session, PointStore& store);

}  // namespace scalerun::study
