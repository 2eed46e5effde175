// The SimGrid programs of bench/simgrid (see simgrid.cpp's header for what is compared and why).
//
// Eager messages. A mailbox put is a rendezvous by default: the transfer starts only once the
// receiver posts its get. scalerun's sends are buffered (the message enters the network when it
// is sent), so every mailbox here has its receiving actor declared as permanent receiver
// (Mailbox::set_receiver): SimGrid then starts the transfer at the put, as MPI's eager protocol
// and scalerun do. Puts are asynchronous (put_async): the sender goes on at once, as after
// ctx:send with no software overhead.
//
// Retiring sends. A rank waits for its previous send just before its next put. In these programs
// that send has always arrived by then (the rank has just received the message of the same round,
// sent at the same instant over an identical route), so the wait costs no simulated time (the
// agreement with LogP checks that) and the rank keeps one send pending. Leaving every send
// pending to the end (wait_all) or detaching them (put_init()->detach()) simulates the same times
// but cost SimGrid 3.32 1.3x to 2.3x more CPU per message (the ring at 1024 and 4096 ranks, on
// our machine): perf puts 19-51 % of its samples in one std::list walk, which grows with the sends
// left pending and is gone from the profile with one pending send.
//
// Matching. ctx:recv(src, tag) picks its message by source and tag; a mailbox has no tags, so
// the allreduce has one mailbox per (rank, round): a partner that is a round ahead must not be
// taken for this round's partner. The ring needs one per rank (one sender each, FIFO).

#include "simgrid_side.hpp"

#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>
#include <simgrid/s4u.hpp>
#include <simgrid/version.h>
#include <xbt/config.hpp>

namespace scalerun::bench {

namespace {

namespace s4u = simgrid::s4u;

// Process CPU time: SimGrid's default contexts run every actor on the calling thread, but this
// clock would also count a context factory that uses threads.
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// What a ring or fan-out message carries: nothing, but a put needs a non-null payload.
char empty_payload = 0;

std::vector<s4u::Host*> rank_hosts(const s4u::Engine& engine, int p) {
  std::vector<s4u::Host*> hosts(static_cast<std::size_t>(p));
  for (int i = 0; i < p; ++i) {
    hosts[static_cast<std::size_t>(i)] = engine.host_by_name_or_null(fmt::format("rank-{}", i));
    if (hosts[static_cast<std::size_t>(i)] == nullptr) {
      throw std::runtime_error(fmt::format("the platform has no host rank-{} (it needs rank-0 .. rank-{})", i, p - 1));
    }
  }
  return hosts;
}

// Calls `launch` to create the actors (it returns how many messages they will send), then times
// Engine::run; the simulated time is the clock's advance, as one engine runs every repeat.
template <class Launch>
Figures best_of(const s4u::Engine& engine, int repeats, Launch launch) {
  Figures best;
  best.cpu = std::numeric_limits<double>::infinity();
  for (int r = 0; r < repeats; ++r) {
    best.messages = launch();
    const double clock = s4u::Engine::get_clock();
    const double start = cpu_seconds();
    engine.run();
    best.cpu = std::min(best.cpu, cpu_seconds() - start);
    const double simulated = s4u::Engine::get_clock() - clock;
    // The clock goes on between repeats, so the differences may round apart in the last bits.
    if (r > 0 && std::abs(simulated - best.simulated) > 1e-12 * best.simulated) {
      throw std::runtime_error(fmt::format("SimGrid simulated {} s, then {} s for the same run", best.simulated, simulated));
    }
    best.simulated = simulated;
  }
  return best;
}

Figures ring(const s4u::Engine& engine, const std::vector<s4u::Host*>& hosts, const ProgramSizes& sizes) {
  const int p = static_cast<int>(hosts.size());
  std::vector<s4u::Mailbox*> boxes;
  for (int i = 0; i < p; ++i) boxes.push_back(s4u::Mailbox::by_name(fmt::format("ring-{}", i)));
  const auto bytes = static_cast<std::uint64_t>(sizes.ring_bytes);
  Figures f = best_of(engine, sizes.repeats, [&] {
    for (int i = 0; i < p; ++i) {
      s4u::Mailbox* next = boxes[static_cast<std::size_t>((i + 1) % p)];
      s4u::Mailbox* mine = boxes[static_cast<std::size_t>(i)];
      auto actor = s4u::Actor::create(fmt::format("ring-{}", i), hosts[static_cast<std::size_t>(i)],
                                      [next, mine, bytes, rounds = sizes.rounds] {
                                        s4u::CommPtr previous;
                                        for (int r = 0; r < rounds; ++r) {
                                          if (previous) previous->wait();
                                          previous = next->put_async(&empty_payload, bytes);
                                          mine->get<char>();
                                        }
                                        previous->wait();
                                      });
      mine->set_receiver(actor);
    }
    return static_cast<long>(p) * sizes.rounds;
  });
  for (s4u::Mailbox* box : boxes) box->set_receiver(nullptr);  // lets the finished actors go
  return f;
}

Figures allreduce(const s4u::Engine& engine, const std::vector<s4u::Host*>& hosts, const ProgramSizes& sizes) {
  const int p = static_cast<int>(hosts.size());
  int rounds = 0;
  while ((1 << rounds) < p) ++rounds;
  auto slot = [rounds](int rank, int round) { return static_cast<std::size_t>(rank * rounds + round); };
  std::vector<s4u::Mailbox*> boxes;
  for (int i = 0; i < p; ++i) {
    for (int k = 0; k < rounds; ++k) boxes.push_back(s4u::Mailbox::by_name(fmt::format("allreduce-{}-{}", i, k)));
  }
  // A put hands the receiver a pointer to the sender's partial sum of that round, which must stay
  // as it was while the sender goes on adding.
  std::vector<double> sent(boxes.size());
  const double expected = 0.5 * p * (p + 1.0);
  long wrong = 0;
  const auto bytes = static_cast<std::uint64_t>(sizes.allreduce_bytes);
  Figures f = best_of(engine, sizes.repeats, [&] {
    for (int i = 0; i < p; ++i) {
      auto actor = s4u::Actor::create(fmt::format("allreduce-{}", i), hosts[static_cast<std::size_t>(i)], [&, i] {
        double sum = i + 1;
        s4u::CommPtr previous;
        for (int k = 0; k < rounds; ++k) {
          const int partner = i ^ (1 << k);
          sent[slot(i, k)] = sum;
          if (previous) previous->wait();
          previous = boxes[slot(partner, k)]->put_async(&sent[slot(i, k)], bytes);
          sum += *boxes[slot(i, k)]->get<double>();
        }
        previous->wait();
        if (sum != expected) ++wrong;
      });
      for (int k = 0; k < rounds; ++k) boxes[slot(i, k)]->set_receiver(actor);
    }
    return static_cast<long>(p) * rounds;
  });
  for (s4u::Mailbox* box : boxes) box->set_receiver(nullptr);
  if (wrong > 0) throw std::runtime_error(fmt::format("SimGrid allreduce: {} ranks got a wrong sum", wrong));
  return f;
}

// Where the models differ: rank 0 sends ring_bytes to rank 1 and to rank 2 at once, so both
// messages need its up link, and rank 1 answers with allreduce_bytes. SimGrid shares the link
// max-min fair (both arrive together, after L + 2 S/B), scalerun reserves it first come first
// served (rank 1's arrives after L + S/B), so the answer comes back S/B later in SimGrid.
Figures fanout(const s4u::Engine& engine, const std::vector<s4u::Host*>& hosts, const ProgramSizes& sizes) {
  std::vector<s4u::Mailbox*> boxes;
  for (int i = 0; i < 3; ++i) boxes.push_back(s4u::Mailbox::by_name(fmt::format("fanout-{}", i)));
  const auto bytes = static_cast<std::uint64_t>(sizes.ring_bytes);
  const auto reply = static_cast<std::uint64_t>(sizes.allreduce_bytes);
  Figures f = best_of(engine, sizes.repeats, [&] {
    std::vector<s4u::ActorPtr> actors{
        s4u::Actor::create("fanout-0", hosts[0],
                           [&] {
                             const std::vector<s4u::CommPtr> sends{boxes[1]->put_async(&empty_payload, bytes),
                                                                   boxes[2]->put_async(&empty_payload, bytes)};
                             boxes[0]->get<char>();
                             s4u::Comm::wait_all(sends);
                           }),
        s4u::Actor::create("fanout-1", hosts[1],
                           [&] {
                             boxes[1]->get<char>();
                             boxes[0]->put_async(&empty_payload, reply)->wait();
                           }),
        s4u::Actor::create("fanout-2", hosts[2], [&] { boxes[2]->get<char>(); })};
    for (std::size_t i = 0; i < 3; ++i) boxes[i]->set_receiver(actors[i]);
    return 3L;
  });
  for (s4u::Mailbox* box : boxes) box->set_receiver(nullptr);
  return f;
}

// What the child sends back: plain data, written and read as bytes.
struct Wire {
  char error[512] = "";
  char route[256] = "";
  char context_factory[32] = "";
  char network_model[32] = "";
  double latency = 0, bandwidth = 0, speed = 0;
  Figures ring, allreduce, fanout;
};

void copy_text(char* to, std::size_t size, const std::string& from) { std::snprintf(to, size, "%s", from.c_str()); }

Wire simulate_in_child(const std::string& platform, int p, const ProgramSizes& sizes) {
  Wire w;
  try {
    std::vector<std::string> args{"bench-simgrid"};
    for (const std::string& flag : simgrid_flags()) args.push_back(flag);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    int argc = static_cast<int>(args.size());
    s4u::Engine engine(&argc, argv.data());
    engine.load_platform(platform);
    const std::vector<s4u::Host*> hosts = rank_hosts(engine, p);

    std::vector<s4u::Link*> links;
    hosts[0]->route_to(hosts[1], links, &w.latency);
    std::string route;
    w.bandwidth = std::numeric_limits<double>::infinity();
    for (const s4u::Link* link : links) {
      if (!route.empty()) route += ", ";
      route += link->get_name();
      w.bandwidth = std::min(w.bandwidth, link->get_bandwidth());
    }
    copy_text(w.route, sizeof w.route, route);
    w.speed = hosts[0]->get_speed();
    copy_text(w.context_factory, sizeof w.context_factory, simgrid::config::get_value<std::string>("contexts/factory"));
    copy_text(w.network_model, sizeof w.network_model, simgrid::config::get_value<std::string>("network/model"));

    w.ring = ring(engine, hosts, sizes);
    w.allreduce = allreduce(engine, hosts, sizes);
    if (p >= 3) w.fanout = fanout(engine, hosts, sizes);
  } catch (const std::exception& e) {
    copy_text(w.error, sizeof w.error, e.what());
  }
  return w;
}

void write_all(int fd, const void* data, std::size_t size) {
  const char* at = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = write(fd, at, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the parent reports the short read
    at += n;
    size -= static_cast<std::size_t>(n);
  }
}

std::size_t read_all(int fd, void* data, std::size_t size) {
  char* at = static_cast<char*>(data);
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = read(fd, at + got, size - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  return got;
}

}  // namespace

const std::vector<std::string>& simgrid_flags() {
  // Each makes SimGrid's cost of a lone message latency + bytes / bandwidth, LogP's L + g*bytes:
  //   network/model:LV08          SimGrid's default flow model, named to be explicit
  //   latency-factor, bandwidth-factor 1   LV08 multiplies latency by 13.01 and bandwidth by 0.97
  //                               to mimic TCP slow start; scalerun has no such correction
  //   crosstraffic:0              else each flow also loads the reverse route with 5 % (its ACKs),
  //                               which in the ring and the allreduce shares links
  //   TCP-gamma:0                 no TCP window bound gamma / (2 latency) on a flow's rate (with
  //                               the default 4 MiB window it would be 2.1e12 B/s, not binding)
  //   weight-S:0                  plain max-min: LV08's RTT-unfairness weight applies only to flows
  //                               that share a link, which none do here, but scalerun has none
  //   --log=root.thres:warning    SimGrid's INFO lines off, so the table stays readable
  static const std::vector<std::string> flags{
      "--cfg=network/model:LV08",        "--cfg=network/latency-factor:1", "--cfg=network/bandwidth-factor:1",
      "--cfg=network/crosstraffic:0",    "--cfg=network/TCP-gamma:0",      "--cfg=network/weight-S:0",
      "--log=root.thres:warning",
  };
  return flags;
}

std::string simgrid_version() {
  int major = 0, minor = 0, patch = 0;
  sg_version_get(&major, &minor, &patch);
  return fmt::format("{}.{}.{}", major, minor, patch);
}

SimgridResult run_simgrid(const std::string& platform, int p, const ProgramSizes& sizes) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error(fmt::format("pipe: {}", std::strerror(errno)));
  std::fflush(nullptr);  // nothing buffered twice
  const pid_t child = fork();
  if (child < 0) throw std::runtime_error(fmt::format("fork: {}", std::strerror(errno)));
  if (child == 0) {
    close(fds[0]);
    const Wire w = simulate_in_child(platform, p, sizes);
    write_all(fds[1], &w, sizeof w);
    // _exit: no atexit cleanup of SimGrid's globals, no flushing of the parent's inherited state.
    _exit(0);
  }
  close(fds[1]);
  Wire w;
  const std::size_t got = read_all(fds[0], &w, sizeof w);
  close(fds[0]);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (got != sizeof w) {
    throw std::runtime_error(WIFSIGNALED(status) ? fmt::format("SimGrid's process died of signal {}", WTERMSIG(status))
                                                 : fmt::format("SimGrid's process exited with status {} without its figures",
                                                               WEXITSTATUS(status)));
  }
  if (w.error[0] != '\0') throw std::runtime_error(fmt::format("SimGrid: {}", w.error));
  return SimgridResult{w.route, w.latency, w.bandwidth, w.speed, w.context_factory, w.network_model, w.ring, w.allreduce,
                       w.fanout};
}

}  // namespace scalerun::bench
