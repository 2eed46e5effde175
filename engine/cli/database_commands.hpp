#pragma once
// The results database from the command line: `scalerun runs`, `scalerun show RUN` and
// `scalerun export-extrap EXPERIMENT KERNEL`.

namespace scalerun::cli {

bool is_database_command(const char* word);
int run_database_command(int argc, char** argv);

}  // namespace scalerun::cli
