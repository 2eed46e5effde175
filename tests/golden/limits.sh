#!/usr/bin/env bash
# Signals and limits (issue 25): what ends or starves scalerun from outside must leave it saying
# so in one line, with the right exit code, its run marked in the database (never `running`), and
# nothing behind: no temporary folder, no half-written page, no child process.
#   limits.sh BINARY CASE
# Cases: ulimit_db ulimit_html head_stdout head_stderr dev_full closed_stdout plot_int plot_term
#        html_int html_term double_int mpi_int mpi_double_int watchdog stale_claim empty_paths messages
#        describe_budget describe_int
set -uo pipefail
bin=$(realpath "$1")
case=$2
dir=$(mktemp -d)
mkdir -p "$dir/tmp"
export TMPDIR=$dir/tmp  # where scalerun makes its temporary folders, checked empty at the end
db=$dir/run.db
# The programs a case starts sleep for 1000.<this script's pid> s: found by that, never a stranger's.
mark="sleep 1000[.]$$\$"
pids_to_end=()
cleanup() {
  for p in "${pids_to_end[@]}"; do kill -9 "$p" 2>/dev/null; done
  # What a failing case may have left: the children of this script's own programs, by their marks.
  for p in $(pgrep -f "$mark"); do kill -9 "$p" 2>/dev/null; done
  rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "FAIL ($case): $*"; for f in "$dir"/*.err; do [ -f "$f" ] && { echo "--- $f"; grep -v '^limits.*: point ' "$f" | head -20; }; done; exit 1; }
sweep=tests/golden/scripts/limits_sweep.lua
command_sweep=tests/golden/scripts/limits_command.lua

# The value of column NAME in the last row of `scalerun runs`, found by its header.
runs_field() {
  "$bin" runs --db "$db" --format csv 2>/dev/null |
    awk -F, -v name="$1" '!c { for (i = 1; i <= NF; i++) if ($i == name) c = i; next } $c != "" { v = $c } END { print v }'
}
# Stderr lines other than the progress of points: the one line an outcome must give.
said() { grep -v '^limits[-a-z]*: point ' "$1"; }
expect_one_line() {  # FILE REGEX
  local lines
  lines=$(said "$1" | wc -l)
  [ "$lines" -eq 1 ] || fail "expected one line on stderr, got $lines"
  said "$1" | grep -Eq -e "$2" || fail "the line does not match '$2'"
}
expect_status() {
  local status
  status=$(runs_field status)
  [ "$status" = "$1" ] || fail "the run is marked '$status', expected '$1'"
}
expect_clean() {
  local left
  left=$(ls -A "$TMPDIR")
  [ -z "$left" ] || fail "left behind in TMPDIR: $left"
  if [ $# -gt 0 ] && pgrep -f "$1" > /dev/null; then pkill -9 -f "$1"; fail "a child ($1) outlived scalerun"; fi
  return 0
}
# Waits (up to 30 s) until the database holds N points of a run, or the process PID ended.
wait_points() {
  for _ in $(seq 1 600); do
    [ -f "$db" ] && [ "$(runs_field points)" != "" ] && [ "$(runs_field points)" -ge "$1" ] && return 0
    kill -0 "$2" 2>/dev/null || return 1
    sleep 0.05
  done
  return 1
}
# Waits until PID ends; fails after LIMIT tenths of a second. Leaves its exit code in $rc.
wait_end() {
  local pid=$1 limit=$2
  for _ in $(seq 1 "$limit"); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid"; wait "$pid" 2>/dev/null; fail "still running $((limit / 10)).$((limit % 10)) s after $3"; fi
  wait "$pid"
  rc=$?
}

case $case in
ulimit_db)
  # The database reaches the file size limit mid-sweep: the write fails (SIGXFSZ no longer kills).
  (ulimit -f 48; exec "$bin" "$sweep" --db "$db" --set points=8 > /dev/null 2> "$dir/run.err")
  rc=$?
  [ "$rc" -eq 2 ] || fail "exit $rc, expected 2"
  expect_one_line "$dir/run.err" "cannot record point .*(File too large|file size limit of 49152 bytes, ulimit -f)"
  expect_status failed
  expect_clean
  ;;
ulimit_html)
  # The points are stored (a first run); the page is larger than the limit: no half page is left.
  "$bin" "$sweep" --db "$db" --set points=8 > /dev/null 2>&1 || fail "the first run failed"
  (ulimit -f 64; exec "$bin" "$sweep" --db "$db" --set points=8 --resume --html "$dir/page.html" > /dev/null 2> "$dir/run.err")
  rc=$?
  [ "$rc" -eq 2 ] || fail "exit $rc, expected 2"
  expect_one_line "$dir/run.err" "^scalerun: cannot write '.*page.html': File too large"
  [ -z "$(ls -A "$dir" | grep page.html)" ] || fail "a partial page was left: $(ls -A "$dir" | grep page.html)"
  expect_status complete
  expect_clean
  ;;
head_stdout)
  # More than a pipe and head's buffer hold (about 140 KB of JSON on 4,000 lines), so the reader is
  # gone while the tables are written.
  "$bin" "$sweep" --db "$db" --set points=160 --format json 2> "$dir/run.err" | head -1 > /dev/null
  rc=${PIPESTATUS[0]}
  [ "$rc" -eq 2 ] || fail "exit $rc, expected 2"
  expect_one_line "$dir/run.err" "^scalerun: (cannot write the tables to standard output: Broken pipe|stopped: the reader of standard output)"
  expect_status complete
  expect_clean
  ;;
head_stderr)
  # The reader of stderr goes after the first progress line: the sweep stops there.
  "$bin" "$sweep" --db "$db" --set points=40 --set spin=300000 2>&1 > /dev/null | head -1 > /dev/null
  rc=${PIPESTATUS[0]}
  [ "$rc" -eq 2 ] || fail "exit $rc, expected 2"
  expect_status interrupted
  [ "$(runs_field points)" -lt 40 ] || fail "the sweep went on to its end with nobody reading"
  expect_clean
  ;;
dev_full)
  "$bin" "$sweep" --db "$db" --set points=4 > /dev/full 2> "$dir/run.err"
  rc=$?
  [ "$rc" -eq 2 ] || fail "exit $rc, expected 2"
  expect_one_line "$dir/run.err" "^scalerun: cannot write the tables to standard output: No space left on device"
  expect_status complete
  expect_clean
  ;;
closed_stdout)
  "$bin" "$sweep" --db "$db" --set points=4 >&- 2> "$dir/run.err"
  rc=$?
  [ "$rc" -eq 2 ] || fail "exit $rc, expected 2"
  expect_one_line "$dir/run.err" "^scalerun: cannot write the tables to standard output: it is closed"
  expect_status complete
  [ "$(runs_field points)" -eq 4 ] || fail "the database lost its points"
  expect_clean
  ;;
plot_int | plot_term | html_int | html_term)
  # gnuplot stands in as a program that never ends: the signal must end the drawing at once.
  mkdir -p "$dir/bin" "$dir/plots"
  printf '#!/bin/sh\nexec sleep 1000.%s\n' "$$" > "$dir/bin/gnuplot"
  chmod +x "$dir/bin/gnuplot"
  case $case in plot_*) out=(--plot "$dir/plots") ;; html_*) out=(--html "$dir/page.html") ;; esac
  case $case in *_int) sig=INT want=130 ;; *_term) sig=TERM want=143 ;; esac
  PATH="$dir/bin:$PATH" "$bin" "$sweep" --db "$db" --set points=3 "${out[@]}" > /dev/null 2> "$dir/run.err" &
  pid=$!
  pids_to_end+=("$pid")
  for _ in $(seq 1 300); do pgrep -f "$mark" > /dev/null && break; sleep 0.05; done
  pgrep -f "$mark" > /dev/null || fail "the figures were never drawn"
  kill -"$sig" "$pid"
  wait_end "$pid" 15 "SIG$sig"  # the bar is a second; 1.5 s for a loaded host
  [ "$rc" -eq "$want" ] || fail "exit $rc, expected $want"
  expect_status complete
  [ -z "$(ls -A "$dir" | grep page.html)" ] || fail "a page was left: $(ls -A "$dir" | grep page.html)"
  expect_clean "$mark"
  ;;
double_int)
  # Two Ctrl-C in quick succession, 20 times, the point in progress an external command (odd
  # tries) or a C call no time check reaches (even tries: the watchdog must end it): every time
  # the run is marked before the process ends. Sent together the two signals may merge into one
  # pending signal, so the second follows after 0 to 40 ms, while the first is being honoured.
  for i in $(seq 1 20); do
    rm -f "$db" "$db"-*
    if [ $((i % 2)) -eq 1 ]; then
      "$bin" "$command_sweep" --set mark=$$ --db "$db" > /dev/null 2> "$dir/run.err" &
      pid=$!
      wait_points 1 "$pid" || fail "try $i: no point stored"
      for _ in $(seq 1 100); do pgrep -f "$mark" > /dev/null && break; sleep 0.02; done
    else
      "$bin" "$sweep" --db "$db" --set points=4 --set hang_at=3 > /dev/null 2> "$dir/run.err" &
      pid=$!
      wait_points 2 "$pid" || fail "try $i: no point stored"
    fi
    pids_to_end+=("$pid")
    kill -INT "$pid" 2>/dev/null
    sleep "0.0$((i / 2 % 5))"
    kill -INT "$pid" 2>/dev/null
    wait_end "$pid" 30 "two SIGINTs (try $i)"
    [ "$rc" -eq 130 ] || fail "try $i: exit $rc, expected 130"
    status=$(runs_field status)
    [ "$status" = interrupted ] || fail "try $i: the run is marked '$status', expected 'interrupted'"
    expect_clean "$mark"
  done
  ;;
mpi_int | mpi_double_int)
  # Ctrl-C (once, or twice) while mpirun runs a job whose ranks ignore SIGTERM: mpirun takes them down (it turns to
  # SIGKILL after about 2 s), the run is marked, and no rank is left.
  "$bin" tests/golden/scripts/limits_mpi_slow_stop.lua --set mark=$$ --db "$db" --quiet > /dev/null 2> "$dir/run.err" &
  pid=$!
  pids_to_end+=("$pid")
  # Both ranks up, and a moment for mpirun to finish its launch (it defers SIGTERM until then).
  for _ in $(seq 1 200); do [ "$(pgrep -fc "$mark")" -ge 2 ] && break; sleep 0.05; done
  [ "$(pgrep -fc "$mark")" -ge 2 ] || fail "the MPI job never started"
  sleep 0.5
  kill -INT "$pid"
  [ "$case" = mpi_double_int ] && { sleep 0.3; kill -INT "$pid"; }  # a second Ctrl-C: no waiting for mpirun
  wait_end "$pid" 150 "SIGINT"
  [ "$rc" -eq 130 ] || fail "exit $rc, expected 130"
  expect_status interrupted
  for _ in $(seq 1 30); do pgrep -f "$mark" > /dev/null || break; sleep 0.1; done
  expect_clean "$mark"
  ;;
watchdog)
  # The third point hangs where no time check reaches: the watchdog ends the run, and marks it.
  start=$(date +%s%N)
  "$bin" "$sweep" --db "$db" --set points=5 --set hang_at=3 --script-timeout 1 > /dev/null 2> "$dir/run.err" &
  pid=$!
  pids_to_end+=("$pid")
  wait_end "$pid" 40 "the 1 s budget"
  [ "$rc" -eq 2 ] || fail "exit $rc, expected 2"
  expect_one_line "$dir/run.err" "script timed out after 1 s"
  expect_status timed_out
  [ "$(runs_field points)" -eq 2 ] || fail "expected the 2 points before the hang, found $(runs_field points)"
  expect_clean
  ;;
stale_claim)
  # A sweep killed while it measured p = 2 leaves its claim. It ran in a process namespace of its
  # own, so the claim names a pid that out here is another live process (pid 1): --resume must
  # see that the claim's process is gone instead of waiting for it until the budget is spent.
  unshare --pid --fork --kill-child "$bin" "$command_sweep" --set mark=$$ --db "$db" --resume > /dev/null 2>&1 &
  pid=$!
  pids_to_end+=("$pid")
  wait_points 1 "$pid" || fail "no point stored (can this host run unshare --pid?)"
  for _ in $(seq 1 100); do pgrep -f "$mark" > /dev/null && break; sleep 0.02; done
  kill -9 "$pid"
  wait "$pid" 2>/dev/null
  for _ in $(seq 1 30); do pgrep -f "$mark" > /dev/null || break; sleep 0.1; done
  "$bin" "$command_sweep" --set mark=$$ --db "$db" --resume --set hang=0 --script-timeout 5 > /dev/null 2> "$dir/run.err" &
  pid=$!
  pids_to_end+=("$pid")
  wait_end "$pid" 40 "--resume (waiting for a claim whose process is gone?)"
  [ "$rc" -eq 0 ] || fail "exit $rc, expected 0"
  expect_status complete
  expect_clean "$mark"
  ;;
empty_paths)
  # An empty --db would be SQLite's private temporary database (every point lost); an empty
  # folder or file name is never what was meant.
  for option in --db --out --plot --html --trace; do
    "$bin" "$sweep" --set points=2 "$option" "" > /dev/null 2> "$dir/run.err"
    rc=$?
    [ "$rc" -eq 2 ] || fail "$option \"\": exit $rc, expected 2"
    expect_one_line "$dir/run.err" "^scalerun: $option: an empty (file|folder) name"
  done
  "$bin" runs --db "" > /dev/null 2> "$dir/run.err"
  rc=$?
  [ "$rc" -eq 2 ] || fail "runs --db \"\": exit $rc, expected 2"
  expect_one_line "$dir/run.err" "^scalerun: an empty name: not a file name: SQLite would keep the points in a private"
  expect_clean
  ;;
messages)
  # User data with a newline (a script path, a --db path, a --set name or value) stays on the one line,
  # escaped; a launcher's own text (mpirun's banner for a hostfile it cannot use) is detail.
  mkdir -p "$dir/two"$'\n'"lines"
  printf 'experiment {}\n' > "$dir/two"$'\n'"lines/study.lua"
  "$bin" "$dir/two"$'\n'"lines/study.lua" > /dev/null 2> "$dir/run.err"
  rc=$?
  [ "$rc" -eq 2 ] || fail "a script path with a newline: exit $rc, expected 2"
  expect_one_line "$dir/run.err" 'two\\nlines/study.lua:1: field .name.'
  "$bin" "$command_sweep" --set mark=$$ --db "$dir/two"$'\n'"lines/no/such.db" > /dev/null 2> "$dir/run.err"
  rc=$?
  [ "$rc" -eq 2 ] || fail "a --db path with a newline: exit $rc, expected 2"
  expect_one_line "$dir/run.err" "--db: '.*two\\\\nlines/no/such.db'"
  "$bin" "$sweep" --set "po"$'\n'"ints=3" > /dev/null 2> "$dir/run.err"
  rc=$?
  [ "$rc" -eq 2 ] || fail "a --set name with a newline: exit $rc, expected 2"
  expect_one_line "$dir/run.err" '^scalerun: --set po\\nints: '
  "$bin" "$sweep" --set "points=3"$'\n'"x" > /dev/null 2> "$dir/run.err"
  rc=$?
  [ "$rc" -eq 2 ] || fail "a --set value with a newline: exit $rc, expected 2"
  expect_one_line "$dir/run.err" ': --set points=3\\nx: a number expected'
  printf 'no-such-node-a.invalid slots=1\nno-such-node-b.invalid slots=1\n' > "$dir/hostfile"
  "$bin" --describe-cluster "$dir/hostfile" --script-timeout 20 > /dev/null 2> "$dir/run.err"
  rc=$?
  [ "$rc" -eq 2 ] || fail "--describe-cluster with unknown hosts: exit $rc, expected 2"
  expect_one_line "$dir/run.err" "describe-cluster: .*mpirun"
  expect_clean
  ;;
describe_budget | describe_int)
  # --describe-cluster runs mpirun and every node's benchmark: under --script-timeout, and Ctrl-C
  # ends them all.
  printf 'localhost slots=1\n' > "$dir/hostfile"
  "$bin" --describe-cluster "$dir/hostfile" --script-timeout 0.3 > /dev/null 2> "$dir/run.err" &
  pid=$!
  pids_to_end+=("$pid")
  if [ "$case" = describe_int ]; then
    for _ in $(seq 1 100); do pgrep -f "$bin --describe-host" > /dev/null && break; sleep 0.01; done
    kill -INT "$pid"
  fi
  wait_end "$pid" 50 "the 0.3 s budget or SIGINT"
  if [ "$case" = describe_int ]; then
    [ "$rc" -eq 130 ] || fail "exit $rc, expected 130"
    expect_one_line "$dir/run.err" "^scalerun: interrupted$"
  else
    [ "$rc" -eq 2 ] || fail "exit $rc, expected 2"
    expect_one_line "$dir/run.err" "^scalerun: --describe-cluster .*hostfile: timed out after 0.3 s \\(raise --script-timeout\\)$"
  fi
  for _ in $(seq 1 30); do pgrep -f "$bin --describe-host" > /dev/null || break; sleep 0.1; done
  expect_clean "$bin --describe-host"
  ;;
*)
  echo "unknown case $case"
  exit 2
  ;;
esac
echo "limits $case: ok"
