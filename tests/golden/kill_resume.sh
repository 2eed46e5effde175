#!/usr/bin/env bash
# A measured sweep killed with SIGKILL after its first points, then resumed: every point is
# stored exactly once, the completed ones are not measured again, and the database is intact.
set -euo pipefail
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
db=$dir/sweep.db
source "$(dirname "$0")/kill_after_points.sh"

kill_after 2 "$bin" tests/golden/scripts/sweep.lua --db "$db" --quiet
before=$(points)
echo "killed after $before stored points"
[ "$before" -ge 2 ] && [ "$before" -lt 6 ] || { echo "FAIL: expected 2..5 points before the kill, got $before"; exit 1; }

"$bin" tests/golden/scripts/sweep.lua --db "$db" --resume > "$dir/out.txt" 2> "$dir/err.txt"
reused=$(grep -c '(stored)' "$dir/err.txt" || true)
after=$(points)
echo "resumed: $reused points reused, $after stored in all"
[ "$reused" -eq "$before" ] || { echo "FAIL: $before points were stored but $reused reused"; cat "$dir/err.txt"; exit 1; }
[ "$after" -eq 6 ] || { echo "FAIL: expected 6 stored points in all (each once), got $after"; exit 1; }
grep -q "verified" "$dir/out.txt" || { echo "FAIL: no table"; cat "$dir/out.txt"; exit 1; }
echo "kill_resume: ok"
