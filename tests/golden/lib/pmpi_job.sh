# Sourced by the goldens that run an MPI test program on 2 ranks with the interposition library
# preloaded (mpi_counts.sh, mpi_families.sh, mpi_fortran_in_place.sh).
#   setup_job LIBRARY PROGRAM [mpich]   sets lib, program, flavour ("openmpi", or "mpich": MPICH's
#                                       mpiexec, the library and program built for MPICH) and dir
#                                       (a temporary folder, removed at exit)
#   run_job [ARGS]      runs the program, its output in $dir/out.txt; fails the test if it fails
#   field RANK NAME     a number from rank RANK's record
#   expect RANK NAME V  that number is exactly V
fail() { echo "FAIL: $*"; exit 1; }
setup_job() {
  lib=$(realpath "$1")
  program=$(realpath "$2")
  flavour=${3:-openmpi}
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
}
run_job() {
  local launch
  if [ "$flavour" = mpich ]; then
    launch=(mpiexec.mpich -n 2 -genv LD_PRELOAD "$lib" -genv SCALERUN_PMPI_DIR "$dir")
  else
    launch=(mpirun -np 2 --oversubscribe -x LD_PRELOAD="$lib" -x SCALERUN_PMPI_DIR="$dir")
  fi
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_orte_tmpdir_base="$dir" \
    "${launch[@]}" "$program" "$@" > "$dir/out.txt" 2>&1 || { cat "$dir/out.txt"; fail "the program failed"; }
}
field() { grep -o "\"$2\": [0-9.e+-]*" "$dir/rank-$1.json" | head -1 | awk '{print $2}'; }
expect() {
  local got
  got=$(field "$1" "$2")
  [ "$got" = "$3" ] || fail "rank $1: $2 = $got, expected $3"
}
