#include "accounting.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <string>
#include <cmath>
#include <cstdint>
#include <mutex>
#include <numeric>
#include <unordered_map>

namespace scalerun::pmpi {

using measure::WaitEvent;
using measure::WaitOp;

namespace {

// The longest step between two polls that still counts as polling (seconds): a polling loop's
// step is well under a microsecond; work a program overlaps with its communication between tests
// comes in longer pieces (a step stretched by preemption is busy, as any time between calls is).
constexpr double kPollingStep = 5e-6;

// Guards the maps below for MPI_THREAD_MULTIPLE programs that call MPI from several threads.
std::mutex maps_mutex;

// A communicator as the wait-state log names it: a number every rank of it computes alike, and
// the MPI_COMM_WORLD ranks of the ranks a peer number refers to (the remote group's, for an
// intercommunicator).
struct CommInfo {
  std::uint32_t id = 0;
  std::vector<int> world;
};

std::uint32_t mix(std::uint32_t hash, std::uint32_t value) {
  // FNV-1a over the value's bytes: a stable number from the same inputs on every rank.
  for (int i = 0; i < 4; ++i) {
    hash ^= (value >> (8 * i)) & 0xffU;
    hash *= 16777619U;
  }
  return hash;
}

CommInfo describe(MPI_Comm comm, std::uint32_t salt) {
  CommInfo info;
  int inter = 0;
  PMPI_Comm_test_inter(comm, &inter);
  MPI_Group world_group = MPI_GROUP_NULL, group = MPI_GROUP_NULL, local = MPI_GROUP_NULL;
  PMPI_Comm_group(MPI_COMM_WORLD, &world_group);
  if (inter != 0) {
    PMPI_Comm_remote_group(comm, &group);
  } else {
    PMPI_Comm_group(comm, &group);
  }
  auto world_ranks = [&](MPI_Group g) {
    int n = 0;
    PMPI_Group_size(g, &n);
    std::vector<int> ranks(static_cast<std::size_t>(n)), world(static_cast<std::size_t>(n));
    std::iota(ranks.begin(), ranks.end(), 0);
    PMPI_Group_translate_ranks(g, n, ranks.data(), world_group, world.data());
    return world;
  };
  info.world = world_ranks(group);
  // Both sides of an intercommunicator name it by all its members, lowest first.
  std::vector<int> members = info.world;
  if (inter != 0) {
    PMPI_Comm_group(comm, &local);
    const std::vector<int> mine = world_ranks(local);
    members.insert(members.end(), mine.begin(), mine.end());
    PMPI_Group_free(&local);
  }
  std::sort(members.begin(), members.end());
  // Named by its members alone (salt 0: a communicator not seen made), or by them and how it was
  // made from its parent (the salt).
  std::uint32_t hash = 2166136261U;
  for (const int m : members) hash = mix(hash, static_cast<std::uint32_t>(m));
  if (salt != 0) hash = mix(hash, salt);
  info.id = hash == 0 ? 1 : hash;
  PMPI_Group_free(&group);
  PMPI_Group_free(&world_group);
  return info;
}

std::unordered_map<MPI_Comm, CommInfo>& comm_infos() {
  static std::unordered_map<MPI_Comm, CommInfo> infos;
  return infos;
}

// Communicators made by a non-blocking call, not to be described before it completes: their salt.
std::unordered_map<MPI_Comm, std::uint32_t>& later_salts() {
  static std::unordered_map<MPI_Comm, std::uint32_t> salts;
  return salts;
}

// Communicators made from each communicator so far, by its number: the k-th made from the same
// parent is the same communicator on all its ranks (creation is collective over the parent).
std::unordered_map<std::uint32_t, std::uint32_t>& made_from() {
  static std::unordered_map<std::uint32_t, std::uint32_t> made;
  return made;
}

// Caller holds maps_mutex. MPI_COMM_WORLD is number 0 with ranks as they are; a communicator not
// seen at its creation (made by a call not wrapped) is named by its members alone.
const CommInfo* comm_info_locked(MPI_Comm comm) {
  static const CommInfo world{0, {}};
  if (comm == MPI_COMM_WORLD) return &world;
  auto& infos = comm_infos();
  auto it = infos.find(comm);
  if (it == infos.end()) {
    // Made by MPI_Comm_idup: numbered at the call, described at its first use (once complete).
    const auto later = later_salts().find(comm);
    const std::uint32_t salt = later == later_salts().end() ? 0 : later->second;
    if (later != later_salts().end()) later_salts().erase(later);
    it = infos.emplace(comm, describe(comm, salt)).first;
  }
  return &it->second;
}

// `comm`'s number and the MPI_COMM_WORLD rank of its rank `rank` (-1 when none).
std::pair<std::uint32_t, int> world_of(MPI_Comm comm, int rank) {
  if (comm == MPI_COMM_WORLD) return {0, rank};
  const std::lock_guard<std::mutex> lock(maps_mutex);
  const CommInfo* info = comm_info_locked(comm);
  const int world = rank >= 0 && static_cast<std::size_t>(rank) < info->world.size()
                        ? info->world[static_cast<std::size_t>(rank)]
                        : -1;
  return {info->id, world};
}

// A new event of the outermost call in progress, or nullptr (inner call, log full, or a program
// calling MPI from several threads at once, whose calls the log cannot order).
WaitEvent* log_event(WaitOp op) {
  auto& r = record();
  if (!r.active || r.depth != 1 || r.thread_multiple) return nullptr;
  WaitEvent* event = r.events.add();
  if (event == nullptr) return nullptr;
  event->op = op;
  event->enter = r.call_start;
  return event;
}

// A non-blocking receive in flight: what its completion needs.
struct PendingReceive {
  MPI_Comm comm = MPI_COMM_NULL;
  double posted = 0;
  std::uint32_t order = 0;
};

std::unordered_map<MPI_Request, PendingReceive>& pending_receives() {
  static std::unordered_map<MPI_Request, PendingReceive> pending;
  return pending;
}

// A non-blocking send or collective in flight: what its completion's event needs.
struct PendingStart {
  WaitOp done = WaitOp::send_done;
  std::uint32_t order = 0;
  std::uint32_t comm = 0;
  int peer = -1, tag = 0;
};

std::unordered_map<MPI_Request, PendingStart>& pending_starts() {
  static std::unordered_map<MPI_Request, PendingStart> pending;
  return pending;
}

struct PersistentRequest {
  bool send = false;
  int count = 0, peer = 0, tag = 0;
  MPI_Datatype type = MPI_DATATYPE_NULL;
  MPI_Comm comm = MPI_COMM_NULL;
};

std::unordered_map<MPI_Request, PersistentRequest>& persistent_requests() {
  static std::unordered_map<MPI_Request, PersistentRequest> persistent;
  return persistent;
}

}  // namespace

double bytes_of(int count, MPI_Datatype type) {
  int size = 0;
  if (count <= 0 || PMPI_Type_size(type, &size) != MPI_SUCCESS) return 0;
  return static_cast<double>(count) * size;
}

int comm_size(MPI_Comm comm) {
  int size = 1;
  PMPI_Comm_size(comm, &size);
  return size;
}

int comm_rank(MPI_Comm comm) {
  int rank = 0;
  PMPI_Comm_rank(comm, &rank);
  return rank;
}

double status_bytes(const MPI_Status& status) {
  // Counted in bytes, not in the receive's datatype: a message that ends part-way through an
  // element of a derived type has no whole count of it (MPI_Get_count says MPI_UNDEFINED).
  int bytes = 0;
  if (PMPI_Get_count(&status, MPI_BYTE, &bytes) != MPI_SUCCESS || bytes == MPI_UNDEFINED || bytes < 0) return 0;
  return bytes;
}

namespace {

// Bytes the outermost call in progress moved, for its function's profile.
void add_function_bytes(RankRecord& r, double bytes) {
  if (r.current_function < 0 || r.depth != 1) return;
  const auto slot = static_cast<std::size_t>(r.current_function);
  if (r.functions.size() <= slot) r.functions.resize(slot + 1);
  r.functions[slot].bytes += bytes;
}

// Bucket k holds sizes in [2^(k-1), 2^k): the size's bit width (0 for an empty message).
int size_bucket(double bytes) {
  const auto width = static_cast<int>(std::bit_width(static_cast<std::uint64_t>(bytes)));
  return width < kSizeBuckets ? width : kSizeBuckets - 1;
}

// A receive on `comm` completed with `status`, posted at `posted` as the rank's `order`-th receive.
void count_receive(const MPI_Status& status, MPI_Comm comm, double posted, std::uint32_t order) {
  if (status.MPI_SOURCE == MPI_PROC_NULL) return;
  const double got = status_bytes(status);
  auto& r = record();
  ++r.messages_received;
  r.bytes_received += got;
  add_function_bytes(r, got);
  if (WaitEvent* event = log_event(WaitOp::receive)) {
    const auto [id, source] = world_of(comm, status.MPI_SOURCE);
    event->comm = id;
    event->peer = source;
    event->tag = status.MPI_TAG;
    event->posted = posted;
    event->order = order;
  }
}

}  // namespace

int function_slot(const char* name) {
  const std::lock_guard<std::mutex> lock(maps_mutex);
  auto& names = function_names();
  // One slot per function, whichever binding calls it (C, or a Fortran spelling).
  const auto it = std::find(names.begin(), names.end(), name);
  if (it != names.end()) return static_cast<int>(it - names.begin());
  names.emplace_back(name);
  return static_cast<int>(names.size()) - 1;
}

int fortran_function_slot(const char* upper) {
  // MPI_SENDRECV_REPLACE -> MPI_Sendrecv_replace: the C binding's name, the profile's.
  std::string name = upper;
  for (std::size_t i = 4; i < name.size(); ++i)
    name[i] = static_cast<char>(i == 4 ? std::toupper(static_cast<unsigned char>(name[i]))
                                       : std::tolower(static_cast<unsigned char>(name[i])));
  return function_slot(name.c_str());
}

Span::Span(Kind kind, int function) : kind_(static_cast<int>(kind)), function_(function) {
  auto& r = record();
  if (function_ < 0) function_ = r.entry_function;  // a Fortran entry point's shared wrapper
  if (!r.active) return;
  outer_ = r.depth++ == 0;
  if (!outer_) return;
  start_ = measured_start_ = now_seconds();
  // A rank polling in a loop (MPI_Test, MPI_Iprobe finding nothing, again and again) spends part
  // of the loop between the calls: a short step from a poll that found nothing to the next test,
  // probe or wait is polling too, not work. A longer step is work the program overlaps with its
  // communication, or time the rank was descheduled (on a loaded machine, which takes CPU from
  // work as well: busy either way, as any time between MPI calls is).
  if (kind == Kind::wait && r.polling_since_exit && start_ - r.last_exit < kPollingStep) {
    r.polling += start_ - r.last_exit;
    start_ = r.last_exit;
  }
  r.busy += start_ - r.last_exit;
  r.call_start = start_;
  r.current_function = function_;
  first_event_ = r.events.size();
  ++r.calls[kind_];
}

Span::~Span() {
  auto& r = record();
  if (!r.active) return;
  --r.depth;
  if (!outer_) return;
  const double end = now_seconds();
  r.in_mpi[kind_] += end - start_;
  if (found_nothing_) r.polling += end - measured_start_;
  r.polling_since_exit = found_nothing_;
  if (function_ >= 0) {
    if (r.functions.size() <= static_cast<std::size_t>(function_)) r.functions.resize(static_cast<std::size_t>(function_) + 1);
    FunctionTotals& f = r.functions[static_cast<std::size_t>(function_)];
    ++f.calls;
    f.seconds += end - start_;
  }
  r.current_function = -1;
  r.last_exit = end;
  for (std::size_t i = first_event_; i < r.events.size(); ++i) {
    r.events.at(i).exit = end;
    r.events.at(i).call_kind = static_cast<std::uint8_t>(kind_);
  }
  if (r.trace.on()) r.trace.keep(found_nothing_ ? kPollingTraceKind : kind_, start_, end);
}

void sent(int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  if (dest == MPI_PROC_NULL) return;  // the standard: it completes at once and moves nothing
  auto& r = record();
  const double bytes = bytes_of(count, type);
  ++r.messages_sent;
  r.bytes_sent += bytes;
  add_function_bytes(r, bytes);
  ++r.message_sizes[size_bucket(bytes)];
  if (WaitEvent* event = log_event(WaitOp::send)) {
    const auto [id, world] = world_of(comm, dest);
    event->comm = id;
    event->peer = world;
    event->tag = tag;
    event->order = r.sends_logged++;
  }
}

void send_started(MPI_Request request, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  auto& r = record();
  const std::size_t before = r.events.size();
  sent(count, type, dest, tag, comm);
  if (request == MPI_REQUEST_NULL || r.events.size() == before) return;
  WaitEvent& event = r.events.at(before);
  event.nonblocking = 1;
  const std::lock_guard<std::mutex> lock(maps_mutex);
  pending_starts()[request] = PendingStart{WaitOp::send_done, event.order, event.comm, event.peer, event.tag};
}

void received(const MPI_Status& status, MPI_Comm comm) {
  auto& r = record();
  count_receive(status, comm, r.call_start, r.receives_posted++);
}

void posted(MPI_Request request, MPI_Comm comm) {
  auto& r = record();
  if (request == MPI_REQUEST_NULL || !r.active) return;
  const std::lock_guard<std::mutex> lock(maps_mutex);
  pending_receives()[request] = PendingReceive{comm, r.call_start, r.receives_posted++};
}

namespace {

std::unordered_map<MPI_Message, Matched>& matched_messages() {
  static std::unordered_map<MPI_Message, Matched> matched;
  return matched;
}

// A probe's event: the message `status` describes, to be taken by the rank's `order`-th receive.
void log_probe(const MPI_Status& status, MPI_Comm comm, std::uint32_t order) {
  if (status.MPI_SOURCE == MPI_PROC_NULL) return;
  if (WaitEvent* event = log_event(WaitOp::probe)) {
    const auto [id, source] = world_of(comm, status.MPI_SOURCE);
    event->comm = id;
    event->peer = source;
    event->tag = status.MPI_TAG;
    event->order = order;
  }
}

}  // namespace

void probed(const MPI_Status& status, MPI_Comm comm) {
  // The next receive posted takes the message probed (unless another thread's does first).
  log_probe(status, comm, record().receives_posted);
}

void matched(MPI_Message message, MPI_Comm comm, const MPI_Status& status, bool waited) {
  if (message == MPI_MESSAGE_NULL || message == MPI_MESSAGE_NO_PROC) return;
  auto& r = record();
  // The message is taken now: its place among the receives is the probe's.
  const Matched m{comm, r.call_start, r.receives_posted++};
  if (waited) log_probe(status, comm, m.order);
  const std::lock_guard<std::mutex> lock(maps_mutex);
  matched_messages()[message] = m;
}

Matched take_matched(MPI_Message message) {
  const std::lock_guard<std::mutex> lock(maps_mutex);
  const auto it = matched_messages().find(message);
  if (it == matched_messages().end()) return Matched{MPI_COMM_WORLD, record().call_start, record().receives_posted++};
  const Matched m = it->second;
  matched_messages().erase(it);
  return m;
}

void received_matched(const MPI_Status& status, const Matched& m) {
  count_receive(status, m.comm, m.posted, m.order);
}

void posted_matched(MPI_Request request, const Matched& m) {
  if (request == MPI_REQUEST_NULL || !record().active) return;
  const std::lock_guard<std::mutex> lock(maps_mutex);
  pending_receives()[request] = PendingReceive{m.comm, m.posted, m.order};
}

void persistent_send(MPI_Request request, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  if (request == MPI_REQUEST_NULL) return;
  const std::lock_guard<std::mutex> lock(maps_mutex);
  persistent_requests()[request] = PersistentRequest{true, count, dest, tag, type, comm};
}

void persistent_receive(MPI_Request request, MPI_Comm comm) {
  if (request == MPI_REQUEST_NULL) return;
  const std::lock_guard<std::mutex> lock(maps_mutex);
  persistent_requests()[request] = PersistentRequest{false, 0, 0, 0, MPI_DATATYPE_NULL, comm};
}

void started(MPI_Request request) {
  PersistentRequest what;
  {
    const std::lock_guard<std::mutex> lock(maps_mutex);
    const auto it = persistent_requests().find(request);
    if (it == persistent_requests().end()) return;
    what = it->second;
  }
  if (what.send) {
    send_started(request, what.count, what.type, what.peer, what.tag, what.comm);
  } else {
    posted(request, what.comm);
  }
}

void forgotten(MPI_Request request) {
  if (request == MPI_REQUEST_NULL) return;
  const std::lock_guard<std::mutex> lock(maps_mutex);
  pending_receives().erase(request);
  pending_starts().erase(request);
  persistent_requests().erase(request);
}

void completed(MPI_Request request, const MPI_Status& status) {
  PendingReceive receive;
  {
    const std::lock_guard<std::mutex> lock(maps_mutex);
    const auto it = pending_receives().find(request);
    if (it == pending_receives().end()) {
      const auto start = pending_starts().find(request);
      if (start == pending_starts().end()) return;
      const PendingStart done = start->second;
      pending_starts().erase(start);
      // The wait or test that completed a send or collective: it may have waited for another rank.
      if (WaitEvent* event = log_event(done.done)) {
        event->order = done.order;
        event->comm = done.comm;
        event->peer = done.peer;
        event->tag = done.tag;
      }
      return;
    }
    receive = it->second;
    pending_receives().erase(it);
  }
  int cancelled = 0;
  if (PMPI_Test_cancelled(&status, &cancelled) == MPI_SUCCESS && cancelled) return;
  count_receive(status, receive.comm, receive.posted, receive.order);
}

MPI_Status* statuses_for(MPI_Status statuses[], std::vector<MPI_Status>& own, int count) {
  if (statuses != MPI_STATUSES_IGNORE) return statuses;
  own.resize(static_cast<std::size_t>(count > 0 ? count : 0));
  return own.data();
}

namespace {

// Bytes moved by the call in progress: into `total` of the rank's record and its function's profile.
void add_bytes(double RankRecord::*total, double bytes) {
  auto& r = record();
  r.*total += bytes;
  add_function_bytes(r, bytes);
}

}  // namespace

void collective_bytes(int count, MPI_Datatype type) { add_bytes(&RankRecord::collective_bytes, bytes_of(count, type)); }
void collective_raw_bytes(double bytes) { add_bytes(&RankRecord::collective_bytes, bytes); }

namespace {

// A collective's event (nullptr for an intercommunicator's, whose roots and waits this analysis
// does not model, and for shapes it does not know).
WaitEvent* log_collective(Collective shape, MPI_Comm comm, int root) {
  if (shape == Collective::other) return nullptr;
  int inter = 0;
  if (comm != MPI_COMM_WORLD && (PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter != 0)) return nullptr;
  static constexpr WaitOp kOps[] = {WaitOp::barrier, WaitOp::all_to_all, WaitOp::one_to_all, WaitOp::all_to_one};
  WaitEvent* event = log_event(kOps[static_cast<int>(shape)]);
  if (event == nullptr) return nullptr;
  const auto [id, world_root] = world_of(comm, root);
  event->comm = id;
  event->peer = world_root;
  event->order = record().collectives_logged++;
  return event;
}

}  // namespace

void collective_call(Collective shape, MPI_Comm comm, int root) { log_collective(shape, comm, root); }

void collective_started(MPI_Request request, Collective shape, MPI_Comm comm, int root) {
  WaitEvent* event = log_collective(shape, comm, root);
  if (event == nullptr || request == MPI_REQUEST_NULL) return;
  event->nonblocking = 1;
  const std::lock_guard<std::mutex> lock(maps_mutex);
  pending_starts()[request] = PendingStart{WaitOp::collective_done, event->order, event->comm, event->peer, 0};
}

void one_sided_bytes(int count, MPI_Datatype type) { add_bytes(&RankRecord::one_sided_bytes, bytes_of(count, type)); }

void io_bytes(int count, MPI_Datatype type) { add_bytes(&RankRecord::io_bytes, bytes_of(count, type)); }
void io_raw_bytes(double bytes) { add_bytes(&RankRecord::io_bytes, bytes); }

namespace {

// The salt of the next communicator made from `parent` (caller holds maps_mutex).
std::uint32_t next_salt(MPI_Comm parent, std::uint32_t extra) {
  const std::uint32_t parent_id = comm_info_locked(parent)->id;
  const std::uint32_t key = mix(parent_id, extra);
  const std::uint32_t nth = made_from()[key]++;
  return mix(mix(mix(2166136261U, parent_id), extra), nth + 1);
}

}  // namespace

void comm_created(MPI_Comm parent, MPI_Comm child, std::uint32_t extra) {
  if (!record().active) return;
  const std::lock_guard<std::mutex> lock(maps_mutex);
  const std::uint32_t salt = next_salt(parent, extra);
  if (child == MPI_COMM_NULL) return;
  comm_infos()[child] = describe(child, salt);
}

void comm_created_among(MPI_Comm child, std::uint32_t extra) {
  if (!record().active || child == MPI_COMM_NULL) return;
  const std::lock_guard<std::mutex> lock(maps_mutex);
  CommInfo info = describe(child, 0);
  const std::uint32_t members = info.id;
  const std::uint32_t nth = made_from()[mix(members, extra)]++;
  info.id = mix(mix(members, extra), nth + 1);
  comm_infos()[child] = std::move(info);
}

void comm_created_later(MPI_Comm parent, MPI_Comm child) {
  if (!record().active) return;
  const std::lock_guard<std::mutex> lock(maps_mutex);
  const std::uint32_t salt = next_salt(parent, 0);
  if (child == MPI_COMM_NULL) return;
  comm_infos().erase(child);
  later_salts()[child] = salt;
}

void comm_freed(MPI_Comm comm) {
  const std::lock_guard<std::mutex> lock(maps_mutex);
  comm_infos().erase(comm);
  later_salts().erase(comm);
}

void mpi_started(int rc) {
  auto& r = record();
  if (rc != MPI_SUCCESS) return;
  PMPI_Comm_rank(MPI_COMM_WORLD, &r.rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &r.size);
  r.active = true;
  write_pid_file(r.rank);
  start_clock();
  r.trace.start();
  r.events.start();
  r.init_exit = r.last_exit = now_seconds();
}

void mpi_ending(const char* ended_by, int abort_code) {
  auto& r = record();
  if (!r.active) return;
  const double t = now_seconds();
  r.busy += t - r.last_exit;
  write_record(t, ended_by, abort_code);
  r.active = false;
}

}  // namespace scalerun::pmpi
