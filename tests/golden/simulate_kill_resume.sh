#!/usr/bin/env bash
# Simulate mode stores each point as it completes: scripts/spasm_bus_cube.lua (84 points, 12
# experiments) killed with SIGKILL partway, then run again with --resume, prints exactly the
# tables of an uninterrupted run (byte for byte, full precision), recalls every point the killed
# run stored, and stores each of the 84 points once in all.
set -euo pipefail
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
db=$dir/spasm.db
source "$(dirname "$0")/kill_after_points.sh"

"$bin" scripts/spasm_bus_cube.lua --format csv --db "$dir/whole.db" > "$dir/whole.csv" 2> /dev/null

# The CG experiments come last and take most of the time: kill inside them.
kill_after 60 "$bin" scripts/spasm_bus_cube.lua --db "$db" --quiet
before=$(points)
echo "killed after $before stored points"
[ "$before" -ge 60 ] && [ "$before" -lt 84 ] || { echo "FAIL: expected 60..83 points before the kill, got $before"; exit 1; }

"$bin" scripts/spasm_bus_cube.lua --format csv --db "$db" --resume > "$dir/resumed.csv" 2> "$dir/err.txt"
recalled=$(grep -c '(stored)' "$dir/err.txt" || true)
after=$(points)
echo "resumed: $recalled points recalled, $after stored in all"
[ "$recalled" -eq "$before" ] || { echo "FAIL: $before points were stored but $recalled recalled"; exit 1; }
[ "$after" -eq 84 ] || { echo "FAIL: expected 84 stored points in all (each once), got $after"; exit 1; }
cmp "$dir/whole.csv" "$dir/resumed.csv" || { diff "$dir/whole.csv" "$dir/resumed.csv" | head -20; echo "FAIL: the resumed tables differ"; exit 1; }
"$bin" show 1 --db "$db" > "$db.show"  # not piped: grep -q leaving early would break scalerun's pipe
grep -q "simulated: median = the program's time on the real machine" "$db.show" ||
  { echo "FAIL: scalerun show does not present the simulated run"; exit 1; }
echo "simulate_kill_resume: ok"
