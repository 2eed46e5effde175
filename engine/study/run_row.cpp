#include "study/run_row.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "errors/errors.hpp"
#include "runtime/stop.hpp"
#include "study/session.hpp"
#include "provenance/run_context.hpp"

namespace scalerun::study {

std::int64_t RunRow::id() {
  if (!id_) id_ = db_.begin_run(info_);
  return *id_;
}

void RunRow::finish(const std::string& status) noexcept {
  if (finished_) return;
  finished_ = true;
  try {
    if (id_) db_.finish_run(*id_, status);
    else db_.release_claims();
  } catch (...) {
  }
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
  info.host = ctx.host;
  info.cpu = ctx.cpu;
  info.cores = ctx.cores;
  info.compiler = ctx.compiler;
  info.build_type = ctx.build_type;
  info.git_revision = ctx.git_revision;
  info.scalerun_version = ctx.scalerun_version;
  return info;
}

store::Database& open_database(Session& session) {
  try {
    return session.db();
  } catch (const std::runtime_error& e) {
    throw ScriptError(fmt::format("--db: {} (give another file with --db FILE)", e.what()));
  }
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
