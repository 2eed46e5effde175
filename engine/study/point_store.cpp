#include "study/point_store.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "errors/errors.hpp"
#include "provenance/run_context.hpp"
#include "runtime/stop.hpp"
#include "store/point_key.hpp"
#include "study/progress_line.hpp"
#include "study/session.hpp"

namespace scalerun::study {

bool stores_points(Mode mode) { return mode != Mode::model; }

struct PointStore::LastWords {
  std::string path;
  std::atomic<std::int64_t> run_id{0};  // 0: no run begun yet (claims only)
  std::atomic<bool> finished{false};    // whoever sets it first marks the run
};

PointStore::~PointStore() {
  finish("failed");
  if (hook_ != 0) runtime::remove_forced_exit_hook(hook_);
}

store::Database& PointStore::db() {
  if (db_ == nullptr) {
    try {
      db_ = &session_->db();
    } catch (const std::runtime_error& e) {
      // No position: the experiment's line is put in front by the caller.
      throw ScriptError(fmt::format("--db: {} (give another file with --db FILE)", e.what()));
    }
    // On the watchdog's thread, with a connection of its own (the run's may be mid-statement).
    last_words_ = std::make_shared<LastWords>();
    last_words_->path = session_->options.db_path;
    hook_ = runtime::add_forced_exit_hook([words = last_words_](runtime::StopCause cause) {
      if (words->finished.exchange(true)) return;
      store::Database own = store::Database::open(words->path);
      own.set_lock_wait(1000, 1);  // the run's thread holds the lock for one statement at most
      if (const std::int64_t id = words->run_id.load(); id != 0) {
        own.finish_run(id, cause == runtime::StopCause::deadline ? "timed_out" : "interrupted");
      } else {
        own.release_claims();
      }
    });
  }
  return *db_;
}

std::optional<store::StoredPoint> PointStore::recall(const store::PointRecord& key, Progress& progress) {
  if (session_ == nullptr || !session_->options.resume) return std::nullopt;
  bool waiting_said = false;
  for (;;) {
    store::Database::Claim claim =
        db().claim_point(key.experiment, key.kernel, key.machine, key.point_key, key.identity);
    if (claim.outcome == store::Database::ClaimOutcome::stored) {
      if (recalled_++ == 0 && info_.mode == "measure") {
        // What "the same point" covers, once: a reader must know what a reused number may hide.
        progress.note(fmt::format("scalerun: {}: stored points are reused when their parameters, program and its "
                                  "content, command line, machine, launcher, scalerun build (native kernels) and "
                                  "inherited thread and library settings (OMP_*, MKL_*, LD_LIBRARY_PATH, ...) match; "
                                  "files the program opens on its own are not compared",
                                  key.experiment));
      }
      note_samples(claim.point->record);
      return std::move(claim.point);
    }
    if (claim.outcome == store::Database::ClaimOutcome::claimed) {
      explain_not_reused(key, progress);
      return std::nullopt;
    }
    if (!waiting_said) {
      progress.note(fmt::format("scalerun: {}: p={:g} is being {} by process {} on the same database; waiting for "
                                "its result", key.experiment, key.p, info_.mode == "simulate" ? "simulated" : "measured",
                                claim.holder_pid));
      waiting_said = true;
    }
    for (int slice = 0; slice < 4; ++slice) {
      runtime::throw_if_stopped();
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
}

// A point of the same configuration stored with another identity: said, so that a number measured
// anew is not mistaken for the stored one, nor the stored one for what runs now.
void PointStore::explain_not_reused(const store::PointRecord& key, Progress& progress) {
  const auto stored = db().find_point(key.experiment, key.kernel, key.machine, key.point_key);
  if (!stored) return;
  const std::optional<store::PointIdentity> before = store::parse_identity(stored->record.identity);
  if (!before) {
    if (!said_unidentified_) {
      progress.note(fmt::format("scalerun: {}: stored points from before scalerun kept a point's whole identity "
                                "(program, command, every parameter) are not reused: they are measured again",
                                key.experiment));
      said_unidentified_ = true;
    }
    return;
  }
  const std::optional<store::PointIdentity> now = store::parse_identity(key.identity);
  std::vector<std::string> why = now ? store::identity_differences(*before, *now) : std::vector<std::string>{};
  if (why.empty()) why.push_back("its identity differs");
  std::string said;
  for (const auto& w : why) said += (said.empty() ? "" : "; ") + w;
  progress.note(fmt::format("scalerun: {}: {}: stored point not reused: {}", key.experiment, key.point_key, said));
}

void PointStore::begin() {
  if (session_ != nullptr && !run_id_) {
    run_id_ = db().begin_run(info_);
    last_words_->run_id.store(*run_id_);
  }
}

void PointStore::keep(const store::PointRecord& record) {
  if (session_ == nullptr) return;
  begin();
  db().record_point(*run_id_, record);
  note_samples(record);
}

void PointStore::note_samples(const store::PointRecord& record) {
  if (info_.mode != "measure" || record.samples.empty()) return;
  report::PointSamples s;
  s.p = record.p;
  if (record.machine != info_.machine) s.set = record.machine;  // a machine set's point
  s.params = record.params;
  s.seconds = record.samples;
  const auto same = [&s](const report::PointSamples& o) { return o.p == s.p && o.set == s.set && o.params == s.params; };
  if (const auto it = std::find_if(samples_.begin(), samples_.end(), same); it != samples_.end()) *it = std::move(s);
  else samples_.push_back(std::move(s));
}

std::vector<report::PointSamples> PointStore::samples() const { return samples_; }

void PointStore::finish(const std::string& status) noexcept {
  if (finished_ || db_ == nullptr) return;
  finished_ = true;
  if (last_words_ && last_words_->finished.exchange(true)) return;  // the watchdog marked it
  try {
    if (run_id_) db_->finish_run(*run_id_, status);
    else db_->release_claims();
  } catch (...) {
  }
}

std::string PointStore::storage_note() const {
  if (session_ == nullptr) return {};
  return run_id_ ? fmt::format("stored in {} (run {})", session_->options.db_path, *run_id_)
                 : fmt::format("every point taken from {}, no new run", session_->options.db_path);
}

store::PointRecord record_key(const ExperimentSpec& spec, const KernelSpec& kernel, double p,
                              std::map<std::string, double> params, store::PointIdentity identity) {
  store::PointRecord key;
  key.experiment = spec.name;
  key.kernel = kernel.name;
  key.machine = spec.machine_name;
  key.p = p;
  key.params = std::move(params);
  key.point_key = store::point_key(p, key.params);
  identity.params = kernel.other_params;
  for (const auto& [name, value] : key.params) identity.params[name] = store::number_text(value);
  key.identity = store::identity_text(identity);
  return key;
}

store::RunInfo run_info(const Session& session, const std::string& experiment, const std::string& kernel,
                        const std::string& machine, const std::string& mode) {
  const report::Context ctx = provenance::make_context(session.options.script_path, session.options.command_line);
  store::RunInfo info;
  info.script = ctx.script_path;
  info.script_hash = ctx.script_hash;
  info.experiment = experiment;
  info.kernel = kernel;
  info.machine = machine;
  info.mode = mode;
  info.command_line = ctx.command_line;
  info.sets = session.options.sets;
  info.labels = session.options.labels;
  info.host = ctx.host;
  info.cpu = ctx.cpu;
  info.cores = ctx.cores;
  info.compiler = ctx.compiler;
  info.build_type = ctx.build_type;
  info.git_revision = ctx.git_revision;
  info.scalerun_version = ctx.scalerun_version;
  return info;
}

std::string status_of_current_exception() {
  try {
    throw;
  } catch (const runtime::Stopped& s) {
    switch (s.cause()) {
      case runtime::StopCause::interrupt: return "interrupted";
      case runtime::StopCause::deadline: return "timed_out";
      case runtime::StopCause::run_limit: return "run_timeout";
      case runtime::StopCause::none: break;
    }
  } catch (const Interrupted&) {
    return "interrupted";
  } catch (...) {
  }
  // An error raised while the stop was being requested is the stop's doing.
  if (runtime::interrupt_requested()) return "interrupted";
  if (runtime::deadline_passed()) return "timed_out";
  return "failed";
}

}  // namespace scalerun::study
