#!/bin/sh
# fixed_seconds.sh T: a stand-in program that takes no time and reports T seconds, for goldens that
# compare runs (a baseline check): its samples are the same on every machine.
echo "{\"seconds\": $1}"
