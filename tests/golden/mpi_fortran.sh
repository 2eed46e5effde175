#!/usr/bin/env bash
# The interposition layer's Fortran entry points (pmpi/fortran_bindings.cpp) against two Fortran
# programs whose truth is known by construction (tests/programs/mpi_fortran.f90 with `use mpi`,
# mpi_fortran_f08.f90 with `use mpi_f08`; read the first's head comment), each run on two ranks
# with the library preloaded:
#   - every rank writes its record, ended by MPI_Finalize;
#   - messages and bytes sent and received, and collective bytes, exact;
#   - calls of each kind as many as the program counted, and the time of each kind (and busy,
#     wall, and polling: tests and probes that found nothing) within 2 ms + 2 % of the program's
#     own clock (MPI_Wtime around each call);
#   - busy + MPI time = wall per rank (nothing counted twice);
#   - the known wait: rank 0 spends >= 0.2 s in point to point and little busy; rank 1, which
#     spins those 0.2 s polling MPI_Iprobe every millisecond, >= 0.19 s busy and some polling.
# A program that was not built (no Fortran compiler, or no MPI Fortran binding: see
# tests/CMakeLists.txt) fails the test with the reason; it is not skipped.
# Usage: mpi_fortran.sh PMPI_LIBRARY PROGRAM... (a PROGRAM of the form missing:REASON fails)
set -euo pipefail
lib=$(realpath "$1")
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
[ $# -gt 0 ] || fail "no program given"

for program in "$@"; do
  case "$program" in
    missing:*) fail "the Fortran test programs were not built: ${program#missing:}" ;;
  esac
  [ -x "$program" ] || fail "$program: no such program"
  name=$(basename "$program")
  run="$dir/$name"
  mkdir -p "$run"
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_orte_tmpdir_base="$run" \
    mpirun -np 2 --oversubscribe -x LD_PRELOAD="$lib" -x SCALERUN_PMPI_DIR="$run" "$program" > "$run/out.txt" 2>&1 ||
    { cat "$run/out.txt"; fail "$name: the program failed"; }

  for rank in 0 1; do
    [ -f "$run/rank-$rank.json" ] || { cat "$run/out.txt"; fail "$name: rank $rank wrote no record"; }
    grep -q "\"ended_by\": \"finalize\"" "$run/rank-$rank.json" || fail "$name: rank $rank did not end by MPI_Finalize"
    grep -q "^clock rank $rank " "$run/out.txt" || { cat "$run/out.txt"; fail "$name: rank $rank printed no clock"; }
  done
  field() { grep -o "\"$2\": [0-9.e+-]*" "$run/rank-$1.json" | head -1 | awk '{print $2}'; }
  # The program's own figure: "clock rank R wall W point_to_point T N collective T N ...".
  clock() {
    awk -v r="$1" -v what="$2" -v col="$3" '$1 == "clock" && $3 == r {
      for (i = 4; i <= NF; ++i) if ($i == what) { print $(i + col); exit } }' "$run/out.txt"
  }
  expect() {
    local got
    got=$(field "$1" "$2")
    [ "$got" = "$3" ] || fail "$name: rank $1: $2 = $got, expected $3"
  }
  # $1 rank, $2 what, $3 the record's value, $4 the program's: within 2 ms + 2 %.
  near() {
    awk -v a="$3" -v b="$4" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 0.002 + 0.02 * b) }' ||
      fail "$name: rank $1: $2 = $3 s, the program's clock says $4 s (more than 2 ms + 2 % apart)"
  }
  holds() { awk -v a="$2" -v b="$4" "BEGIN { exit !(a $3 b) }" || fail "$name: $1: $2 is not $3 $4"; }

  expect 0 messages_sent 8
  expect 0 bytes_sent 17828
  expect 0 messages_received 6
  expect 0 bytes_received 10252
  expect 1 messages_sent 6
  expect 1 bytes_sent 10252
  expect 1 messages_received 8
  expect 1 bytes_received 17828
  expect 0 collective_bytes 2924
  expect 1 collective_bytes 2924
  expect 0 size 2
  expect 1 size 2

  for rank in 0 1; do
    mpi=0
    program_mpi=0
    for kind in point_to_point collective wait barrier; do
      expect "$rank" "${kind}_calls" "$(clock "$rank" "$kind" 2)"
      seconds=$(field "$rank" "$kind")
      near "$rank" "$kind" "$seconds" "$(clock "$rank" "$kind" 1)"
      mpi=$(awk -v a="$mpi" -v b="$seconds" 'BEGIN { printf "%.17g", a + b }')
      program_mpi=$(awk -v a="$program_mpi" -v b="$(clock "$rank" "$kind" 1)" 'BEGIN { printf "%.17g", a + b }')
    done
    wall=$(field "$rank" wall)
    busy=$(field "$rank" busy)
    program_wall=$(clock "$rank" wall 1)
    near "$rank" wall "$wall" "$program_wall"
    near "$rank" busy "$busy" "$(awk -v w="$program_wall" -v m="$program_mpi" 'BEGIN { printf "%.17g", w - m }')"
    near "$rank" polling "$(field "$rank" polling)" "$(clock "$rank" polling 1)"
    # Nothing counted twice: every interval is in one call or between two.
    awk -v b="$busy" -v m="$mpi" -v w="$wall" 'BEGIN { d = b + m - w; if (d < 0) d = -d; exit !(d <= 0.01 * w) }' ||
      fail "$name: rank $rank: busy $busy + MPI $mpi is not its wall $wall"
  done
  holds "rank 0's point-to-point time (it waits 0.2 s for rank 1)" "$(field 0 point_to_point)" ">=" 0.2
  holds "rank 0's busy time" "$(field 0 busy)" "<" 0.1
  holds "rank 1's busy time (it spins 0.2 s, polling now and then)" "$(field 1 busy)" ">=" 0.19
  holds "rank 1's polling time (its MPI_Iprobe calls that found nothing)" "$(field 1 polling)" ">" 0
  echo "mpi_fortran: $name ok"
done
