#pragma once
// Starting the child process of run_command. Everything that can allocate or fail is prepared
// before fork(): scalerun has TBB worker threads, and a forked child of a threaded process may
// only make async-signal-safe calls (another thread may have held malloc's lock at the fork).

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

#include "measure/command.hpp"
#include "measure/unique_fd.hpp"

namespace scalerun::measure::detail {

struct SpawnedChild {
  pid_t pid = -1;                                  // also its process group id
  UniqueFd stdout_fd, stderr_fd;                   // read ends, non-blocking
  std::chrono::steady_clock::time_point started;   // just before fork()
};

// Starts the program, or throws CommandError saying why it could not (after reaping the child).
SpawnedChild spawn_child(const std::vector<std::string>& argv, const RunOptions& options);

}  // namespace scalerun::measure::detail
