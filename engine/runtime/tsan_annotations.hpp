#pragma once
// Fork and join edges for ThreadSanitizer. TBB hands tasks between threads inside libtbb, which is
// not instrumented, so TSan sees no ordering between the caller's writes before a region, the
// workers' chunks, and the caller's reads after it, and reports every such hand-off as a race.
// The runtime states the orderings TBB guarantees at its own level: the caller releases before
// the fork and each chunk acquires it; each chunk releases at its end and the caller acquires after
// the join. Chunks stay unordered among themselves, so races between chunks are still reported.
// What remains is TBB's own task objects changing threads; runtime/tsan.supp names those frames.
// Outside a TSan build these compile to nothing.

#if defined(__SANITIZE_THREAD__)
#define SCALERUN_TSAN_ANNOTATE 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SCALERUN_TSAN_ANNOTATE 1
#endif
#endif

#ifdef SCALERUN_TSAN_ANNOTATE
#include <sanitizer/tsan_interface.h>
#endif

namespace scalerun::runtime {

#ifdef SCALERUN_TSAN_ANNOTATE
// Process-wide rather than per Runtime so a task can acquire before it reads any capture: the
// captures may live on the caller's stack, written just before the fork. The cost is extra edges
// between runtimes used concurrently, which only hides races between those.
inline char tsan_fork_sync = 0;
inline char tsan_join_sync = 0;
inline void tsan_before_fork() { __tsan_release(&tsan_fork_sync); }
inline void tsan_task_begins() { __tsan_acquire(&tsan_fork_sync); }
inline void tsan_task_ends() { __tsan_release(&tsan_join_sync); }
inline void tsan_after_join() { __tsan_acquire(&tsan_join_sync); }
// Copies what a TBB task carries (its captures, written into the task by the spawning thread).
// The runtime's own frames read task memory only through here, so the suppressions for TBB's
// hand-off (runtime/tsan.supp) can name this frame instead of frames that go on to run user code.
template <class T>
[[gnu::noinline]] T read_task_capture(const T& carried) {
  return carried;
}
#else
template <class T>
T read_task_capture(const T& carried) {
  return carried;
}
inline void tsan_before_fork() {}
inline void tsan_task_begins() {}
inline void tsan_task_ends() {}
inline void tsan_after_join() {}
#endif

}  // namespace scalerun::runtime
