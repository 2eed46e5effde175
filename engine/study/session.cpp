#include "study/session.hpp"

#include <iostream>

namespace scalerun::study {

void Session::warn(const std::string& message) const {
  if (!options.quiet) std::cerr << "scalerun: warning: " << message << '\n';
}

void Session::info(const std::string& message) const {
  if (options.verbose && !options.quiet) std::cerr << "scalerun: " << message << '\n';
}

store::Database& Session::db() {
  if (!database) database.emplace(store::Database::open(options.db_path));
  return *database;
}

}  // namespace scalerun::study
