#include "rank_events.hpp"

#include <sys/mman.h>

#include <cstdlib>
#include <cstring>

#include "rank_file.hpp"
#include "rank_record.hpp"

namespace scalerun::pmpi {

void RankEvents::start() {
  // 1 Mi events (48 MiB) at most by default: a rank that logs more gets no wait states (scalerun
  // says so) rather than a log that eats its memory, and scalerun's matching of all ranks' logs
  // (about 100 bytes an event) stays within a node's memory for a few dozen ranks.
  cap_ = std::size_t{1} << 20;
  if (const char* text = std::getenv(measure::kWaitLogCapVariable); text != nullptr && *text != '\0') {
    char* end = nullptr;
    const unsigned long long value = std::strtoull(text, &end, 10);
    if (end != nullptr && *end == '\0') cap_ = static_cast<std::size_t>(value);
  }
}

void RankEvents::Unmap::operator()(Event* chunk) const { munmap(chunk, kChunk * sizeof(Event)); }

RankEvents::Event* RankEvents::add() {
  if (size_ >= cap_) {
    ++dropped_;
    return nullptr;
  }
  if (size_ == chunks_.size() * kChunk) {
    void* chunk = mmap(nullptr, kChunk * sizeof(Event), PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (chunk == MAP_FAILED) {
      ++dropped_;  // no memory for the log: it is incomplete, and scalerun says so
      return nullptr;
    }
    chunks_.emplace_back(static_cast<Event*>(chunk));
  }
  // Every slot is used once, and chunks come zeroed: nothing to clear.
  Event* event = &at(size_);
  ++size_;
  return event;
}

void RankEvents::write(const char* dir, int rank) {
  const RankFile file(dir, rank, ".events");
  std::FILE* f = file.get();
  if (f == nullptr) return;
  measure::WaitLogHeader header;
  std::memcpy(header.magic, measure::kWaitLogMagic, sizeof header.magic);
  header.count = size_;
  header.dropped = dropped_;
  std::fwrite(&header, sizeof header, 1, f);
  for (std::size_t first = 0; first < size_; first += kChunk) {
    const std::size_t n = size_ - first < kChunk ? size_ - first : kChunk;
    Event* chunk = chunks_[first / kChunk].get();
    for (std::size_t i = 0; i < n; ++i) {
      chunk[i].enter = corrected(chunk[i].enter);
      chunk[i].exit = corrected(chunk[i].exit);
      if (chunk[i].posted != 0) chunk[i].posted = corrected(chunk[i].posted);
    }
    std::fwrite(chunks_[first / kChunk].get(), sizeof(Event), n, f);
  }
}

}  // namespace scalerun::pmpi
