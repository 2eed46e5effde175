#!/usr/bin/env bash
# A throwaway single-node Slurm cluster in one directory, for the tests of the srun launcher.
#
#   local_slurm.sh start DIR   start munged, slurmctld and slurmd with everything inside DIR
#                              (key, sockets, config, state, logs, pid files); returns once the
#                              node is idle, or prints which part failed and why, exit 1
#   local_slurm.sh stop DIR    cancel what is left, stop the daemons, stop munged (exit 0 even
#                              when nothing was running)
#   local_slurm.sh env DIR     print the client environment: export SLURM_CONF=DIR/slurm.conf
#
# Clients (srun, sbatch, salloc, sinfo, squeue, scancel) find this cluster through
# SLURM_CONF=DIR/slurm.conf; DIR/env.sh holds that line. Nothing under /etc, /run or /var is used,
# so the system's own munge or Slurm (if any) is neither needed nor touched.
#
# Needs Debian's slurm-wlm and munge (slurm-wlm 22.05, munge 0.5.15 on Debian 12) and root: slurmd
# starts job steps as the submitting user, and a cluster run by a non-root user would have to be
# set up differently (SlurmdUser of that user, jobs for that user only).
#
# Settings: LOCAL_SLURM_CPUS (default nproc) is the CPU count the node advertises; more than the
# host has lets a test run more ranks than cores (the node is then oversubscribed, on purpose).
# LOCAL_SLURM_TIMEOUT (default 30) is how many seconds start waits for the node to become idle.
# LOCAL_SLURM_EXTRA_CONF: lines appended to slurm.conf (a later key overrides an earlier one).
set -u

die() { echo "local_slurm: $*" >&2; exit 1; }

# Inside a job of another Slurm (a CI runner on a cluster), SLURM_JOB_ID and friends would send
# our srun, sinfo and scancel to that job; SLURM_CONF is set below, per call.
for var in $(compgen -e); do
  case $var in SLURM_* | SRUN_* | SALLOC_* | SBATCH_* | SQUEUE_*) unset "$var" ;; esac
done

# The last lines of a daemon's log, to say why it failed.
show_log() {
  local name=$1 log=$2
  if [ -s "$log" ]; then
    echo "---- last lines of $log ($name) ----" >&2
    tail -n 25 "$log" >&2
    echo "----" >&2
  else
    echo "($name wrote nothing to $log)" >&2
  fi
}

# Whether a process runs. A daemon that exited stays a zombie until init reaps it (kill -0 still
# succeeds on a zombie), so the state letter in /proc/PID/stat decides.
alive() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  [ "${stat%% *}" != Z ]
}

# The pid in a pid file, when that process is still alive.
live_pid() {
  local pid
  [ -s "$1" ] || return 1
  pid=$(cat "$1" 2>/dev/null) || return 1
  [ -n "$pid" ] && alive "$pid" && echo "$pid"
}

# Whether a live process NAME runs with "-f CONF" (ours, not another cluster's daemon).
runs_with_conf() {
  local pid
  for pid in $(pgrep -x "$1" 2>/dev/null); do
    alive "$pid" || continue
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "-f $2 " && return 0
  done
  return 1
}

# Two free TCP ports in a row (slurmctld, slurmd), picked at random so that two clusters (two tests
# at once) and the default 6817/6818 of a system Slurm do not collide.
free_port_pair() {
  local used port tries
  used=$(ss -Htan 2>/dev/null | awk '{n=split($4,a,":"); print a[n]}' | sort -u)
  for tries in $(seq 1 50); do
    port=$((20000 + (RANDOM * 32768 + RANDOM) % 30000))
    if ! grep -qx "$port" <<<"$used" && ! grep -qx "$((port + 1))" <<<"$used"; then
      echo "$port"
      return 0
    fi
  done
  echo "no free port pair after $tries tries" >&2
  return 1
}

start() {
  local dir=$1
  local t0 host cpus mem port wait_s tool
  t0=$(date +%s.%N)

  # Everything the cluster needs, checked first so a missing package is named as such.
  for tool in munged mungekey slurmctld slurmd sinfo srun scontrol ss; do
    command -v "$tool" >/dev/null 2>&1 ||
      die "cannot start Slurm: '$tool' is not installed (apt-get install slurm-wlm munge)"
  done
  [ "$(id -u)" -eq 0 ] || die "cannot start Slurm: slurmd must run as root to launch job steps (running as $(id -un))"
  host=$(hostname -s) || die "cannot start Slurm: hostname -s failed"
  [ -n "$host" ] || die "cannot start Slurm: hostname -s is empty"
  # slurmd finds its node by the short host name, and slurmctld must resolve it to reach slurmd.
  getent hosts "$host" >/dev/null ||
    die "cannot start Slurm: host name '$host' does not resolve (add it to /etc/hosts)"

  mkdir -p "$dir" || die "cannot create $dir"
  dir=$(cd "$dir" && pwd) || die "cannot enter $dir"
  # The path goes into slurm.conf unquoted, and into AuthInfo, whose options are split at commas.
  case $dir in
    *[!A-Za-z0-9._/+-]*) die "cannot start Slurm in '$dir': use a path of letters, digits and . _ / + -" ;;
  esac
  # munged wants its socket directory searchable by all (any user may ask for a credential) and
  # writable by no one else; mktemp -d makes 0700, which munged refuses.
  chmod 755 "$dir"
  if live_pid "$dir/slurmctld.pid" >/dev/null || live_pid "$dir/munged.pid" >/dev/null; then
    die "a cluster is already running in $dir (stop it first)"
  fi
  mkdir -p "$dir/state" "$dir/spool" || die "cannot create $dir/state and $dir/spool"

  # munge: its own key and socket, so the system's /etc/munge/munge.key and /run/munge are not
  # needed (the Debian package creates the key, but never starts munged in a container).
  if [ ! -s "$dir/munge.key" ]; then
    mungekey --create --keyfile="$dir/munge.key" 2>"$dir/mungekey.err" || {
      cat "$dir/mungekey.err" >&2; die "cannot start munge: mungekey could not create $dir/munge.key"; }
  fi
  chmod 400 "$dir/munge.key"
  munged --key-file="$dir/munge.key" --socket="$dir/munge.socket" --pid-file="$dir/munged.pid" \
         --log-file="$dir/munged.log" --seed-file="$dir/munged.seed" >"$dir/munged.err" 2>&1 || {
    cat "$dir/munged.err" >&2; show_log munged "$dir/munged.log"; die "munged failed to start"; }
  # munged answers on its socket at once; a credential round trip proves it works.
  if ! munge -n --socket="$dir/munge.socket" | unmunge --socket="$dir/munge.socket" >/dev/null 2>&1; then
    show_log munged "$dir/munged.log"; stop "$dir" >/dev/null 2>&1
    die "munged runs but cannot encode and decode a credential"
  fi

  cpus=${LOCAL_SLURM_CPUS:-$(nproc)}
  # Memory as slurmd itself measures it, so the node is not drained for "low RealMemory".
  mem=$(slurmd -C 2>/dev/null | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p' | head -n 1)
  [ -n "$mem" ] || mem=$(awk '/^MemTotal:/ {print int($2 / 1024)}' /proc/meminfo)
  port=$(free_port_pair) || die "cannot start Slurm: no free TCP ports"

  cat >"$dir/slurm.conf" <<EOF
# Written by tests/slurm/local_slurm.sh: a one-node cluster living in $dir.
ClusterName=scalerun-test
# The controller and the only node are this host; 127.0.0.1 keeps all traffic local.
SlurmctldHost=$host(127.0.0.1)
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
# Random free ports: other test clusters, or a system Slurm on 6817/6818, may run beside this one.
SlurmctldPort=$port
SlurmdPort=$((port + 1))
# The daemons run as root (slurmd must to start steps as the submitting user); no slurm account.
SlurmUser=root
SlurmdUser=root
# munge through our own munged: AuthInfo names its socket, for authentication and credentials.
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge.socket
# State, spool, logs and pid files inside the directory: nothing under /var or /run.
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldDebug=info
SlurmdDebug=info
# No cgroups (containers rarely let us write them): processes are tracked through /proc, tasks
# are not bound to cores, and nothing is accounted.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
# CPUs are the consumable resource, not memory (otherwise the first job takes all the memory and
# the next waits); config_overrides trusts CPUs= above even when the host has fewer cores.
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
# The node comes back to service by itself when slurmd registers, even after an unclean stop.
ReturnToService=2
# MPI wiring is chosen per step (srun --mpi=pmix); plain steps (hostname) get none.
MpiDefault=none
# Fast turnaround for tests: killed tasks go quickly, finished jobs are forgotten after 4 s.
# sbatch --wait polls every 2 s while 2 >= MinJobAge/2 (4 keeps that, and the job is not purged
# before the poll sees its exit code; a larger MinJobAge makes the polls 8 s apart).
MinJobAge=4
KillWait=5
InactiveLimit=0
Waittime=0
# No mail is sent (the default mail program is not installed, and slurmctld would log an error).
MailProg=/bin/true
EOF
  # Extra lines from the caller (a test that needs another setting, or one that checks how a
  # failure is reported); a key given twice takes its last value.
  if [ -n "${LOCAL_SLURM_EXTRA_CONF:-}" ]; then
    printf '# From LOCAL_SLURM_EXTRA_CONF:\n%s\n' "$LOCAL_SLURM_EXTRA_CONF" >>"$dir/slurm.conf"
  fi

  # slurmctld, then slurmd. Both read the config and fail with a message before they daemonize,
  # so their exit status says whether they started; later failures are in their logs.
  # -i: ignore any state in StateSaveLocation (a fresh cluster every time).
  slurmctld -i -f "$dir/slurm.conf" >"$dir/slurmctld.out" 2>&1 || {
    cat "$dir/slurmctld.out" >&2; show_log slurmctld "$dir/slurmctld.log"
    stop "$dir" >/dev/null 2>&1; die "slurmctld failed to start"; }
  slurmd -f "$dir/slurm.conf" >"$dir/slurmd.out" 2>&1 || {
    cat "$dir/slurmd.out" >&2; show_log slurmd "$dir/slurmd.log"
    stop "$dir" >/dev/null 2>&1; die "slurmd failed to start"; }
  echo "export SLURM_CONF=$dir/slurm.conf" >"$dir/env.sh"

  # Wait until the node is idle: both daemons up, slurmd registered, node in service.
  export SLURM_CONF="$dir/slurm.conf"
  wait_s=${LOCAL_SLURM_TIMEOUT:-30}
  local deadline daemon state=""
  deadline=$(($(date +%s) + wait_s))
  while [ "$(date +%s)" -lt "$deadline" ]; do
    # A daemon that fails after forking (a port in use, say) has exited by now, and may have
    # died before writing its pid file: no process of that name with our config is left.
    for daemon in slurmctld slurmd; do
      if ! live_pid "$dir/$daemon.pid" >/dev/null && ! runs_with_conf "$daemon" "$dir/slurm.conf"; then
        show_log "$daemon" "$dir/$daemon.log"; stop "$dir" >/dev/null 2>&1; die "$daemon died after starting"
      fi
    done
    state=$(sinfo -h -N -n "$host" -o %t 2>/dev/null | head -n 1)
    case $state in
      idle) break ;;
      drain* | drng | down* | inval* | fail*)
        scontrol show node "$host" 2>/dev/null | grep -E 'State=|Reason=' >&2
        show_log slurmd "$dir/slurmd.log"; show_log slurmctld "$dir/slurmctld.log"
        stop "$dir" >/dev/null 2>&1; die "node $host is $state instead of idle" ;;
    esac
    sleep 0.2
  done
  if [ "$state" != idle ]; then
    echo "node $host state after ${wait_s}s: '${state:-no answer from slurmctld}'" >&2
    show_log slurmctld "$dir/slurmctld.log"; show_log slurmd "$dir/slurmd.log"
    stop "$dir" >/dev/null 2>&1
    die "Slurm did not become ready within ${wait_s}s"
  fi
  # An idle node does not prove that steps start: slurmd loads the proctrack, task and MPI plugins
  # only in slurmstepd, per step (proctrack/cgroup, say, passes here and fails every step). And
  # srun 22.05 exits 0 when a task fails to launch, so the step's output is what is checked.
  local out
  out=$(timeout "$wait_s" srun -N1 -n1 --job-name=local-slurm-check echo local-slurm-ok 2>&1)
  if [ "$out" != local-slurm-ok ]; then
    echo "a one-task job step did not run: srun said: ${out:-nothing (timed out after ${wait_s}s?)}" >&2
    show_log slurmd "$dir/slurmd.log"
    stop "$dir" >/dev/null 2>&1
    die "Slurm started but cannot launch job steps"
  fi
  echo "local_slurm: node $host idle ($cpus CPUs, ports $port-$((port + 1))) after" \
       "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}') s;" \
       "export SLURM_CONF=$dir/slurm.conf"
}

# Stop one daemon by its pid file: TERM (each goes in well under a second), then KILL after 10 s.
stop_pid() {
  local pidfile=$1 pid
  pid=$(live_pid "$pidfile") || return 0
  kill -TERM "$pid" 2>/dev/null
  for _ in $(seq 1 100); do
    alive "$pid" || return 0
    sleep 0.1
  done
  echo "local_slurm: pid $pid ($pidfile) ignored TERM for 10 s, killing it" >&2
  kill -KILL "$pid" 2>/dev/null
  return 0
}

stop() {
  local dir=$1 pid fd
  [ -d "$dir" ] || return 0
  dir=$(cd "$dir" && pwd) || return 0
  if live_pid "$dir/slurmctld.pid" >/dev/null; then
    # Cancel what is left so no job step outlives the cluster, and give the steps a moment.
    SLURM_CONF="$dir/slurm.conf" scancel --quiet --user="$(id -un)" 2>/dev/null
    for _ in $(seq 1 30); do
      [ -z "$(SLURM_CONF="$dir/slurm.conf" squeue -h 2>/dev/null)" ] && break
      sleep 0.2
    done
  fi
  stop_pid "$dir/slurmd.pid"
  stop_pid "$dir/slurmctld.pid"
  # A slurmstepd of this cluster that is still alive holds files in DIR open (slurmd.log, its
  # socket in the spool); only those are ended, never another cluster's steps.
  for pid in $(pgrep -x slurmstepd 2>/dev/null); do
    for fd in /proc/"$pid"/fd/*; do
      case $(readlink "$fd" 2>/dev/null) in
        "$dir"/*) kill -KILL "$pid" 2>/dev/null; break ;;
      esac
    done
  done
  stop_pid "$dir/munged.pid"
  return 0
}

case ${1:-} in
  start) [ $# -eq 2 ] || die "usage: $0 start DIR"; start "$2" ;;
  stop) [ $# -eq 2 ] || die "usage: $0 stop DIR"; stop "$2" ;;
  env) [ $# -eq 2 ] || die "usage: $0 env DIR"; echo "export SLURM_CONF=$(cd "$2" && pwd)/slurm.conf" ;;
  *) die "usage: $0 start DIR | stop DIR | env DIR" ;;
esac
