#!/usr/bin/env bash
# A point's whole identity and a run's provenance (issue 26), as a user meets them:
#   binary   --resume after the measured program's content changed re-measures, and says why
#   string   --resume after a string parameter changed (--set algo=heavy) re-measures, and says why
#   environment  --resume after an inherited setting (OMP_NUM_THREADS) changed re-measures
#   native   --resume after the kernel's native changed re-measures, and says why
#   timer    --resume after a command kernel's timer changed (its figure -> the wall clock)
#            re-measures, and says why
#   labels   runs and show of two labelled runs of different programs tell them apart; compare
#            and check{ baseline } select runs by label:NAME, and say so when no run has it
#   baseline check{ baseline = "previous" } on a fresh database passes, saying the baseline is set
#   baseline_skip  "previous" and label:NAME pass over runs that did not finish with points
#   json     compare of two --format json result files runs the U test on their samples
#   legacy   a database of schema version 1 opens; its points are not reused, said once
#   folder   a program named relative to the script's folder is the same point from any working
#            directory the script is run from
# Usage: identity.sh SCALERUN CASE (run from the source tree's root).
set -uo pipefail
bin=$1
case_name=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi; }
# A program that reports a fixed time; its content differs with its tag (a rebuild, -O0 -> -O2).
program() {
  printf '#!/bin/sh\n# build %s\necho "{\\"seconds\\": %s}"\n' "$2" "$3" > "$1"
  chmod +x "$1"
}
db=$dir/id.db
run() { "$bin" "$@" --db "$db"; }

case $case_name in
  folder)
    mkdir -p "$dir/study/bin"
    program "$dir/study/bin/prog.sh" O2 0.01
    cat > "$dir/study/rel.lua" <<'LUA'
experiment { name = "rel", mode = "measure", procs = { 1, 2 }, repeats = 1, warmup = 0,
  kernel = kernel { name = "rel", size = "n", params = { n = 1 }, work = function(k) return k.n end,
                    command = "bin/prog.sh {p}", timer = "seconds" },
  report = { "measured" } }
LUA
    (cd "$dir" && "$bin" study/rel.lua --db "$db") > /dev/null 2>&1
    (cd "$dir/study" && "$bin" rel.lua --db "$db" --resume) > "$dir/inside.txt" 2>&1
    check "run from the script's folder, the points are reused" '[ "$(grep -c "(stored)" "$dir/inside.txt")" -eq 2 ]'
    check "... without a word of the program" '! grep -q "not reused" "$dir/inside.txt"'
    ;;
  binary)
    program "$dir/prog.sh" O0 0.01
    run tests/golden/scripts/identity_command.lua --set prog="$dir/prog.sh" > /dev/null 2>&1
    run tests/golden/scripts/identity_command.lua --set prog="$dir/prog.sh" --resume > "$dir/same.txt" 2>&1
    check "the same program is reused" '[ "$(grep -c "(stored)" "$dir/same.txt")" -eq 2 ]'
    program "$dir/prog.sh" O2 0.01
    run tests/golden/scripts/identity_command.lua --set prog="$dir/prog.sh" --resume > "$dir/new.txt" 2>&1
    check "a rebuilt program is measured again" '! grep -q "(stored)" "$dir/new.txt"'
    check "p=1 says why" 'grep -qx "scalerun: ident: p=1,n=1: stored point not reused: the program'"'"'s content changed" "$dir/new.txt"'
    check "p=2 says why" 'grep -qx "scalerun: ident: p=2,n=1: stored point not reused: the program'"'"'s content changed" "$dir/new.txt"'
    run tests/golden/scripts/identity_command.lua --set prog="$dir/prog.sh" --resume > "$dir/again.txt" 2>&1
    check "the rebuilt program's points are then reused" '[ "$(grep -c "(stored)" "$dir/again.txt")" -eq 2 ]'
    check "... without a word of the old ones" '! grep -q "not reused" "$dir/again.txt"'
    ;;
  string)
    program "$dir/prog.sh" O0 0.01
    run tests/golden/scripts/identity_command.lua --set prog="$dir/prog.sh" > /dev/null 2>&1
    run tests/golden/scripts/identity_command.lua --set prog="$dir/prog.sh" --set algo=heavy --resume > "$dir/heavy.txt" 2>&1
    check "another algo is measured again" '! grep -q "(stored)" "$dir/heavy.txt"'
    check "and says which parameter changed" 'grep -qx "scalerun: ident: p=2,n=1: stored point not reused: parameter algo changed (\"light\" -> \"heavy\")" "$dir/heavy.txt"'
    ;;
  environment)
    # OMP_NUM_THREADS reaches every program scalerun starts: a point measured under another value
    # is another point.
    program "$dir/prog.sh" O0 0.01
    OMP_NUM_THREADS=1 run tests/golden/scripts/identity_command.lua --set prog="$dir/prog.sh" > /dev/null 2>&1
    OMP_NUM_THREADS=1 run tests/golden/scripts/identity_command.lua --set prog="$dir/prog.sh" --resume > "$dir/same.txt" 2>&1
    check "the same settings are reused" '[ "$(grep -c "(stored)" "$dir/same.txt")" -eq 2 ]'
    check "and --resume says once what it matched on" '[ "$(grep -c "stored points are reused when" "$dir/same.txt")" -eq 1 ]'
    OMP_NUM_THREADS=4 run tests/golden/scripts/identity_command.lua --set prog="$dir/prog.sh" --resume > "$dir/other.txt" 2>&1
    check "another OMP_NUM_THREADS is measured again" '! grep -q "(stored)" "$dir/other.txt"'
    check "and says so" 'grep -q "stored point not reused: environment variable OMP_NUM_THREADS changed" "$dir/other.txt"'
    ;;
  timer)
    program "$dir/prog.sh" O0 0.01
    run tests/golden/scripts/identity_command.lua --set prog="$dir/prog.sh" > /dev/null 2>&1
    run tests/golden/scripts/identity_command.lua --set prog="$dir/prog.sh" --set timer=wall --resume > "$dir/wall.txt" 2>&1
    check "another timer is measured again" '! grep -q "(stored)" "$dir/wall.txt"'
    check "and says so" 'grep -qx "scalerun: ident: p=2,n=1: stored point not reused: the kernel'"'"'s timer changed (seconds -> wall)" "$dir/wall.txt"'
    run tests/golden/scripts/identity_command.lua --set prog="$dir/prog.sh" --set timer=wall --resume > "$dir/again.txt" 2>&1
    check "the wall-timed points are then reused" '[ "$(grep -c "(stored)" "$dir/again.txt")" -eq 2 ]'
    ;;
  native)
    run tests/golden/scripts/identity_native.lua > /dev/null 2>&1
    run tests/golden/scripts/identity_native.lua --resume > "$dir/same.txt" 2>&1
    check "the same native is reused" '[ "$(grep -c "(stored)" "$dir/same.txt")" -eq 2 ]'
    run tests/golden/scripts/identity_native.lua --set native=householder_unblocked --resume > "$dir/other.txt" 2>&1
    check "another native is measured again" '! grep -q "(stored)" "$dir/other.txt"'
    check "and says so" 'grep -q "^scalerun: ident-native: p=2,.*: stored point not reused: .*the kernel'"'"'s native changed (householder -> householder_unblocked)" "$dir/other.txt"'
    ;;
  labels)
    program "$dir/prog_O0.sh" O0 0.02
    program "$dir/prog_O2.sh" O2 0.01
    run tests/golden/scripts/identity_command.lua --set prog="$dir/prog_O0.sh" --label O0 --label nightly > /dev/null 2>&1
    run tests/golden/scripts/identity_command.lua --set prog="$dir/prog_O2.sh" --label O2 > /dev/null 2>&1
    run runs --format csv > "$dir/runs.csv" 2>&1
    check "runs lists the labels" 'grep -q ",\"O0,nightly\"," "$dir/runs.csv" && grep -q ",O2," "$dir/runs.csv"'
    check "runs lists each command line with its --set" 'grep -q "prog=$dir/prog_O0.sh --label O0" "$dir/runs.csv" && grep -q "prog=$dir/prog_O2.sh --label O2" "$dir/runs.csv"'
    run show 1 > "$dir/show1.txt" 2>&1
    run show 2 > "$dir/show2.txt" 2>&1
    check "show lists the --set values" 'grep -q "^ *--set *prog=$dir/prog_O0.sh *$" "$dir/show1.txt"'
    check "show lists the labels" 'grep -q "^ *labels *O0,nightly *$" "$dir/show1.txt" && grep -q "^ *labels *O2 *$" "$dir/show2.txt"'
    check "show names the program each run measured" 'grep -q "program command *$dir/prog_O0.sh 1 (at p=1)" "$dir/show1.txt" && grep -q "program command *$dir/prog_O2.sh 1 (at p=1)" "$dir/show2.txt"'
    c1=$(grep "program content" "$dir/show1.txt")
    c2=$(grep "program content" "$dir/show2.txt")
    check "show's program contents differ" '[ -n "$c1" ] && [ "${c1#*content}" != "${c2#*content}" ]'
    run compare label:O0 label:O2 > "$dir/compare.txt" 2>&1
    check "compare selects runs by label (O2 twice as fast: exit 1)" '[ $? -eq 1 ] && grep -q "B = label O2 (run 2) against A = label O0 (run 1)" "$dir/compare.txt"'
    run compare label:O0 label:O3 > "$dir/none.txt" 2>&1
    rc=$?
    check "compare: one line when no run has the label (exit 2)" '[ $rc -eq 2 ] && [ "$(wc -l < "$dir/none.txt")" -eq 1 ] && grep -q "^scalerun: compare: no run in .* has the label '"'"'O3'"'"' (give --label O3 to the run meant; scalerun runs lists the labels)$" "$dir/none.txt"'
    "$bin" tests/golden/scripts/baseline_label.lua --db "$dir/b.db" --label release > /dev/null 2>&1
    "$bin" tests/golden/scripts/baseline_label.lua --db "$dir/b.db" --set seconds=0.2 > "$dir/slower.txt" 2>&1
    check "check{ baseline = \"label:release\" } fails a run twice as slow (exit 1)" '[ $? -eq 1 ] && grep -q "against the baseline label release (run 1)" "$dir/slower.txt"'
    "$bin" tests/golden/scripts/baseline_label.lua --db "$dir/b.db" --set baseline=nope > "$dir/nolabel.txt" 2>&1
    rc=$?
    check "check{ baseline = \"label:nope\" }: one line, exit 2" '[ $rc -eq 2 ] && grep -q "^tests/golden/scripts/baseline_label.lua:[0-9]*: .*baseline.*no run of experiment '"'"'labelled'"'"' in .* has the label '"'"'nope'"'"'" "$dir/nolabel.txt"'
    ;;
  baseline)
    "$bin" tests/golden/scripts/baseline_first.lua --db "$db" > "$dir/first.txt" 2>&1
    rc=$?
    check "the first run passes (exit 0, got $rc)" '[ $rc -eq 0 ]'
    check "and says the baseline is now set" 'grep -q "against-previous: run 1 is the first run of '"'"'first'"'"': the baseline is now set" "$dir/first.txt"'
    "$bin" runs --db "$db" --format csv > "$dir/runs.csv" 2>&1
    check "the run is stored complete" 'grep -q ",complete,first," "$dir/runs.csv"'
    "$bin" tests/golden/scripts/baseline_first.lua --db "$db" --set seconds=0.2 > "$dir/second.txt" 2>&1
    rc=$?
    check "the next run is compared with it: twice as slow fails (exit 1, got $rc)" '[ $rc -eq 1 ] && grep -q "against the baseline run 1" "$dir/second.txt"'
    ;;
  baseline_skip)
    # "previous" is the newest earlier run that finished with points: a failed run in between
    # (a program that reports a negative time) is no baseline.
    "$bin" tests/golden/scripts/baseline_first.lua --db "$db" > /dev/null 2>&1
    "$bin" tests/golden/scripts/baseline_first.lua --db "$db" --set seconds=-1 > /dev/null 2>&1
    "$bin" runs --db "$db" --format csv > "$dir/runs.csv" 2>&1
    check "run 2 failed without points" 'grep -q "^runs/runs,2,.*,failed,first," "$dir/runs.csv"'
    "$bin" tests/golden/scripts/baseline_first.lua --db "$db" > "$dir/third.txt" 2>&1
    rc=$?
    check "run 3 is compared with run 1, not the failed run 2 (exit 0, got $rc)" '[ $rc -eq 0 ] && grep -q "against the baseline run 1" "$dir/third.txt"'
    "$bin" tests/golden/scripts/baseline_first.lua --db "$dir/f.db" --set seconds=-1 --label rel > /dev/null 2>&1
    "$bin" tests/golden/scripts/baseline_first.lua --db "$dir/f.db" > /dev/null 2>&1
    "$bin" compare label:rel 2 --db "$dir/f.db" > "$dir/label.txt" 2>&1
    rc=$?
    check "a label on failed runs only is said (exit 2, got $rc)" '[ $rc -eq 2 ] && grep -q "with the label '"'"'rel'"'"' did not finish with points" "$dir/label.txt"'
    ;;
  json)
    "$bin" tests/golden/scripts/baseline_first.lua --db "$dir/a.db" --format json > "$dir/a.json" 2> /dev/null
    "$bin" tests/golden/scripts/baseline_first.lua --db "$dir/b.db" --set seconds=0.2 --format json > "$dir/b.json" 2> /dev/null
    check "JSON results carry every point's samples" 'grep -q "\"samples\": \[" "$dir/a.json"'
    "$bin" compare "$dir/a.json" "$dir/b.json" --format csv > "$dir/compare.csv" 2>&1
    rc=$?
    # Five timed runs each, all of B above all of A: the exact two-sided U p is 2 / C(10, 5) = 0.00794.
    check "compare of two JSON files runs the U test (exit 1, got $rc)" '[ $rc -eq 1 ] && [ "$(grep -c ",0\.0079365[0-9]*,yes$" "$dir/compare.csv")" -eq 2 ]'
    check "and does not say it could not" '! grep -q "cannot be run" "$dir/compare.csv"'
    # A results file without samples (written before they were kept): no claim of significance.
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); [e.pop("samples", None) for e in d["experiments"]]; json.dump(d, open(sys.argv[2], "w"))' "$dir/a.json" "$dir/old.json"
    "$bin" compare "$dir/old.json" "$dir/b.json" --format csv > "$dir/old.csv" 2>&1
    rc=$?
    check "without samples: exit 0, points untested" '[ $rc -eq 0 ] && [ "$(grep -c ",untested$" "$dir/old.csv")" -eq 2 ]'
    "$bin" compare "$dir/old.json" "$dir/b.json" > "$dir/old.txt" 2>&1
    check "and the notes say significance cannot be tested" 'grep -q "significance cannot be tested" "$dir/old.txt" && grep -q "no point could be tested: significance unknown" "$dir/old.txt"'
    # Samples changed after scalerun wrote them: refused, not tested.
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["experiments"][0]["samples"][0]["seconds"][0] = -1; json.dump(d, open(sys.argv[2], "w"))' "$dir/a.json" "$dir/neg.json"
    "$bin" compare "$dir/neg.json" "$dir/b.json" > "$dir/neg.txt" 2>&1
    rc=$?
    check "a negative sample is refused in one line (exit 2, got $rc)" '[ $rc -eq 2 ] && [ "$(wc -l < "$dir/neg.txt")" -eq 1 ] && grep -q "a sample is not a positive number of seconds" "$dir/neg.txt"'
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["experiments"][0]["samples"][0]["seconds"] = [5, 5, 5, 5, 5]; json.dump(d, open(sys.argv[2], "w"))' "$dir/a.json" "$dir/moved.json"
    "$bin" compare "$dir/moved.json" "$dir/b.json" > "$dir/moved.txt" 2>&1
    rc=$?
    check "samples whose median is not the table's T are refused (exit 2, got $rc)" '[ $rc -eq 2 ] && grep -q "is not the table'"'"'s T" "$dir/moved.txt"'
    ;;
  legacy)
    # A database as scalerun wrote it before identities were kept (schema version 1): made here by
    # taking version 2's columns away again.
    program "$dir/prog.sh" O0 0.01
    run tests/golden/scripts/identity_command.lua --set prog="$dir/prog.sh" > /dev/null 2>&1
    python3 - "$db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
for table, column in (("points", "identity"), ("runs", "sets"), ("runs", "labels")):
    c.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
c.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
c.execute("PRAGMA user_version = 1")
c.commit()
PY
    run runs --format csv > "$dir/runs.csv" 2>&1
    check "a version 1 database still opens (runs lists its run)" '[ "$(grep -c ",complete,ident," "$dir/runs.csv")" -eq 1 ]'
    run tests/golden/scripts/identity_command.lua --set prog="$dir/prog.sh" --resume > "$dir/old.txt" 2>&1
    check "its points are not reused" '! grep -q "(stored)" "$dir/old.txt"'
    check "which is said once" '[ "$(grep -c "stored points from before scalerun kept a point'"'"'s whole identity" "$dir/old.txt")" -eq 1 ]'
    ;;
  *) echo "unknown case $case_name"; exit 2 ;;
esac
exit $fail
