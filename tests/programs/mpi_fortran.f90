! A Fortran MPI program (`use mpi`) whose message counts, bytes and waits are known by
! construction, for the Fortran entry points of the interposition layer
! (pmpi/fortran_bindings.cpp, tests/golden/mpi_fortran.sh). Two ranks; mpi_fortran_f08.f90 does
! the same through `use mpi_f08`, so both have the same truth:
!   - ten MPI_Sendrecv and five MPI_Send with MPI_PROC_NULL, an MPI_Recv and an MPI_Irecv from it:
!     no messages;
!   - a known wait: rank 0's MPI_Sendrecv sends "go" (1 integer, 4 bytes) and receives 1000
!     doubles (8,000 bytes, into a receive posted for 2000) that rank 1 sends 0.2 s after it got
!     "go": rank 0 spends at least 0.2 s in point to point; rank 1 spins those 0.2 s, calling
!     MPI_Iprobe every millisecond for a message that never comes (polling), so it is busy for
!     nearly all of them;
!   - rank 0 sends 2000 doubles (16,000 bytes) with MPI_Isend; rank 1 receives them with an
!     MPI_Irecv posted for 8000, completed by polling MPI_Test with MPI_STATUS_IGNORE;
!   - rank 1 sends 500 integers (2,000 bytes); rank 0 receives them with an MPI_Irecv posted for
!     1000 and MPI_Waitall with MPI_STATUSES_IGNORE;
!   - rank 0 starts a persistent send of 100 integers (400 bytes) three times (MPI_Start,
!     MPI_Startall, MPI_Start), rank 1 a persistent receive posted for 200: three messages;
!   - rank 1 sends 10 doubles, 30 integers, 7 integers and 3 doubles (80 + 120 + 28 + 24 bytes),
!     which rank 0 completes with MPI_Waitany twice and MPI_Waitsome (indices from 1);
!   - rank 1 cancels a receive no one matches and frees another: no messages;
!   - rank 0 sends 100 and 50 integers (400 + 200 bytes); rank 1 polls MPI_Iprobe, takes the
!     first with MPI_Mprobe + MPI_Mrecv and the second with MPI_Probe + an MPI_Recv posted for 100;
!   - on a duplicate of MPI_COMM_WORLD rank 0 sends 6 integers (24 bytes) with MPI_Ssend; on a
!     communicator of each rank alone (MPI_Comm_split) an MPI_Allreduce of 1 double (8 bytes) and
!     an MPI_Alltoall of 3 integers (12 bytes: the size of that communicator, not of the world);
!   - MPI_Barrier twice, MPI_Allreduce of 250 doubles (2,000 bytes), MPI_Bcast of 10 integers (40),
!     MPI_Reduce of 4 doubles (32), MPI_Gather of 2 integers (8), MPI_Alltoall of 3 integers to
!     each of 2 ranks (24), MPI_Iallreduce of 100 doubles (800) completed by MPI_Wait.
! Rank 0 then expects: sent 8 messages, 17,828 bytes; received 6, 10,252. Rank 1: sent 6, 10,252
! bytes; received 8, 17,828. Collective bytes 2,924 on each rank.
! On one rank (scalerun's reference point) only what needs no partner runs: no messages, and
! 2,912 collective bytes (the MPI_Alltoall on the world is 12). Ranks past 1 take part in the
! collectives only.
! Each rank prints its own clock of the time it spent in MPI calls of each kind (as the layer
! sorts them) and their number, from MPI_Init's return to MPI_Finalize, and of its polls that
! found nothing (MPI_Iprobe, MPI_Test ... with a false flag), in one line:
!   clock rank R wall W point_to_point T N collective T N wait T N barrier T N polling T
program mpi_fortran
  use mpi
  implicit none
  integer, parameter :: P2P = 1, COLL = 2, WAITS = 3, BARR = 4
  double precision :: spent(4), polled, last, t0, t_init, t_end, spin_start
  integer :: calls(4)
  integer :: ierr, rank, nprocs, i, done, outcount, idx
  logical :: pair
  integer :: st(MPI_STATUS_SIZE), sts(MPI_STATUS_SIZE, 4)
  integer :: req, reqs(1), preq(1), rreq, ra(2), rs(2), r4(4), cancelled, freed, msg
  integer :: dup, solo, indices(2)
  logical :: flag
  double precision :: out(100), in(100), reply(2000), block(8000), spare(10), spare2(10)
  double precision :: d10(10), d3(3), rd(100), rd2(50), mine(250), total(250), x(1), y(1)
  double precision :: r4in(4), r4out(4), i100(100), o100(100)
  integer :: go(1), ints(1000), pers(200), i30(30), i7(7), ri(100), ri2(50), m3(100), m4(100)
  integer :: six(6), b10(10), g2(2)
  integer, allocatable :: gout(:), a3(:), aout(:)

  spent = 0
  polled = 0
  calls = 0
  out = 1
  reply = 2
  block = 3
  ints = 4
  pers = 5
  d10 = 6
  d3 = 7
  i30 = 8
  i7 = 9
  m3 = 10
  m4 = 11
  six = 12
  b10 = 13
  g2 = 14
  mine = 1
  x = 1
  r4in = 1
  i100 = 1
  go = 1

  call MPI_Init(ierr)
  t_init = MPI_Wtime()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  pair = nprocs >= 2
  allocate (gout(2 * nprocs), a3(3 * nprocs), aout(3 * nprocs))
  a3 = 15

  ! No messages: MPI_PROC_NULL on every side.
  do i = 1, 10
    call tic()
    call MPI_Sendrecv(out, 100, MPI_DOUBLE_PRECISION, MPI_PROC_NULL, 0, in, 100, MPI_DOUBLE_PRECISION, &
                      MPI_PROC_NULL, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call toc(P2P)
  end do
  do i = 1, 5
    call tic()
    call MPI_Send(out, 100, MPI_DOUBLE_PRECISION, MPI_PROC_NULL, 0, MPI_COMM_WORLD, ierr)
    call toc(P2P)
  end do
  call tic()
  call MPI_Recv(in, 100, MPI_DOUBLE_PRECISION, MPI_PROC_NULL, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call toc(P2P)
  call tic()
  call MPI_Irecv(in, 100, MPI_DOUBLE_PRECISION, MPI_PROC_NULL, 0, MPI_COMM_WORLD, req, ierr)
  call toc(P2P)
  call tic()
  call MPI_Wait(req, st, ierr)
  call toc(WAITS)

  ! The known wait.
  if (rank == 0 .and. pair) then
    call tic()
    call MPI_Sendrecv(go, 1, MPI_INTEGER, 1, 10, reply, 2000, MPI_DOUBLE_PRECISION, 1, 11, MPI_COMM_WORLD, st, ierr)
    call toc(P2P)
  else if (rank == 1) then
    call tic()
    call MPI_Recv(go, 1, MPI_INTEGER, 0, 10, MPI_COMM_WORLD, st, ierr)
    call toc(P2P)
    ! 0.2 s of spinning, looking every millisecond for a message that never comes: MPI_Iprobe
    ! finding nothing is polling (wait time), the rest busy.
    spin_start = MPI_Wtime()
    do while (MPI_Wtime() - spin_start < 0.2d0)
      call tic()
      call MPI_Iprobe(0, 77, MPI_COMM_WORLD, flag, MPI_STATUS_IGNORE, ierr)
      call toc(WAITS)
      if (.not. flag) polled = polled + last
      call spin(min(1d-3, 0.2d0 - (MPI_Wtime() - spin_start)))
    end do
    call tic()
    call MPI_Send(reply, 1000, MPI_DOUBLE_PRECISION, 0, 11, MPI_COMM_WORLD, ierr)
    call toc(P2P)
  end if

  ! A receive posted larger than its message, completed by polling MPI_Test.
  if (rank == 0 .and. pair) then
    call tic()
    call MPI_Isend(block, 2000, MPI_DOUBLE_PRECISION, 1, 1, MPI_COMM_WORLD, req, ierr)
    call toc(P2P)
    call tic()
    call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
    call toc(WAITS)
  else if (rank == 1) then
    call tic()
    call MPI_Irecv(block, 8000, MPI_DOUBLE_PRECISION, 0, 1, MPI_COMM_WORLD, req, ierr)
    call toc(P2P)
    flag = .false.
    do while (.not. flag)
      call tic()
      call MPI_Test(req, flag, MPI_STATUS_IGNORE, ierr)
      call toc(WAITS)
      if (.not. flag) then
        polled = polled + last
        call spin(2d-5)
      end if
    end do
  end if

  ! MPI_Waitall with MPI_STATUSES_IGNORE.
  if (rank == 0 .and. pair) then
    call tic()
    call MPI_Irecv(ints, 1000, MPI_INTEGER, 1, 2, MPI_COMM_WORLD, reqs(1), ierr)
    call toc(P2P)
    call tic()
    call MPI_Waitall(1, reqs, MPI_STATUSES_IGNORE, ierr)
    call toc(WAITS)
  else if (rank == 1) then
    call tic()
    call MPI_Send(ints, 500, MPI_INTEGER, 0, 2, MPI_COMM_WORLD, ierr)
    call toc(P2P)
  end if

  ! A persistent send started three times.
  if (rank == 0 .and. pair) then
    call tic()
    call MPI_Send_init(pers, 100, MPI_INTEGER, 1, 5, MPI_COMM_WORLD, preq(1), ierr)
    call toc(P2P)
    do i = 1, 3
      call tic()
      if (i == 2) then
        call MPI_Startall(1, preq, ierr)
      else
        call MPI_Start(preq(1), ierr)
      end if
      call toc(P2P)
      call tic()
      call MPI_Wait(preq(1), MPI_STATUS_IGNORE, ierr)
      call toc(WAITS)
    end do
    call MPI_Request_free(preq(1), ierr)
  else if (rank == 1) then
    call tic()
    call MPI_Recv_init(pers, 200, MPI_INTEGER, 0, 5, MPI_COMM_WORLD, rreq, ierr)
    call toc(P2P)
    do i = 1, 3
      call tic()
      call MPI_Start(rreq, ierr)
      call toc(P2P)
      call tic()
      if (i == 2) then
        call MPI_Wait(rreq, MPI_STATUS_IGNORE, ierr)
      else
        call MPI_Wait(rreq, st, ierr)
      end if
      call toc(WAITS)
    end do
    call MPI_Request_free(rreq, ierr)
  end if

  ! MPI_Waitany and MPI_Waitsome: indices count from 1.
  if (rank == 0 .and. pair) then
    call tic()
    call MPI_Irecv(rd, 100, MPI_DOUBLE_PRECISION, 1, 20, MPI_COMM_WORLD, ra(1), ierr)
    call toc(P2P)
    call tic()
    call MPI_Irecv(ri, 100, MPI_INTEGER, 1, 21, MPI_COMM_WORLD, ra(2), ierr)
    call toc(P2P)
    do i = 1, 2
      call tic()
      call MPI_Waitany(2, ra, idx, st, ierr)
      call toc(WAITS)
    end do
    call tic()
    call MPI_Irecv(ri2, 50, MPI_INTEGER, 1, 22, MPI_COMM_WORLD, rs(1), ierr)
    call toc(P2P)
    call tic()
    call MPI_Irecv(rd2, 50, MPI_DOUBLE_PRECISION, 1, 23, MPI_COMM_WORLD, rs(2), ierr)
    call toc(P2P)
    done = 0
    do while (done < 2)
      call tic()
      call MPI_Waitsome(2, rs, outcount, indices, sts, ierr)
      call toc(WAITS)
      done = done + outcount
    end do
  else if (rank == 1) then
    call tic()
    call MPI_Isend(d10, 10, MPI_DOUBLE_PRECISION, 0, 20, MPI_COMM_WORLD, r4(1), ierr)
    call toc(P2P)
    call tic()
    call MPI_Isend(i30, 30, MPI_INTEGER, 0, 21, MPI_COMM_WORLD, r4(2), ierr)
    call toc(P2P)
    call tic()
    call MPI_Isend(i7, 7, MPI_INTEGER, 0, 22, MPI_COMM_WORLD, r4(3), ierr)
    call toc(P2P)
    call tic()
    call MPI_Isend(d3, 3, MPI_DOUBLE_PRECISION, 0, 23, MPI_COMM_WORLD, r4(4), ierr)
    call toc(P2P)
    call tic()
    call MPI_Waitall(4, r4, sts, ierr)
    call toc(WAITS)
  end if

  ! A cancelled receive and a freed one: no messages.
  if (rank == 1) then
    call tic()
    call MPI_Irecv(spare, 10, MPI_DOUBLE_PRECISION, 0, 99, MPI_COMM_WORLD, cancelled, ierr)
    call toc(P2P)
    call MPI_Cancel(cancelled, ierr)
    call tic()
    call MPI_Wait(cancelled, MPI_STATUS_IGNORE, ierr)
    call toc(WAITS)
    call tic()
    call MPI_Irecv(spare2, 10, MPI_DOUBLE_PRECISION, 0, 98, MPI_COMM_WORLD, freed, ierr)
    call toc(P2P)
    call MPI_Request_free(freed, ierr)
  end if

  ! Probes: MPI_Iprobe polling, MPI_Mprobe + MPI_Mrecv, MPI_Probe + MPI_Recv.
  if (rank == 0 .and. pair) then
    call tic()
    call MPI_Send(m3, 100, MPI_INTEGER, 1, 3, MPI_COMM_WORLD, ierr)
    call toc(P2P)
    call tic()
    call MPI_Send(m4, 50, MPI_INTEGER, 1, 4, MPI_COMM_WORLD, ierr)
    call toc(P2P)
  else if (rank == 1) then
    flag = .false.
    do while (.not. flag)
      call tic()
      call MPI_Iprobe(0, 3, MPI_COMM_WORLD, flag, MPI_STATUS_IGNORE, ierr)
      call toc(WAITS)
      if (.not. flag) then
        polled = polled + last
        call spin(2d-5)
      end if
    end do
    call tic()
    call MPI_Mprobe(0, 3, MPI_COMM_WORLD, msg, MPI_STATUS_IGNORE, ierr)
    call toc(WAITS)
    call tic()
    call MPI_Mrecv(m3, 100, MPI_INTEGER, msg, MPI_STATUS_IGNORE, ierr)
    call toc(P2P)
    call tic()
    call MPI_Probe(0, 4, MPI_COMM_WORLD, st, ierr)
    call toc(WAITS)
    call tic()
    call MPI_Recv(m4, 100, MPI_INTEGER, 0, 4, MPI_COMM_WORLD, st, ierr)
    call toc(P2P)
  end if

  ! Communicators other than MPI_COMM_WORLD (made and freed outside the clock: busy time).
  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  if (rank == 0 .and. pair) then
    call tic()
    call MPI_Ssend(six, 6, MPI_INTEGER, 1, 7, dup, ierr)
    call toc(P2P)
  else if (rank == 1) then
    call tic()
    call MPI_Recv(six, 6, MPI_INTEGER, 0, 7, dup, st, ierr)
    call toc(P2P)
  end if
  call MPI_Comm_split(MPI_COMM_WORLD, rank, 0, solo, ierr)
  call tic()
  call MPI_Allreduce(x, y, 1, MPI_DOUBLE_PRECISION, MPI_SUM, solo, ierr)
  call toc(COLL)
  call tic()
  call MPI_Alltoall(a3, 3, MPI_INTEGER, aout, 3, MPI_INTEGER, solo, ierr)
  call toc(COLL)
  call MPI_Comm_free(solo, ierr)
  call MPI_Comm_free(dup, ierr)

  ! Collectives.
  call tic()
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call toc(BARR)
  call tic()
  call MPI_Allreduce(mine, total, 250, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call toc(COLL)
  call tic()
  call MPI_Bcast(b10, 10, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call toc(COLL)
  call tic()
  call MPI_Reduce(r4in, r4out, 4, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  call toc(COLL)
  call tic()
  call MPI_Gather(g2, 2, MPI_INTEGER, gout, 2, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call toc(COLL)
  call tic()
  call MPI_Alltoall(a3, 3, MPI_INTEGER, aout, 3, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  call toc(COLL)
  call tic()
  call MPI_Iallreduce(i100, o100, 100, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, req, ierr)
  call toc(COLL)
  call tic()
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  call toc(WAITS)
  call tic()
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call toc(BARR)

  t_end = MPI_Wtime()
  call MPI_Finalize(ierr)
  write (*, '(a,i0,a,es24.16,4(a,a,es24.16,a,i0),a,es24.16)') 'clock rank ', rank, ' wall ', t_end - t_init, &
    ' point_to_point', ' ', spent(P2P), ' ', calls(P2P), ' collective', ' ', spent(COLL), ' ', calls(COLL), &
    ' wait', ' ', spent(WAITS), ' ', calls(WAITS), ' barrier', ' ', spent(BARR), ' ', calls(BARR), &
    ' polling ', polled

contains

  subroutine tic()
    t0 = MPI_Wtime()
  end subroutine tic

  ! Busy for `seconds`. A poll that found nothing is followed by a short spin, so the clock
  ! around each call (its own cost, a few tens of nanoseconds) stays small beside the calls.
  subroutine spin(seconds)
    double precision, intent(in) :: seconds
    double precision :: start
    start = MPI_Wtime()
    do while (MPI_Wtime() - start < seconds)
    end do
  end subroutine spin

  subroutine toc(kind)
    integer, intent(in) :: kind
    last = MPI_Wtime() - t0
    spent(kind) = spent(kind) + last
    calls(kind) = calls(kind) + 1
  end subroutine toc

end program mpi_fortran
