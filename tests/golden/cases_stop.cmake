# Golden tests of issue 10, area: the time budget, the watchdog, signals, os.exit, error values
# and option ranges (included from CMakeLists.txt).

# Hangs no Lua hook reaches (a message handler, a __gc finalizer, a C pattern match) and hangs
# it does (pcall around a loop, a huge native kernel, an external program that sleeps): each
# ends with one line and exit 2 within the budget + 2 s (TIMEOUT is that hard limit).
foreach(case xpcall_handler gc_finalizer pattern)
  scalerun_golden(stop_${case} EXIT 2 TIMEOUT 3
    MATCH "^tests/golden/errors/stop_${case}.lua:[0-9]+: script timed out after 1 s, in a C call, error handler or __gc finalizer [^\n]*\\(raise --script-timeout\\)\n$"
    ARGS tests/golden/errors/stop_${case}.lua --script-timeout 1)
endforeach()
scalerun_golden(stop_pcall_loop EXIT 2 TIMEOUT 3
  MATCH "^tests/golden/errors/stop_pcall_loop.lua:[0-9]+: script timed out after 1 s \\(raise --script-timeout\\)\n$"
  ARGS tests/golden/errors/stop_pcall_loop.lua --script-timeout 1)
foreach(case native_huge external_sleep)
  scalerun_golden(stop_${case} EXIT 2 TIMEOUT 3
    MATCH "^tests/golden/errors/stop_${case}.lua:2: script timed out after 1 s \\(raise --script-timeout\\)\n$"
    ARGS tests/golden/errors/stop_${case}.lua --script-timeout 1 --quiet --db ${CMAKE_CURRENT_BINARY_DIR}/stop_${case}.db)
endforeach()

# Signals: SIGINT -> 130, SIGTERM -> 143, a second SIGINT at once, programs' groups ended.
add_test(NAME "golden: stop_signals" COMMAND ${GOLDEN_DIR}/stop_signals.sh $<TARGET_FILE:scalerun>
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})

# os.exit would lose every table: an error at its line, in a script and in a model.
# The tables made before the refused os.exit are printed, then its one line (issue 26, item 6).
scalerun_golden(stop_os_exit EXIT 2
  MATCH "^== experiment before ==\n" "\ntests/golden/errors/stop_os_exit.lua:2: os.exit\\(\\) would end scalerun without printing its tables or recording the run: return from the script instead [^\n]*\n$"
  ARGS tests/golden/errors/stop_os_exit.lua)
scalerun_golden(stop_os_exit_model EXIT 2
  MATCH "^== experiment quits ==\n" "\ntests/golden/errors/stop_os_exit_model.lua:4: os.exit\\(\\) would end scalerun [^\n]*\n$"
  ARGS tests/golden/errors/stop_os_exit_model.lua)

# Error values that are not strings, and messages without a position, get the user's line.
scalerun_golden(stop_error_table EXIT 2 EXPECTED ARGS tests/golden/errors/stop_error_table.lua)
scalerun_golden(stop_error_nil EXIT 2 EXPECTED ARGS tests/golden/errors/stop_error_nil.lua)
scalerun_golden(stop_error_tostring EXIT 2 EXPECTED ARGS tests/golden/errors/stop_error_tostring.lua)
scalerun_golden(stop_error_tostring_verbose EXIT 2
  MATCH "^tests/golden/errors/stop_error_tostring.lua:2: the input deck is empty\nsee the manual\nstack traceback:"
  ARGS tests/golden/errors/stop_error_tostring.lua --verbose)
scalerun_golden(stop_error_level0 EXIT 2 EXPECTED ARGS tests/golden/errors/stop_error_level0.lua)

# require: a cycle is named, a missing module is one line (the files tried with --verbose).
scalerun_golden(stop_require_cycle EXIT 2 EXPECTED ARGS tests/golden/errors/stop_require_cycle.lua)
scalerun_golden(stop_require_missing EXIT 2 EXPECTED ARGS tests/golden/errors/stop_require_missing.lua)
scalerun_golden(stop_require_missing_verbose EXIT 2
  MATCH "^tests/golden/errors/stop_require_missing.lua:1: module 'machines.no_such_machine' not found on package.path[^\n]*\n[ \t]*no field package.preload" "no file '[^']*machines/no_such_machine.lua'"
  ARGS tests/golden/errors/stop_require_missing.lua --verbose)

# A library beside the script's folder is found however the script is named (item 7).
foreach(form e1.lua ./e1.lua)
  string(MAKE_C_IDENTIFIER "${form}" id)
  scalerun_golden(stop_require_from_script_folder_${id} EXIT 0 MATCH "found lab"
    WORKDIR ${GOLDEN_DIR}/scripts/stop_library/studies ARGS ${form} --quiet)
endforeach()
scalerun_golden(stop_require_from_parent EXIT 0 MATCH "found lab"
  WORKDIR ${GOLDEN_DIR}/scripts/stop_library ARGS studies/e1.lua --quiet)

# Out of memory: one line at the user's line, with advice (an address-space limit makes it
# happen at once; AddressSanitizer reserves more address space than any such limit allows).
if(NOT SCALERUN_SANITIZE AND NOT SCALERUN_TSAN)
  add_test(NAME "golden: stop_oom" COMMAND ${GOLDEN_DIR}/stop_oom.sh $<TARGET_FILE:scalerun>
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
endif()

# Options in range: one line saying the range (item 3).
foreach(value 1e10 -1 0 nan)
  string(MAKE_C_IDENTIFIER "${value}" id)
  scalerun_golden(stop_script_timeout_${id} EXIT 2
    MATCH "^scalerun: --script-timeout [-a-z0-9.e+]+: out of range; give seconds from 0.001 to 1e\\+07 \\(see scalerun --help\\)\n$"
    ARGS scripts/quickstart.lua --script-timeout ${value})
endforeach()
scalerun_golden(stop_run_timeout_negative EXIT 2
  MATCH "^scalerun: --run-timeout -5: out of range; give seconds from 0.001 to 1e\\+07, or 0 for no limit"
  ARGS scripts/quickstart.lua --run-timeout -5)
scalerun_golden(stop_script_timeout_large_ok EXIT 0 MATCH "psi\\(p, p'\\)" ARGS scripts/quickstart.lua --script-timeout 1e7)

# Help: a script's own parameters, and the database commands in scalerun --help (item 12).
scalerun_golden(stop_script_help EXIT 0
  MATCH "usage: scalerun scripts/measure_host.lua" "repeats +5 +measured runs per point" "samples +4e\\+07 +Monte Carlo samples per run"
  NOMATCH "measured on this host"
  ARGS scripts/measure_host.lua --help)
scalerun_golden(stop_help_lists_commands EXIT 0 MATCH "scalerun runs" "scalerun show RUN" "scalerun export-extrap" "NO_COLOR"
  ARGS --help)

# os.execute runs like a kernel's command: its output is context on stderr, its status is Lua's,
# and the budget ends it (system() would have ignored Ctrl-C and left the program running).
scalerun_golden(stop_os_execute EXIT 2 TIMEOUT 3
  MATCH "^hi\nnil\texit\t3\ntests/golden/errors/stop_os_execute.lua:2: script timed out after 1 s \\(raise --script-timeout\\)\n$"
  ARGS tests/golden/errors/stop_os_execute.lua --script-timeout 1)
