#!/usr/bin/env bash
# --trace FILE.json: every point's timeline as Chrome Trace Event JSON. A measured run (TBB loops,
# a reduction, spmd ranks at barriers), an MPI job (every rank's calls, when this build has MPI)
# and a simulated run (processors, messages) are read back
# by trace_check, which checks the document's form, that every interval lies inside its point's
# run, and that each worker's (processor's) slices add up to its instrumented busy time within 1 %.
# Then the errors: an unwritable --trace path is one line and exit 2 before anything runs; a run
# with no measured or simulated point writes an empty trace and warns.
# Usage: trace.sh SCALERUN TRACE_CHECK [mpi]
set -euo pipefail
bin=$(realpath "$1")
check=$(realpath "$2")
with_mpi=${3:-}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# Measured: 2 experiments x 3 processor counts.
"$bin" tests/golden/scripts/trace_measure.lua --trace "$dir/measured.json" --db "$dir/db" --quiet > "$dir/m.out" ||
  [ $? -eq 1 ] || fail "the measured run failed"
"$check" "$dir/measured.json" 6 || fail "measured trace"
grep -q '"name":"idle"' "$dir/measured.json" || fail "no idle slice in a run with barriers"

# MPI ranks, in a build with MPI (CMake passes "mpi" then).
if [ "$with_mpi" = mpi ]; then
  "$bin" tests/golden/scripts/trace_mpi.lua --trace "$dir/mpi.json" --db "$dir/db" --quiet > "$dir/mpi.out" ||
    fail "the MPI run failed"
  "$check" "$dir/mpi.json" 2 || fail "MPI trace"
  grep -q '"name":"rank 1 (' "$dir/mpi.json" || fail "no track per rank in the MPI trace"
fi

# Simulated: an allreduce on a shared bus at p = 1 .. 64, messages included.
"$bin" tests/golden/scripts/sim_bus.lua --mode simulate --trace "$dir/simulated.json" --db "$dir/db" --quiet > "$dir/s.out" ||
  fail "the simulated run failed"
"$check" "$dir/simulated.json" 7 | tail -1 || fail "simulated trace"
grep -q '"ph":"s"' "$dir/simulated.json" || fail "no message flights in the simulated trace"
grep -q '"clock":"simulated"' "$dir/simulated.json" || fail "the simulated trace does not say its clock"

# An unwritable path: one line, exit 2, nothing measured (no database written).
set +e
"$bin" tests/golden/scripts/trace_measure.lua --trace /proc/no/such/dir/t.json --db "$dir/db2" > "$dir/e.out" 2> "$dir/e.err"
rc=$?
set -e
[ "$rc" -eq 2 ] || fail "unwritable --trace: exit $rc, expected 2"
[ "$(wc -l < "$dir/e.err")" -eq 1 ] || { cat "$dir/e.err"; fail "unwritable --trace: not one line"; }
grep -q '^scalerun: --trace /proc/no/such/dir/t.json: .*(give a file in a folder you can write)$' "$dir/e.err" ||
  { cat "$dir/e.err"; fail "unwritable --trace: wrong message"; }
[ ! -e "$dir/db2" ] || fail "unwritable --trace: the run went ahead"

# Model points only: an empty trace that still parses, and a warning.
"$bin" scripts/quickstart.lua --trace "$dir/model.json" > /dev/null 2> "$dir/q.err" || fail "quickstart --trace failed"
grep -q 'warning: --trace .*no measured or simulated point' "$dir/q.err" || fail "no warning for an empty trace"
"$check" "$dir/model.json" 0 > /dev/null || fail "the empty trace does not parse"
echo "trace: ok"
