#include "network/network_base.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace scalerun::network {

NetworkBase::NetworkBase(int p) : p_(p) {
  if (p < 1) throw std::invalid_argument(fmt::format("a network needs at least one processor, got p = {}", p));
}

void NetworkBase::admit(const Transfer& t) {
  for (const int proc : {t.src, t.dst}) {
    if (proc < 0 || proc >= p_) {
      throw std::invalid_argument(fmt::format("message {} -> {}: processor {} does not exist (processors are 0 .. {})",
                                              t.src, t.dst, proc, p_ - 1));
    }
  }
  if (!(t.bytes >= 0)) throw std::invalid_argument(fmt::format("message {} -> {}: size {} bytes", t.src, t.dst, t.bytes));
  if (t.start < last_start_) {
    throw std::logic_error(fmt::format("network: message {} -> {} starts at {} s, before the previous one ({} s)",
                                       t.src, t.dst, t.start, last_start_));
  }
  last_start_ = t.start;
}

}  // namespace scalerun::network
