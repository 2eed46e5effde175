#pragma once
// The process groups of the external programs running right now, so that scalerun can end them
// when it must end at once (a second Ctrl-C, SIGTERM, the watchdog): each program runs in a group
// of its own and would otherwise outlive scalerun, holding cores the next run measures on.

#include <sys/types.h>

namespace scalerun::measure {

// Between the program's start and its reaping. stopping_seconds: how long the program may take to
// end after SIGTERM (a launcher taking its ranks down), which the watchdog waits for before it
// ends scalerun itself. A full table (more than 64 at once) is ignored: the normal path still
// kills every group it started.
void track_group(pid_t group, double stopping_seconds = 0) noexcept;
void untrack_group(pid_t group) noexcept;

// Sends sig to every tracked group. Async-signal-safe: atomics and kill() only.
void kill_tracked_groups(int sig) noexcept;

// Sends sig to every process descending from a tracked group's leader, group by group, then to the
// tracked groups: a launcher's ranks run in groups of their own, which a signal to the launcher's
// group alone would leave running. Reads /proc, so not for signal handlers (the watchdog's thread).
void kill_tracked_trees(int sig) noexcept;

// The longest stopping time of the groups tracked now (0 when none needs one).
double longest_stopping_seconds() noexcept;

}  // namespace scalerun::measure
