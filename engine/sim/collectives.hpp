#pragma once
// The message schedules of the native collectives: which messages each processor sends and
// receives, in order. The engine walks a processor through its schedule one operation at a time,
// through the same network as every other message, so a collective's latency and contention are
// counted like a program's own sends (the SPASM paper, 003_*.txt §4: the kernels communicate in
// logarithmic reduce steps between processors a power of two apart).
//
// Schedules are computed from (call, rank, p, index), never stored, so a processor in a
// collective costs a few integers whatever p is.

#include <cstdint>

namespace scalerun::sim {

enum class CollectiveKind : std::uint8_t { Barrier, Broadcast, Reduce, Allreduce, Allgather, Alltoall };

const char* collective_name(CollectiveKind kind);

struct CollectiveCall {
  CollectiveKind kind = CollectiveKind::Barrier;
  int root = 0;       // broadcast, reduce
  double bytes = 0;   // per message (allgather: per processor's block; alltoall: per pair)
};

// What a received value does to the processor's own value.
enum class Combine : std::uint8_t {
  None,  // no value travels (barrier, allgather, alltoall)
  Take,  // the received value replaces it (broadcast, the result of allreduce sent back)
  Add,   // summed, the lower rank's operand first, so partners end with bit-identical sums
};

struct CollectiveOp {
  enum class Kind : std::uint8_t { Send, Recv, End } kind = Kind::End;
  int peer = 0;        // destination of a send, source of a receive
  double bytes = 0;    // of a send
  int tag = 0;         // pairs a send with its receive inside one collective
  Combine combine = Combine::None;
};

// Operation number `index` (0, 1, 2, ...) of processor `rank` among `p` in `call`; End after the
// last. Sends and their matching receives carry the same tag on both sides.
//   barrier    dissemination: round k sends to rank + 2^k and receives from rank - 2^k (mod p)
//   broadcast  binomial tree from root
//   reduce     binomial tree to root (recursive halving), sum at root
//   allreduce  recursive doubling; with p not a power of two the extra processors fold into the
//              first ones before and get the result after
//   allgather  recursive doubling (blocks double each round) for powers of two, else a ring
//   alltoall   pairwise exchange: partner rank xor s for powers of two, else rank +- s
CollectiveOp collective_op(const CollectiveCall& call, int rank, int p, int index);

// Whether the collective leaves a value: broadcast and allreduce at every processor, reduce at
// the root only.
bool collective_returns_value(const CollectiveCall& call, int rank);

}  // namespace scalerun::sim
