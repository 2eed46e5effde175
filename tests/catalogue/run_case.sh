#!/usr/bin/env bash
# Runs one case of the bad-input catalogue (see tests/catalogue/README.md) through the real binary
# and checks the product contract: the expected exit code, the expected first line of stderr, ONE
# line of stderr for an error (exit 2), no hang, no signal, no sanitizer report, and no nan/inf
# cell printed without a word of reason on its row.
#
#   run_case.sh BINARY CASE.lua KNOWN_FAILURES
#
# Run from the repository root (ctest does), so chunk names and expected lines read
# tests/catalogue/cases/... as a user would see them. Needs bash and coreutils only (CI's fresh
# Debian has no python). Exit 0: the case holds; 1: it does not; 77: it does not, but is listed in
# KNOWN_FAILURES (ctest reports it as skipped, so the lead sees it without a red suite).
set -u

binary=$1
case_file=$2
known=$3
name=${case_file#tests/catalogue/cases/}
name=${name%.lua}

# Header fields: "-- key: value" lines; the first of each key counts. Read with builtins only:
# process start-up is the cost of a case on a small CI machine.
expect_exit='' expect='' args='' cmdline='' lines='' hard_timeout='' stdin_text=''
while IFS= read -r line; do
  case $line in
    "-- expect-exit: "*) [[ -z $expect_exit ]] && expect_exit=${line#-- expect-exit: } ;;
    "-- expect: "*) [[ -z $expect ]] && expect=${line#-- expect: } ;;
    "-- args: "*) [[ -z $args ]] && args=${line#-- args: } ;;
    "-- cmdline: "*) [[ -z $cmdline ]] && cmdline=${line#-- cmdline: } ;;
    "-- lines: "*) [[ -z $lines ]] && lines=${line#-- lines: } ;;
    "-- timeout: "*) [[ -z $hard_timeout ]] && hard_timeout=${line#-- timeout: } ;;
    "-- stdin: "*) [[ -z $stdin_text ]] && stdin_text=${line#-- stdin: } ;;
  esac
done <"$case_file"
hard_timeout=${hard_timeout:-20}
if [[ -z $expect_exit ]]; then
  echo "$case_file: no '-- expect-exit:' header"; exit 1
fi
if [[ $expect_exit == 2 && -z $expect ]]; then
  echo "$case_file: an error case needs an '-- expect:' header (the regex of its first stderr line)"; exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/scalerun-catalogue.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# The marker of the security cases: a case that tries to run a program or write a file aims at
# $MARKER (also {tmp}/marker in a header); it must never exist afterwards, whatever the case.
export MARKER="$tmp/marker"

# {tmp}: a private folder (databases, --out); {script}: this case file. Word splitting of the
# header is intended: it is a command line.
expand() { local s=${1//\{tmp\}/$tmp}; printf '%s' "${s//\{script\}/$case_file}"; }
if [[ -n $cmdline ]]; then
  read -r -a argv <<<"$(expand "$cmdline")"
else
  read -r -a extra <<<"$(expand "$args")"
  # Every script case gets its own database so measure-mode cases never touch ./scalerun.db.
  argv=("$case_file" --db "$tmp/scalerun.db" "${extra[@]}")
fi

timeout -k 3 "$hard_timeout" "$binary" "${argv[@]}" >"$tmp/out" 2>"$tmp/err" <<<"$stdin_text"
rc=$?

problems=()
if [[ $rc == 124 || $rc == 137 ]]; then
  problems+=("hang: still running after ${hard_timeout} s (killed)")
elif [[ $rc -ge 128 && $rc != 130 && $rc != "$expect_exit" ]]; then
  problems+=("killed by signal $((rc - 128))")
elif [[ $rc != "$expect_exit" ]]; then
  problems+=("exit code $rc, expected $expect_exit")
fi
if [[ -e $tmp/marker ]]; then
  problems+=("the marker file was created: the case ran a program or wrote a file it must not")
fi
err_text=$(<"$tmp/err")
if [[ $err_text =~ ERROR:\ (Address|Leak|Thread)Sanitizer|runtime\ error:\ |SUMMARY:\ (Address|Undefined) ]]; then
  problems+=("sanitizer report on stderr")
fi
mapfile -t err_lines <"$tmp/err"
first=${err_lines[0]:-}
nlines=${#err_lines[@]}
if [[ -n $expect && ! $first =~ $expect ]]; then
  problems+=("first stderr line does not match '$expect'")
fi
if [[ $rc == 2 && $lines != many && $nlines -gt 1 ]]; then
  problems+=("$nlines lines on stderr, an error is one line")
fi
# A nan/inf cell must carry its reason: a word on its own row beyond numbers and nan/inf, or a
# note of its table naming the row's key and the nan/inf ("note: p = 1: c is nan (...)").
out_text=$(<"$tmp/out")
bad_rows=''
shopt -s nocasematch
[[ $out_text =~ (nan|inf) ]] && bad_rows=$(awk '
  NR == FNR { if (tolower($0) ~ /note:.*(nan|inf)/) notes = notes "\n" $0; next }
  {
    silent = 0; reason = 0
    n = split($0, f, /[ \t|,]+/)
    for (i = 1; i <= n; i++) {
      w = tolower(f[i])
      if (w ~ /^[-+]?(nan|inf|infinity)$/) silent = 1
      else if (w ~ /[a-z][a-z][a-z]/) reason = 1
    }
    key = (f[1] == "" ? f[2] : f[1])
    if (silent && !reason && index(notes, "= " key ":") == 0) print
  }' "$tmp/out" "$tmp/out")
shopt -u nocasematch
if [[ -n $bad_rows ]]; then
  problems+=("nan/inf printed without a reason: $(head -n 1 <<<"$bad_rows")")
fi

if [[ ${#problems[@]} == 0 ]]; then
  if grep -qE "^$name([[:space:]]|$)" "$known" 2>/dev/null; then
    echo "$name: now passes; remove it from tests/catalogue/known_failures.txt"
  fi
  exit 0
fi

echo "catalogue case $name: ${argv[*]}"
for p in "${problems[@]}"; do echo "  - $p"; done
echo "--- exit $rc; stderr ($nlines lines) ---"
head -n 20 "$tmp/err"
echo "--- stdout (first 20 lines) ---"
head -n 20 "$tmp/out"
if grep -qE "^$name([[:space:]]|$)" "$known" 2>/dev/null; then
  echo "KNOWN FAILURE (listed in tests/catalogue/known_failures.txt): not failing the suite"
  exit 77
fi
exit 1
