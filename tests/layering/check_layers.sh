#!/usr/bin/env bash
# Layering check (issue 11): every project include under engine/ and kernels/ must point at the
# includer's own layer or one below it, and only the Lua facade (engine/lua/) may see Lua's C API.
# bash, find, sort, grep and awk (POSIX awk: mawk on Debian) only: CI machines may lack python.
#
# The layer order, lowest first: a folder may include its own layer and any layer before it.
#   runtime          the parallel runtime and `stop`, the flag every long loop polls
#   errors           the errors that cross layers (ScriptError, ...) and the poll of `stop`
#   expr fit         expression graphs (parallel over the runtime), least squares: plain numbers
#   report store     tables and their formats, the results database
#   kernels-native   kernels/native: the native kernels, written against the runtime
#   kernels-mpi      kernels/mpi: the MPI kernels (programs of their own, reusing native code)
#   measure host     external programs run and timed; this host (hwloc, benchmarks, identity)
#   network sim      simulate mode: interconnect models, the discrete-event engine
#   provenance       what produced the numbers: host, build, script (report::Context from host/)
#   model study      kernel models bound to machines; what scripts ask for, on plain specs (no Lua)
#   lua              the facade: drives the engine below it, the only folder that sees Lua
#   cli              main
# Files map to their folder (engine/<folder>/...), kernels/native/... to
# kernels-native. Includes are folder-relative ("study/session.hpp"); one without a folder is the
# includer's own; one whose first folder is not ours (engine/ or kernels/) is a library's.
LAYERS="runtime errors expr fit report store kernels-native kernels-mpi measure host network sim provenance model study lua cli"
#
# What the code does today that this order forbids is listed in allowed_violations.txt, one
# `file -> included` a line, and the check is a ratchet: it fails on a violation not listed and on
# a listed one that no longer exists (so the list only shrinks). Regenerate it with --list.
#
# Usage: check_layers.sh [--root DIR] [--allow FILE] [--list | --graph]
#   (none)   check against the allow-list; print the folder cycles; exit 1 on a new or stale entry
#   --list   print the violations of today's tree in the allow-list's format
#   --graph  print the folder include graph (folder -> folders it includes, include counts; "up"
#            marks an include of a higher layer) and its cycles, then check as above

set -euo pipefail
export LC_ALL=C

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
allow=""
mode=check
while (($#)); do
  case "$1" in
    --root) root="$(cd "$2" && pwd)"; shift 2 ;;
    --allow) allow="$2"; shift 2 ;;
    --list) mode=list; shift ;;
    --graph) mode=graph; shift ;;
    -h|--help) sed -n '2,/^$/p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "check_layers.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
allow="${allow:-$root/tests/layering/allowed_violations.txt}"
cd "$root"
[[ -d engine && -d kernels ]] || { echo "check_layers.sh: $root has no engine/ and kernels/" >&2; exit 2; }

# Stage 1, one record per fact, tab-separated:
#   F file layer                    every C/C++ file and its layer
#   E file layer included to_layer  a project include ("folder/...")
#   L file what                     Lua's C API outside the facade: <lua.hpp>, lua_State, ...
# shellcheck disable=SC2016  # the awk programs are single-quoted on purpose
facts="$(find engine kernels -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' -o -name '*.cc' \
           -o -name '*.hh' -o -name '*.ipp' -o -name '*.inl' \) -print0 | sort -z |
  xargs -0 -r awk -v folders="$(cd engine && find . -mindepth 1 -maxdepth 1 -type d | sed 's|^\./||' | tr '\n' ' ')" '
    function layer_of_path(p,    n, part) {
      n = split(p, part, "/")
      if (part[1] == "kernels") return n > 2 ? "kernels-" part[2] : "kernels"
      return part[2]
    }
    # The code of a line, comments removed (block comments may span lines).
    function code_of(line,    out, a, b) {
      out = ""
      while (line != "") {
        if (in_block) {
          b = index(line, "*/")
          if (b == 0) return out
          line = substr(line, b + 2); in_block = 0
        } else {
          a = index(line, "//"); b = index(line, "/*")
          if (a > 0 && (b == 0 || a < b)) return out substr(line, 1, a - 1)
          if (b == 0) return out line
          out = out substr(line, 1, b - 1) " "; line = substr(line, b + 2); in_block = 1
        }
      }
      return out
    }
    BEGIN {
      n = split(folders, f, " ")
      for (i = 1; i <= n; i++) ours[f[i]] = 1
      ours["kernels"] = 1
      lua_headers["lua.hpp"] = lua_headers["lua.h"] = lua_headers["lauxlib.h"] = 1
      lua_headers["lualib.h"] = lua_headers["luaconf.h"] = 1
      OFS = "\t"
    }
    FNR == 1 { file = FILENAME; layer = layer_of_path(file); in_block = 0; print "F", file, layer }
    {
      code = code_of($0)
      if (match(code, /^[ \t]*#[ \t]*include[ \t]*[<"][^>"]+[>"]/)) {
        inc = substr(code, RSTART, RLENGTH); sub(/^[ \t]*#[ \t]*include[ \t]*/, "", inc)
        path = substr(inc, 2, length(inc) - 2)
        if (path in lua_headers) {
          if (layer != "lua") print "L", file, inc
        } else if (substr(inc, 1, 1) == "\"") {
          if (index(path, "/") == 0) to = layer
          else {
            split(path, part, "/")
            if (!(part[1] in ours)) next
            to = part[1] == "kernels" ? "kernels-" part[2] : part[1]
          }
          print "E", file, layer, path, to
        }
      }
      if (layer != "lua" && !(file in named) && code ~ /(^|[^A-Za-z0-9_])lua_State([^A-Za-z0-9_]|$)/) {
        named[file] = 1; print "L", file, "lua_State"
      }
    }')"

# Stage 2: the violations of today's tree (sorted, one `file -> included` a line), and the files
# whose folder the order does not name.
analysis="$(printf '%s\n' "$facts" | awk -F'\t' -v layers="$LAYERS" '
  BEGIN { n = split(layers, l, " "); for (i = 1; i <= n; i++) rank[l[i]] = i }
  $1 == "F" && !($3 in rank) { print "U\t" $3 "\t" $2 }
  $1 == "E" && ($3 in rank) && ($5 in rank) && rank[$5] > rank[$3] { print "V\t" $2 " -> " $4 }
  $1 == "L" { print "V\t" $2 " -> " $3 }' | sort -u)"
violations="$(printf '%s\n' "$analysis" | awk -F'\t' '$1 == "V" { print $2 }')"
unknown="$(printf '%s\n' "$analysis" | awk -F'\t' '$1 == "U" && !seen[$2]++ { print $2 " (e.g. " $3 ")" }')"

if [[ -n "$unknown" ]]; then
  echo "layering: folders missing from the layer order (add them to LAYERS in $0):" >&2
  printf '%s\n' "$unknown" | sed 's/^/  /' >&2
  [[ $mode == list ]] && exit 2
fi

if [[ $mode == list ]]; then
  echo "# Includes that break the layer order today (tests/layering/check_layers.sh: the order, the"
  echo "# rules). A ratchet: the check fails on a violation missing here and on a line here that no"
  echo "# longer holds. Regenerate: bash tests/layering/check_layers.sh --list > tests/layering/allowed_violations.txt"
  [[ -n "$violations" ]] && printf '%s\n' "$violations"
  exit 0
fi

# The folder graph: edges with their include counts, and its elementary cycles (each printed once,
# starting from its lowest layer).
graph_and_cycles() {
  printf '%s\n' "$facts" | awk -F'\t' -v layers="$LAYERS" -v print_graph="$1" '
    function visit(start, v, depth,    k, w) {
      path[depth] = v; on_path[v] = 1
      for (k = 1; k <= degree[v]; k++) {
        w = next_of[v, k]
        if (w == start) {
          line = path[1]; for (j = 2; j <= depth; j++) line = line " -> " path[j]
          cycles[++ncycles] = line " -> " start
        } else if (!(w in on_path) && rank[w] > rank[start] && ncycles < 1000) {
          visit(start, w, depth + 1)
        }
      }
      delete on_path[v]
    }
    BEGIN { n = split(layers, l, " "); for (i = 1; i <= n; i++) rank[l[i]] = i }
    $1 == "E" && $3 != $5 { count[$3, $5]++; if (!(($3, $5) in seen)) { seen[$3, $5] = 1; edges++ } }
    END {
      # Layers in order, then any folder the order does not name.
      m = n
      for (key in count) { split(key, e, SUBSEP); for (x = 1; x <= 2; x++) if (!(e[x] in rank)) { rank[e[x]] = ++m; l[m] = e[x] } }
      for (i = 1; i <= m; i++) for (j = 1; j <= m; j++) if ((l[i], l[j]) in count) next_of[l[i], ++degree[l[i]]] = l[j]
      if (print_graph) {
        print "Folder include graph (lowest layer first; includes counted per line, \"up\": a higher layer):"
        for (i = 1; i <= m; i++) {
          out = ""
          for (k = 1; k <= degree[l[i]]; k++) {
            w = next_of[l[i], k]
            out = out (k > 1 ? ", " : "") w " " count[l[i], w] (rank[w] > rank[l[i]] ? " up" : "")
          }
          printf "  %-15s -> %s\n", l[i], (out == "" ? "(nothing)" : out)
        }
      }
      for (i = 1; i <= m; i++) visit(l[i], l[i], 1)
      print "Folder cycles: " ncycles + 0
      for (c = 1; c <= ncycles; c++) print "  " cycles[c]
    }'
}

graph_and_cycles "$([[ $mode == graph ]] && echo 1 || echo 0)"

# The ratchet.
[[ -f "$allow" ]] || { echo "layering: no allow-list at $allow (generate it with --list)" >&2; exit 2; }
allowed="$(grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$allow" | sed 's/[[:space:]]*$//' | sort -u || true)"
new="$(comm -23 <(printf '%s\n' "$violations" | sed '/^$/d') <(printf '%s\n' "$allowed" | sed '/^$/d'))"
stale="$(comm -13 <(printf '%s\n' "$violations" | sed '/^$/d') <(printf '%s\n' "$allowed" | sed '/^$/d'))"
total=$(printf '%s\n' "$violations" | sed '/^$/d' | wc -l)

echo "Violations by folder pair (includer -> included):"
printf '%s\n' "$violations" | sed '/^$/d' | awk '{
    split($1, a, "/"); from = a[1] == "kernels" ? "kernels-" a[2] : a[2]
    to = $3; if (to ~ /^[<"]/ || to == "lua_State") to = "Lua C API"
    else { split(to, b, "/"); to = b[1] == "kernels" ? "kernels-" b[2] : b[1] }
    c[from " -> " to]++ } END { for (k in c) printf "  %-28s %d\n", k, c[k] }' | sort
echo "layering: $total violations today, $(printf '%s\n' "$allowed" | sed '/^$/d' | wc -l) allowed"

status=0
if [[ -n "$new" ]]; then
  echo "FAIL: includes that break the layer order ($LAYERS) and are not in $allow:"
  printf '  %s\n' "$new"
  echo "  (include a lower layer instead, or move the code; Lua's C API belongs in engine/lua/ only)"
  status=1
fi
if [[ -n "$stale" ]]; then
  echo "FAIL: fixed violations still listed in $allow (delete these lines, or regenerate with --list):"
  printf '  %s\n' "$stale"
  status=1
fi
[[ -n "$unknown" ]] && { echo "FAIL: folders missing from the layer order (see above)"; status=1; }
((status == 0)) && echo "layering: OK"
exit $status
