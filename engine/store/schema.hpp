#pragma once
// The database layout and the check that a file is one of ours. A scalerun database carries
// scalerun's application id and its schema version in the SQLite header (PRAGMA application_id,
// PRAGMA user_version) and again in its `meta` table, so `file x.db` and a plain SELECT both
// tell what it is.

#include <cstdint>

#include "store/sqlite.hpp"

namespace scalerun::store::schema {

// "SRUN" in ASCII: what `file` prints and what we recognise.
inline constexpr std::int32_t kApplicationId = 0x5352554E;
// Bumped whenever the tables change. A newer file is refused; an older one is upgraded in
// prepare(), one version at a time, inside one transaction.
//   1  the first
//   2  points.identity (a point's whole identity, see point_identity.hpp); runs.labels and
//      runs.sets (--label, --set). Points of version 1 keep an empty identity: --resume does not
//      reuse them (it cannot tell what program or parameters measured them) and says so once.
inline constexpr std::int64_t kVersion = 2;

// Makes sure conn is a scalerun database of this version: creates the tables in a new or empty
// file when create is true, upgrades a file of an older version, and otherwise throws std::runtime_error with one line
// "'FILE' is not a scalerun database (why)" or "'FILE' was written by a newer scalerun (...)".
void prepare(const sqlite::Connection& conn, bool create);

}  // namespace scalerun::store::schema
