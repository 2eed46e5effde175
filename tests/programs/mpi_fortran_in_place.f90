! Fortran collectives called with MPI_IN_PLACE, whose bytes are known by construction
! (tests/golden/mpi_fortran_in_place.sh): in place, a rank's contribution is its own block of the
! receive buffer, whatever the (ignored) send arguments say. Two ranks: MPI_Allgather of 10
! doubles (80 bytes), MPI_Alltoall of 5 integers to each of 2 ranks (40 bytes), MPI_Gather of 10
! doubles to root 0, in place at the root (80 bytes each): 200 collective bytes on each rank.
! (The program is not named after its file: Open MPI's common block for MPI_IN_PLACE is called
! mpi_fortran_in_place.)
program in_place_collectives
  use mpi
  implicit none
  integer :: ierr, rank
  double precision :: d(20)
  integer :: i(10)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  d = 1.0d0
  i = 1
  call MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, d, 10, MPI_DOUBLE_PRECISION, MPI_COMM_WORLD, ierr)
  call MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, i, 5, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  if (rank == 0) then
    call MPI_Gather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, d, 10, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  else
    call MPI_Gather(d, 10, MPI_DOUBLE_PRECISION, d(11), 10, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  end if
  call MPI_Finalize(ierr)
end program in_place_collectives
