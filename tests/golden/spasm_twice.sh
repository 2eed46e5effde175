#!/usr/bin/env bash
# Simulate mode is deterministic: scripts/spasm_bus_cube.lua run twice prints the same tables,
# byte for byte (CSV on stdout: every table, every digit), and both runs pass their checks.
set -euo pipefail
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

for run in first second; do
  status=0
  "$bin" scripts/spasm_bus_cube.lua --format csv --db "$dir/$run.db" > "$dir/$run.csv" 2> "$dir/$run.err" || status=$?
  if [ "$status" -ne 0 ]; then
    echo "FAIL: the $run run exited with status $status"
    tail -20 "$dir/$run.err"
    exit 1
  fi
done

grep -q "speedup" "$dir/first.csv" || { echo "FAIL: no speedup table in the output"; head -20 "$dir/first.csv"; exit 1; }
if ! cmp -s "$dir/first.csv" "$dir/second.csv"; then
  echo "FAIL: the two runs differ"
  diff "$dir/first.csv" "$dir/second.csv" | head -20
  exit 1
fi
echo "spasm_twice: $(wc -l < "$dir/first.csv") lines, identical in both runs"
