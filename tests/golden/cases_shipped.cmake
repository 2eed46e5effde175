# The shipped scripts whose numbers do not depend on this host (model and simulate mode), each
# compared whole with the output it printed before the engine was redesigned (issue 11), so a
# change of structure that moves a number fails here. --quiet drops the progress lines, whose ETA
# depends on the machine's speed. The time limit allows for the sanitizer build (10-30x slower),
# where spasm_bus_cube's 84 simulations take minutes on a busy machine.
foreach(script quickstart rlsp_ksr1 spasm_bus_cube stas_simulate stas_sunwulf billiards_scaling mergesort_io)
  scalerun_golden(shipped/${script} EXIT 0 EXPECTED TIMEOUT 400 ARGS scripts/${script}.lua --quiet)
endforeach()

# The three runs of a recorded simulated point run at once when there are cores for them: the same
# bytes as one after the other (one core through taskset), as a table and as JSON.
add_test(NAME "golden: sim_concurrent_runs" COMMAND ${GOLDEN_DIR}/sim_concurrent.sh $<TARGET_FILE:scalerun>
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
# Under ASan the study is simulated four times over at a tenth of the speed: it gets longer there.
if(SCALERUN_SANITIZE)
  set_tests_properties("golden: sim_concurrent_runs" PROPERTIES TIMEOUT 1500)
else()
  set_tests_properties("golden: sim_concurrent_runs" PROPERTIES TIMEOUT 600)
endif()

# The million-processor script at 4096 processors: its check{}s hold (the allreduce at the LogP
# figure, the exchange free of contention), in both the normal and the sanitizer build.
scalerun_golden(shipped/simulate_million_4096 EXIT 0 TIMEOUT 400 ARGS scripts/simulate_million.lua --set p=4096 --quiet)
