#!/usr/bin/env bash
# --plot DIR through the real binary and Debian's gnuplot: every plottable table of the shipped
# scripts becomes an SVG beside its data and gnuplot script, each with its axes labelled; the
# number of figures equals the number of tables whose JSON names a chart. An unwritable --plot
# folder is one line, exit 2, before anything runs; without gnuplot the data and scripts are
# still written and one warning names the package (exit 0).
set -euo pipefail
bin=$(realpath "$1")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
command -v gnuplot > /dev/null || fail "gnuplot is not installed (apt-get install gnuplot-nox)"

for script in scripts/quickstart.lua scripts/mergesort_io.lua scripts/stas_sunwulf.lua; do
  name=$(basename "$script" .lua)
  out=$dir/$name
  "$bin" "$script" --format json --plot "$out" --db "$dir/db" > "$dir/$name.json" 2> "$dir/$name.err" ||
    { cat "$dir/$name.err"; fail "$script --plot failed"; }
  charts=$(grep -oE '"chart": *"(lines|stacked_bars|heat_map)"' "$dir/$name.json" | wc -l)
  svgs=$(find "$out" -name '*.svg' | wc -l)
  scripts=$(find "$out" -name '*.gp' | wc -l)
  echo "$script: $charts plottable tables, $scripts scripts, $svgs SVG figures"
  [ "$charts" -gt 0 ] && [ "$svgs" -eq "$charts" ] && [ "$scripts" -eq "$charts" ] ||
    fail "$script: $charts plottable tables but $scripts scripts and $svgs figures"
  for svg in "$out"/*.svg; do
    stem=${svg%.svg}
    [ -s "$stem.dat" ] || fail "$svg has no data file"
    xlabel=$(sed -n 's/^set xlabel "\(.*\)" noenhanced$/\1/p' "$stem.gp")
    ylabel=$(sed -n 's/^set ylabel "\(.*\)" noenhanced$/\1/p' "$stem.gp")
    [ -n "$xlabel" ] && [ -n "$ylabel" ] || fail "$stem.gp labels no axis"
    grep -qF ">$xlabel</text>" "$svg" || fail "$svg does not show its x label '$xlabel'"
    grep -qF ">$ylabel</text>" "$svg" || fail "$svg does not show its y label '$ylabel'"
  done
done

rc=0; "$bin" scripts/quickstart.lua --plot /proc/no-such-dir > /dev/null 2> "$dir/err.txt" || rc=$?
[ "$rc" -eq 2 ] && grep -q "^scalerun: --plot: cannot create directory '/proc/no-such-dir'" "$dir/err.txt" ||
  { cat "$dir/err.txt"; fail "an unwritable --plot folder: exit $rc"; }

rc=0; PATH=/nonexistent "$bin" scripts/quickstart.lua --plot "$dir/nognuplot" > /dev/null 2> "$dir/err.txt" || rc=$?
[ "$rc" -eq 0 ] || fail "without gnuplot: exit $rc, expected 0"
grep -q "gnuplot is not installed, so the 4 figures in '$dir/nognuplot' are data and scripts only (apt-get install gnuplot-nox" "$dir/err.txt" ||
  { cat "$dir/err.txt"; fail "without gnuplot: no warning naming the package"; }
[ "$(find "$dir/nognuplot" -name '*.gp' | wc -l)" -eq 4 ] || fail "without gnuplot: the scripts were not written"
echo "figures: ok"
