# Sourced by the kill-and-resume tests. Needs $bin (scalerun) and $db (the sweep's database).
#   points            how many points the database holds, over all runs
#   kill_after N CMD  starts CMD in the background, SIGKILLs it once N points are stored (or after
#                     30 s), and waits for it
# The column is found by its name in the header, so a change in the CSV layout cannot shift it.
points() {
  "$bin" runs --db "$db" --format csv 2>/dev/null |
    awk -F, '!c { for (i = 1; i <= NF; i++) if ($i == "points") c = i; next } $c != "" { s += $c } END { print s + 0 }'
}

kill_after() {
  local want=$1
  shift
  "$@" > /dev/null 2>&1 &
  local pid=$!
  for _ in $(seq 1 1500); do
    [ -f "$db" ] && [ "$(points)" -ge "$want" ] && break
    sleep 0.02
  done
  kill -9 "$pid"
  wait "$pid" 2>/dev/null || true
}
