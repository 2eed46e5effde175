#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>

#include "measure/mpi_launch.hpp"
#include "measure/wait_states.hpp"

// The wait-state analysis on logs whose answer is worked out by hand: each case puts events at
// chosen times and checks the one cause and amount they construct.

namespace {

using scalerun::measure::find_wait_states;
using scalerun::measure::WaitEvent;
using scalerun::measure::WaitLog;
using scalerun::measure::WaitOp;
using scalerun::measure::WaitStates;

WaitEvent send(double enter, double exit, int peer, int tag = 0, std::uint32_t comm = 0) {
  WaitEvent e;
  e.op = WaitOp::send;
  e.enter = enter;
  e.exit = exit;
  e.peer = peer;
  e.tag = tag;
  e.comm = comm;
  return e;
}

WaitEvent receive(double enter, double exit, int peer, std::uint32_t order, double posted, int tag = 0,
                  std::uint32_t comm = 0) {
  WaitEvent e = send(enter, exit, peer, tag, comm);
  e.op = WaitOp::receive;
  e.order = order;
  e.posted = posted;
  return e;
}

WaitEvent collective(WaitOp op, double enter, double exit, int root = -1, std::uint32_t comm = 0) {
  WaitEvent e;
  e.op = op;
  e.enter = enter;
  e.exit = exit;
  e.peer = root;
  e.comm = comm;
  return e;
}

std::vector<WaitStates> states(std::vector<std::vector<WaitEvent>> per_rank) {
  std::vector<WaitLog> logs;
  for (auto& events : per_rank) logs.push_back(WaitLog{std::move(events), 0});
  return find_wait_states(logs);
}

}  // namespace

TEST_CASE("wait states: a receive entered before its message was sent waits for the late sender") {
  // Rank 0 receives from 1.0 to 3.1; rank 1 sends at 3.0: 2.0 s late sender, nothing else.
  const auto w = states({{receive(1.0, 3.1, 1, 0, 1.0)}, {send(3.0, 3.05, 0)}});
  CHECK(w[0].late_sender == Approx(2.0));
  CHECK(w[0].total() == Approx(2.0));
  CHECK(w[1].total() == 0);
  // Sent before the receive began: no wait, whatever the receive's length.
  const auto early = states({{receive(1.0, 3.1, 1, 0, 1.0)}, {send(0.5, 0.6, 0)}});
  CHECK(early[0].total() == 0);
  // Bounded by the call: a send logged after the receive returned cannot make it wait longer.
  const auto bounded = states({{receive(1.0, 1.5, 1, 0, 1.0)}, {send(4.0, 4.1, 0)}});
  CHECK(bounded[0].late_sender == Approx(0.5));
}

TEST_CASE("wait states: a blocking send entered before its receive was posted waits for the late receiver") {
  // Rank 0 in a synchronous send 0.0 .. 0.81; rank 1 posts its receive at 0.8.
  const auto w = states({{send(0.0, 0.81, 1)}, {receive(0.8, 0.81, 0, 0, 0.8)}});
  CHECK(w[0].late_receiver == Approx(0.8));
  CHECK(w[1].total() == 0);
  // A non-blocking receive posted early and completed late: the sender did not wait.
  const auto posted_early = states({{send(0.5, 0.51, 1)}, {receive(2.0, 2.1, 0, 0, 0.1)}});
  CHECK(posted_early[0].total() == 0);
  CHECK(posted_early[1].total() == 0);
}

TEST_CASE("wait states: one call waits once, by its largest cause") {
  // A sendrecv exchange: rank 0 in MPI_Sendrecv 0 .. 1.0 (its send and receive share the call),
  // rank 1 enters at 0.6. Rank 0's receive waits 0.6 for the late sender and its send 0.6 for the
  // late receiver: one wait of 0.6, not 1.2.
  const auto w = states({{send(0.0, 1.0, 1), receive(0.0, 1.0, 1, 0, 0.0)},
                         {send(0.6, 1.0, 0), receive(0.6, 1.0, 0, 0, 0.6)}});
  CHECK(w[0].total() == Approx(0.6));
  CHECK(w[1].total() == 0);
  // MPI_Waitall over two receives whose messages come 0.3 and 0.5 after it began: 0.5, not 0.8.
  const auto all = states({{receive(1.0, 1.6, 1, 0, 0.2, 1), receive(1.0, 1.6, 1, 1, 0.2, 2)},
                           {send(1.3, 1.31, 0, 1), send(1.5, 1.51, 0, 2)}});
  CHECK(all[0].late_sender == Approx(0.5));
}

TEST_CASE("wait states: messages match in order per sender, tag and communicator, receives in the order posted") {
  // Two messages with tag 7 from rank 1, sent at 1.0 and 5.0. Rank 0 posted the receive it entered
  // at 2.0 first (order 0) and completed it second: it takes the message of 1.0 (no wait), and the
  // receive entered at 4.0 takes the one of 5.0 and waits 1.0. Matched by the order in the log
  // instead, the receive at 4.0 would take the message of 1.0 and the one at 2.0 wait its 0.1 s.
  const auto order = states({{receive(4.0, 6.0, 1, 1, 0.5, 7), receive(2.0, 2.1, 1, 0, 0.5, 7)},
                             {send(1.0, 1.01, 0, 7), send(5.0, 5.01, 0, 7)}});
  CHECK(order[0].late_sender == Approx(1.0));
  // Another tag or communicator is another channel: the message on communicator 5 does not serve a
  // receive on communicator 0.
  const auto comms = states({{receive(2.0, 4.0, 1, 0, 2.0, 7, 0)}, {send(1.0, 1.01, 0, 7, 5), send(3.5, 3.51, 0, 7, 0)}});
  CHECK(comms[0].late_sender == Approx(1.5));
}

TEST_CASE("wait states: barriers, N x N collectives, broadcasts and reductions") {
  // Barrier: ranks enter at 0.0, 0.1, 0.3 and all leave at 0.31.
  const auto b = states({{collective(WaitOp::barrier, 0.0, 0.31)},
                         {collective(WaitOp::barrier, 0.1, 0.31)},
                         {collective(WaitOp::barrier, 0.3, 0.31)}});
  CHECK(b[0].barrier == Approx(0.3));
  CHECK(b[1].barrier == Approx(0.2));
  CHECK(b[2].total() == 0);
  // An allreduce is an N x N collective: the same waits, filed as such.
  const auto n = states({{collective(WaitOp::all_to_all, 0.0, 0.5)}, {collective(WaitOp::all_to_all, 0.4, 0.5)}});
  CHECK(n[0].collective == Approx(0.4));
  CHECK(n[0].barrier == 0);
  // A broadcast from root 1, entered at 0.7: rank 0 (at 0.2) and rank 2 (at 0.9) - only rank 0 waits.
  const auto bc = states({{collective(WaitOp::one_to_all, 0.2, 0.75, 1)},
                          {collective(WaitOp::one_to_all, 0.7, 0.71, 1)},
                          {collective(WaitOp::one_to_all, 0.9, 0.91, 1)}});
  CHECK(bc[0].late_broadcast == Approx(0.5));
  CHECK(bc[1].total() == 0);
  CHECK(bc[2].total() == 0);
  // A reduce to root 0, entered at 0.1; the others at 0.3 and 0.6: the root waits 0.5.
  const auto r = states({{collective(WaitOp::all_to_one, 0.1, 0.65, 0)},
                         {collective(WaitOp::all_to_one, 0.3, 0.31, 0)},
                         {collective(WaitOp::all_to_one, 0.6, 0.61, 0)}});
  CHECK(r[0].early_reduce == Approx(0.5));
  CHECK(r[1].total() == 0);
  // Instances by order per communicator: rank 1's first barrier on communicator 9 is the instance
  // of rank 0's barrier on 9, not of its barrier on the world.
  const auto c = states({{collective(WaitOp::barrier, 0.0, 0.1), collective(WaitOp::barrier, 1.0, 2.0, -1, 9)},
                         {collective(WaitOp::barrier, 0.05, 0.1), collective(WaitOp::barrier, 1.8, 2.0, -1, 9)}});
  CHECK(c[0].barrier == Approx(0.05 + 0.8));
}

TEST_CASE("wait states: waits completed later are found where the rank waited") {
  // An MPI_Isend at 0.0 (order 0), completed by MPI_Wait from 0.1 to 1.0; the receive is posted at
  // 0.8: 0.7 late receiver in the wait, none in the MPI_Isend call itself.
  WaitEvent isend = send(0.0, 0.01, 1);
  isend.nonblocking = 1;
  WaitEvent done = send(0.1, 1.0, 1);
  done.op = WaitOp::send_done;
  const auto w = states({{isend, done}, {receive(0.8, 1.0, 0, 0, 0.8)}});
  CHECK(w[0].late_receiver == Approx(0.7));
  // An eager send that returned (0.01) before the receive was posted (0.5) did not wait.
  const auto eager = states({{send(0.0, 0.01, 1)}, {receive(0.5, 0.51, 0, 0, 0.5)}});
  CHECK(eager[0].total() == 0);
  // A non-blocking allreduce started at 0.0 and waited for from 0.2 to 1.0; the other rank starts
  // at 0.9: 0.7 in the wait.
  WaitEvent start = collective(WaitOp::all_to_all, 0.0, 0.01);
  start.nonblocking = 1;
  WaitEvent finished = collective(WaitOp::collective_done, 0.2, 1.0);
  WaitEvent other = collective(WaitOp::all_to_all, 0.9, 0.91);
  other.nonblocking = 1;
  WaitEvent other_done = collective(WaitOp::collective_done, 0.91, 1.0);
  const auto nb = states({{start, finished}, {other, other_done}});
  CHECK(nb[0].collective == Approx(0.7));
  CHECK(nb[1].total() == 0);
  // A blocking probe from 0.0 to 1.0 for a message sent at 0.6 waited 0.6; the receive that takes
  // the message afterwards (posted at 1.0) did not wait, and the next message goes to the next one.
  WaitEvent probe = receive(0.0, 1.0, 1, 0, 0.0);
  probe.op = WaitOp::probe;
  const auto p = states({{probe, receive(1.0, 1.01, 1, 0, 1.0), receive(1.1, 2.0, 1, 1, 1.1)},
                         {send(0.6, 0.61, 0), send(1.5, 1.51, 0)}});
  CHECK(p[0].late_sender == Approx(0.6 + 0.4));
}

TEST_CASE("wait states: collectives are instances per communicator") {
  // Rank 0 joins a barrier on communicator 1 only (entered 0.0, left 0.55); rank 1 that barrier
  // (0.5) and then one on communicator 2 (1.0 .. 1.81); rank 2 only the one on 2 (1.8). Rank 0
  // waits 0.5, rank 1 0.8, rank 2 nothing; taken as one sequence the barriers would mix.
  const auto w = states({{collective(WaitOp::barrier, 0.0, 0.55, -1, 1)},
                         {collective(WaitOp::barrier, 0.5, 0.55, -1, 1), collective(WaitOp::barrier, 1.0, 1.81, -1, 2)},
                         {collective(WaitOp::barrier, 1.8, 1.81, -1, 2)}});
  CHECK(w[0].barrier == Approx(0.5));
  CHECK(w[1].barrier == Approx(0.8));
  CHECK(w[2].total() == 0);
}

TEST_CASE("wait states: a job's records say why they have none") {
  const auto dir = std::filesystem::temp_directory_path() / ("scalerun-waitwhy-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const auto write = [&](int rank, std::uint64_t dropped) {
    std::FILE* f = std::fopen((dir / ("rank-" + std::to_string(rank) + ".events")).c_str(), "wb");
    REQUIRE(f != nullptr);
    scalerun::measure::WaitLogHeader h;
    std::memcpy(h.magic, scalerun::measure::kWaitLogMagic, sizeof h.magic);
    h.dropped = dropped;
    std::fwrite(&h, sizeof h, 1, f);
    std::fclose(f);
  };
  std::vector<scalerun::measure::RankRecord> ranks(2);
  for (int r = 0; r < 2; ++r) {
    ranks[static_cast<std::size_t>(r)].rank = r;
    ranks[static_cast<std::size_t>(r)].clock = "boot";
  }
  write(0, 0);
  scalerun::measure::add_wait_states(dir.string(), ranks);
  CHECK(ranks[0].wait_states == "rank 1 wrote no wait-state log");
  write(1, 7);
  scalerun::measure::add_wait_states(dir.string(), ranks);
  CHECK(ranks[1].wait_states.find("rank 1 sent, received and joined more messages and collectives than its log keeps "
                                  "(0 kept, 7 more)") == 0);
  write(1, 0);
  ranks[1].thread_multiple = true;
  scalerun::measure::add_wait_states(dir.string(), ranks);
  CHECK(ranks[0].wait_states.find("MPI_THREAD_MULTIPLE") != std::string::npos);
  ranks[1].thread_multiple = false;
  scalerun::measure::add_wait_states(dir.string(), ranks);
  CHECK(ranks[0].wait_states.empty());
  CHECK(ranks[0].figures.at("late_sender") == 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("wait states: a log reads back, a malformed or truncated one does not") {
  const auto dir = std::filesystem::temp_directory_path() / ("scalerun-waitlog-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const auto write = [&](int rank, std::uint64_t count, std::size_t events_written, bool good_magic) {
    std::FILE* f = std::fopen((dir / ("rank-" + std::to_string(rank) + ".events")).c_str(), "wb");
    REQUIRE(f != nullptr);
    scalerun::measure::WaitLogHeader h;
    std::memcpy(h.magic, scalerun::measure::kWaitLogMagic, sizeof h.magic);
    if (!good_magic) h.magic[0] = 'x';
    h.count = count;
    std::fwrite(&h, sizeof h, 1, f);
    const WaitEvent e = send(1.0, 2.0, 1, 4);
    for (std::size_t i = 0; i < events_written; ++i) std::fwrite(&e, sizeof e, 1, f);
    std::fclose(f);
  };
  write(0, 2, 2, true);
  write(1, 3, 2, true);   // says 3, holds 2
  write(2, 1, 1, false);  // not a log
  write(4, (std::uint64_t{1} << 60) + 0, 0, true);  // a count whose size in bytes wraps to 0
  const auto log = scalerun::measure::read_wait_log(dir.string(), 0);
  REQUIRE(log);
  REQUIRE(log->events.size() == 2);
  CHECK(log->events[1].tag == 4);
  CHECK_FALSE(scalerun::measure::read_wait_log(dir.string(), 1));
  CHECK_FALSE(scalerun::measure::read_wait_log(dir.string(), 2));
  CHECK_FALSE(scalerun::measure::read_wait_log(dir.string(), 3));  // none
  CHECK_FALSE(scalerun::measure::read_wait_log(dir.string(), 4));
  // Ranks on two clocks: no wait states, and each record says why.
  std::vector<scalerun::measure::RankRecord> ranks(2);
  ranks[0].rank = 0;
  ranks[1].rank = 1;
  ranks[0].clock = "boot-a";
  ranks[1].clock = "boot-b";
  ranks[1].host = "node2";
  std::filesystem::copy_file(dir / "rank-0.events", dir / "rank-1.events",
                             std::filesystem::copy_options::overwrite_existing);
  scalerun::measure::add_wait_states(dir.string(), ranks);
  CHECK(ranks[1].wait_states.find("different clocks") != std::string::npos);
  CHECK(ranks[0].waiting() == 0);
  ranks[1].clock = "boot-a";
  scalerun::measure::add_wait_states(dir.string(), ranks);
  CHECK(ranks[0].wait_states.empty());
  std::filesystem::remove_all(dir);
}
