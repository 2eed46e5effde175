#!/usr/bin/env bash
# scalerun --describe-cluster through Open MPI's mpirun on this host: a machine script (and an
# Open MPI hostfile) in, a machine script with a node group, hosts and a measured marked speed
# out, which an experiment then requires and measures MPI MM over machine sets on.
set -euo pipefail
bin=$(realpath "$1")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$bin" --describe-cluster machines/localhost.lua > "$dir/cluster.lua" 2> "$dir/err.txt" || { cat "$dir/err.txt"; fail "--describe-cluster failed"; }
grep -q 'return machine {' "$dir/cluster.lua" || fail "no machine script"
grep -Eq 'count = [0-9]+, speed = [0-9.]+ \* Gflops' "$dir/cluster.lua" || { cat "$dir/cluster.lua"; fail "no group with a measured speed"; }
grep -q 'hosts = { "localhost"' "$dir/cluster.lua" || fail "the group names no hosts"
grep -q 'oversubscribe = true' "$dir/cluster.lua" || fail "the machine's launcher was not carried over"

printf 'localhost slots=2\n# a comment\n' > "$dir/hostfile"
"$bin" --describe-cluster "$dir/hostfile" > "$dir/from_hostfile.lua" || fail "--describe-cluster of a hostfile failed"
grep -q 'hosts = { "localhost"' "$dir/from_hostfile.lua" || fail "the hostfile's host is missing"

cat > "$dir/use.lua" <<'LUA'
local cluster = require "cluster"
local first = cluster.groups[1].name
experiment {
  name = "mm-described", mode = "measure", kernel = require("kernels.mpi_mm") { n = 128 },
  sets = machine_sets { machine = cluster, start = { [first] = 1 } }, repeats = 1, warmup = 0,
  report = { "measured" },
}
LUA
"$bin" "$dir/use.lua" --db "$dir/db" --quiet > "$dir/out.txt" || fail "the described machine could not be used"
grep -Eq '^Set1 +1 ' "$dir/out.txt" && grep -Eq '^Set2 +2 ' "$dir/out.txt" || { cat "$dir/out.txt"; fail "no sets measured"; }
if grep -q ' NO$' "$dir/out.txt"; then fail "a set failed verification"; fi

rc=0; "$bin" --describe-cluster machines/sunwulf.lua 2> "$dir/err.txt" || rc=$?
[ "$rc" -eq 2 ] && grep -q "machine 'Sunwulf' names no hosts" "$dir/err.txt" || fail "a machine without hosts: exit $rc"
echo "describe_cluster: ok"
