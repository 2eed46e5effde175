#!/usr/bin/env bash
# The srun launcher against a real Slurm: a single-node cluster (Debian's slurm-wlm and munge)
# started in a temporary directory by tests/slurm/local_slurm.sh, then MPI kernels measured
# through srun (PMIx) with every rank instrumented: MM on 1, 2 and 4 ranks, verified, with the
# per-rank table; two node groups through srun's --multi-prog, MM's rows split by marked speed;
# NAS EP as a batch job (sbatch --wait), verified; a crashing rank named in one line. When Slurm cannot start here the test says why and fails.
set -euo pipefail
bin=$(realpath "$1")
fault=$(realpath "$2")
root=$(pwd)
dir=$(mktemp -d /tmp/scalerun-slurm.XXXXXX)
chmod 755 "$dir"  # munged wants every folder above its socket searchable by all
slurm="$root/tests/slurm/local_slurm.sh"
cleanup() { "$slurm" stop "$dir/cluster" > /dev/null 2>&1 || true; [ -n "${KEEP:-}" ] || rm -rf "$dir"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$slurm" start "$dir/cluster" || fail "a single-node Slurm could not start here (see above)"
export SLURM_CONF=$dir/cluster/slurm.conf

cat > "$dir/slurm_machine.lua" <<'LUA'
return machine {
  name = "slurm-local",
  hosts = { "localhost" },
  launcher = { kind = "srun", oversubscribe = true },
  groups = {
    { name = "fast", count = 1, speed = 3e9, hosts = { "localhost" } },
    { name = "slow", count = 3, speed = 1e9, hosts = { "localhost", "localhost", "localhost" } },
  },
}
LUA
cat > "$dir/procs.lua" <<'LUA'
local m = require "slurm_machine"
experiment { name = "mm-srun", mode = "measure", machine = m, kernel = require("kernels.mpi_mm") { n = 200 },
             procs = { 1, 2, 4 }, repeats = 1, warmup = 0, report = { "measured", "ranks" } }
LUA
cat > "$dir/sets.lua" <<'LUA'
local m = require "slurm_machine"
local sets = machine_sets { machine = m, start = { fast = 1, slow = 1 } }
local set, n = sets[#sets], 240
experiment { name = "mm-srun-groups", mode = "measure", machine = m, kernel = require("kernels.mpi_mm") { n = n },
             sets = { set }, repeats = 1, warmup = 0, report = { "ranks" } }
local expect, rank = {}, 0
for _, g in ipairs(m.groups) do
  for _ = 1, set.composition[g.name] do expect[#expect + 1] = { rank, n * g.speed / set.marked }; rank = rank + 1 end
end
check { name = "srun-rows", of = "mm-srun-groups", table = "ranks", key = "rank", columns = { "rows" },
        expect = expect, abs_tol = 1 }
LUA
cat > "$dir/batch.lua" <<'LUA'
local m = require "slurm_machine"
local batch = machine { name = "slurm-batch", hosts = { "localhost" },
                        launcher = { kind = "srun", batch = true, oversubscribe = true } }
experiment { name = "ep-sbatch", mode = "measure", machine = batch, kernel = require "kernels.mpi_ep",
             procs = { 2 }, repeats = 1, warmup = 0, report = { "measured", "ranks" } }
LUA
cat > "$dir/crash.lua" <<LUA
local m = require "slurm_machine"
experiment { name = "crash-srun", mode = "measure", machine = m, procs = { 2 }, repeats = 1, warmup = 0,
             kernel = kernel { name = "mpi_fault", mpi = "$fault --crash 1" } }
LUA

"$bin" "$dir/procs.lua" --db "$dir/db" > "$dir/procs.out" 2> "$dir/procs.err" || { cat "$dir/procs.err"; fail "MM through srun failed"; }
grep -q "mpi_mm measured through MPI on slurm-local" "$dir/procs.out" || fail "no measured table"
grep -Eq '^4 +3 +' "$dir/procs.out" || { cat "$dir/procs.out"; fail "no record of rank 3 of the 4-rank job"; }
if grep -q ' NO$' "$dir/procs.out"; then fail "a point failed verification"; fi
# Through a file: with pipefail, grep -q leaving at its first match breaks scalerun's pipe.
"$bin" show 1 --db "$dir/db" > "$dir/show.out"
grep -q "per rank, the run nearest the median" "$dir/show.out" || fail "show lacks the ranks table"

"$bin" "$dir/sets.lua" --db "$dir/db" > "$dir/sets.out" 2> "$dir/sets.err" || { cat "$dir/sets.out" "$dir/sets.err"; fail "two groups through srun failed"; }
grep -q "4 of 4 values match within 1" "$dir/sets.out" || { cat "$dir/sets.out"; fail "rows not split by marked speed"; }
grep -Eq 'Set2 +4 +0 +[^ ]+ +fast' "$dir/sets.out" || { cat "$dir/sets.out"; fail "rank 0 is not in group fast"; }

"$bin" "$dir/batch.lua" --db "$dir/db" > "$dir/batch.out" 2> "$dir/batch.err" || { cat "$dir/batch.out" "$dir/batch.err"; fail "EP through sbatch failed"; }
grep -Eq '^2 .* yes$' "$dir/batch.out" && grep -Eq '^2 +1 +' "$dir/batch.out" || { cat "$dir/batch.out"; fail "EP through sbatch: not verified, or rank 1 missing"; }

rc=0; "$bin" "$dir/crash.lua" --db "$dir/db" --quiet > /dev/null 2> "$dir/crash.err" || rc=$?
[ "$rc" -eq 2 ] || { cat "$dir/crash.err"; fail "a crashing rank under srun: exit $rc, expected 2"; }
grep -q "kernel 'mpi_fault' at p=2: rank 1 on host .* its stderr ends: 'mpi_fault: rank 1: about to dereference a null pointer'" "$dir/crash.err" ||
  { cat "$dir/crash.err"; fail "a crashing rank under srun: no one-line message"; }
echo "slurm_srun: ok"
