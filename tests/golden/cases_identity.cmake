# Golden tests of issue 26, area: a point's whole identity and a run's provenance (included from
# CMakeLists.txt): --resume after the program, a string parameter, the native or a command's timer
# changed; runs and show of labelled runs; check{ baseline = "previous" } on a fresh database;
# compare of JSON result files with their samples. Each case runs tests/golden/identity.sh, which prints one
# ok/FAIL line per claim.
foreach(case binary string environment native timer labels baseline baseline_skip json legacy folder)
  add_test(NAME "golden: identity_${case}" COMMAND ${GOLDEN_DIR}/identity.sh $<TARGET_FILE:scalerun> ${case}
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties("golden: identity_${case}" PROPERTIES TIMEOUT 120 RESOURCE_LOCK cores
    FAIL_REGULAR_EXPRESSION "FAIL:")
endforeach()

# A label is listed comma-separated by runs and show and selected as label:NAME: a comma, a space or
# a page of text would make both ambiguous, so such a label is refused before anything runs.
scalerun_golden(identity_label_comma EXIT 2
  MATCH "^scalerun: --label 'O2,fast': a label is 1 to 64 letters, digits and \\. _ - \\+ / @ = \\(see scalerun --help\\)\n$"
  ARGS scripts/quickstart.lua --label O2,fast)
scalerun_golden(identity_label_long EXIT 2
  MATCH "^scalerun: --label 'x+\\.\\.\\.': a label is 1 to 64 letters"
  ARGS scripts/quickstart.lua --label xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx)
