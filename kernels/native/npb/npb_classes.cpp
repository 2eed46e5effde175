#include "kernels/native/npb/npb_classes.hpp"

namespace scalerun::kernels::npb {

std::optional<EpClass> find_ep_class(std::uint64_t m) {
  for (const auto& c : kEpClasses)
    if (c.m == m) return c;
  return std::nullopt;
}

std::optional<IsClass> find_is_class(std::uint64_t log2_keys, std::uint64_t log2_max_key, std::uint64_t log2_buckets) {
  for (const auto& c : kIsClasses)
    if (c.log2_keys == log2_keys && c.log2_max_key == log2_max_key && c.log2_buckets == log2_buckets) return c;
  return std::nullopt;
}

std::optional<CgClass> find_cg_class(std::uint64_t na, std::uint64_t nonzer, std::uint64_t niter, std::uint64_t shift) {
  for (const auto& c : kCgClasses)
    if (c.na == na && c.nonzer == nonzer && c.niter == niter && c.shift == shift) return c;
  return std::nullopt;
}

}  // namespace scalerun::kernels::npb
