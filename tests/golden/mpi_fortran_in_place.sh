#!/usr/bin/env bash
# Fortran collectives with MPI_IN_PLACE (tests/programs/mpi_fortran_in_place.f90): each rank's
# collective bytes are its own blocks of the receive buffers, 200 on each of two ranks, not the
# ignored send arguments' (0, or 80 on rank 1 alone).
# Usage: mpi_fortran_in_place.sh PMPI_LIBRARY PROGRAM
set -euo pipefail
[ -x "$2" ] || { echo "FAIL: the Fortran test program was not built: $3"; exit 1; }
source "$(dirname "$0")/lib/pmpi_job.sh"
setup_job "$1" "$2"
run_job
expect 0 collective_bytes 200
expect 1 collective_bytes 200
echo "mpi_fortran_in_place: ok"
