#!/bin/sh
# validate_program.sh P: a stand-in program beside validate_paths.lua that reports T = 0.3 / P s.
awk -v p="$1" 'BEGIN { printf "{\"seconds\": %g}\n", 0.3 / p }'
