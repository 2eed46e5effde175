#!/usr/bin/env bash
# The three runs of a simulated point (ideal, contention-free, real) run at once on TBB workers
# when the program is recorded ahead and there are cores for them; the output must be byte for
# byte the output of running them one after the other. The SPASM study (scripts/spasm_bus_cube.lua)
# is run on one core (taskset: TBB then has one worker and runs them in turn) and on all cores,
# as text and as JSON, and the outputs compared.
# Usage: sim_concurrent.sh SCALERUN
set -euo pipefail
bin=$(realpath "$1")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
[ "$(nproc)" -ge 2 ] || echo "note: $(nproc) core(s): both runs are sequential here"
for format in table json; do
  taskset -c 0 "$bin" scripts/spasm_bus_cube.lua --format "$format" --db "$dir/one.db" --quiet > "$dir/one.$format" ||
    fail "the one-core run failed"
  "$bin" scripts/spasm_bus_cube.lua --format "$format" --db "$dir/all.db" --quiet > "$dir/all.$format" ||
    fail "the all-core run failed"
  if [ "$format" = json ]; then
    # What says when and where it ran differs between any two runs; the numbers must not.
    for f in one all; do
      grep -vE '"(command_line|started_at|finished_at|run_id)"' \
        "$dir/$f.json" > "$dir/$f.json.cmp"
    done
    cmp -s "$dir/one.json.cmp" "$dir/all.json.cmp" || { diff "$dir/one.json.cmp" "$dir/all.json.cmp" | head -20; fail "JSON differs"; }
  else
    cmp -s "$dir/one.table" "$dir/all.table" || { diff "$dir/one.table" "$dir/all.table" | head -20; fail "text differs"; }
  fi
  [ -s "$dir/one.$format" ] || fail "no $format output"
done
echo "ok: the same output on one core and on $(nproc)"
