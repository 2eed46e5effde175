#!/usr/bin/env bash
# The results database tells the truth (issue 10 item 9, with items 2 and 8's statuses):
#   a run that missed its tuning target is marked target_missed; --resume that finds every point
#   stored adds no run; two --resume sweeps at once measure each point once; `runs --format json`
#   carries the real context; `show` documents its columns; export-extrap refuses to merge runs
#   tuned to different targets unless --run picks them, and --format csv writes CSV.
set -uo pipefail
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi; }
# Column NAME of `scalerun runs` as a list, one value per run, found by its header.
column() {
  "$bin" runs --db "$1" --format csv 2>/dev/null |
    awk -F, -v name="$2" '!c { for (i = 1; i <= NF; i++) if ($i == name) c = i; next } $c != "" { print $c }'
}

# A missed target: exit 1, and the run says so.
db=$dir/missed.db
"$bin" tests/golden/scripts/tune_unreachable.lua --db "$db" > /dev/null 2>&1
check "a missed target exits 1" '[ $? -eq 1 ]'
check "a missed target marks the run target_missed" '[ "$(column "$db" status)" = target_missed ]'

# --resume on a complete sweep: no new run; the table says where its points came from.
db=$dir/resume.db
"$bin" tests/golden/scripts/sweep.lua --set samples=2e5 --db "$db" > /dev/null 2>&1
"$bin" tests/golden/scripts/sweep.lua --set samples=2e5 --db "$db" --resume > "$dir/resume.txt" 2>&1
"$bin" tests/golden/scripts/sweep.lua --set samples=2e5 --db "$db" --resume > /dev/null 2>&1
check "--resume of a complete sweep adds no run" '[ "$(column "$db" run | wc -l)" -eq 1 ]'
check "... and says every point came from the database" 'grep -q "every point taken from" "$dir/resume.txt"'
check "the sweep is marked complete" '[ "$(column "$db" status)" = complete ]'

# Two --resume sweeps at once on one new file: every point measured once, by one of them.
db=$dir/twice.db
"$bin" tests/golden/scripts/sweep.lua --set samples=3e6 --db "$db" --resume --quiet > /dev/null 2>&1 &
a=$!
"$bin" tests/golden/scripts/sweep.lua --set samples=3e6 --db "$db" --resume --quiet > /dev/null 2>&1 &
b=$!
wait $a; ra=$?
wait $b; rb=$?
check "two concurrent --resume sweeps both succeed" '[ $ra -eq 0 ] && [ $rb -eq 0 ]'
total=$(column "$db" points | awk '{ s += $1 } END { print s + 0 }')
check "two concurrent --resume sweeps store the 6 points once each (stored: $total)" '[ "$total" -eq 6 ]'

# The listing's context is this build's, not empty.
json=$("$bin" runs --db "$db" --format json)
check "runs --format json names the scalerun version" 'echo "$json" | grep -Eq "\"scalerun_version\": \"[0-9]+\.[0-9]+"'
check "runs --format json counts the cores" 'echo "$json" | grep -Eq "\"cores\": [1-9]"'

# show documents its columns: of the resume file's one run, which holds every point (of the two
# concurrent sweeps either may have measured them all, leaving the other's run without a table).
show=$("$bin" show 1 --db "$dir/resume.db")
check "show explains median, mad and samples" 'echo "$show" | grep -q "median, mad = median and median absolute deviation"'

# export-extrap: two runs tuned to different targets.
db=$dir/targets.db
"$bin" tests/golden/scripts/store_targets.lua --set E=0.8 --db "$db" > /dev/null 2>&1
"$bin" tests/golden/scripts/store_targets.lua --set E=0.6 --db "$db" > /dev/null 2>&1
"$bin" export-extrap targets synthetic --db "$db" > "$dir/merged.jsonl" 2> "$dir/merged.err"
code=$?
check "export-extrap refuses runs tuned to different targets (exit $code)" '[ $code -eq 2 ]'
check "... in one line that says to pick runs with --run" '[ "$(wc -l < "$dir/merged.err")" -eq 1 ] && grep -q "different targets.*--run ID" "$dir/merged.err"'
"$bin" export-extrap targets synthetic --db "$db" --run 2 > "$dir/run2.jsonl" 2> /dev/null
check "export-extrap --run 2 exports that run's 2 points" '[ $? -eq 0 ] && [ "$(wc -l < "$dir/run2.jsonl")" -eq 2 ]'
"$bin" export-extrap targets synthetic --db "$db" --run 1 --format csv > "$dir/run1.csv" 2> /dev/null
check "export-extrap --format csv writes a CSV header" '[ "$(head -1 "$dir/run1.csv")" = "p,n,callpath,metric,value" ]'
check "... and CSV rows, not JSON" '[ "$(wc -l < "$dir/run1.csv")" -eq 3 ] && ! grep -q "{" "$dir/run1.csv"'
"$bin" export-extrap targets synthetic --db "$db" --run 1 --format json > /dev/null 2> "$dir/fmt.err"
check "export-extrap --format json is refused in one line" '[ $? -eq 2 ] && [ "$(wc -l < "$dir/fmt.err")" -eq 1 ]'
"$bin" export-extrap targets synthetic --db "$db" --run 9 > /dev/null 2> "$dir/run9.err"
check "export-extrap --run of a missing run is refused in one line" '[ $? -eq 2 ] && grep -q "has no run 9" "$dir/run9.err"'

[ "$fail" -eq 0 ] && echo "store_database: ok"
exit "$fail"
