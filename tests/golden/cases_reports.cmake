# Golden tests of issue 11, item 2: one report registry (engine/study/report_registry), checked
# once whatever the mode (included from CMakeLists.txt).

# A known report the mode does not provide: the same one line in every mode, naming the mode and
# what it offers, exit 2, before anything runs.
foreach(mode model measure simulate)
  scalerun_golden(reports_${mode} EXIT 2 EXPECTED
    ARGS tests/golden/errors/reports_${mode}.lua --db ${CMAKE_CURRENT_BINARY_DIR}/reports_${mode}.db)
endforeach()
# The mode may come from the command line: the same script, checked against simulate mode.
scalerun_golden(reports_model_as_simulate EXIT 2
  MATCH "^tests/golden/errors/reports_model.lua:3: field 'report': 'measured' is not a simulate-mode report \\(simulate mode reports: speedup, overhead, wait, links, overhead_functions\\)\n$"
  ARGS tests/golden/errors/reports_model.lua --mode simulate)
# The aliases that were there before the registry keep working, and each table comes once.
scalerun_golden(reports_aliases EXIT 0
  MATCH "measured-as-scaled: pi measured on this host" "simulated-as-scaled: simulated time and speedup"
        "\nsimulate tables: speedup\n"
  NOMATCH "measured on this host[^=]*measured on this host"
  ARGS tests/golden/scripts/reports_aliases.lua -q --db ${CMAKE_CURRENT_BINARY_DIR}/reports_aliases.db)
