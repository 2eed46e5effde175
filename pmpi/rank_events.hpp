#pragma once
// The rank's wait-state log (measure/wait_event.hpp): every message sent and received and every
// blocking collective, with the interval of its call, kept in chunks allocated as the log grows
// (each chunk's pages touched when it is allocated, so keeping an event never page-faults) up to
// the cap scalerun sets, and written at MPI_Finalize as rank-<rank>.events.

#include <cstddef>
#include <memory>
#include <vector>

#include "measure/wait_event.hpp"

namespace scalerun::pmpi {

class RankEvents {
 public:
  using Event = measure::WaitEvent;

  // Reads the cap (SCALERUN_PMPI_EVENTS; a default when it is not set).
  void start();
  std::size_t size() const { return size_; }
  // The event at `index` (< size()).
  Event& at(std::size_t index) { return chunks_[index / kChunk].get()[index % kChunk]; }
  // A new event at the end, or nullptr past the cap (counted as dropped).
  Event* add();
  // Writes `dir`/rank-<rank>.events through a temporary file renamed into place, its times mapped
  // onto CLOCK_MONOTONIC (rank_record.hpp's corrected) on the way.
  void write(const char* dir, int rank);

 private:
  static constexpr std::size_t kChunk = 1 << 14;  // 768 KiB of events
  // Chunks mapped with their pages populated in one system call (zeroed by the kernel): a fault
  // per fresh page, taken while logging, cost more than the logging itself.
  struct Unmap {
    void operator()(Event* chunk) const;
  };
  std::vector<std::unique_ptr<Event, Unmap>> chunks_;
  std::size_t size_ = 0, cap_ = 0;
  unsigned long long dropped_ = 0;
};

}  // namespace scalerun::pmpi
