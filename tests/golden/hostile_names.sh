#!/usr/bin/env bash
# Names stay names (issue 25): tests/golden/scripts/hostile_names.lua gives every name a script or
# a shared library sets (experiment, kernel, machine, map and its column names, an extra column, a
# model term, fit, discover, check, an external command's template) backticks, $(...), system(...),
# line breaks, quotes of both kinds, </script>, an HTML comment, separators, %, a terminal escape,
# invalid UTF-8 and a trailing backslash, every injected command aimed at a marker file here. Run
# through every output (text, CSV, Markdown, JSON, --out, --plot with gnuplot really drawing,
# --html, --trace), each run must exit 0, the marker must never exist, and every output must still
# be what its reader expects: strict JSON (json_check, trace_check), gnuplot scripts that gnuplot
# runs, SVG that a browser parses as XML, a page with no script element that loads without console
# errors, CSV records of one width, Markdown rows of one width, text without control characters,
# all of it valid UTF-8, and no file written outside its folder.
# Usage: hostile_names.sh SCALERUN TRACE_CHECK JSON_CHECK
set -euo pipefail
bin=$(realpath "$1")
trace_check=$(realpath "$2")
json_check=$(realpath "$3")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
command -v gnuplot > /dev/null || fail "gnuplot is not installed (apt-get install gnuplot-nox)"
command -v chromium > /dev/null || fail "chromium is not installed (apt-get install chromium)"
browser() { chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$dir/profile" "$@"; }
marker=$dir/MARKER
no_marker() { [ ! -e "$marker" ] || fail "$1: a name ran a command (the marker file $marker exists)"; }

# run NAME ARGS...: the script with ARGS; stdout in NAME.out, stderr in NAME.err; exit 0.
run() {
  local name=$1 rc=0
  shift
  "$bin" tests/golden/scripts/hostile_names.lua --set "marker=$marker" --db "$dir/db" "$@" \
    > "$dir/$name.out" 2> "$dir/$name.err" || rc=$?
  no_marker "$name"
  [ "$rc" -eq 0 ] || { tail -5 "$dir/$name.err"; fail "$name: exit $rc, expected 0"; }
}
run text
run csv --format csv
run markdown --format markdown
run all --format json --out "$dir/out" --plot "$dir/plot" --html "$dir/page.html" --trace "$dir/trace.json"
if grep -a 'gnuplot could not draw' "$dir/all.err"; then fail "gnuplot could not draw a figure"; fi

# Every file valid UTF-8; text, Markdown and CSV (which go to a terminal too) without a control
# character but the line break (and in CSV the tab).
utf8() { iconv -f UTF-8 -t UTF-8 "$1" > /dev/null 2>&1 || fail "$1 is not valid UTF-8"; }
for f in "$dir"/{text,csv,markdown,all}.out "$dir/page.html" "$dir/trace.json" "$dir"/out/* "$dir"/plot/*; do utf8 "$f"; done
for f in "$dir"/{text,markdown}.out; do
  if LC_ALL=C grep -n $'[\x01-\x09\x0b-\x1f\x7f]' "$f" | head -3 | grep .; then fail "$f holds control characters"; fi
done
for f in "$dir/csv.out" "$dir"/out/*.csv; do
  if LC_ALL=C grep -n $'[\x01-\x08\x0b-\x1f\x7f]' "$f" | head -3 | grep .; then fail "$f holds control characters"; fi
done

# JSON: strict documents, the names kept (a backtick is no JSON special) and invalid bytes as U+FFFD.
"$json_check" "$dir/all.out" "$dir/out/results.json" "$dir/trace.json"
"$trace_check" "$dir/trace.json" > "$dir/trace_check.txt" || { cat "$dir/trace_check.txt"; fail "trace_check"; }
# Every name reached the output (else this test would prove nothing about it), as written.
for tag in experiment simulated measured command machine kernel term column map "quantity one" fit discover check; do
  grep -qF "$tag \`touch $marker\` \$(touch $marker)" "$dir/all.out" || fail "the $tag name is not in the JSON as written"
done
grep -qF "\`touch $marker\` \$(touch $marker) </script> 'q' 50%" "$dir/all.out" ||
  fail "the external command's template is not in the JSON as written"
grep -qF $'\xef\xbf\xbd' "$dir/all.out" || fail "the invalid UTF-8 of the names is not replaced by U+FFFD in the JSON"

# CSV (RFC 4180): within a block (--format csv: blocks apart by a blank line; --out: a file each)
# every record has as many fields as the header; a quoted field may span lines.
csv_width() {
  awk 'FNR == 1 { want = -1; pending = "" }
    { line = pending == "" ? $0 : pending "\n" $0
      if (gsub(/"/, "\"", line) % 2 == 1) { pending = line; next }
      pending = ""
      if (line == "") { want = -1; next }
      gsub(/"[^"]*"/, "", line); n = gsub(/,/, ",", line) + 1
      if (want < 0) want = n; else if (n != want) { print FILENAME ":" FNR ": " n " fields, the header has " want; bad = 1 } }
    END { if (pending != "") { print FILENAME ": a quote left open"; bad = 1 } exit bad }' "$@"
}
csv_width "$dir/csv.out" "$dir"/out/*.csv || fail "a CSV record is not as wide as its header"
[ "$(grep -c '^table,' "$dir/csv.out")" -eq "$(grep -o '"columns":' "$dir/all.out" | wc -l)" ] ||
  fail "--format csv has not one block per table"

# Markdown: every row of a table has as many cell boundaries as its header (\| and \\ escaped).
awk '/^\|/ { line = $0; gsub(/\\\\/, "", line); gsub(/\\\|/, "", line); n = gsub(/\|/, "|", line)
      if (want < 0) want = n; else if (n != want) { print "markdown.out:" NR ": " n " pipes, the header has " want; bad = 1 }
      next }
    { want = -1 }
    END { exit bad }' want=-1 "$dir/markdown.out" || fail "a Markdown row is not as wide as its header"
[ "$(grep -c '^### ' "$dir/markdown.out")" -eq "$(grep -o '"columns":' "$dir/all.out" | wc -l)" ] ||
  fail "--format markdown has not one heading per table"

# Figures: one per plottable table and timeline, file names inside their folder, each script drawn by gnuplot
# again here (as a user restyling it would), each SVG well-formed XML for a browser.
charts=$(grep -oE '"chart": *"(lines|stacked_bars|heat_map)"' "$dir/all.out" | wc -l)
scripts=$(find "$dir/plot" -name '*.gp' | wc -l)
svgs=$(find "$dir/plot" -name '*.svg' | wc -l)
# With --trace a measured or simulated experiment's timeline is drawn too (the simulated one here).
timelines=$(find "$dir/plot" -name '*__timeline*.gp' | wc -l)
[ "$charts" -gt 0 ] && [ "$timelines" -gt 0 ] && [ "$scripts" -eq $((charts + timelines)) ] && [ "$svgs" -eq "$scripts" ] ||
  fail "$charts plottable tables and $timelines timelines but $scripts scripts and $svgs figures"
if find "$dir/plot" "$dir/out" -mindepth 1 | grep -vE '/(plot|out)/[A-Za-z0-9_.-]+$'; then fail "a file name outside [A-Za-z0-9_.-]"; fi
unexpected=$(find "$dir" -mindepth 1 -maxdepth 1 | grep -vE '/(db.*|out|plot|page\.html|trace\.json|trace_check\.txt|[a-z]+\.(out|err))$' || true)
[ -z "$unexpected" ] || fail "written outside the output folders: $unexpected"
for gp in "$dir"/plot/*.gp; do
  (cd "$dir/plot" && gnuplot "$(basename "$gp")") > "$dir/gnuplot.err" 2>&1 || { cat "$dir/gnuplot.err"; fail "gnuplot $gp"; }
  no_marker "gnuplot $(basename "$gp")"
  svg=${gp%.gp}.svg
  browser --dump-dom "file://$svg" > "$dir/svg.dom" 2> /dev/null || fail "chromium could not open $svg"
  if grep -q 'This page contains the following errors' "$dir/svg.dom"; then fail "$svg is not well-formed XML"; fi
done

# The page: loads without a console error, holds no script element (each name's </script><script>
# is text), and every experiment's heading and every figure survived the names' <!-- and quotes.
browser --enable-logging=stderr --v=0 --dump-dom "file://$dir/page.html" > "$dir/page.dom" 2> "$dir/page.log" ||
  { tail -5 "$dir/page.log"; fail "chromium could not load the page"; }
if grep -E 'CONSOLE|Uncaught|Failed to load resource' "$dir/page.log"; then fail "console errors"; fi
grep -q '</html>' "$dir/page.dom" || fail "the page did not load whole"
if grep -qi '<script' "$dir/page.dom"; then fail "a name became a script element"; fi
grep -qF '&lt;/script&gt;&lt;script&gt;alert(1)' "$dir/page.dom" || fail "the names are not shown as text on the page"
sections=$(grep -o '"kind":' "$dir/all.out" | wc -l)
[ "$(grep -o '<h2' "$dir/page.dom" | wc -l)" -eq "$sections" ] || fail "the page has not one heading per experiment ($sections)"
[ "$(grep -o '<figure>' "$dir/page.dom" | wc -l)" -eq "$charts" ] || fail "the page has not one figure per plottable table ($charts)"
no_marker "the page"
echo "hostile_names: ok ($sections experiments, $charts figures, every output parsed, no command ran)"
