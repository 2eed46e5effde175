#include "kernels/mpi/mpi_kernel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace scalerun::mpi_kernels {

World start(int* argc, char*** argv) {
  MPI_Init(argc, argv);
  World world;
  MPI_Comm_rank(MPI_COMM_WORLD, &world.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world.size);
  return world;
}

double slowest(double mine_seconds) {
  double seconds = 0;
  MPI_Reduce(&mine_seconds, &seconds, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  return seconds;
}

double Arguments::get(const std::string& name, double fallback) const {
  const auto it = values.find(name);
  return it == values.end() ? fallback : it->second;
}

Arguments parse_arguments(int argc, char** argv, const std::vector<std::string>& known) {
  Arguments args;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const auto fail = [&](const std::string& why) {
    if (rank == 0) {
      std::string names;
      for (const auto& k : known) names += (names.empty() ? "--" : ", --") + k;
      std::fprintf(stderr, "%s: %s (options: %s, each with a number)\n", argv[0], why.c_str(), names.c_str());
    }
    MPI_Finalize();
    std::exit(2);
  };
  for (int i = 1; i < argc; i += 2) {
    const std::string option = argv[i];
    if (!option.starts_with("--") || std::find(known.begin(), known.end(), option.substr(2)) == known.end()) {
      fail(fmt::format("unknown option '{}'", option));
    }
    if (i + 1 >= argc) fail(fmt::format("{} needs a number", option));
    char* end = nullptr;
    const double value = std::strtod(argv[i + 1], &end);
    if (end == argv[i + 1] || *end != '\0' || !std::isfinite(value)) {
      fail(fmt::format("{} {}: not a number", option, argv[i + 1]));
    }
    args.values[option.substr(2)] = value;
  }
  return args;
}

std::vector<double> marked_speeds(int ranks) {
  std::vector<double> speeds;
  if (const char* text = std::getenv("SCALERUN_SPEEDS")) {
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) speeds.push_back(std::strtod(item.c_str(), nullptr));
  }
  const bool usable = static_cast<int>(speeds.size()) == ranks &&
                      std::all_of(speeds.begin(), speeds.end(), [](double s) { return s > 0 && std::isfinite(s); });
  return usable ? speeds : std::vector<double>(static_cast<std::size_t>(ranks), 1.0);
}

std::vector<int> proportional_rows(int n, const std::vector<double>& speeds) {
  const double total = std::accumulate(speeds.begin(), speeds.end(), 0.0);
  std::vector<int> rows(speeds.size());
  std::vector<std::pair<double, std::size_t>> remainders;
  int given = 0;
  for (std::size_t i = 0; i < speeds.size(); ++i) {
    const double share = n * speeds[i] / total;
    rows[i] = static_cast<int>(std::floor(share));
    given += rows[i];
    remainders.emplace_back(share - rows[i], i);
  }
  // Ties go to the lower rank, so the split is the same on every rank.
  std::stable_sort(remainders.begin(), remainders.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t k = 0; given < n; ++k, ++given) ++rows[remainders[k % remainders.size()].second];
  return rows;
}

std::vector<int> offsets_of(const std::vector<int>& counts) {
  std::vector<int> offsets(counts.size(), 0);
  for (std::size_t i = 1; i < counts.size(); ++i) offsets[i] = offsets[i - 1] + counts[i - 1];
  return offsets;
}

int finish(const Outcome& outcome, const World& world) {
  if (world.rank == 0) {
    nlohmann::json line = {{"time", outcome.seconds}, {"verified", outcome.verified},
                           {"verify_message", outcome.message}};
    for (const auto& [name, value] : outcome.figures) line[name] = value;
    std::printf("%s\n", line.dump().c_str());
    std::fflush(stdout);
  }
  // Rank 0 alone checked: every rank exits with its verdict, so the launcher's status is the job's.
  int verified = outcome.verified ? 1 : 0;
  MPI_Bcast(&verified, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return verified != 0 ? 0 : 1;
}

}  // namespace scalerun::mpi_kernels
