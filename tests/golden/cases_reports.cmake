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
# The statistics of measured points on fixed run times (tests/golden/scripts/fixed_times.sh): mean,
# sd, min, max, the median's 95 % interval and the outliers in the "measured" table; a slow first
# run and an outlier named in warnings; MAD = 0 (p = 4) flags none.
scalerun_golden(reports_measured_statistics EXIT 0 TIMEOUT 60
  MATCH "\np +W +T +mad +cv% +runs +mean +sd +min +max +T_low +T_high +outliers +speed +S +E +verified\n"
        "\n1 +1 +0\\.1 +0\\.01 +64\\.09 +5 +0\\.14 +0\\.0897 +0\\.09 +0\\.3 +0\\.09 +0\\.3 +1 +10 "
        "\n2 +1 +0\\.05 +0\\.001 +30\\.87 +5 +0\\.058 +0\\.0179 +0\\.049 +0\\.09 +0\\.049 +0\\.09 +1 +20 "
        "\n4 +1 +0\\.025 +0 +23\\.96 +5 +0\\.028 +0\\.00671 +0\\.025 +0\\.04 +0\\.025 +0\\.04 +0 +40 "
        "scalerun: warning: fixed: p=1: the first timed run was much slower than the rest \\(run 1: 0\\.3 s, median 0\\.1 s\\) after 1 warm-up: raise warmup"
        "scalerun: warning: fixed: p=2: 1 of 5 runs is an outlier \\(run 5: 0\\.09 s, median 0\\.05 s. modified Z-score over 3\\.5\\)"
  NOMATCH "p=4: [0-9]+ of 5 runs"
  ARGS tests/golden/scripts/fixed_times.lua)
