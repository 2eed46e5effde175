#!/usr/bin/env bash
# MPI jobs that go wrong, through the real binary and Open MPI's mpirun on this host (or with a
# third argument "mpich", MPICH's mpiexec and the program built for MPICH: machines.localhost_mpich):
#   a rank that segfaults, one that calls MPI_Abort: one line naming the rank, its host, how it
#     ended and its last stderr line, exit 2, and the point measured before it kept;
#   a rank that exits 1 after MPI_Finalize (while rank 0 prints "verified": true), and one that
#     returns from main without MPI_Finalize: the same one line, the real host name, exit 2;
#   a program that asks for MPI_THREAD_MULTIPLE: measured, with a warning and a note that the
#     busy and MPI columns are not per thread;
#   a hung rank: --run-timeout ends the whole job, every rank, with a message, exit 2;
#   scalerun SIGKILLed mid-sweep, then --resume: every completed point recalled, none lost (its
#     sweep measures the shipped kernels, built for Open MPI: not run under MPICH).
set -euo pipefail
bin=$(realpath "$1")
fault=$(realpath "$2")
flavour=${3:-openmpi}
machine=()
[ "$flavour" = mpich ] && machine=(--set machine=machines.localhost_mpich)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# run NAME SCRIPT [ARGS]: exit status in $rc, stderr in $dir/NAME.err, database $dir/NAME.db
run() {
  local name=$1 script=$2
  shift 2
  rc=0
  "$bin" "$script" --db "$dir/$name.db" --set "program=$fault" "${machine[@]}" --quiet "$@" > /dev/null 2> "$dir/$name.err" || rc=$?
}
stored() { "$bin" runs --db "$1" --format csv | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "points") c = i; next } { s += $c } END { print s + 0 }'; }

# fails_with NAME SCRIPT WHAT LINE: the run exits 2 with LINE (a grep pattern) on stderr, and the
# p = 1 point measured before the failing p = 2 one is kept.
fails_with() {
  local name=$1 script=$2 what=$3 line=$4
  run "$name" "$script"
  [ "$rc" -eq 2 ] || { cat "$dir/$name.err"; fail "$what: exit $rc, expected 2"; }
  grep -q "$line" "$dir/$name.err" || { cat "$dir/$name.err"; fail "$what: no one-line message naming the rank, its host, how it ended and its stderr"; }
  [ "$(stored "$dir/$name.db")" -eq 1 ] || fail "$what: the p=1 point measured before it was not kept"
}

fails_with crash tests/golden/errors/mpi_rank_crash.lua "a crashing rank" \
  "mpi_rank_crash.lua:2: kernel 'mpi_fault' at p=2: rank 1 on host .* was killed by signal 11 (Segmentation fault); its stderr ends: 'mpi_fault: rank 1: about to dereference a null pointer'"
fails_with abort tests/golden/errors/mpi_rank_abort.lua "MPI_Abort" \
  "rank 1 on host .* called MPI_Abort with error code 3; its stderr ends: 'mpi_fault: rank 1: giving up with MPI_Abort(3)'"
# Before the fix it passed as verified: rank 0 prints "verified": true.
fails_with status tests/golden/errors/mpi_rank_fail_after_finalize.lua "a rank exiting 1 after MPI_Finalize" \
  "mpi_rank_fail_after_finalize.lua:2: kernel 'mpi_fault' at p=2: rank 1 on host $(hostname) exited with status 1 after MPI_Finalize; its stderr ends: 'mpi_fault: rank 1: failing with status 1 after MPI_Finalize'"
fails_with nofinalize tests/golden/errors/mpi_rank_skip_finalize.lua "a rank without MPI_Finalize" \
  "mpi_rank_skip_finalize.lua:2: kernel 'mpi_fault' at p=2: rank 1 on host $(hostname) ended (returned from main or called exit) without calling MPI_Finalize; its stderr ends: 'mpi_fault: rank 1: returning without MPI_Finalize'"
if grep -q -- "-----" "$dir/nofinalize.err"; then fail "a rank without MPI_Finalize: mpirun's separator line quoted"; fi

# MPI_THREAD_MULTIPLE: the run is measured, and both the warning and the ranks table say the busy
# and MPI columns are not per thread.
rc=0
"$bin" tests/golden/errors/mpi_thread_multiple.lua --db "$dir/threads.db" --set "program=$fault" "${machine[@]}" > "$dir/threads.out" 2> "$dir/threads.err" || rc=$?
[ "$rc" -eq 0 ] || { cat "$dir/threads.err"; fail "MPI_THREAD_MULTIPLE: exit $rc, expected 0"; }
grep -q "scalerun: warning: threads: p=2: the program initialized MPI with MPI_THREAD_MULTIPLE" "$dir/threads.err" ||
  { cat "$dir/threads.err"; fail "MPI_THREAD_MULTIPLE: no warning"; }
grep -q "p = 2: MPI_THREAD_MULTIPLE: MPI calls are timed per rank, not per thread" "$dir/threads.out" ||
  { cat "$dir/threads.out"; fail "MPI_THREAD_MULTIPLE: the ranks table does not say so"; }

start=$(date +%s)
run hang tests/golden/errors/mpi_rank_hang.lua --run-timeout 2
took=$(( $(date +%s) - start ))
[ "$rc" -eq 2 ] || fail "a hung job: exit $rc, expected 2"
grep -q "kernel 'mpi_fault' at p=2 ran past its run_timeout of 2 s; the whole MPI job, every rank, was ended" "$dir/hang.err" ||
  { cat "$dir/hang.err"; fail "a hung job: no message"; }
[ "$took" -le 15 ] || fail "a hung job took $took s to end with --run-timeout 2"
for _ in $(seq 1 50); do pgrep -f "$fault --hang" > /dev/null || break; sleep 0.1; done
if pgrep -af "$fault --hang"; then fail "a hung job: ranks still running after scalerun ended"; fi

if [ "$flavour" = mpich ]; then
  echo "mpi_faults (MPICH): ok"
  exit 0
fi
# SIGKILL once two points are stored, then --resume: they are recalled, the rest measured.
db=$dir/sweep.db
source "$(dirname "$0")/kill_after_points.sh"
kill_after 2 "$bin" tests/golden/scripts/mpi_sweep.lua --db "$db" --quiet
before=$(points)
echo "killed after $before stored points"
[ "$before" -ge 2 ] && [ "$before" -lt 4 ] || fail "expected 2 or 3 points before the kill, got $before"
"$bin" tests/golden/scripts/mpi_sweep.lua --db "$db" --resume > "$dir/resumed.txt" 2> "$dir/resumed.err" ||
  { cat "$dir/resumed.err"; fail "--resume failed"; }
recalled=$(grep -c '(stored)' "$dir/resumed.err" || true)
[ "$recalled" -eq "$before" ] || fail "$before points were stored but $recalled recalled"
[ "$(points)" -eq 4 ] || fail "expected 4 stored points in all, got $(points)"
grep -q "per rank, the run nearest the median" "$dir/resumed.txt" || fail "the resumed run lost its ranks table"
echo "mpi_faults: ok"
