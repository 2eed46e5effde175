! The program of mpi_fortran.f90 through `use mpi_f08`, with the same truth (read its head
! comment): the f08 entry points (mpi_send_f08_ ...), handles as derived types, and ierror left out
! (a null pointer to the wrapper) in most calls, passed in the first few. Where mpi_fortran.f90
! completes rank 0's four receives with MPI_Waitany and MPI_Waitsome, this one polls MPI_Testany
! and MPI_Testsome (indices from 1). Prints the same line:
!   clock rank R wall W point_to_point T N collective T N wait T N barrier T N polling T
program mpi_fortran_f08
  use mpi_f08
  implicit none
  integer, parameter :: P2P = 1, COLL = 2, WAITS = 3, BARR = 4
  double precision :: spent(4), polled, last, t0, t_init, t_end, spin_start
  integer :: calls(4)
  integer :: ierr, rank, nprocs, i, done, outcount, idx
  logical :: pair
  type(MPI_Status) :: st, sts(4)
  type(MPI_Request) :: req, reqs(1), preq(1), rreq, ra(2), rs(2), r4(4), cancelled, freed
  type(MPI_Message) :: msg
  type(MPI_Comm) :: dup, solo
  integer :: indices(2)
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
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
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
    call MPI_Sendrecv(go, 1, MPI_INTEGER, 1, 10, reply, 2000, MPI_DOUBLE_PRECISION, 1, 11, MPI_COMM_WORLD, st)
    call toc(P2P)
  else if (rank == 1) then
    call tic()
    call MPI_Recv(go, 1, MPI_INTEGER, 0, 10, MPI_COMM_WORLD, st)
    call toc(P2P)
    ! 0.2 s of spinning, looking every millisecond for a message that never comes: MPI_Iprobe
    ! finding nothing is polling (wait time), the rest busy.
    spin_start = MPI_Wtime()
    do while (MPI_Wtime() - spin_start < 0.2d0)
      call tic()
      call MPI_Iprobe(0, 77, MPI_COMM_WORLD, flag, MPI_STATUS_IGNORE)
      call toc(WAITS)
      if (.not. flag) polled = polled + last
      call spin(min(1d-3, 0.2d0 - (MPI_Wtime() - spin_start)))
    end do
    call tic()
    call MPI_Send(reply, 1000, MPI_DOUBLE_PRECISION, 0, 11, MPI_COMM_WORLD)
    call toc(P2P)
  end if

  ! A receive posted larger than its message, completed by polling MPI_Test.
  if (rank == 0 .and. pair) then
    call tic()
    call MPI_Isend(block, 2000, MPI_DOUBLE_PRECISION, 1, 1, MPI_COMM_WORLD, req)
    call toc(P2P)
    call tic()
    call MPI_Wait(req, MPI_STATUS_IGNORE)
    call toc(WAITS)
  else if (rank == 1) then
    call tic()
    call MPI_Irecv(block, 8000, MPI_DOUBLE_PRECISION, 0, 1, MPI_COMM_WORLD, req)
    call toc(P2P)
    flag = .false.
    do while (.not. flag)
      call tic()
      call MPI_Test(req, flag, MPI_STATUS_IGNORE)
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
    call MPI_Irecv(ints, 1000, MPI_INTEGER, 1, 2, MPI_COMM_WORLD, reqs(1))
    call toc(P2P)
    call tic()
    call MPI_Waitall(1, reqs, MPI_STATUSES_IGNORE)
    call toc(WAITS)
  else if (rank == 1) then
    call tic()
    call MPI_Send(ints, 500, MPI_INTEGER, 0, 2, MPI_COMM_WORLD)
    call toc(P2P)
  end if

  ! A persistent send started three times.
  if (rank == 0 .and. pair) then
    call tic()
    call MPI_Send_init(pers, 100, MPI_INTEGER, 1, 5, MPI_COMM_WORLD, preq(1))
    call toc(P2P)
    do i = 1, 3
      call tic()
      if (i == 2) then
        call MPI_Startall(1, preq)
      else
        call MPI_Start(preq(1))
      end if
      call toc(P2P)
      call tic()
      call MPI_Wait(preq(1), MPI_STATUS_IGNORE)
      call toc(WAITS)
    end do
    call MPI_Request_free(preq(1))
  else if (rank == 1) then
    call tic()
    call MPI_Recv_init(pers, 200, MPI_INTEGER, 0, 5, MPI_COMM_WORLD, rreq)
    call toc(P2P)
    do i = 1, 3
      call tic()
      call MPI_Start(rreq)
      call toc(P2P)
      call tic()
      if (i == 2) then
        call MPI_Wait(rreq, MPI_STATUS_IGNORE)
      else
        call MPI_Wait(rreq, st)
      end if
      call toc(WAITS)
    end do
    call MPI_Request_free(rreq)
  end if

  ! MPI_Testany and MPI_Testsome: indices count from 1.
  if (rank == 0 .and. pair) then
    call tic()
    call MPI_Irecv(rd, 100, MPI_DOUBLE_PRECISION, 1, 20, MPI_COMM_WORLD, ra(1))
    call toc(P2P)
    call tic()
    call MPI_Irecv(ri, 100, MPI_INTEGER, 1, 21, MPI_COMM_WORLD, ra(2))
    call toc(P2P)
    done = 0
    do while (done < 2)
      call tic()
      call MPI_Testany(2, ra, idx, flag, st)
      call toc(WAITS)
      if (.not. flag) then
        polled = polled + last
        call spin(2d-5)
      end if
      if (flag .and. idx /= MPI_UNDEFINED) done = done + 1
    end do
    call tic()
    call MPI_Irecv(ri2, 50, MPI_INTEGER, 1, 22, MPI_COMM_WORLD, rs(1))
    call toc(P2P)
    call tic()
    call MPI_Irecv(rd2, 50, MPI_DOUBLE_PRECISION, 1, 23, MPI_COMM_WORLD, rs(2))
    call toc(P2P)
    done = 0
    do while (done < 2)
      call tic()
      call MPI_Testsome(2, rs, outcount, indices, sts)
      call toc(WAITS)
      if (outcount == 0) then
        polled = polled + last
        call spin(2d-5)
      end if
      if (outcount /= MPI_UNDEFINED) done = done + outcount
    end do
  else if (rank == 1) then
    call tic()
    call MPI_Isend(d10, 10, MPI_DOUBLE_PRECISION, 0, 20, MPI_COMM_WORLD, r4(1))
    call toc(P2P)
    call tic()
    call MPI_Isend(i30, 30, MPI_INTEGER, 0, 21, MPI_COMM_WORLD, r4(2))
    call toc(P2P)
    call tic()
    call MPI_Isend(i7, 7, MPI_INTEGER, 0, 22, MPI_COMM_WORLD, r4(3))
    call toc(P2P)
    call tic()
    call MPI_Isend(d3, 3, MPI_DOUBLE_PRECISION, 0, 23, MPI_COMM_WORLD, r4(4))
    call toc(P2P)
    call tic()
    call MPI_Waitall(4, r4, sts)
    call toc(WAITS)
  end if

  ! A cancelled receive and a freed one: no messages.
  if (rank == 1) then
    call tic()
    call MPI_Irecv(spare, 10, MPI_DOUBLE_PRECISION, 0, 99, MPI_COMM_WORLD, cancelled)
    call toc(P2P)
    call MPI_Cancel(cancelled)
    call tic()
    call MPI_Wait(cancelled, MPI_STATUS_IGNORE)
    call toc(WAITS)
    call tic()
    call MPI_Irecv(spare2, 10, MPI_DOUBLE_PRECISION, 0, 98, MPI_COMM_WORLD, freed)
    call toc(P2P)
    call MPI_Request_free(freed)
  end if

  ! Probes: MPI_Iprobe polling, MPI_Mprobe + MPI_Mrecv, MPI_Probe + MPI_Recv.
  if (rank == 0 .and. pair) then
    call tic()
    call MPI_Send(m3, 100, MPI_INTEGER, 1, 3, MPI_COMM_WORLD)
    call toc(P2P)
    call tic()
    call MPI_Send(m4, 50, MPI_INTEGER, 1, 4, MPI_COMM_WORLD)
    call toc(P2P)
  else if (rank == 1) then
    flag = .false.
    do while (.not. flag)
      call tic()
      call MPI_Iprobe(0, 3, MPI_COMM_WORLD, flag, MPI_STATUS_IGNORE)
      call toc(WAITS)
      if (.not. flag) then
        polled = polled + last
        call spin(2d-5)
      end if
    end do
    call tic()
    call MPI_Mprobe(0, 3, MPI_COMM_WORLD, msg, MPI_STATUS_IGNORE)
    call toc(WAITS)
    call tic()
    call MPI_Mrecv(m3, 100, MPI_INTEGER, msg, MPI_STATUS_IGNORE)
    call toc(P2P)
    call tic()
    call MPI_Probe(0, 4, MPI_COMM_WORLD, st)
    call toc(WAITS)
    call tic()
    call MPI_Recv(m4, 100, MPI_INTEGER, 0, 4, MPI_COMM_WORLD, st)
    call toc(P2P)
  end if

  ! Communicators other than MPI_COMM_WORLD (made and freed outside the clock: busy time).
  call MPI_Comm_dup(MPI_COMM_WORLD, dup)
  if (rank == 0 .and. pair) then
    call tic()
    call MPI_Ssend(six, 6, MPI_INTEGER, 1, 7, dup)
    call toc(P2P)
  else if (rank == 1) then
    call tic()
    call MPI_Recv(six, 6, MPI_INTEGER, 0, 7, dup, st)
    call toc(P2P)
  end if
  call MPI_Comm_split(MPI_COMM_WORLD, rank, 0, solo)
  call tic()
  call MPI_Allreduce(x, y, 1, MPI_DOUBLE_PRECISION, MPI_SUM, solo)
  call toc(COLL)
  call tic()
  call MPI_Alltoall(a3, 3, MPI_INTEGER, aout, 3, MPI_INTEGER, solo)
  call toc(COLL)
  call MPI_Comm_free(solo)
  call MPI_Comm_free(dup)

  ! Collectives.
  call tic()
  call MPI_Barrier(MPI_COMM_WORLD)
  call toc(BARR)
  call tic()
  call MPI_Allreduce(mine, total, 250, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD)
  call toc(COLL)
  call tic()
  call MPI_Bcast(b10, 10, MPI_INTEGER, 0, MPI_COMM_WORLD)
  call toc(COLL)
  call tic()
  call MPI_Reduce(r4in, r4out, 4, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD)
  call toc(COLL)
  call tic()
  call MPI_Gather(g2, 2, MPI_INTEGER, gout, 2, MPI_INTEGER, 0, MPI_COMM_WORLD)
  call toc(COLL)
  call tic()
  call MPI_Alltoall(a3, 3, MPI_INTEGER, aout, 3, MPI_INTEGER, MPI_COMM_WORLD)
  call toc(COLL)
  call tic()
  call MPI_Iallreduce(i100, o100, 100, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, req)
  call toc(COLL)
  call tic()
  call MPI_Wait(req, MPI_STATUS_IGNORE)
  call toc(WAITS)
  call tic()
  call MPI_Barrier(MPI_COMM_WORLD)
  call toc(BARR)

  t_end = MPI_Wtime()
  call MPI_Finalize()
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

end program mpi_fortran_f08
