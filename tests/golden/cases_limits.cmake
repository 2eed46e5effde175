# Golden tests of issue 25, area: signals and limits from outside (included from CMakeLists.txt).
# Each case of limits.sh checks the exit code, the one stderr line, the run's status in the
# database, and that nothing is left behind (temporary folders, half-written pages, children).
# They time what they prove (a second to stop drawing, twenty double Ctrl-C in seconds), which a
# sanitized build, 10-30 times slower, cannot keep to: the release build proves them.
if(NOT SCALERUN_SANITIZE AND NOT SCALERUN_TSAN)
  set(limits_cases ulimit_db ulimit_html head_stdout head_stderr dev_full closed_stdout plot_int plot_term html_int
                   html_term double_int watchdog stale_claim empty_paths messages)
  if(MPI_CXX_FOUND)
    list(APPEND limits_cases mpi_int mpi_double_int describe_budget describe_int)
  endif()
  foreach(case ${limits_cases})
    add_test(NAME "golden: limits_${case}" COMMAND ${GOLDEN_DIR}/limits.sh $<TARGET_FILE:scalerun> ${case}
      WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties("golden: limits_${case}" PROPERTIES TIMEOUT 60)
  endforeach()
endif()

# script.lua --help runs the script's top level: under --script-timeout and the watchdog, so a hang
# in a C call (a backtracking string.find) ends in the budget.
scalerun_golden(limits_script_help_budget EXIT 2 TIMEOUT 4
  MATCH "^tests/golden/errors/stop_pattern.lua:[0-9]+: script timed out after 1 s"
  ARGS tests/golden/errors/stop_pattern.lua --help --script-timeout 1)
