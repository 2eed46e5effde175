# Golden tests of issue 10, area: validation (included from CMakeLists.txt).

# Item 4, nonsense refused: one file:line: line naming the range, exit 2.
scalerun_golden(val_procs_inf EXIT 2
  MATCH "^tests/golden/errors/val_procs_huge.lua:4: field 'procs': item 2: a whole number from 1 to 1e\\+09 expected, got inf\n$"
  ARGS tests/golden/errors/val_procs_huge.lua)
scalerun_golden(val_procs_1e308 EXIT 2
  MATCH "^tests/golden/errors/val_procs_huge.lua:4: field 'procs': item 2: .* got 1e\\+308\n$"
  ARGS tests/golden/errors/val_procs_huge.lua --set big=1e308)
scalerun_golden(val_procs_2pow63 EXIT 2
  MATCH "^tests/golden/errors/val_procs_huge.lua:4: field 'procs': item 2: .* got 2\\^63\n$"
  ARGS tests/golden/errors/val_procs_huge.lua --set big=2^63)
scalerun_golden(val_procs_duplicate EXIT 2
  MATCH "^tests/golden/errors/val_procs_duplicate.lua:2: field 'procs': processor count 2 is listed twice \\(items 2 and 4\\)\n$"
  ARGS tests/golden/errors/val_procs_duplicate.lua)
scalerun_golden(val_px_max_negative EXIT 2
  MATCH "^tests/golden/errors/val_px_max.lua:3: field 'px_max': a whole number from 1 to 1e\\+09 expected, got -1\n$"
  ARGS tests/golden/errors/val_px_max.lua)
scalerun_golden(val_px_max_1e15 EXIT 2
  MATCH "^tests/golden/errors/val_px_max.lua:3: field 'px_max': a whole number from 1 to 1e\\+09 expected, got 1e\\+15\n$"
  ARGS tests/golden/errors/val_px_max.lua --set px_max=1e15)
scalerun_golden(val_fixed_negative_size EXIT 2
  MATCH "^tests/golden/errors/val_fixed_negative_size.lua:2: kernel 'amdahl': size 'n' is -10; a problem size must be a positive number\n$"
  ARGS tests/golden/errors/val_fixed_negative_size.lua)
scalerun_golden(val_sets_start EXIT 2
  MATCH "^tests/golden/errors/val_sets_start.lua:4: field 'start.server': a whole number from 0 to 1 expected, got 99\n$"
  ARGS tests/golden/errors/val_sets_start.lua)
# Legal but suspicious: a warning line, the tables, exit 0.
scalerun_golden(val_beyond_machine EXIT 0
  MATCH "\nscalerun: warning: tests/golden/scripts/val_beyond_machine.lua:3: procs: p = 5000 is more than machine 'KSR-1' has \\(1088 processors\\)\n"
  ARGS tests/golden/scripts/val_beyond_machine.lua)
# px_max = 1e9 answers at once (1e8 took 32 s before); the optimum is 95 ln 2 / 1e-6 = 6.5848e7.
scalerun_golden(val_px_large EXIT 0 MATCH "px = 6\\.58(47|48)[0-9]*e\\+07" ARGS tests/golden/scripts/val_px_large.lua)
# (stdout comes first in what a golden test matches, stderr after it.)
# A NaN or infinite cell always comes with a note naming its row, in every format.
scalerun_golden(val_nan_cell_table EXIT 0
  MATCH "\n2  nan  " "note: p = 2: odd is nan \\(no value" "note: p = 4: odd is inf \\(the value overflowed"
  ARGS tests/golden/scripts/val_nan_cell.lua)
scalerun_golden(val_nan_cell_csv EXIT 0
  MATCH "^table,p,odd,W,T,speed,a,E,note\n" "cells/scaled,2,nan,.*,p = 2: odd is nan \\(no value"
  NOMATCH "#"
  ARGS tests/golden/scripts/val_nan_cell.lua --format csv)
scalerun_golden(val_nan_cell_json EXIT 0
  MATCH "2\\.0,\n *null," "\"p = 4: odd is inf \\(the value overflowed"
  ARGS tests/golden/scripts/val_nan_cell.lua --format json)
scalerun_golden(val_nan_cell_markdown EXIT 0
  MATCH "> p = 2: odd is nan \\(no value"
  ARGS tests/golden/scripts/val_nan_cell.lua --format markdown)
# --out: each table a plain CSV, header row first.
scalerun_golden(val_out_csv EXIT 0 FILE ${CMAKE_BINARY_DIR}/val_out/cells__scaled.csv
  ARGS tests/golden/scripts/val_nan_cell.lua --out ${CMAKE_BINARY_DIR}/val_out)

# Item 5, study/sim side: one line at the program's own line, exit 2.
scalerun_golden(val_sim_tag_range EXIT 2
  MATCH "^tests/golden/errors/val_sim_tag_range.lua:6: a message tag is a whole number of magnitude below 2\\^62 \\(or a string\\), got 4\\.61169e\\+18 \\(in the program of processor 0\\)\n$"
  ARGS tests/golden/errors/val_sim_tag_range.lua)
scalerun_golden(val_sim_error_tostring EXIT 2
  MATCH "^tests/golden/errors/val_sim_error_object.lua:9: the matrix is singular \\(in the program of processor 0\\)\n$"
  ARGS tests/golden/errors/val_sim_error_object.lua)
scalerun_golden(val_sim_error_nil EXIT 2
  MATCH "^tests/golden/errors/val_sim_error_object.lua:8: error\\(\\) was called with nil \\(give it a message string\\) \\(in the program of processor 0\\)\n$"
  ARGS tests/golden/errors/val_sim_error_object.lua --set what=nil)
scalerun_golden(val_sim_error_table EXIT 2
  MATCH "^tests/golden/errors/val_sim_error_object.lua:8: error\\(\\) was called with a table value .* \\(in the program of processor 0\\)\n$"
  ARGS tests/golden/errors/val_sim_error_object.lua --set what=table)
scalerun_golden(val_sim_waitall EXIT 2
  MATCH "^tests/golden/errors/val_sim_waitall.lua:6: ctx:waitall: a list of requests from ctx:isend or ctx:irecv expected, got number \\(in the program of processor 0\\)\n$"
  ARGS tests/golden/errors/val_sim_waitall.lua)
scalerun_golden(val_sim_2pow31 EXIT 2
  MATCH "^tests/golden/errors/val_sim_too_many.lua:4: field 'procs': item 1: a whole number from 1 to 1e\\+09 expected, got 2\\^31\n$"
  ARGS tests/golden/errors/val_sim_too_many.lua)
scalerun_golden(val_sim_too_many EXIT 2
  MATCH "^tests/golden/errors/val_sim_too_many.lua:4: field 'procs': simulate mode runs at most 1048576 processors .*, got 5e\\+08\n$"
  ARGS tests/golden/errors/val_sim_too_many.lua --set p=5e8)
scalerun_golden(val_machine_speeds EXIT 2
  MATCH "^tests/golden/errors/val_machine_speeds.lua:2: field 'groups\\[1\\].speeds': item 2: a number > 0 expected, got -5\n$"
  ARGS tests/golden/errors/val_machine_speeds.lua)
scalerun_golden(val_model_error_tostring EXIT 2
  MATCH "^tests/golden/errors/val_error_objects.lua:6: model broke\n$" ARGS tests/golden/errors/val_error_objects.lua)
scalerun_golden(val_model_error_nil EXIT 2
  MATCH "^tests/golden/errors/val_error_objects.lua:7: error\\(\\) was called with nil \\(give it a message string\\)\n$"
  ARGS tests/golden/errors/val_error_objects.lua --set where=model_nil)
scalerun_golden(val_column_error_tostring EXIT 2
  MATCH "^tests/golden/errors/val_error_objects.lua:13: column broke\n$"
  ARGS tests/golden/errors/val_error_objects.lua --set where=column)
scalerun_golden(val_no_machine EXIT 2
  MATCH "^tests/golden/errors/val_no_machine.lua:4: experiment 'nomachine' names no machine, but kernel 'rlsp''s model uses one \\(it reads m.levels_spanned; add machine = ...\\)\n$"
  ARGS tests/golden/errors/val_no_machine.lua)
scalerun_golden(val_machine_dot_call EXIT 2
  MATCH "^tests/golden/errors/val_machine_dot_call.lua:3: call machine methods with a colon: m:levels_spanned\\(...\\), got number for m\n$"
  ARGS tests/golden/errors/val_machine_dot_call.lua)
# Item 11: fits from three points have at most two terms, no growing term below zero, and the
# note gives each fit's real error instead of claiming 2 %.
scalerun_golden(val_sim_fit EXIT 0
  MATCH "at most 2 terms from 3 points" "rms% = each fit's own error" "not within 2 %: [a-z_]+ \\([0-9.]+ %\\)"
  NOMATCH " - [0-9][0-9.e+-]* (log2|p)"
  ARGS tests/golden/scripts/val_sim_fit.lua -q)
# A kernel's run_timeout field (overrides --run-timeout) is read, and range-checked where written.
scalerun_golden(val_kernel_run_timeout EXIT 2
  MATCH "^tests/golden/errors/val_kernel_run_timeout.lua:2: field 'run_timeout': a number > 0 and <= 3\\.2e\\+07 expected, got -5\n$"
  ARGS tests/golden/errors/val_kernel_run_timeout.lua)
