# Golden tests of issue 10, area: store (included from CMakeLists.txt): the results database,
# Ctrl-C and run limits of measured sweeps, tuning progress and limits.

# Ctrl-C (SIGINT) after the first stored point of a native sweep, a tuning search and an external
# command: exit 130, completed points kept, run marked interrupted, no child left. Each script
# has its own hard limits inside; TIMEOUT is the backstop.
foreach(case native tune command)
  add_test(NAME "golden: store_interrupt_${case}"
    COMMAND ${GOLDEN_DIR}/store_interrupt.sh $<TARGET_FILE:scalerun> ${case}
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties("golden: store_interrupt_${case}" PROPERTIES TIMEOUT 120 RESOURCE_LOCK cores)
endforeach()

# One run longer than --run-timeout: a native kernel stopped between chunks, an external command's
# process group killed; one line with the experiment's position, exit 2.
scalerun_golden(store_run_timeout_native EXIT 2 TIMEOUT 10
  MATCH "^tests/golden/errors/store_run_timeout.lua:3: kernel 'pi' at p=1 ran past its run_timeout of 1 s \\(raise run_timeout or --run-timeout\\)\n$"
  ARGS tests/golden/errors/store_run_timeout.lua --run-timeout 1 --db ${CMAKE_CURRENT_BINARY_DIR}/store_run_timeout.db)
scalerun_golden(store_run_timeout_command EXIT 2 TIMEOUT 10
  MATCH "^tests/golden/errors/store_run_timeout_command.lua:3: kernel 'sleeper' at p=1 ran past its run_timeout of 1 s \\(raise run_timeout or --run-timeout\\)\n$"
  ARGS tests/golden/errors/store_run_timeout_command.lua --run-timeout 1 --db ${CMAKE_CURRENT_BINARY_DIR}/store_run_timeout.db)

# A tuning search a user can follow: one progress line per evaluation, and a missed target said
# as such (the lead's tune_unreachable keeps the rest of that run's pins).
scalerun_golden(store_tune_progress EXIT 1
  MATCH "scalerun: tuning unreachable: p=2: n=1000 -> E = 0.5 \\(target 0.8; 2 runs, [0-9.]+ s\\)"
        "scalerun: tuning unreachable: p=2: n=4000 -> E = 0.5 \\(target 0.8; 4 runs, [0-9.]+ s\\)"
        "scalerun: target not reached: unreachable: p=2: efficiency"
  ARGS tests/golden/scripts/tune_unreachable.lua --db ${CMAKE_CURRENT_BINARY_DIR}/store_tune_progress.db)
scalerun_golden(store_tune_quiet EXIT 1 NOMATCH "tuning unreachable"
  ARGS tests/golden/scripts/tune_unreachable.lua --quiet --db ${CMAKE_CURRENT_BINARY_DIR}/store_tune_quiet.db)

# An external program has only T: its overhead and latency reports say they need instrumentation
# (one warning each) instead of printing tables with nothing in them.
scalerun_golden(store_external_overhead EXIT 0
  MATCH "scalerun: warning: tests/golden/scripts/external.lua:[0-9]+: report 'overhead' needs the instrumentation of a native kernel"
  NOMATCH "external: overhead"
  ARGS tests/golden/scripts/external.lua --set n=1e6 --db ${CMAKE_CURRENT_BINARY_DIR}/store_external.db)

# The database tells the truth: statuses, --resume without empty runs or double measurements,
# the runs listing's context, show's notes, export-extrap's --run and --format csv.
add_test(NAME "golden: store_database" COMMAND ${GOLDEN_DIR}/store_database.sh $<TARGET_FILE:scalerun>
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties("golden: store_database" PROPERTIES TIMEOUT 300 RESOURCE_LOCK cores)

# scalerun compare A B: two stored runs point by point (medians, B/A with its error, the
# Mann-Whitney U test on the samples). The database holds fixed samples written by
# tests/programs/compare_fixture.cpp (no timing), so the output is pinned whole.
add_executable(scalerun_compare_fixture ${PROJECT_SOURCE_DIR}/tests/programs/compare_fixture.cpp)
target_link_libraries(scalerun_compare_fixture PRIVATE scalerun_store fmt::fmt)
scalerun_target_options(scalerun_compare_fixture)
set(compare_db ${CMAKE_CURRENT_BINARY_DIR}/compare.db)
add_test(NAME "golden: compare_fixture" COMMAND $<TARGET_FILE:scalerun_compare_fixture> ${compare_db})
set_tests_properties("golden: compare_fixture" PROPERTIES FIXTURES_SETUP compare_db)
# A kernel about twice as slow: significant at every point under --tolerance 0.1, exit 1.
scalerun_golden(compare_slower EXIT 1 EXPECTED ARGS compare 1 3 --tolerance 0.1 --db ${compare_db})
# The same distribution twice: no significant change, exit 0.
scalerun_golden(compare_same EXIT 0 EXPECTED ARGS compare 1 2 --db ${compare_db})
scalerun_golden(compare_json_format EXIT 1 MATCH "\"name\": \"geomean B/A\"" "\"2.00x slower ± 0.0[0-9]\""
  ARGS compare 1 3 --format json --db ${compare_db})
# Two --format json result files without samples (written before results carried them): no U
# test can be run, so no point is called significant (exit 0), and the notes say so.
scalerun_golden(compare_json_files EXIT 0 EXPECTED
  ARGS compare tests/golden/compare/before.json tests/golden/compare/after.json --tolerance 0.1)
# Usage errors, one line each, exit 2.
scalerun_golden(compare_unknown_run EXIT 2
  MATCH "^scalerun: compare: no run 9 in [^\n]*compare.db \\(scalerun runs lists them\\)\n$"
  ARGS compare 1 9 --db ${compare_db})
scalerun_golden(compare_nothing_common EXIT 2
  MATCH "^scalerun: compare: run 1 \\(cmp / base on host\\) and run 4 \\(other / base on host\\) have no point in common [^\n]*\n$"
  ARGS compare 1 4 --db ${compare_db})
scalerun_golden(compare_not_a_run EXIT 2
  MATCH "^scalerun: compare: 'x1' is neither a run number \\(scalerun runs lists them\\), label:NAME nor a .json result file\n$"
  ARGS compare 1 x1 --db ${compare_db})
# scalerun discover EXPERIMENT KERNEL: the model of stored points (the same fixture: T = 1/p,
# which only the negative exponents say); a column the points lack is one line.
scalerun_golden(discover_stored EXIT 0
  MATCH "note: time = -?[0-9.e-]+ \\+ 1\\.00[0-9]* \\* p\\^-1\n" "note: grows as p\\^-1\n"
  ARGS discover cmp base --negative --db ${compare_db})
scalerun_golden(discover_stored_column EXIT 2
  MATCH "^scalerun: discover cmp base: column 'q' is not in the data \\(its columns: n, p, time\\)\n$"
  ARGS discover cmp base --params q --db ${compare_db})
scalerun_golden(discover_stored_nothing EXIT 2
  MATCH "^scalerun: discover: no measured points of experiment 'cmp' with kernel 'nope' in [^\n]*compare.db \\(scalerun runs lists the runs\\)\n$"
  ARGS discover cmp nope --db ${compare_db})
# export-extrap --text: Extra-P's text format, which discover{ extrap = ... } reads back.
scalerun_golden(export_extrap_text EXIT 0
  MATCH "^PARAMETER p\nPOINTS 1 2 4\nREGION base\nMETRIC time\nDATA 0\\.9999 1\\.0201 [0-9. ]+\nDATA 0\\.49[0-9. ]+\nDATA 0\\.25 [0-9. ]+\n"
  ARGS export-extrap cmp base --text --db ${compare_db})
foreach(case compare_slower compare_same compare_json_format compare_unknown_run compare_nothing_common compare_not_a_run
        discover_stored discover_stored_column discover_stored_nothing export_extrap_text)
  set_tests_properties("golden: ${case}" PROPERTIES FIXTURES_REQUIRED compare_db)
endforeach()

# check{ baseline = ... }: an experiment as a performance regression test. The script runs "reg"
# twice on a program reporting fixed times and compares the newest run with the previous one: a
# second run twice as slow fails the check (exit 1, U p = 2/252 for 5 against 5 samples), an equal
# one passes; a baseline that is neither a run, "previous" nor a .json file is one line.
scalerun_golden(baseline_slower EXIT 1
  MATCH "no-regression: run [0-9]+ \\(reg / timed on \\(none\\)\\) against the baseline run [0-9]+"
        "\nreg +\\(none\\) +1 +1 +0\\.1 +0\\.2 +\\+100\\.0 +2\\.0000 +0\\.0000 +2\\.00x slower ± 0\\.00 +0\\.00794 +yes\n"
        "2 of 2 point\\(s\\) changed significantly"
  ARGS tests/golden/scripts/baseline_check.lua --quiet --db ${CMAKE_CURRENT_BINARY_DIR}/baseline_slower.db)
scalerun_golden(baseline_same EXIT 0
  MATCH "unchanged ± 0\\.00 +1 +no\n" "note: no significant change"
  ARGS tests/golden/scripts/baseline_check.lua --quiet --set second=0.1 --db ${CMAKE_CURRENT_BINARY_DIR}/baseline_same.db)
scalerun_golden(error_baseline_bad EXIT 2
  MATCH "^tests/golden/errors/baseline_bad.lua:1: field 'baseline': 'last-week': a run number \\(scalerun runs lists them\\), \"previous\", \"label:NAME\" or a \\.json result file expected\n$"
  ARGS tests/golden/errors/baseline_bad.lua)
