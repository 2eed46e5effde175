#!/usr/bin/env bash
# Ctrl-C during a measured sweep (issue 10 item 2): SIGINT once at least one point is stored must
# give exit 130 within a few seconds, keep every completed point, drop the one in progress, mark
# the run `interrupted` (not `running` for ever), print no table, and leave no child behind.
#   store_interrupt.sh BINARY native|tune|command
set -uo pipefail
bin=$1
case=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
db=$dir/int.db
script=tests/golden/scripts/store_interrupt_$case.lua

# The value of column NAME in the last row of `scalerun runs`, found by its header.
runs_field() {
  "$bin" runs --db "$db" --format csv 2>/dev/null |
    awk -F, -v name="$1" '!c { for (i = 1; i <= NF; i++) if ($i == name) c = i; next } $c != "" { v = $c } END { print v }'
}

"$bin" "$script" --db "$db" > "$dir/out.txt" 2> "$dir/err.txt" &
pid=$!
for _ in $(seq 1 1200); do  # up to 60 s for the first point
  [ -f "$db" ] && [ "$(runs_field points)" != "" ] && [ "$(runs_field points)" -ge 1 ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.05
done
before=$(runs_field points)
[ -n "$before" ] && [ "$before" -ge 1 ] || { echo "FAIL: no point stored before the interrupt"; cat "$dir/err.txt"; kill -9 "$pid"; exit 1; }
kill -0 "$pid" 2>/dev/null || { echo "FAIL: the sweep ended before it could be interrupted"; cat "$dir/err.txt"; exit 1; }
kill -INT "$pid"
# Ctrl-C must end it within a few seconds: a hard limit, so a hang fails instead of waiting.
for _ in $(seq 1 200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
if kill -0 "$pid" 2>/dev/null; then
  kill -9 "$pid"
  echo "FAIL: still running 10 s after SIGINT"
  exit 1
fi
wait "$pid"
code=$?
after=$(runs_field points)
status=$(runs_field status)
echo "$case: interrupted after $before stored points: exit $code, $after points kept, run $status"
fail=0
[ "$code" -eq 130 ] || { echo "FAIL: exit $code, expected 130"; fail=1; }
[ "$after" -ge "$before" ] || { echo "FAIL: $before points were stored before the interrupt, $after after"; fail=1; }
[ "$status" = interrupted ] || { echo "FAIL: the run is marked '$status', expected 'interrupted'"; fail=1; }
if grep -q "verified" "$dir/out.txt"; then echo "FAIL: tables printed after the interrupt"; fail=1; fi
if [ "$case" = command ] && pgrep -f "sleep 1000.17" > /dev/null; then
  echo "FAIL: the external command's child outlived scalerun"; pkill -f "sleep 1000.17"; fail=1
fi
[ "$fail" -eq 0 ] || { echo "--- stderr:"; cat "$dir/err.txt"; exit 1; }
echo "store_interrupt $case: ok"
