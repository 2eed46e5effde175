#pragma once
// What every network model shares: its processor count and the checks on each transfer.

#include <limits>

#include "network/network.hpp"

namespace scalerun::network {

class NetworkBase : public Network {
 public:
  int nodes() const final { return p_; }

 protected:
  explicit NetworkBase(int p);
  // Throws std::invalid_argument for a processor outside 0 .. p-1 or a negative size, and
  // std::logic_error when starts go backwards (FCFS reservations rely on their order).
  void admit(const Transfer& t);

  int p_;

 private:
  double last_start_ = -std::numeric_limits<double>::infinity();
};

}  // namespace scalerun::network
