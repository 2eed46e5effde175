# Golden tests of issue 26, "metrics that follow the rule" and "targets and failures visible":
# each written as a user meets it, on programs whose time is known exactly (they report it
# themselves, timer = "seconds"), so every number below follows from the law in the script's
# header, not from a previous run (included from CMakeLists.txt).

# A weak-scaling program under memory_bound: E = W(p) tc/(p T(p)) with tc from the p = 1 run at
# the base size (0.9231 and 0.8571), not T(1, n1)/(p T(p, np)) from the smaller size (0.4615 and
# 0.2143); scaled speedup S = p E, E_weak = T(1)/T(p), no Karp-Flatt. Without p = 1, tc is not
# measured: S and E are empty and the table says so.
scalerun_golden(rule_weak_scaling EXIT 0
  MATCH "\np +T\\(1\\) +T\\(p\\) +S +E +karp_flatt +E_weak +target\n1 +0\\.012 +0\\.012 +1\\.0000 +1\\.0000 +- +1\\.0000 +met\n"
        "\n2 +0\\.012 +0\\.013 +1\\.8462 +0\\.9231 +- +0\\.9231 +met\n4 +0\\.012 +0\\.014 +3\\.4286 +0\\.8571 +- +0\\.8571 +met\n"
        "note: memory_bound: E = W\\(p\\) tc/\\(p T\\(p\\)\\) with tc = T\\(1\\)/W on one worker at the base size \\(p = 1, n = 100000\\)"
        "\n2 +- +0\\.013 +- +- +- +- +met\n4 +- +0\\.014 +- +- +- +- +met\n"
        "note: tc is not measured \\(no p = 1 point at the base size\\): S and E are left empty"
  NOMATCH "0\\.4615|0\\.2143"
  ARGS tests/golden/scripts/rule_weak_scaling.lua -q --db ${CMAKE_CURRENT_BINARY_DIR}/rule_weak_scaling.db)

# A tuned pair without p = 1 (efficiency{ E = 0.45 } over procs = { 2 }): the measured and the
# speedup table show the same E, against the pair's own one-worker time at its own size
# (T(1) = 0.0031728 s at n = 11728, not T(p) = 0.0035864 s; no Karp-Flatt).
scalerun_golden(rule_tuned_pair EXIT 0
  MATCH "\n2 +11728 +0\\.0035864 .* 0\\.885 +0\\.442 +yes +met\n"
        "\np +T\\(1\\) +T\\(p\\) +S +E +karp_flatt +target\n2 +0\\.0031728 +0\\.0035864 +0\\.8847 +0\\.4423 +- +met\n"
        "note: efficiency\\{\\}: each point against its own one-worker time at its own size"
  NOMATCH "\n2 +0\\.0035864 +0\\.0035864"
  ARGS tests/golden/scripts/rule_tuned_pair.lua -q --db ${CMAKE_CURRENT_BINARY_DIR}/rule_tuned_pair.db)

# A missed target (time_bound{ T = 0.005 } of a program that takes 0.01 s whatever its size): exit
# 1, and the target column says missed with the value achieved, in text and CSV (p = 2 does not start
# its search from p = 1's failed one: W = 500 at both, so E = W(2) tc/(2 T) = 0.5, S = 1); psi names the
# points; JSON and HTML are checked by missed_target.sh.
scalerun_golden(rule_missed_target_text EXIT 1
  MATCH "\n1 +500 +0\\.01 .* +yes +missed \\(achieved T 0\\.01\\)\n2 +500 +0\\.01 .* +yes +missed \\(achieved T 0\\.01\\)\n"
        "note: tuned to time_bound \\(T = 0\\.005, vary n\\) \\(parallel time T within 2 %\\), target missed at 2 of 2 points"
        "note: TARGET MISSED at 2 points \\(p = 1: T 0\\.01 against 0\\.005; p = 2: T 0\\.01 against 0\\.005\\)"
        "\np +1 \\(missed\\) +2 \\(missed\\)\n"
  ARGS tests/golden/scripts/rule_missed_target.lua -q --db ${CMAKE_CURRENT_BINARY_DIR}/rule_missed_target.db)
scalerun_golden(rule_missed_target_csv EXIT 1
  MATCH "\nmissed/measured,2,500,0\\.01,.*,yes,missed \\(achieved T 0\\.01\\)\n"
        "\nmissed/speedup,2,0\\.01,0\\.01,1,0\\.5,,missed \\(achieved T 0\\.01\\)\n"
  ARGS tests/golden/scripts/rule_missed_target.lua -q --format csv --db ${CMAKE_CURRENT_BINARY_DIR}/rule_missed_target_csv.db)
add_test(NAME "golden: rule_missed_target_json_html" COMMAND ${GOLDEN_DIR}/missed_target.sh $<TARGET_FILE:scalerun>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
