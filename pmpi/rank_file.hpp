#pragma once
// One of a rank's files in $SCALERUN_PMPI_DIR (rank-<rank>.json, rank-<rank>.trace), written whole
// or not at all: into a temporary file renamed into place when closed, so a reader never sees
// half of one.

#include <cstdio>
#include <string>

namespace scalerun::pmpi {

class RankFile {
 public:
  RankFile(const char* dir, int rank, const char* suffix)
      : path_(std::string(dir) + "/rank-" + std::to_string(rank) + suffix), partial_(path_ + ".partial"),
        file_(std::fopen(partial_.c_str(), "w")) {}
  ~RankFile() {
    if (file_ == nullptr) return;
    const bool written = std::fflush(file_) == 0;
    std::fclose(file_);
    if (written) std::rename(partial_.c_str(), path_.c_str());
  }
  RankFile(const RankFile&) = delete;
  RankFile& operator=(const RankFile&) = delete;

  std::FILE* get() const { return file_; }  // nullptr when it could not be created

 private:
  std::string path_, partial_;
  std::FILE* file_;
};

}  // namespace scalerun::pmpi
