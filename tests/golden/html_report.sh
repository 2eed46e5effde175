#!/usr/bin/env bash
# --html FILE opened in a real browser (Debian's chromium, headless): for each script, the page
# loads with no console error, is one self-contained file (nothing fetched: no src= or href= to
# anything but the page itself), and holds one inline SVG figure per plottable table (the tables
# whose JSON names a chart), each with its axes labelled; a measured or simulated script's page
# also draws the timeline (Gantt) of a point per experiment; a screenshot is taken.
# Usage: html_report.sh SCALERUN [SCREENSHOT_DIR]
set -euo pipefail
bin=$(realpath "$1")
shots=${2:-}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
command -v chromium > /dev/null || fail "chromium is not installed (apt-get install chromium)"
browser() { chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$dir/profile" "$@"; }

# script:timelines, the timelines its page must draw: one per experiment in measure or simulate mode
# (spasm_bus_cube simulates 3 kernels x 2 machines x 2 speeds; measure_host measures 2 kernels).
for entry in scripts/quickstart.lua:0 scripts/spasm_bus_cube.lua:12 scripts/mergesort_io.lua:0 scripts/measure_host.lua:2; do
  script=${entry%:*}
  timelines_expected=${entry##*:}
  name=$(basename "$script" .lua)
  page=$dir/$name.html
  "$bin" "$script" --format json --html "$page" --db "$dir/db" --quiet > "$dir/$name.json" 2> "$dir/$name.err" ||
    [ $? -eq 1 ] || fail "$script --html failed"   # 1: a timing check missed on a busy host; the page is still written
  [ -s "$page" ] || fail "$script wrote no page"
  charts=$(grep -oE '"chart": *"(lines|stacked_bars|heat_map)"' "$dir/$name.json" | wc -l)

  browser --enable-logging=stderr --v=0 --dump-dom "file://$page" > "$dir/$name.dom" 2> "$dir/$name.log" ||
    { tail -5 "$dir/$name.log"; fail "chromium could not load $page"; }
  if grep -E 'CONSOLE|Uncaught|Failed to load resource' "$dir/$name.log"; then fail "$name: console errors"; fi
  grep -q '</html>' "$dir/$name.dom" || fail "$name: the page did not load whole"
  if grep -oE '(src|href)="[^"#][^"]*"' "$dir/$name.dom" | grep -v 'xmlns'; then fail "$name: the page refers to other files"; fi
  figures=$(grep -c '<figure>' "$dir/$name.dom" || true)
  timelines=$(grep -c '<figure class="timeline">' "$dir/$name.dom" || true)
  svgs=$(grep -o '<svg' "$dir/$name.dom" | wc -l)
  echo "$script: $charts plottable tables, $figures figures, $timelines timelines, $svgs SVGs"
  [ "$charts" -gt 0 ] && [ "$figures" -eq "$charts" ] && [ "$svgs" -eq $((charts + timelines)) ] ||
    fail "$name: $charts plottable tables but $figures figures ($svgs SVGs)"
  [ "$timelines" -eq "$timelines_expected" ] || fail "$name: $timelines timelines, expected $timelines_expected"
  # Every figure labels its axes: gnuplot writes each label as a <text> element of its own.
  labelled=$(awk '/<figure/ { n = 0; inside = 1 } inside && /<text/ { n++ } /<\/figure>/ { if (n >= 2) ok++; inside = 0 } END { print ok + 0 }' "$dir/$name.dom")
  [ "$labelled" -eq $((figures + timelines)) ] || fail "$name: $labelled of $((figures + timelines)) figures have labelled axes"

  browser --screenshot="$dir/$name.png" --window-size=1200,1600 "file://$page" > /dev/null 2>&1 ||
    fail "chromium could not take a screenshot of $page"
  [ -s "$dir/$name.png" ] || fail "$name: empty screenshot"
  if [ -n "$shots" ]; then cp "$dir/$name.png" "$shots/html_$name.png"; fi
done
echo "html_report: ok"
