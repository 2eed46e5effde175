// An MPI program whose one-sided, I/O and further collective calls are known by construction, for
// the interposition layer's families (tests/golden/mpi_families.sh). Two ranks:
//   one-sided: rank 0 puts 100 doubles, gets 50 and accumulates 25 into rank 1's window between
//     fences (1,400 bytes as origin); rank 1 sleeps 0.1 s before the closing fence, so rank 0
//     waits there; then rank 1 locks rank 0's window and gets 10 doubles, fetches-and-adds one
//     double, compares-and-swaps one int and puts 5 doubles with MPI_Rput (80 + 8 + 4 + 40 = 132
//     bytes); 2 fences, 1 lock and 1 unlock; window made and freed once;
//   I/O: each rank writes 100 doubles at its offset, syncs, reads them back, writes 50 ints
//     collectively, writes 10 doubles with MPI_File_iwrite_at, and reads 10 doubles past the end
//     of the file (none: 0 bytes): 800 + 800 + 200 + 80 + 0 = 1,880 bytes each;
//   collectives: on a periodic ring of 2 (each rank's two neighbours: the other rank, twice)
//     neighbour alltoall of 3 doubles and allgather of 2 ints (48 + 16 bytes); MPI_Igather of 4
//     doubles, MPI_Iscatter of 2, MPI_Ialltoallv of 1 + 2 doubles, MPI_Ireduce_scatter_block of
//     1 double each, MPI_Iscan of 3 ints and MPI_Alltoallw of an int and a double
//     (32 + 16 + 24 + 16 + 12 + 12 = 112 bytes): 176 collective bytes each.
//   edge cases: MPI_Alltoallv and MPI_Alltoall with MPI_IN_PLACE (null send counts; the receive
//     blocks are the contribution: 1 + 1 doubles and 2 ints, 24 bytes), neighbour alltoall on a
//     non-periodic line of 2 (one neighbour each: 3 doubles, 24 bytes), a put to MPI_PROC_NULL
//     (nothing moved), a message of 6 doubles received as 2 elements of a 4-double type (48
//     bytes, though no whole count of the type), split collective I/O (write_all_begin/end of
//     20 doubles, 160 bytes each): collective bytes 176 + 48 = 224, one-sided bytes unchanged,
//     I/O bytes 1,880 + 160 = 2,040, rank 1 receives one message of 48 bytes;
//   regions: "outer" once around "rec" which recurses once (time counted once: rec's time is its
//     outer instance's, about 20 ms, not 30), region names with a quote, a newline and bytes that
//     are not UTF-8, then an end of "a" while "b" inside it is open (a region error); a value set
//     to NaN; four threads each begin and end "worker" 100 times at once (400 calls, no crash).
// Each rank times its own one-sided and I/O calls (CLOCK_MONOTONIC around each call) and prints
// "clock <rank> one_sided <seconds> io <seconds>".
// Usage: mpi_families FILE (a scratch file for the I/O, deleted at the end)

#include <mpi.h>
#include <time.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "scalerun_region.h"

namespace {

double now() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

double one_sided_clock = 0, io_clock = 0;

// Runs `call`, adding its time to `clock`.
template <class F>
void timed(double& clock, F call) {
  const double start = now();
  call();
  clock += now() - start;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const MPI_Datatype D = MPI_DOUBLE;
  std::vector<double> data(1000, 1.0), got(1000);

  double* window_memory = nullptr;
  MPI_Win win = MPI_WIN_NULL;
  timed(one_sided_clock, [&] {
    MPI_Win_allocate(1000 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &window_memory, &win);
  });
  timed(one_sided_clock, [&] { MPI_Win_fence(0, win); });
  if (rank == 0) {
    timed(one_sided_clock, [&] { MPI_Put(data.data(), 100, D, 1, 0, 100, D, win); });
    timed(one_sided_clock, [&] { MPI_Get(got.data(), 50, D, 1, 200, 50, D, win); });
    timed(one_sided_clock, [&] { MPI_Accumulate(data.data(), 25, D, 1, 300, 25, D, MPI_SUM, win); });
  } else {
    const timespec tenth{0, 100000000};
    nanosleep(&tenth, nullptr);
  }
  timed(one_sided_clock, [&] { MPI_Win_fence(0, win); });
  if (rank == 1) {
    double one = 1, old = 0;
    int compare = 0, swap = 1, before = 0;
    MPI_Request put = MPI_REQUEST_NULL;
    timed(one_sided_clock, [&] { MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win); });
    timed(one_sided_clock, [&] { MPI_Get(got.data(), 10, D, 0, 0, 10, D, win); });
    timed(one_sided_clock, [&] { MPI_Fetch_and_op(&one, &old, D, 0, 500, MPI_SUM, win); });
    timed(one_sided_clock, [&] { MPI_Compare_and_swap(&swap, &compare, &before, MPI_INT, 0, 600, win); });
    timed(one_sided_clock, [&] { MPI_Rput(data.data(), 5, D, 0, 700, 5, D, win, &put); });
    MPI_Wait(&put, MPI_STATUS_IGNORE);
    timed(one_sided_clock, [&] { MPI_Win_unlock(0, win); });
  }
  MPI_Barrier(MPI_COMM_WORLD);
  timed(one_sided_clock, [&] { MPI_Win_free(&win); });

  MPI_File file = MPI_FILE_NULL;
  const char* path = argc > 1 ? argv[1] : "mpi_families.scratch";
  timed(io_clock, [&] {
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &file);
  });
  const MPI_Offset mine = 800 * rank;
  timed(io_clock, [&] { MPI_File_write_at(file, mine, data.data(), 100, D, MPI_STATUS_IGNORE); });
  timed(io_clock, [&] { MPI_File_sync(file); });
  timed(io_clock, [&] { MPI_File_read_at(file, mine, got.data(), 100, D, MPI_STATUS_IGNORE); });
  std::vector<int> ints(50, rank);
  timed(io_clock, [&] { MPI_File_write_at_all(file, 1600 + 200 * rank, ints.data(), 50, MPI_INT, MPI_STATUS_IGNORE); });
  MPI_Request write = MPI_REQUEST_NULL;
  timed(io_clock, [&] { MPI_File_iwrite_at(file, 2000 + 80 * rank, data.data(), 10, D, &write); });
  MPI_Wait(&write, MPI_STATUS_IGNORE);
  MPI_Status past_end;
  timed(io_clock, [&] { MPI_File_read_at(file, 1000000, got.data(), 10, D, &past_end); });
  timed(io_clock, [&] { MPI_File_close(&file); });
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) timed(io_clock, [&] { MPI_File_delete(path, MPI_INFO_NULL); });

  MPI_Comm ring = MPI_COMM_NULL;
  const int dims[1] = {2}, periods[1] = {1};
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
  std::vector<double> out(6, 1.0), in(6);
  MPI_Neighbor_alltoall(out.data(), 3, D, in.data(), 3, D, ring);
  int two[2] = {rank, rank}, four[4];
  MPI_Neighbor_allgather(two, 2, MPI_INT, four, 2, MPI_INT, ring);
  MPI_Comm_free(&ring);

  MPI_Request r[5];
  MPI_Igather(data.data(), 4, D, got.data(), 4, D, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Iscatter(data.data(), 2, D, got.data() + 100, 2, D, 1, MPI_COMM_WORLD, &r[1]);
  // 1 double to rank 0, 2 to rank 1: each rank receives its own number's count from both.
  const int counts[2] = {1, 2}, displs[2] = {0, 1};
  const int my_counts[2] = {counts[rank], counts[rank]}, my_displs[2] = {0, counts[rank]};
  MPI_Ialltoallv(data.data(), counts, displs, D, got.data() + 200, my_counts, my_displs, D, MPI_COMM_WORLD, &r[2]);
  MPI_Ireduce_scatter_block(data.data(), got.data() + 300, 1, D, MPI_SUM, MPI_COMM_WORLD, &r[3]);
  int three[3] = {1, 2, 3}, scanned[3];
  MPI_Iscan(three, scanned, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[4]);
  MPI_Waitall(5, r, MPI_STATUSES_IGNORE);
  // To rank 0 an int, to rank 1 a double (from the start of a block of two doubles); each rank
  // receives what is sent to it, the type of its own number.
  double block[2] = {1.0, 2.0}, received[2] = {};
  const int ones[2] = {1, 1}, sdispls[2] = {0, static_cast<int>(sizeof(double))};
  const MPI_Datatype send_types[2] = {MPI_INT, MPI_DOUBLE};
  const MPI_Datatype mine_types[2] = {send_types[rank], send_types[rank]};
  MPI_Alltoallw(block, ones, sdispls, send_types, received, ones, sdispls, mine_types, MPI_COMM_WORLD);

  // Edge cases.
  std::vector<double> square(4, 1.0);
  const int in_place_counts[2] = {1, 1}, in_place_displs[2] = {0, 1};
  MPI_Alltoallv(MPI_IN_PLACE, nullptr, nullptr, MPI_DATATYPE_NULL, square.data(), in_place_counts, in_place_displs, D,
                MPI_COMM_WORLD);
  int ints_in_place[2] = {rank, rank};
  MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, ints_in_place, 1, MPI_INT, MPI_COMM_WORLD);
  MPI_Comm line = MPI_COMM_NULL;
  const int open_ends[1] = {0};
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, open_ends, 0, &line);
  MPI_Neighbor_alltoall(out.data(), 3, D, in.data(), 3, D, line);
  MPI_Comm_free(&line);
  MPI_Win nowhere = MPI_WIN_NULL;
  double* nowhere_memory = nullptr;
  timed(one_sided_clock, [&] {
    MPI_Win_allocate(8 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &nowhere_memory, &nowhere);
  });
  timed(one_sided_clock, [&] { MPI_Win_fence(0, nowhere); });
  timed(one_sided_clock, [&] { MPI_Put(data.data(), 8, D, MPI_PROC_NULL, 0, 8, D, nowhere); });
  timed(one_sided_clock, [&] { MPI_Win_fence(0, nowhere); });
  timed(one_sided_clock, [&] { MPI_Win_free(&nowhere); });
  MPI_Datatype quad;
  MPI_Type_contiguous(4, D, &quad);
  MPI_Type_commit(&quad);
  if (rank == 0) {
    MPI_Send(data.data(), 6, D, 1, 7, MPI_COMM_WORLD);
  } else {
    MPI_Recv(got.data(), 2, quad, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Type_free(&quad);
  MPI_File split = MPI_FILE_NULL;
  const std::string split_path = std::string(path) + ".split";
  timed(io_clock, [&] {
    MPI_File_open(MPI_COMM_WORLD, split_path.c_str(), MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &split);
  });
  timed(io_clock, [&] { MPI_File_set_view(split, 160 * rank, D, D, "native", MPI_INFO_NULL); });
  timed(io_clock, [&] { MPI_File_write_all_begin(split, data.data(), 20, D); });
  timed(io_clock, [&] { MPI_File_write_all_end(split, data.data(), MPI_STATUS_IGNORE); });
  timed(io_clock, [&] { MPI_File_close(&split); });
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) timed(io_clock, [&] { MPI_File_delete(split_path.c_str(), MPI_INFO_NULL); });

  // Regions.
  const timespec ten_ms{0, 10000000};
  scalerun_begin("outer");
  scalerun_begin("rec");
  nanosleep(&ten_ms, nullptr);
  scalerun_begin("rec");
  nanosleep(&ten_ms, nullptr);
  scalerun_end("rec");
  scalerun_end("rec");
  scalerun_end("outer");
  scalerun_begin("say \"hi\"\nthere");
  scalerun_end("say \"hi\"\nthere");
  scalerun_begin("caf\xe9 \xff");
  scalerun_end("caf\xe9 \xff");
  scalerun_value("not a number", std::nan(""));
  scalerun_begin("a");
  scalerun_begin("b");
  scalerun_end("a");
  scalerun_end("b");
  // Regions from four threads at once: each thread's own nesting, the rank's totals (400 calls).
  std::vector<std::thread> workers;
  for (int t = 0; t < 4; ++t) {
    workers.emplace_back([] {
      for (int i = 0; i < 100; ++i) {
        scalerun_begin("worker");
        scalerun_end("worker");
      }
    });
  }
  for (auto& w : workers) w.join();

  std::printf("clock %d one_sided %.9f io %.9f\n", rank, one_sided_clock, io_clock);
  MPI_Finalize();
  return 0;
}
