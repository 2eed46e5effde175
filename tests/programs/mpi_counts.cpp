// An MPI program whose message counts are known by construction, for the interposition layer's
// counting (tests/golden/mpi_counts.sh). Two ranks:
//   - ten MPI_Sendrecv with MPI_PROC_NULL on both sides, five MPI_Send to MPI_PROC_NULL and one
//     MPI_Recv from it: no messages at all;
//   - rank 0 sends 2000 doubles (16,000 bytes) with MPI_Isend; rank 1 receives them with an
//     MPI_Irecv posted for 8000 (64,000 bytes of buffer) and completes it by polling MPI_Test:
//     one message of 16,000 bytes each way, counted when the receive completes;
//   - rank 1 sends 500 ints (2,000 bytes) back, received with MPI_Irecv + MPI_Waitall and
//     MPI_STATUSES_IGNORE: one more message of 2,000 bytes.
//   - an MPI_Iallreduce of 250 doubles, completed by MPI_Wait: 2,000 collective bytes per rank;
//   - rank 1 posts an MPI_Irecv no one matches and cancels it, and frees another: no messages;
//   - rank 0 sends 100 ints (400 bytes) that rank 1 takes with MPI_Mprobe + MPI_Mrecv after
//     polling MPI_Iprobe: one message.
// Rank 0 then expects: sent 2 messages, 16,400 bytes; received 1, 2,000. Rank 1: sent 1, 2,000
// bytes; received 2, 16,400.

#include <mpi.h>

#include <vector>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::vector<double> out(100, 1.0), in(100);
  for (int i = 0; i < 10; ++i)
    MPI_Sendrecv(out.data(), 100, MPI_DOUBLE, MPI_PROC_NULL, 0, in.data(), 100, MPI_DOUBLE, MPI_PROC_NULL, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  for (int i = 0; i < 5; ++i) MPI_Send(out.data(), 100, MPI_DOUBLE, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
  MPI_Recv(in.data(), 100, MPI_DOUBLE, MPI_PROC_NULL, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

  std::vector<double> block(8000, 2.0);
  std::vector<int> reply(500, 3);
  MPI_Request request = MPI_REQUEST_NULL;
  if (rank == 0) {
    MPI_Isend(block.data(), 2000, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    MPI_Request back = MPI_REQUEST_NULL;
    MPI_Irecv(reply.data(), 500, MPI_INT, 1, 2, MPI_COMM_WORLD, &back);
    MPI_Waitall(1, &back, MPI_STATUSES_IGNORE);
  } else if (rank == 1) {
    MPI_Irecv(block.data(), 8000, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &request);
    int done = 0;
    while (!done) MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    MPI_Send(reply.data(), 500, MPI_INT, 0, 2, MPI_COMM_WORLD);
  }
  std::vector<double> spare(10);
  std::vector<int> matched(100, 4);
  if (rank == 1) {
    MPI_Request never = MPI_REQUEST_NULL, freed = MPI_REQUEST_NULL;
    MPI_Irecv(spare.data(), 10, MPI_DOUBLE, 0, 99, MPI_COMM_WORLD, &never);
    MPI_Cancel(&never);
    MPI_Wait(&never, MPI_STATUS_IGNORE);
    MPI_Irecv(spare.data(), 10, MPI_DOUBLE, 0, 98, MPI_COMM_WORLD, &freed);
    MPI_Request_free(&freed);
    int there = 0;
    while (!there) MPI_Iprobe(0, 3, MPI_COMM_WORLD, &there, MPI_STATUS_IGNORE);
    MPI_Message message = MPI_MESSAGE_NULL;
    MPI_Mprobe(0, 3, MPI_COMM_WORLD, &message, MPI_STATUS_IGNORE);
    MPI_Mrecv(matched.data(), 100, MPI_INT, &message, MPI_STATUS_IGNORE);
  } else if (rank == 0) {
    MPI_Send(matched.data(), 100, MPI_INT, 1, 3, MPI_COMM_WORLD);
  }
  std::vector<double> mine(250, 1.0), sum(250);
  MPI_Request reduce = MPI_REQUEST_NULL;
  MPI_Iallreduce(mine.data(), sum.data(), 250, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &reduce);
  MPI_Wait(&reduce, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
