#pragma once
// The results database from the command line: `scalerun runs`, `scalerun show RUN`,
// `scalerun export-extrap EXPERIMENT KERNEL` and `scalerun compare A B` (two runs point by point).

namespace scalerun::cli {

bool is_database_command(const char* word);
int run_database_command(int argc, char** argv);

}  // namespace scalerun::cli
