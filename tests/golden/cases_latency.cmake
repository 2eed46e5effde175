# Golden tests of issue 26, area: the latency split of measure mode (included from CMakeLists.txt).
# ML is measured (the growth of busy + serial over the one-worker run at the same size), not the
# rest of T, and unaccounted = T (1 - E) - (ML + IT + PT)/N stands beside it in every format.
# Where no one-worker run of the same size exists (memory_bound grows the size with p) the split
# is said to be unavailable: empty cells and a note, never a closed number.

set(_latency_number "-?[0-9][0-9.e+-]*")

scalerun_golden(latency_split_text EXIT 0 TIMEOUT 60
  MATCH "\np +T +compute +serial +imbalance +sync +memory +unaccounted +overhead%\n"
        "\np +Tpara +ML +IT +PT +L +unaccounted\n"
        "\n2 +${_latency_number} +${_latency_number} +${_latency_number} +${_latency_number} +${_latency_number} +${_latency_number}\n"
        "note: unaccounted = T \\(1 - E\\) - \\(ML \\+ IT \\+ PT\\)/N. Every tick of each worker's window"
        "note: p=1, p=2: the split into ML, IT, PT and unaccounted is not available: no one-worker run at the same size"
  ARGS tests/golden/scripts/latency_split.lua --db ${CMAKE_CURRENT_BINARY_DIR}/latency_split_text.db)

scalerun_golden(latency_split_csv EXIT 0 TIMEOUT 60
  MATCH "\ntable,p,Tpara,ML,IT,PT,L,unaccounted\n"
        "\nfixed/latency,2,${_latency_number},${_latency_number},${_latency_number},${_latency_number},${_latency_number},${_latency_number}\n"
        "\ngrown/latency,2,${_latency_number},,,,,,met\n"
        "\ntable,p,T,compute,serial,imbalance,sync,memory,unaccounted,overhead%(,target)?\n"
  ARGS tests/golden/scripts/latency_split.lua --format csv --db ${CMAKE_CURRENT_BINARY_DIR}/latency_split_csv.db)

scalerun_golden(latency_split_json EXIT 0 TIMEOUT 60
  MATCH "\"unaccounted\""
        "unaccounted = T \\(1 - E\\) - \\(ML \\+ IT \\+ PT\\)/N"
        "the split into ML, IT, PT and unaccounted is not available"
  ARGS tests/golden/scripts/latency_split.lua --format json --db ${CMAKE_CURRENT_BINARY_DIR}/latency_split_json.db)
