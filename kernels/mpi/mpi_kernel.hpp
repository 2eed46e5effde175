#pragma once
// What every shipped MPI kernel shares: its --name value arguments, the marked speeds scalerun
// passes (SCALERUN_SPEEDS, one per rank in rank order, from the machine's node groups), rows
// split in proportion to them, and the one JSON line rank 0 prints at the end, which scalerun
// reads: {"time": s, "verified": true, "verify_message": "...", ...numbers}.

#include <mpi.h>

#include <map>
#include <string>
#include <vector>

namespace scalerun::mpi_kernels {

struct World {
  int rank = 0, size = 1;
};

// MPI_Init, then this rank and the size of MPI_COMM_WORLD.
World start(int* argc, char*** argv);

// The slowest rank's time, on rank 0 (a reduction with MPI_MAX; other ranks get 0).
double slowest(double mine_seconds);

struct Arguments {
  std::map<std::string, double> values;
  // The value of --name, or `fallback` when it was not given.
  double get(const std::string& name, double fallback) const;
};

// "--n 512 --seed 7": every option takes one number. Exits (status 2, message on stderr from
// rank 0) on anything else, before any work, so a typo never runs a default size.
Arguments parse_arguments(int argc, char** argv, const std::vector<std::string>& known);

// One per rank: SCALERUN_SPEEDS ("2e9,1e9,1e9,1e9") when set and of the world's size, else 1 each.
std::vector<double> marked_speeds(int ranks);

// n rows split in proportion to the speeds, as whole rows (largest remainder), in rank order:
// rows[i] is rank i's count; they add up to n.
std::vector<int> proportional_rows(int n, const std::vector<double>& speeds);

// Prefix sums of counts: where each rank's rows start.
std::vector<int> offsets_of(const std::vector<int>& counts);

struct Outcome {
  double seconds = 0;  // the timed part, the slowest rank's
  bool verified = false;
  std::string message;
  std::map<std::string, double> figures;
};

// Rank 0 prints the outcome as one JSON line on stdout; then MPI_Finalize. Returns the exit
// status: 0 when verified, 1 when not (scalerun counts a failed verification as a failed check,
// not a crash).
int finish(const Outcome& outcome, const World& world);

}  // namespace scalerun::mpi_kernels
