// Database::claim_point and release_claims: --resume shared by several processes on one host.

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <sstream>
#include <string>

#include "store/database.hpp"

namespace scalerun::store {

namespace {

std::string this_host() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "?";
  return name;
}

// A process that exists (kill 0 reaches it, or is refused only for permission).
bool alive(long pid) { return pid > 0 && (kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM); }

// When a process started (clock ticks after boot, field 22 of /proc/PID/stat), 0 when unknown. A
// pid is reused once its process is gone; pid and start time together name one process.
long long start_time(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/stat");
  std::string stat;
  if (!std::getline(in, stat)) return 0;
  const auto name_end = stat.rfind(')');  // the name in parentheses may hold spaces and ')'
  if (name_end == std::string::npos) return 0;
  std::istringstream fields(stat.substr(name_end + 1));
  std::string field;
  for (int i = 3; i <= 22; ++i) {
    if (!(fields >> field)) return 0;
  }
  try {
    return std::stoll(field);
  } catch (const std::exception&) {
    return 0;
  }
}

// The process a claim names is still the one that made it. A claim written without a start time
// (by an older scalerun) is honoured only while its pid is a scalerun.
bool still_holds(long pid, long long started) {
  if (!alive(pid)) return false;
  if (started != 0) return start_time(std::to_string(pid)) == started;
  std::ifstream comm("/proc/" + std::to_string(pid) + "/comm");
  std::string name;
  return std::getline(comm, name) && name.starts_with("scalerun");
}

}  // namespace

void Database::prepare_claims() {
  write([&] {
    conn_.execute("CREATE TABLE IF NOT EXISTS point_claims (experiment TEXT NOT NULL, kernel TEXT NOT NULL, "
                  "machine TEXT NOT NULL, point_key TEXT NOT NULL, pid INTEGER NOT NULL, host TEXT NOT NULL, "
                  "started INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (experiment, kernel, machine, point_key)) STRICT, "
                  "WITHOUT ROWID",
                  "cannot prepare the claims of --resume");
    // Files whose claims table predates the start time gain the column (claims are working
    // state, not results: the schema version stays as it was).
    sqlite::Statement columns(conn_, "SELECT count(*) FROM pragma_table_info('point_claims') WHERE name = 'started'",
                              "cannot prepare the claims of --resume");
    if (columns.step() && columns.get_int(0) == 0) {
      conn_.execute("ALTER TABLE point_claims ADD COLUMN started INTEGER NOT NULL DEFAULT 0",
                    "cannot prepare the claims of --resume");
    }
  });
  claims_ = true;
}

Database::Claim Database::claim_point(std::string_view experiment, std::string_view kernel, std::string_view machine,
                                      std::string_view point_key, std::string_view identity) {
  if (!claims_) throw std::logic_error("claim_point on a database opened read-only");
  Claim claim;
  const std::string host = this_host();
  const long me = static_cast<long>(getpid());
  // "self": getpid() is this process's number in its own pid namespace, which /proc may not show.
  const long long my_start = start_time("self");
  write([&] {
    claim = {};
    // Under the write lock, so two processes cannot both find the point free and both claim it.
    sqlite::Transaction tx(conn_, "cannot claim a point for --resume");
    if (auto stored = find_point(experiment, kernel, machine, point_key, identity)) {
      claim.outcome = ClaimOutcome::stored;
      claim.point = std::move(stored);
      tx.commit();
      return;
    }
    sqlite::Statement holder(conn_,
                             "SELECT pid, host, started FROM point_claims WHERE experiment = ?1 AND kernel = ?2 AND "
                             "machine = ?3 AND point_key = ?4",
                             "cannot claim a point for --resume");
    holder.bind_text(1, experiment).bind_text(2, kernel).bind_text(3, machine).bind_text(4, point_key);
    if (holder.step()) {
      const long pid = static_cast<long>(holder.get_int(0));
      if (pid != me && holder.get_text(1) == host && still_holds(pid, holder.get_int(2))) {
        claim.outcome = ClaimOutcome::busy;
        claim.holder_pid = pid;
        tx.commit();
        return;
      }
    }
    sqlite::Statement take(conn_,
                           "INSERT OR REPLACE INTO point_claims(experiment, kernel, machine, point_key, pid, host, "
                           "started) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                           "cannot claim a point for --resume");
    take.bind_text(1, experiment).bind_text(2, kernel).bind_text(3, machine).bind_text(4, point_key);
    take.bind_int(5, me).bind_text(6, host).bind_int(7, my_start).run();
    tx.commit();
  });
  return claim;
}

void Database::release_claims() {
  if (!claims_) return;
  write([&] {
    sqlite::Statement drop(conn_, "DELETE FROM point_claims WHERE pid = ?1 AND host = ?2",
                           "cannot release the claims of --resume");
    drop.bind_int(1, static_cast<long>(getpid())).bind_text(2, this_host()).run();
  });
}

}  // namespace scalerun::store
