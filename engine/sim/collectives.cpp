#include "sim/collectives.hpp"

namespace scalerun::sim {

namespace {

using Op = CollectiveOp;
using OpKind = CollectiveOp::Kind;

constexpr Op kEnd{};

Op send(int peer, double bytes, int tag, Combine combine = Combine::None) {
  return Op{OpKind::Send, peer, bytes, tag, combine};
}
Op recv(int peer, int tag, Combine combine = Combine::None) { return Op{OpKind::Recv, peer, 0, tag, combine}; }

bool power_of_two(int p) { return p > 0 && (p & (p - 1)) == 0; }

int floor_power_of_two(int p) {
  int v = 1;
  while (v * 2 <= p) v *= 2;
  return v;
}

int ceil_power_of_two(int p) {
  int v = 1;
  while (v < p) v *= 2;
  return v;
}

int log2_exact(int v) {
  int k = 0;
  while ((1 << k) < v) ++k;
  return k;
}

// Exchanges go in rounds of a send followed by a receive: round r is operations 2r and 2r + 1.
Op half_of_round(int index, int to, int from, double bytes, int tag, Combine combine) {
  return index % 2 == 0 ? send(to, bytes, tag, combine) : recv(from, tag, combine);
}

Op barrier_op(int rank, int p, int index) {
  const int rounds = log2_exact(ceil_power_of_two(p));
  if (index >= 2 * rounds) return kEnd;
  const int d = 1 << (index / 2);
  return half_of_round(index, (rank + d) % p, (rank - d + p) % p, 0, index / 2, Combine::None);
}

// Binomial tree over relative ranks r = rank - root (mod p): r receives from r minus its lowest
// set bit, then sends to r + m for each m below that bit (from the top for the root).
Op broadcast_op(const CollectiveCall& c, int rank, int p, int index) {
  const int r = (rank - c.root + p) % p;
  auto absolute = [&](int rel) { return (rel + c.root) % p; };
  int i = index;
  int top = ceil_power_of_two(p);
  if (r != 0) {
    if (i == 0) return recv(absolute(r - (r & -r)), 0, Combine::Take);
    --i;
    top = r & -r;
  }
  for (int m = top / 2; m >= 1; m /= 2) {
    if (r + m >= p) continue;
    if (i == 0) return send(absolute(r + m), c.bytes, 0, Combine::Take);
    --i;
  }
  return kEnd;
}

// The reverse tree: r receives partial sums from r + m for each m below its lowest set bit, then
// sends its sum to r - lowbit (the root only receives).
Op reduce_op(const CollectiveCall& c, int rank, int p, int index) {
  const int r = (rank - c.root + p) % p;
  auto absolute = [&](int rel) { return (rel + c.root) % p; };
  int i = index;
  for (int m = 1; m < p; m *= 2) {
    if ((r & m) != 0) return i == 0 ? send(absolute(r - m), c.bytes, 0, Combine::Add) : kEnd;
    if (r + m < p) {
      if (i == 0) return recv(absolute(r + m), 0, Combine::Add);
      --i;
    }
  }
  return kEnd;
}

// Recursive doubling among the first pof2 processors; each extra processor (rank >= pof2) first
// hands its value to rank - pof2 and at the end takes the result back from it.
Op allreduce_op(const CollectiveCall& c, int rank, int p, int index) {
  const int pof2 = floor_power_of_two(p);
  const int extra = p - pof2;
  constexpr int kFoldTag = 0, kReturnTag = 1, kFirstRoundTag = 2;
  if (rank >= pof2) {
    if (index == 0) return send(rank - pof2, c.bytes, kFoldTag, Combine::Add);
    if (index == 1) return recv(rank - pof2, kReturnTag, Combine::Take);
    return kEnd;
  }
  int i = index;
  const bool folds = rank < extra;
  if (folds) {
    if (i == 0) return recv(rank + pof2, kFoldTag, Combine::Add);
    --i;
  }
  const int rounds = log2_exact(pof2);
  if (i < 2 * rounds) {
    const int partner = rank ^ (1 << (i / 2));
    return half_of_round(i, partner, partner, c.bytes, kFirstRoundTag + i / 2, Combine::Add);
  }
  i -= 2 * rounds;
  if (folds && i == 0) return send(rank + pof2, c.bytes, kReturnTag, Combine::Take);
  return kEnd;
}

Op allgather_op(const CollectiveCall& c, int rank, int p, int index) {
  if (power_of_two(p)) {
    const int rounds = log2_exact(p);
    if (index >= 2 * rounds) return kEnd;
    const int round = index / 2;
    const int partner = rank ^ (1 << round);
    // After round k a processor holds 2^k blocks, and sends them all in round k.
    return half_of_round(index, partner, partner, c.bytes * (1 << round), round, Combine::None);
  }
  const int round = index / 2;
  if (round >= p - 1) return kEnd;
  return half_of_round(index, (rank + 1) % p, (rank - 1 + p) % p, c.bytes, round, Combine::None);
}

Op alltoall_op(const CollectiveCall& c, int rank, int p, int index) {
  const int s = index / 2 + 1;
  if (s >= p) return kEnd;
  const int to = power_of_two(p) ? rank ^ s : (rank + s) % p;
  const int from = power_of_two(p) ? rank ^ s : (rank - s + p) % p;
  return half_of_round(index, to, from, c.bytes, s, Combine::None);
}

}  // namespace

const char* collective_name(CollectiveKind kind) {
  switch (kind) {
    case CollectiveKind::Barrier: return "barrier";
    case CollectiveKind::Broadcast: return "broadcast";
    case CollectiveKind::Reduce: return "reduce";
    case CollectiveKind::Allreduce: return "allreduce";
    case CollectiveKind::Allgather: return "allgather";
    case CollectiveKind::Alltoall: return "alltoall";
  }
  return "?";
}

CollectiveOp collective_op(const CollectiveCall& call, int rank, int p, int index) {
  if (p <= 1) return kEnd;
  switch (call.kind) {
    case CollectiveKind::Barrier: return barrier_op(rank, p, index);
    case CollectiveKind::Broadcast: return broadcast_op(call, rank, p, index);
    case CollectiveKind::Reduce: return reduce_op(call, rank, p, index);
    case CollectiveKind::Allreduce: return allreduce_op(call, rank, p, index);
    case CollectiveKind::Allgather: return allgather_op(call, rank, p, index);
    case CollectiveKind::Alltoall: return alltoall_op(call, rank, p, index);
  }
  return kEnd;
}

bool collective_returns_value(const CollectiveCall& call, int rank) {
  switch (call.kind) {
    case CollectiveKind::Broadcast:
    case CollectiveKind::Allreduce: return true;
    case CollectiveKind::Reduce: return rank == call.root;
    default: return false;
  }
}

}  // namespace scalerun::sim
