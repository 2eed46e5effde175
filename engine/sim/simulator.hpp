#pragma once
// The discrete-event engine of simulate mode (the SPASM paper, 003_*.txt §3): p processors run
// their programs in simulated time and talk through a Network. It knows nothing of Lua: a
// Programs object runs each processor's program and calls back here for every operation.
//
// Time and causality. Every processor has its own clock. Computing only advances that clock, so
// a processor runs ahead without an event as long as it does not interact. An interaction (a
// receive, a step of a collective) happens only once no pending event is earlier than the
// processor's clock; otherwise the processor is parked with a Resume event at its clock, and the
// event queue, ordered by (time, sequence), decides who goes first. Sends never block: the
// sender pays the software overhead and the message enters the network at the sender's clock,
// right away when nothing earlier is pending, else through an Inject event, so the network sees
// transfers in nondecreasing start time as it requires.
//
// Messages. A message is put in its receiver's mailbox when it enters the network, stamped with
// its arrival. A receive takes, among the messages it matches (source or any, tag or any), the
// one that arrives first, but never overtakes an earlier message of the same source and tag:
// messages between two processors are received in the order they were sent, as on a real
// message-passing machine, even where a contention-free network would let a small message
// arrive before a large one sent earlier.

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "network/network.hpp"
#include "sim/collectives.hpp"
#include "sim/event_queue.hpp"
#include "sim/stats.hpp"
#include "sim/timeline_recorder.hpp"

namespace scalerun::sim {

constexpr int kAnySource = -1;
constexpr std::int64_t kAnyTag = std::numeric_limits<std::int64_t>::min();

// A value carried by a message: a number or nothing (Lua nil).
struct Value {
  double number = 0;
  bool present = false;
};

// A deadlock, a message to a processor that does not exist, ...: the text is one line, already
// prefixed with the program's "file:line: " where one is known.
class SimulationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What runs the processors' programs (the Lua coroutines in sim/lua/).
class Programs {
 public:
  virtual ~Programs() = default;
  // Runs rank's program: from its start on the first call, later from the operation it was
  // blocked in, whose outcome Simulator::outcome(rank) holds. Returns when the program blocks
  // again (an operation returned false) or has called Simulator::finish.
  virtual void run(int rank) = 0;
  // "file:line" of the program line where rank is blocked; empty when unknown.
  virtual std::string where(int rank) = 0;
  // How a tag reads in messages (string tags are the program's business).
  virtual std::string tag_name(std::int64_t tag) = 0;
};

struct Outcome {
  Value value;
  int source = -1;
};

class Simulator {
 public:
  struct Setup {
    int processors = 1;
    network::Network* network = nullptr;  // connects 0 .. processors-1; not owned
    double overhead = 0;                  // software overhead per message at each end, seconds
    std::vector<double> speeds;           // operations per second, one per processor
    std::function<void()> poll;           // called every few thousand events (time budget, SIGINT)
    // Where to record what every processor did over time (nullptr: nothing recorded); filled
    // by run(), not owned.
    report::Timeline* timeline = nullptr;
    TimelineCaps timeline_caps;
  };

  explicit Simulator(Setup setup);

  // Runs every program to its end. Throws SimulationError on a deadlock.
  RunResult run(Programs& programs);

  // The operations, called by Programs while `rank` runs. An operation that returns false has
  // parked the processor: the program must yield, and Programs::run(rank) is called again once
  // the operation completed.
  double clock(int rank) const { return procs_[index(rank)].clock; }
  // Operations per second of rank (Setup::speeds): what compute() divides by.
  double speed(int rank) const { return setup_.speeds[index(rank)]; }
  void compute(int rank, double ops, bool serial);
  void send(int rank, int dst, double bytes, std::int64_t tag, Value value);  // dst checked by caller
  bool receive(int rank, int src, std::int64_t tag, const char* what);
  bool collective(int rank, const CollectiveCall& call, Value value);
  const Outcome& outcome(int rank) const { return procs_[index(rank)].outcome; }
  void finish(int rank);

  int processors() const { return setup_.processors; }

 private:
  enum class State : std::uint8_t { NotStarted, Running, Deferred, Blocked, Done };
  enum class Pending : std::uint8_t { None, Receive, Collective };
  static constexpr std::uint32_t kNoMessage = ~std::uint32_t{0};

  struct Message {
    int src = 0, dst = 0;
    std::uint32_t coll = 0;  // 0: a program's message; else the sender's collective number
    std::uint32_t next = kNoMessage;  // the next message in its receiver's mailbox
    std::int64_t tag = 0;
    double bytes = 0;
    std::uint64_t seq = 0;
    double start = 0, arrival = 0, latency = 0, contention = 0;
    Value value;
  };

  // A processor's state, kept small: a million of them must fit beside their messages. What the
  // report needs of each (ProcessorStats) lives in its own array, handed to the result whole.
  struct Processor {
    double clock = 0;
    double posted = 0;  // when it started waiting
    double wake_time = 0;
    std::int64_t want_tag = 0;  // the receive it waits for
    const char* what = "";      // the operation it waits in, for deadlock messages
    CollectiveCall coll;        // the collective it is in
    Value value;                // its operand, then the result
    Outcome outcome;
    int want_src = 0;
    std::uint32_t want_coll = 0;
    std::uint32_t wake_gen = 0;
    int coll_index = 0;
    std::uint32_t coll_count = 0;
    std::uint32_t mail_head = kNoMessage, mail_tail = kNoMessage;  // message ids, in send order
    State state = State::NotStarted;
    Pending pending = Pending::None;
  };

  // The messages, in chunks that never move: a growing pool copies nothing and never holds two
  // copies of itself, which at a few million messages in flight is the peak of the run.
  class MessagePool {
   public:
    Message& operator[](std::uint32_t id) { return chunks_[id >> kShift][id & kMask]; }
    const Message& operator[](std::uint32_t id) const { return chunks_[id >> kShift][id & kMask]; }
    std::uint32_t take();
    void give_back(std::uint32_t id) { free_.push_back(id); }
    void release() {
      std::vector<std::unique_ptr<Message[]>>().swap(chunks_);
      free_ = {};
      used_ = 0;
    }

   private:
    static constexpr unsigned kShift = 16;
    static constexpr std::uint32_t kMask = (1u << kShift) - 1;
    std::vector<std::unique_ptr<Message[]>> chunks_;
    std::vector<std::uint32_t> free_;
    std::uint32_t used_ = 0;
  };

  std::size_t index(int rank) const { return static_cast<std::size_t>(rank); }
  bool may_receive_at(double t) const { return queue_.empty() || t <= queue_.next_time(); }
  bool may_transmit_at(double t) const { return queue_.empty() || t < queue_.next_time(); }

  void handle(const Event& e);
  void run_program(int rank);
  void send_message(int rank, int dst, double bytes, std::int64_t tag, std::uint32_t coll, Value value);
  void transmit(std::uint32_t id);
  void deposit(std::uint32_t id);
  bool matches(const Message& m, const Processor& p) const;
  bool eligible(std::uint32_t id, const Processor& p) const;
  // Among the messages p may take: the earliest arrived by `t` (and the one before it in the
  // mailbox), and the earliest arrival of all (for the wake-up).
  struct Match {
    std::uint32_t id = kNoMessage, before = kNoMessage;
    double next = std::numeric_limits<double>::infinity();
  };
  Match find(const Processor& p, double t);
  bool attempt_receive(int rank);
  void complete_receive(int rank, const Match& m);
  void schedule_wake(int rank, double t);
  bool advance_collective(int rank);
  void combine_received(int rank);
  [[noreturn]] void report_deadlock();

  Setup setup_;
  std::unique_ptr<TimelineRecorder> recorder_;  // null unless Setup::timeline is set
  Programs* programs_ = nullptr;
  EventQueue queue_;
  std::vector<Processor> procs_;
  std::vector<ProcessorStats> stats_;  // per processor
  MessagePool messages_;
  std::vector<std::uint32_t> seen_sources_;  // per source: the stamp of the last search that saw it
  std::uint32_t seen_stamp_ = 0;
  std::uint64_t next_seq_ = 0;
  double now_ = 0;  // time of the last event handled
  long events_ = 0, messages_sent_ = 0;
};

}  // namespace scalerun::sim
