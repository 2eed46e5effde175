#pragma once
// Where a point's numbers come from: the kernel's model, runs on this host (a native kernel or an
// external command, see measured_source.hpp) or a simulation. study/run_experiment drives every
// source through the same sweep: one loop over the sweep's points, one stop check and progress
// line per point, the source's tables at the end. An MPI launch is one more source.

#include <memory>
#include <string>
#include <vector>

#include "report/table.hpp"
#include "study/progress_line.hpp"
#include "study/sweep.hpp"

namespace scalerun::study {

struct ExperimentInput;
struct Session;

class PointSource {
 public:
  virtual ~PointSource() = default;

  // The points to visit, in order, given the experiment's sweep (measure mode puts its
  // one-worker reference first).
  virtual std::vector<SweepPoint> points(std::vector<SweepPoint> sweep) { return sweep; }
  // A model point takes microseconds: no progress line for it.
  virtual bool shows_progress() const { return true; }
  // Computes the point and keeps it (stored, where the source persists, before it returns);
  // returns what the progress line says of it. `progress` takes the notes the point produces.
  virtual std::string take_point(const SweepPoint& at, Progress& progress) = 0;
  // Called while the exception that stopped the sweep at `at` is being handled: the source
  // records what it must (a stored run's status) and may throw a clearer error instead; if it
  // returns, the exception goes on.
  virtual void abandon(const SweepPoint& at) { (void)at; }
  // After the last point: the experiment's tables.
  virtual std::vector<report::Table> finish(Session& session) = 0;

 protected:
  PointSource() = default;
};

std::unique_ptr<PointSource> model_source(const ExperimentInput& input, Session& session);
std::unique_ptr<PointSource> measure_source(const ExperimentInput& input, Session& session);
std::unique_ptr<PointSource> simulation_source(const ExperimentInput& input, Session& session);

}  // namespace scalerun::study
