#!/bin/sh
# fixed_times.sh P: a stand-in program whose run times are fixed, for the statistics of measured
# points (tests/golden/scripts/fixed_times.lua). Its k-th call with the same P under the same
# parent (one scalerun) prints {"seconds": T} with the k-th time of P's list below; the count is
# kept in a file in $TMPDIR, removed after the last time.
p=$1
state="${TMPDIR:-/tmp}/scalerun_fixed_times_${PPID}_$p"
k=$(cat "$state" 2>/dev/null || echo 0)
k=$((k + 1))
case $p in
  # p = 1: a warm-up, then a first timed run 3x slower than the rest: a slow start.
  1) set -- 9 0.30 0.10 0.11 0.09 0.10 ;;
  # p = 2: a warm-up, then one run far from the others: an outlier (run 5).
  2) set -- 9 0.050 0.051 0.049 0.050 0.090 ;;
  # p = 4: every run but one equal: MAD = 0, no outliers.
  *) set -- 9 0.025 0.025 0.025 0.025 0.040 ;;
esac
shift $((k - 1))
echo "$k" > "$state"
[ $# -le 1 ] && rm -f "$state"
echo "{\"seconds\": $1}"
