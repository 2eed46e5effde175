// An MPI program whose wait states are known by construction, for the wait-state analysis
// (tests/unit/wait_states_mpi_test.cpp). Two ranks go through phases one after the other; in each,
// one rank (the late one) sleeps before its side of the communication, so the other (the waiter)
// waits for it in a known way, for a known cause. The waiter marks "<phase> enter" just before the
// call it waits in, the late rank "<phase> late" just before its own call, both on
// CLOCK_MONOTONIC (the interposition library's clock), so the wait is late - enter. Each rank
// writes to <marks>/marks-<rank>.txt its marks and, for every phase, "phase <name> <waiter>
// <cause>" (cause as the ranks' figures name it; "none" where nobody may wait).
//
// Phases, each a case the analysis has to get right: a blocking receive (late sender), a
// synchronous send (late receiver), MPI_Waitall over two receives (one wait, not two), polling with
// MPI_Test, MPI_Iprobe and MPI_Testsome, a barrier, an allreduce (rank 1 waits), a broadcast from
// root 1, a reduce to root 0, messages with one tag on the world and a duplicate, on two duplicates,
// on a communicator whose ranks are numbered backwards (and a broadcast on it), an early posted
// receive whose sender must not be called late, two receives with one tag completed out of order,
// MPI_Waitany, MPI_Sendrecv_replace, a persistent receive, MPI_Issend + MPI_Wait, MPI_Ibarrier +
// MPI_Wait, MPI_Probe, MPI_Mprobe followed by a receive posted after it, and communicators made by
// MPI_Comm_create_group with different tags. Phase "A" is also region "phase A"
// (pmpi/scalerun_region.h) on both ranks, with marks "A_begin"/"A_end"; each rank sets the value
// "rank_plus_one".
// Usage: mpi_waits MARKS_DIR

#include <mpi.h>
#include <time.h>

#include <cstdio>
#include <string>
#include <vector>

#include "scalerun_region.h"

namespace {

double now() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

void sleep_for(double seconds) {
  const auto whole = static_cast<time_t>(seconds);
  timespec ts{whole, static_cast<long>((seconds - static_cast<double>(whole)) * 1e9)};
  nanosleep(&ts, nullptr);
}

std::vector<std::string> lines;
int rank = 0;

void mark(const std::string& what) {
  char text[64];
  std::snprintf(text, sizeof text, " %.9f", now());
  lines.push_back(what + text);
}

// A phase: the waiter's enter mark, the late rank's sleep and late mark, and the cause.
struct Phase {
  std::string name;
  int waiter;
  void enter() const { mark(name + " enter"); }
  void late(double seconds) const {
    sleep_for(seconds);
    mark(name + " late");
  }
};

Phase phase(const std::string& name, int waiter, const char* cause) {
  lines.push_back("phase " + name + " " + std::to_string(waiter) + " " + cause);
  return Phase{name, waiter};
}

double buf[1000], in[1000];
const MPI_Datatype D = MPI_DOUBLE;
MPI_Status* const kIgnore = MPI_STATUS_IGNORE;

void point_to_point(MPI_Comm dup, MPI_Comm dup2, MPI_Comm backwards) {
  const MPI_Comm w = MPI_COMM_WORLD;
  {
    const Phase p = phase("A", 0, "late_sender");
    scalerun_begin("phase A");
    mark("A_begin");
    if (rank == 0) {
      p.enter();
      MPI_Recv(in, 1000, D, 1, 1, w, kIgnore);
    } else {
      p.late(0.10);
      MPI_Send(buf, 1000, D, 0, 1, w);
    }
    scalerun_end("phase A");
    mark("A_end");
  }
  {
    const Phase p = phase("B", 0, "late_receiver");
    if (rank == 0) {
      p.enter();
      MPI_Ssend(buf, 1000, D, 1, 2, w);
    } else {
      p.late(0.08);
      MPI_Recv(in, 1000, D, 0, 2, w, kIgnore);
    }
  }
  {
    const Phase p = phase("C", 0, "late_sender");  // one wait to the second message, not two
    if (rank == 0) {
      MPI_Request two[2];
      MPI_Irecv(in, 10, D, 1, 3, w, &two[0]);
      MPI_Irecv(in + 10, 10, D, 1, 4, w, &two[1]);
      p.enter();
      MPI_Waitall(2, two, MPI_STATUSES_IGNORE);
    } else {
      sleep_for(0.03);
      MPI_Send(buf, 10, D, 0, 3, w);
      p.late(0.03);
      MPI_Send(buf, 10, D, 0, 4, w);
    }
  }
  {
    const Phase p = phase("D", 0, "polling");  // MPI_Test
    if (rank == 0) {
      MPI_Request r;
      MPI_Irecv(in, 10, D, 1, 5, w, &r);
      p.enter();
      int done = 0;
      while (!done) MPI_Test(&r, &done, kIgnore);
    } else {
      p.late(0.05);
      MPI_Send(buf, 10, D, 0, 5, w);
    }
  }
  {
    const Phase p = phase("E", 0, "polling");  // MPI_Iprobe
    if (rank == 0) {
      p.enter();
      int there = 0;
      while (!there) MPI_Iprobe(1, 6, w, &there, kIgnore);
      MPI_Recv(in, 10, D, 1, 6, w, kIgnore);
    } else {
      p.late(0.05);
      MPI_Send(buf, 10, D, 0, 6, w);
    }
  }
  {
    const Phase p = phase("F", 0, "polling");  // MPI_Testsome
    if (rank == 0) {
      MPI_Request r;
      MPI_Irecv(in, 10, D, 1, 7, w, &r);
      p.enter();
      int count = 0, index = 0;
      while (count == 0) MPI_Testsome(1, &r, &count, &index, MPI_STATUSES_IGNORE);
    } else {
      p.late(0.05);
      MPI_Send(buf, 10, D, 0, 7, w);
    }
  }
  // One tag on two communicators: the message on the first is there at once, rank 0 takes the
  // second's first and waits for it.
  const auto two_channels = [&](const char* name, MPI_Comm first, MPI_Comm second) {
    const Phase p = phase(name, 0, "late_sender");
    if (rank == 0) {
      p.enter();
      MPI_Recv(in, 10, D, 1, 9, second, kIgnore);
      MPI_Recv(in, 10, D, 1, 9, first, kIgnore);
    } else {
      MPI_Send(buf, 10, D, 0, 9, first);
      p.late(0.03);
      MPI_Send(buf, 10, D, 0, 9, second);
    }
  };
  two_channels("K", w, dup);
  two_channels("L", dup, dup2);
  {
    // Numbered backwards: world rank 1 is rank 0 of `backwards`.
    const Phase p = phase("M", 0, "late_sender");
    if (rank == 0) {
      p.enter();
      MPI_Recv(in, 10, D, 0, 10, backwards, kIgnore);
    } else {
      p.late(0.03);
      MPI_Send(buf, 10, D, 1, 10, backwards);
    }
  }
  {
    const Phase p = phase("N", 0, "late_broadcast");  // root: rank 0 of `backwards`, world rank 1
    if (rank == 0) {
      p.enter();
    } else {
      p.late(0.03);
    }
    MPI_Bcast(buf, 1, D, 0, backwards);
  }
  {
    // Posted long before the message comes: its (synchronous) sender is not late-received, even
    // though the receiving rank only enters MPI_Wait later.
    phase("O", 1, "none");
    if (rank == 0) {
      MPI_Request r;
      MPI_Irecv(in, 10, D, 1, 11, w, &r);
      sleep_for(0.05);
      MPI_Wait(&r, kIgnore);
    } else {
      MPI_Ssend(buf, 10, D, 0, 11, w);
    }
  }
  {
    // Two receives with one tag: the first posted takes the first message; rank 0 waits for the
    // second receive first, and so for the second message.
    const Phase p = phase("P", 0, "late_sender");
    if (rank == 0) {
      MPI_Request first, second;
      MPI_Irecv(in, 10, D, 1, 12, w, &first);
      MPI_Irecv(in + 10, 10, D, 1, 12, w, &second);
      p.enter();
      MPI_Wait(&second, kIgnore);
      MPI_Wait(&first, kIgnore);
    } else {
      MPI_Send(buf, 10, D, 0, 12, w);
      p.late(0.04);
      MPI_Send(buf, 10, D, 0, 12, w);
    }
  }
  {
    const Phase p = phase("Q", 0, "late_sender");  // MPI_Waitany
    if (rank == 0) {
      MPI_Request r;
      int index = 0;
      MPI_Irecv(in, 10, D, 1, 13, w, &r);
      p.enter();
      MPI_Waitany(1, &r, &index, kIgnore);
    } else {
      p.late(0.04);
      MPI_Send(buf, 10, D, 0, 13, w);
    }
  }
  {
    const Phase p = phase("R", 0, "late_sender");  // MPI_Sendrecv_replace, both ways
    if (rank == 0) {
      p.enter();
    } else {
      p.late(0.04);
    }
    MPI_Sendrecv_replace(buf, 10, D, 1 - rank, 14, 1 - rank, 14, w, kIgnore);
  }
  {
    const Phase p = phase("S", 0, "late_sender");  // a persistent receive
    if (rank == 0) {
      MPI_Request r;
      MPI_Recv_init(in, 10, D, 1, 15, w, &r);
      MPI_Start(&r);
      p.enter();
      MPI_Wait(&r, kIgnore);
      MPI_Request_free(&r);
    } else {
      p.late(0.04);
      MPI_Send(buf, 10, D, 0, 15, w);
    }
  }
  {
    const Phase p = phase("T", 0, "late_receiver");  // MPI_Issend completed by MPI_Wait
    if (rank == 0) {
      MPI_Request r;
      MPI_Issend(buf, 10, D, 1, 16, w, &r);
      p.enter();
      MPI_Wait(&r, kIgnore);
    } else {
      p.late(0.05);
      MPI_Recv(in, 10, D, 0, 16, w, kIgnore);
    }
  }
  {
    const Phase p = phase("V", 0, "late_sender");  // MPI_Probe
    if (rank == 0) {
      p.enter();
      MPI_Probe(1, 17, w, kIgnore);
      MPI_Recv(in, 10, D, 1, 17, w, kIgnore);
    } else {
      p.late(0.04);
      MPI_Send(buf, 10, D, 0, 17, w);
    }
  }
  {
    // MPI_Mprobe takes the first message; a receive posted after it takes the second.
    const Phase p1 = phase("W1", 0, "late_sender");
    const Phase p2 = phase("W2", 0, "late_sender");
    if (rank == 0) {
      MPI_Message m;
      MPI_Request r;
      p1.enter();
      MPI_Mprobe(1, 18, w, &m, kIgnore);
      MPI_Irecv(in + 10, 10, D, 1, 18, w, &r);
      MPI_Mrecv(in, 10, D, &m, kIgnore);
      p2.enter();
      MPI_Wait(&r, kIgnore);
    } else {
      p1.late(0.03);
      MPI_Send(buf, 10, D, 0, 18, w);
      p2.late(0.04);
      MPI_Send(buf, 10, D, 0, 18, w);
    }
  }
}

void collectives(MPI_Comm dup) {
  const MPI_Comm w = MPI_COMM_WORLD;
  double one = 1, sum = 0;
  const auto both = [&](const char* name, int waiter, const char* cause, double late, auto call) {
    const Phase p = phase(name, waiter, cause);
    if (rank == waiter) {
      p.enter();
    } else {
      p.late(late);
    }
    call();
  };
  both("G", 0, "wait_at_barrier", 0.06, [&] { MPI_Barrier(w); });
  both("H", 1, "wait_at_collective", 0.05, [&] { MPI_Allreduce(&one, &sum, 1, D, MPI_SUM, w); });
  both("I", 0, "late_broadcast", 0.04, [&] { MPI_Bcast(&one, 1, D, 1, w); });
  both("J", 0, "early_reduce", 0.04, [&] { MPI_Reduce(&one, &sum, 1, D, MPI_SUM, 0, dup); });
  {
    const Phase p = phase("U", 0, "wait_at_barrier");  // MPI_Ibarrier completed by MPI_Wait
    MPI_Request r;
    if (rank == 0) {
      MPI_Ibarrier(w, &r);
      p.enter();
    } else {
      p.late(0.05);
      MPI_Ibarrier(w, &r);
    }
    MPI_Wait(&r, kIgnore);
  }
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const std::string dir = argc > 1 ? argv[1] : ".";
  scalerun_value("rank_plus_one", rank + 1);
  MPI_Comm dup = MPI_COMM_NULL, dup2 = MPI_COMM_NULL, backwards = MPI_COMM_NULL;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Comm_dup(MPI_COMM_WORLD, &dup2);
  MPI_Comm_split(MPI_COMM_WORLD, 0, -rank, &backwards);
  // Two communicators of the same members made by MPI_Comm_create_group, told apart by their tags.
  MPI_Group world_group;
  MPI_Comm_group(MPI_COMM_WORLD, &world_group);
  MPI_Comm group_a = MPI_COMM_NULL, group_b = MPI_COMM_NULL;
  MPI_Comm_create_group(MPI_COMM_WORLD, world_group, 1, &group_a);
  MPI_Comm_create_group(MPI_COMM_WORLD, world_group, 2, &group_b);
  MPI_Group_free(&world_group);
  point_to_point(dup, dup2, backwards);
  collectives(dup);
  {
    const Phase p = phase("X", 0, "late_sender");
    if (rank == 0) {
      p.enter();
      MPI_Recv(in, 10, D, 1, 9, group_b, kIgnore);
      MPI_Recv(in, 10, D, 1, 9, group_a, kIgnore);
    } else {
      MPI_Send(buf, 10, D, 0, 9, group_a);
      p.late(0.03);
      MPI_Send(buf, 10, D, 0, 9, group_b);
    }
  }
  for (MPI_Comm* c : {&dup, &dup2, &backwards, &group_a, &group_b}) MPI_Comm_free(c);
  MPI_Finalize();
  if (std::FILE* f = std::fopen((dir + "/marks-" + std::to_string(rank) + ".txt").c_str(), "w")) {
    for (const auto& line : lines) std::fprintf(f, "%s\n", line.c_str());
    std::fclose(f);
  }
  return 0;
}
