# Golden tests of issue 26, item 6 and part of 7: validate first, keep what was done; host_machine()
# measured once per host and build; command paths relative to the script's folder. Included from
# CMakeLists.txt.

# The late custom rule: the second experiment's scale = custom(...) is refused before the first
# measures anything (its program would sleep 2 s): one line, exit 2, and no run in the database.
set(validate_late_db ${CMAKE_CURRENT_BINARY_DIR}/validate_late_custom.db)
file(REMOVE ${validate_late_db})
scalerun_golden(validate_late_custom EXIT 2 TIMEOUT 30
  MATCH "^tests/golden/scripts/validate_late_custom.lua:8: field 'scale': custom rules are not measured in this version. give the sizes with fixed\\{\\} experiments\n$"
  ARGS tests/golden/scripts/validate_late_custom.lua --db ${validate_late_db})
scalerun_golden(validate_late_custom_nothing_stored EXIT 2
  MATCH "^scalerun: '[^']*validate_late_custom.db' does not exist"
  ARGS runs --db ${validate_late_db})
set_tests_properties("golden: validate_late_custom_nothing_stored" PROPERTIES DEPENDS "golden: validate_late_custom")

# A later experiment fails while it runs (its program exits 3 at p = 2): the first experiment's
# table (T = 0.4/p, as its program reports) and the second's p = 1 are printed, written with --out
# and stored, then the one line of the failure, exit 2.
set(validate_keep_db ${CMAKE_CURRENT_BINARY_DIR}/validate_keep_tables.db)
scalerun_golden(validate_keep_tables EXIT 2
  MATCH "== experiment first ==\n\nfirst: steady measured on this host[^\n]*\np [^\n]*\n1 +nan +0\\.4 [^\n]*\n2 +nan +0\\.2 "
        "== experiment second ==\n\nsecond: breaking measured on this host[^\n]*\np [^\n]*\n1 +nan +0\\.5 "
        "note: the sweep stopped before its last point: [^\n]*exited with status 3"
        "\ntests/golden/scripts/validate_keep_tables.lua:14: awk [^\n]*: exited with status 3. no output\n$"
  FILE ${CMAKE_CURRENT_BINARY_DIR}/validate_keep_out/first__measured.csv
  FILE2 ${CMAKE_CURRENT_BINARY_DIR}/validate_keep_out/second__measured.csv
  ARGS tests/golden/scripts/validate_keep_tables.lua --quiet --db ${validate_keep_db}
       --out ${CMAKE_CURRENT_BINARY_DIR}/validate_keep_out)
scalerun_golden(validate_keep_tables_stored EXIT 0
  MATCH "\n +1 +[^ ]+ +complete +first +steady +\\(none\\) +2 " "\n +2 +[^ ]+ +failed +second +breaking +\\(none\\) +1 "
  ARGS runs --db ${validate_keep_db})
set_tests_properties("golden: validate_keep_tables_stored" PROPERTIES DEPENDS "golden: validate_keep_tables")

# An isospeed target unreachable at p = 1 (model mode, procs = { 2, 4, 1 }): the first experiment's
# table and the second's p = 2 and 4 rows are printed, then the one line of p = 1, exit 2.
scalerun_golden(validate_isospeed_p1 EXIT 2 EXPECTED ARGS tests/golden/scripts/validate_isospeed_p1.lua)

# A command's program named relative to the script's folder, run from another working directory
# (the build tree): found there, T = 0.3/p as the program reports.
scalerun_golden(validate_command_path EXIT 0 WORKDIR ${CMAKE_CURRENT_BINARY_DIR}
  MATCH "paths: beside measured on this host \\(command: \\./validate_program\\.sh \\{p\\}\\)"
        "\n1 +nan +0\\.3 " "\n2 +nan +0\\.15 "
  ARGS ${GOLDEN_DIR}/scripts/validate_paths.lua --quiet --db ${CMAKE_CURRENT_BINARY_DIR}/validate_command_path.db)

# host_machine(): the first run measures (SCALERUN_REMEASURE_HOST forces it whatever the folder
# holds) and writes the cache; the second reads it, says so with --verbose, and is quick.
set(validate_cache ${CMAKE_CURRENT_BINARY_DIR}/validate_cache)
scalerun_golden(validate_host_measured EXIT 0
  MATCH "host_machine\\(\\): [0-9]+ cores, speed measured" NOMATCH "read from"
  ARGS tests/golden/scripts/validate_host.lua --verbose)
set_tests_properties("golden: validate_host_measured" PROPERTIES
  ENVIRONMENT "XDG_CACHE_HOME=${validate_cache};SCALERUN_REMEASURE_HOST=1")
scalerun_golden(validate_host_cached EXIT 0 TIMEOUT 5
  MATCH "scalerun: note: host_machine\\(\\): this host's figures measured at [0-9T:Z-]+, read from [^\n]*validate_cache/scalerun/host-[0-9a-f]+\\.txt"
        "host_machine\\(\\): [0-9]+ cores, speed measured"
  ARGS tests/golden/scripts/validate_host.lua --verbose)
set_tests_properties("golden: validate_host_cached" PROPERTIES
  ENVIRONMENT "XDG_CACHE_HOME=${validate_cache}" DEPENDS "golden: validate_host_measured")

# A top level that spends longer than the check pass's 10 s in one C call (sized to about 14 s on
# the host that runs it): the check pass gives up quietly, and the run, under its own 1000 s,
# measures the experiment after it (T = 0.3/p as its program reports) instead of ending with exit 2.
scalerun_golden(validate_long_c_call EXIT 0 TIMEOUT 150
  MATCH "after: steady measured on this host[^\n]*\np [^\n]*\n1 +nan +0\\.3 [^\n]*\n2 +nan +0\\.15 "
  NOMATCH "timed out"
  ARGS tests/golden/scripts/validate_long_c_call.lua --quiet --script-timeout 1000)
set_tests_properties("golden: validate_long_c_call" PROPERTIES RESOURCE_LOCK cores)

# An earlier experiment's results read inside pcall (the check pass's stand-in raises there, the
# run's results do not): the check pass judges no experiment after that use, so the second
# experiment, which the run gives procs = { 1, 2 }, is measured (T = 0.3/p) and not refused.
scalerun_golden(validate_pcall_stand_in EXIT 0
  MATCH "== experiment second ==\n\nsecond: steady measured on this host[^\n]*\np [^\n]*\n1 +nan +0\\.3 [^\n]*\n2 +nan +0\\.15 "
  ARGS tests/golden/scripts/validate_pcall_stand_in.lua --quiet)

# A mistyped --set (sizes for size): refused once the check pass has run the whole script, before
# the experiment's program (sleep 2) runs: one line, exit 2, and no run in the database.
set(validate_unknown_set_db ${CMAKE_CURRENT_BINARY_DIR}/validate_unknown_set.db)
file(REMOVE ${validate_unknown_set_db})
scalerun_golden(validate_unknown_set EXIT 2 TIMEOUT 30
  MATCH "^scalerun: --set sizes: the script declares no param\\('sizes', \\.\\.\\.\\) \\(it declares: size\\)\n$"
  ARGS tests/golden/scripts/validate_unknown_set.lua --set sizes=2 --db ${validate_unknown_set_db})
scalerun_golden(validate_unknown_set_nothing_stored EXIT 2
  MATCH "^scalerun: '[^']*validate_unknown_set.db' does not exist"
  ARGS runs --db ${validate_unknown_set_db})
set_tests_properties("golden: validate_unknown_set_nothing_stored" PROPERTIES DEPENDS "golden: validate_unknown_set")
# Where the check pass stops early (at an earlier experiment's results) a param() after that is
# the run's to read: --set scale=2 is not refused.
scalerun_golden(validate_set_after_results EXIT 0 MATCH "== experiment first =="
  ARGS tests/golden/scripts/validate_set_after_results.lua --set scale=2 --quiet)
