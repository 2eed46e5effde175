#pragma once
// The first exception thrown by any of a region's ranks, kept until every rank has returned.

#include <exception>
#include <mutex>
#include <utility>

namespace scalerun::runtime {

class FirstError {
 public:
  void capture(std::exception_ptr e) {
    const std::lock_guard<std::mutex> hold(mutex_);
    if (!error_) error_ = std::move(e);
  }
  // After the ranks have joined. The lock is for ThreadSanitizer, which cannot see that join.
  void rethrow() {
    std::exception_ptr e;
    {
      const std::lock_guard<std::mutex> hold(mutex_);
      e = error_;
    }
    if (e) std::rethrow_exception(e);
  }

 private:
  std::mutex mutex_;
  std::exception_ptr error_;
};

}  // namespace scalerun::runtime
