#include "runtime/concurrent_calls.hpp"

#include <exception>

#include <oneapi/tbb/task_group.h>

#include "runtime/tsan_annotations.hpp"

namespace scalerun::runtime {

namespace {

struct Job {
  const std::function<void()>* call;
  std::exception_ptr* error;
  void operator()() const {
    try {
      (*call)();
    } catch (...) {
      *error = std::current_exception();
    }
  }
};

}  // namespace

void run_concurrently(const std::vector<std::function<void()>>& calls) {
  std::vector<std::exception_ptr> errors(calls.size());
  std::vector<Job> jobs;
  jobs.reserve(calls.size());
  for (std::size_t i = 0; i < calls.size(); ++i) jobs.push_back(Job{&calls[i], &errors[i]});
  tsan_before_fork();
  oneapi::tbb::task_group group;
  for (std::size_t i = 1; i < jobs.size(); ++i) {
    group.run([job = &jobs[i]] {
      tsan_task_begins();
      (*read_task_capture(job))();
      tsan_task_ends();
    });
  }
  if (!jobs.empty()) jobs.front()();  // the caller takes the first call itself
  group.wait();
  tsan_after_join();
  for (const auto& e : errors) {
    if (e) std::rethrow_exception(e);
  }
}

}  // namespace scalerun::runtime
