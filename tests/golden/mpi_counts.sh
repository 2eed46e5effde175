#!/usr/bin/env bash
# The interposition layer's message counts against a program whose counts are known by
# construction (tests/programs/mpi_counts.cpp): MPI_PROC_NULL is no message, a non-blocking
# receive counts the message received (from its status), not the buffer posted, and it is counted
# when MPI_Test, MPI_Wait or MPI_Waitall completes it; a cancelled or freed receive is none;
# MPI_Mrecv counts; a non-blocking collective counts its bytes.
# Usage: mpi_counts.sh PMPI_LIBRARY MPI_COUNTS_PROGRAM [mpich]
set -euo pipefail
source "$(dirname "$0")/lib/pmpi_job.sh"
setup_job "$@"
run_job
expect 0 messages_sent 2
expect 0 bytes_sent 16400
expect 0 messages_received 1
expect 0 bytes_received 2000
expect 1 messages_sent 1
expect 1 bytes_sent 2000
expect 1 messages_received 2
expect 1 bytes_received 16400
expect 0 collective_bytes 2000
expect 1 collective_bytes 2000
echo "mpi_counts: ok"
