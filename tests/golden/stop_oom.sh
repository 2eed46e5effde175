#!/usr/bin/env bash
# Out of memory is one line at the user's line with advice, exit 2: an address-space limit makes
# the script's allocations fail at once instead of filling the host.
bin=$1
err=$( (ulimit -v 2000000 && exec "$bin" tests/golden/errors/stop_oom.lua) 2>&1 >/dev/null)
rc=$?
want="tests/golden/errors/stop_oom.lua:3: out of memory (the run asked for more than this host can give: reduce the problem size)"
[ "$rc" -eq 2 ] || { echo "FAIL: exit $rc, expected 2: $err"; exit 1; }
[ "$err" = "$want" ] || { echo "FAIL: stderr was:"; echo "$err"; exit 1; }
echo "stop_oom: ok"
