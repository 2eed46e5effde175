#!/usr/bin/env bash
# The interposition layer's one-sided, I/O and further collective families against a program
# whose bytes and calls are known by construction (tests/programs/mpi_families.cpp): bytes exact,
# call counts exact, and each rank's one-sided and I/O time within 2 ms + 2 % of the program's own
# clock around those calls (rank 0 waits 0.1 s in a fence).
# Usage: mpi_families.sh PMPI_LIBRARY MPI_FAMILIES_PROGRAM [mpich]
set -euo pipefail
source "$(dirname "$0")/lib/pmpi_job.sh"
setup_job "$@"
run_job "$dir/scratch"
# The program's own clock for a kind, and the record's, within 2 ms + 2 %.
near() {
  local own got
  own=$(awk -v r="$1" -v k="$2" '$1 == "clock" && $2 == r { for (i = 3; i < NF; i += 2) if ($i == k) print $(i + 1) }' "$dir/out.txt")
  got=$(field "$1" "$2")
  [ -n "$own" ] || { cat "$dir/out.txt"; fail "rank $1 printed no clock for $2"; }
  awk -v a="$got" -v b="$own" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 0.002 + 0.02 * b) }' ||
    fail "rank $1: $2 = $got s, the program's own clock says $own s"
}
expect 0 one_sided_bytes 1400
expect 1 one_sided_bytes 132
expect 0 io_bytes 2040
expect 1 io_bytes 2040
expect 0 collective_bytes 224
expect 1 collective_bytes 224
# A 48-byte message received as 2 elements of a 4-double type still counts, whole.
expect 1 messages_received 1
expect 1 bytes_received 48
# Windows made and freed twice, 4 fences; rank 0: put, get, accumulate, the put to MPI_PROC_NULL;
# rank 1: lock, get, fetch-and-op, compare-and-swap, rput, unlock, the put to MPI_PROC_NULL.
expect 0 one_sided_calls 12
expect 1 one_sided_calls 15
# open, write_at, sync, read_at, write_at_all, iwrite_at, read_at, close; open, set_view,
# write_all_begin, write_all_end, close (+ two deletes on rank 0).
expect 0 io_calls 15
expect 1 io_calls 13
# Regions: "rec" recursed once, its time counted once (about 20 ms, not 30); names not UTF-8 are
# escaped, the record stays JSON; an end out of order is a region error; NaN is null.
for r in 0 1; do
  rec=$(grep -o '"rec": {"seconds": [0-9.e+-]*' "$dir/rank-$r.json" | awk '{print $3}')
  awk -v t="$rec" 'BEGIN { exit !(t >= 0.019 && t < 0.027) }' || fail "rank $r: region rec took $rec s, expected about 0.020 (counted once)"
  grep -q '"caf\\u00e9 \\u00ff"' "$dir/rank-$r.json" || fail "rank $r: a name that is not UTF-8 was not escaped"
  grep -q '"say \\"hi\\"\\u000athere"' "$dir/rank-$r.json" || fail "rank $r: a quote or newline in a name was not escaped"
  grep -q "\"region_error\": \"scalerun_end(\\\\\"a\\\\\") while region 'b' inside it is still open" "$dir/rank-$r.json" ||
    fail "rank $r: crossed regions not said"
  grep -q '"not a number": null' "$dir/rank-$r.json" || fail "rank $r: a NaN value is not null"
  grep -q '"worker": {"seconds": [0-9.e+-]*, "mpi": [0-9.e+-]*, "calls": 400}' "$dir/rank-$r.json" ||
    fail "rank $r: regions from four threads did not add up to 400 calls"
done
for r in 0 1; do
  near "$r" one_sided
  near "$r" io
done
awk -v t="$(field 0 one_sided)" 'BEGIN { exit !(t >= 0.1) }' || fail "rank 0 did not wait 0.1 s in the fence"
echo "mpi_families: ok"
