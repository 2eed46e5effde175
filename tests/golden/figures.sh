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
    # Labels are single-quoted (nothing substituted there), a quote in them doubled.
    xlabel=$(sed -n "s/^set xlabel '\(.*\)' noenhanced\$/\1/p" "$stem.gp" | sed "s/''/'/g")
    ylabel=$(sed -n "s/^set ylabel '\(.*\)' noenhanced\$/\1/p" "$stem.gp" | sed "s/''/'/g")
    [ -n "$xlabel" ] && [ -n "$ylabel" ] || fail "$stem.gp labels no axis"
    grep -qF ">$xlabel</text>" "$svg" || fail "$svg does not show its x label '$xlabel'"
    grep -qF ">$ylabel</text>" "$svg" || fail "$svg does not show its y label '$ylabel'"
  done
done

# Fitted curves beside the points they fit. The expectations are computed here from the run's own
# tables (--out: CSV and results.json), never pasted: a figure must draw the fit its table reports.
# block DAT N: the samples of block N of a figure's data (0: the table's rows; a fitted curve's
# block follows two blank lines).
block() { awk -v want="$2" '/^$/ { e++; next } /^#/ { next } { if (e >= 2) b++; e = 0 } b == want' "$1"; }
# index_of GP TITLE: the data block a plot element with this title reads; colour_of GP TITLE: its colour.
index_of() { grep -F "title '$2'" "$1" | sed -n 's/.* index \([0-9]*\) using .*/\1/p'; }
colour_of() { grep -F "title '$2'" "$1" | sed -n "s/.* lc rgb '\(#[0-9A-Fa-f]*\)' title .*/\1/p"; }

# The isoefficiency figure: W against p on log-log axes, the solved W as points and W = c p^k as a
# line, k the table's growth_order and c the intercept of the same least-squares line (the mean of
# log W - k log p over the solved points, p > 1).
iso=$dir/iso
"$bin" tests/golden/scripts/daily_isoefficiency.lua --plot "$iso/fig" --out "$iso/out" --db "$dir/db" > /dev/null 2> "$dir/iso.err" ||
  { cat "$dir/iso.err"; fail "daily_isoefficiency.lua --plot failed"; }
k=$(grep -A1 '"name": "growth_order"' "$iso/out/results.json" | sed -n 's/.*"value": \([^,]*\),*$/\1/p')
[ -n "$k" ] || fail "the isoefficiency table has no growth_order"
csv=$iso/out/iso__isoefficiency.csv gp=$iso/fig/iso__isoefficiency.gp dat=$iso/fig/iso__isoefficiency.dat
read -r c lo hi < <(awk -F, -v k="$k" 'NR > 1 && $1 > 1 && $2 > 0 {
    s += log($2) - k * log($1); n++; if (n == 1 || $1 < lo) lo = $1; if (n == 1 || $1 > hi) hi = $1 }
  END { printf "%.17g %s %s\n", exp(s / n), lo, hi }' "$csv")
label=$(awk -v c="$c" -v k="$k" 'BEGIN { printf "fit W = %.4g p^%.3f", c, k }')
grep -q '^set logscale x' "$gp" && grep -q '^set logscale y' "$gp" || fail "$gp: W(p) not on log-log axes"
grep -qF "'iso__isoefficiency.dat' index 0 using 1:2 with points" "$gp" || fail "$gp: the solved W not drawn as points"
grep -qF "with lines lw 2 lc rgb '$(colour_of "$gp" W)' title '$label'" "$gp" ||
  { cat "$gp"; fail "$gp: no line '$label' in the colour of W"; }
block "$dat" "$(index_of "$gp" "$label")" | awk -v c="$c" -v k="$k" -v lo="$lo" -v hi="$hi" -v gp="$gp" '
  { y = c * $1 ^ k; if ((($2 - y) / y) ^ 2 > 1e-18) { print gp ": " $0 " is not on W = c p^k"; bad = 1 }
    if (NR == 1) first = $1; last = $1 }
  END { if (NR != 100 || first != lo || last != hi) { print gp ": " NR " samples from " first " to " last ", expected 100 from " lo " to " hi; bad = 1 }
        exit bad }' || fail "the isoefficiency curve is not the fitted W = c p^k"
echo "isoefficiency: $label over p = $lo..$hi (growth_order $k)"

# Simulate mode (seed 003): each overhead of the overhead figure as points, its fitted function
# (the overhead_functions table's formula, evaluated here at the figure's samples) as a line in the
# same colour, and every crossover of the crossover table that lies inside the simulated range of p
# as a dashed line at its crossing, labelled; none outside it.
sp=$dir/spasm
"$bin" scripts/spasm_bus_cube.lua --plot "$sp/fig" --out "$sp/out" --db "$dir/db" --quiet > /dev/null 2> "$dir/spasm.err" ||
  { cat "$dir/spasm.err"; fail "spasm_bus_cube.lua --plot failed"; }
marked=0 studies=0
for functions in "$sp"/out/*__overhead_functions.csv; do
  study=$(basename "$functions" __overhead_functions.csv)
  gp=$sp/fig/${study}__overhead.gp dat=$sp/fig/${study}__overhead.dat
  [ -s "$gp" ] && [ -s "$dat" ] || fail "$study: no overhead figure"
  for name in serial imbalance latency contention; do
    fit=$(awk -F, -v n="$name" 'NR > 1 && $1 == n { print $2 }' "$functions")
    title="fit $name = $fit"
    grep -F "title '$name'" "$gp" | grep -q ' with points ' || fail "$gp: $name not drawn as points"
    grep -F "title '$title'" "$gp" | grep -q ' with lines ' || { cat "$gp"; fail "$gp: no line '$title'"; }
    [ "$(colour_of "$gp" "$name")" = "$(colour_of "$gp" "$title")" ] || fail "$gp: $name and its fit differ in colour"
    block "$dat" "$(index_of "$gp" "$title")" | awk -v f="$fit" -v what="$gp: $title" '
      function basis(b, p) {
        if (b == "") return 1; if (b == "/ p") return 1 / p; if (b == "log2 p") return log(p) / log(2)
        if (b == "p") return p; if (b == "p log2 p") return p * log(p) / log(2); if (b == "p^2") return p * p
        print what ": unknown term " b; exit 1 }
      BEGIN { n = split(f, w, " ") }
      { y = 0; size = 0; sign = 1
        for (i = 1; i <= n; ) {
          if (w[i] == "+" || w[i] == "-") { sign = w[i] == "-" ? -1 : 1; i++; continue }
          coefficient = sign * w[i]; b = ""; i++
          while (i <= n && w[i] != "+" && w[i] != "-") { b = b (b == "" ? "" : " ") w[i]; i++ }
          term = coefficient * basis(b, $1); y += term; size += term < 0 ? -term : term }
        # The formula prints 4 significant digits of each coefficient: within 1e-3 of each term.
        if (($2 - y) ^ 2 > (1e-3 * size) ^ 2 + 1e-30) { print what ": at p = " $1 " the figure has " $2 ", the formula " y; bad = 1 } }
      END { if (NR != 100) { print what ": " NR " samples"; bad = 1 } exit bad }' || fail "$study: the $name curve is not its fit"
  done
  read -r lo hi < <(awk -F, 'NR > 1 { if (NR == 2 || $1 < lo) lo = $1; if (NR == 2 || $1 > hi) hi = $1 } END { print lo, hi }' \
    "$sp/out/${study}__overhead.csv")
  expected=0
  while IFS=, read -r overhead overtakes _ _ crossing; do
    [ -n "$crossing" ] && awk -v x="$crossing" -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(x >= lo && x <= hi) }' || continue
    expected=$((expected + 1))
    sed -n 's/^set arrow from \([^,]*\), graph 0 to .* nohead dt 3 .*/\1/p' "$gp" |
      awk -v x="$crossing" '(($1 - x) / x) ^ 2 < 1e-20 { found = 1 } END { exit !found }' ||
      { cat "$gp"; fail "$gp: no dashed line at the crossing p = $crossing of $overhead over $overtakes"; }
    grep -qF "set label '$overhead overtakes $overtakes at p = " "$gp" || fail "$gp: the crossing of $overhead over $overtakes is not labelled"
  done < <(tail -n +2 "$sp/out/${study}__crossover.csv")
  arrows=$(grep -c '^set arrow' "$gp" || true)
  [ "$arrows" -eq "$expected" ] || fail "$gp: $arrows dashed lines, but $expected crossings inside p = $lo..$hi"
  marked=$((marked + expected)) studies=$((studies + 1))
done
[ "$studies" -gt 0 ] && [ "$marked" -gt 0 ] || fail "spasm_bus_cube: $studies overhead figures, $marked crossings inside the range: nothing checked"
echo "spasm_bus_cube: $studies overhead figures with their fitted functions, $marked crossings marked"

rc=0; "$bin" scripts/quickstart.lua --plot /proc/no-such-dir > /dev/null 2> "$dir/err.txt" || rc=$?
[ "$rc" -eq 2 ] && grep -q "^scalerun: --plot: cannot create directory '/proc/no-such-dir'" "$dir/err.txt" ||
  { cat "$dir/err.txt"; fail "an unwritable --plot folder: exit $rc"; }

rc=0; PATH=/nonexistent "$bin" scripts/quickstart.lua --plot "$dir/nognuplot" > /dev/null 2> "$dir/err.txt" || rc=$?
[ "$rc" -eq 0 ] || fail "without gnuplot: exit $rc, expected 0"
grep -q "gnuplot is not installed, so the 4 figures in '$dir/nognuplot' are data and scripts only (apt-get install gnuplot-nox" "$dir/err.txt" ||
  { cat "$dir/err.txt"; fail "without gnuplot: no warning naming the package"; }
[ "$(find "$dir/nognuplot" -name '*.gp' | wc -l)" -eq 4 ] || fail "without gnuplot: the scripts were not written"
echo "figures: ok"
