#!/usr/bin/env bash
# SIGINT and SIGTERM end every kind of run soon and with the contract's exit code: a Lua loop
# (the hook), a hang the hook cannot reach (the watchdog), an external program (its process
# group ends with the run), a second Ctrl-C (at once), and after Ctrl-C no tables are printed.
set -uo pipefail
bin=$1
dir=$(mktemp -d)
# Own copies of the sleeping scripts, with sleep lengths no other test uses: the golden tests of
# the same scripts may run beside this one, and neither may see or end the other's programs.
trap 'rm -rf "$dir"; pkill -f "sleep 102[37]" 2>/dev/null' EXIT
sed 's/sleep 1013/sleep 1023/' tests/golden/errors/stop_external_sleep.lua > "$dir/external_sleep.lua"
sed 's/sleep 1017/sleep 1027/' tests/golden/errors/stop_os_execute.lua > "$dir/os_execute.lua"
fail() { echo "FAIL: $*"; exit 1; }

# run SIGNALS DELAY SCRIPT [args]: starts the script, sends each signal in SIGNALS after DELAY
# seconds (0.2 s apart), and sets rc, the seconds from the first signal to the exit, and out/err.
run() {
  local signals=$1 delay=$2
  shift 2
  "$bin" "$@" --db "$dir/db.sqlite" > "$dir/out" 2> "$dir/err" &
  local pid=$!
  sleep "$delay"
  local t0
  t0=$(date +%s%N)
  for s in $signals; do kill -"$s" "$pid" 2>/dev/null; sleep 0.2; done
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
  kill -0 "$pid" 2>/dev/null && { kill -9 "$pid"; fail "$* still running 5 s after SIG$signals"; }
  wait "$pid"
  rc=$?
  took=$(( ($(date +%s%N) - t0) / 1000000 ))
}

printf 'while true do end\n' > "$dir/loop.lua"
run INT 0.5 "$dir/loop.lua"
[ "$rc" -eq 130 ] || fail "Lua loop + SIGINT: exit $rc, expected 130 ($(cat "$dir/err"))"
[ "$took" -lt 2000 ] || fail "Lua loop + SIGINT: took $took ms"
grep -q "interrupted" "$dir/err" || fail "Lua loop + SIGINT: no 'interrupted' line"
echo "Lua loop: SIGINT -> 130 in $took ms"

run INT 0.5 tests/golden/errors/stop_xpcall_handler.lua
[ "$rc" -eq 130 ] || fail "hang in a message handler + SIGINT: exit $rc, expected 130"
[ "$took" -lt 3000 ] || fail "hang in a message handler + SIGINT: took $took ms"
echo "hang no hook reaches: SIGINT -> 130 in $took ms (watchdog)"

run TERM 0.8 "$dir/external_sleep.lua"
[ "$rc" -eq 143 ] || fail "external sleep + SIGTERM: exit $rc, expected 143 ($(cat "$dir/err"))"
sleep 0.2
pgrep -f "sleep 1023" > /dev/null && fail "external sleep + SIGTERM: the program outlived scalerun"
echo "external program: SIGTERM -> 143 in $took ms, its process group ended"

run INT 0.5 "$dir/os_execute.lua"
[ "$rc" -eq 130 ] || fail "os.execute + SIGINT: exit $rc, expected 130 ($(cat "$dir/err"))"
[ "$took" -lt 2000 ] || fail "os.execute + SIGINT: took $took ms"
sleep 0.2
pgrep -f "sleep 1027" > /dev/null && fail "os.execute + SIGINT: the program outlived scalerun"
echo "os.execute: SIGINT -> 130 in $took ms, its program ended"

run "INT INT" 0.5 tests/golden/errors/stop_xpcall_handler.lua
[ "$rc" -eq 130 ] || fail "two SIGINTs: exit $rc, expected 130"
[ "$took" -lt 1500 ] || fail "two SIGINTs: took $took ms, expected the second to end the run at once"
echo "second SIGINT: 130 in $took ms"

run INT 1.0 tests/golden/errors/stop_native_huge.lua --script-timeout 600
[ "$rc" -eq 130 ] || fail "native kernel + SIGINT: exit $rc, expected 130 ($(cat "$dir/err"))"
[ "$took" -lt 2000 ] || fail "native kernel + SIGINT: took $took ms"
[ -s "$dir/out" ] && fail "native kernel + SIGINT: printed tables after Ctrl-C: $(head -3 "$dir/out")"
echo "native kernel: SIGINT -> 130 in $took ms, nothing printed"
echo "stop_signals: ok"
