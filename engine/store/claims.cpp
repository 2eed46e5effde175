// Database::claim_point and release_claims: --resume shared by several processes on one host.

#include <signal.h>
#include <unistd.h>

#include <cerrno>
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

}  // namespace

Database::Claim Database::claim_point(std::string_view experiment, std::string_view kernel, std::string_view machine,
                                      std::string_view point_key) {
  if (!claims_) throw std::logic_error("claim_point on a database opened read-only");
  Claim claim;
  const std::string host = this_host();
  const long me = static_cast<long>(getpid());
  write([&] {
    claim = {};
    // Under the write lock, so two processes cannot both find the point free and both claim it.
    sqlite::Transaction tx(conn_, "cannot claim a point for --resume");
    if (auto stored = find_point(experiment, kernel, machine, point_key)) {
      claim.outcome = ClaimOutcome::stored;
      claim.point = std::move(stored);
      tx.commit();
      return;
    }
    sqlite::Statement holder(conn_,
                             "SELECT pid, host FROM point_claims WHERE experiment = ?1 AND kernel = ?2 AND machine = ?3 "
                             "AND point_key = ?4",
                             "cannot claim a point for --resume");
    holder.bind_text(1, experiment).bind_text(2, kernel).bind_text(3, machine).bind_text(4, point_key);
    if (holder.step()) {
      const long pid = static_cast<long>(holder.get_int(0));
      if (pid != me && holder.get_text(1) == host && alive(pid)) {
        claim.outcome = ClaimOutcome::busy;
        claim.holder_pid = pid;
        tx.commit();
        return;
      }
    }
    sqlite::Statement take(conn_,
                           "INSERT OR REPLACE INTO point_claims(experiment, kernel, machine, point_key, pid, host) "
                           "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                           "cannot claim a point for --resume");
    take.bind_text(1, experiment).bind_text(2, kernel).bind_text(3, machine).bind_text(4, point_key);
    take.bind_int(5, me).bind_text(6, host).run();
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
