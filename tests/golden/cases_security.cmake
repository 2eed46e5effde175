# Golden tests of issue 25: nothing a script or a shared library does can escape, inject or crash
# (included from CMakeLists.txt).

# Names stay names: every name position through every output, with gnuplot and chromium really
# reading what was written; json_check reads each JSON document as a strict parser does.
add_executable(scalerun_json_check ${PROJECT_SOURCE_DIR}/tests/programs/json_check.cpp)
target_link_libraries(scalerun_json_check PRIVATE nlohmann_json::nlohmann_json)
scalerun_target_options(scalerun_json_check)
add_test(NAME "golden: hostile_names" COMMAND ${GOLDEN_DIR}/hostile_names.sh $<TARGET_FILE:scalerun>
  $<TARGET_FILE:scalerun_trace_check> $<TARGET_FILE:scalerun_json_check> WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties("golden: hostile_names" PROPERTIES TIMEOUT 300)
