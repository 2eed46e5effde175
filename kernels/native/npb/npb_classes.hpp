#pragma once
// The official NPB 3.4 problem classes S, W and A of EP, IS and CG, with their verification
// values (shared/reference/npb.md, from EP/ep_data.f, IS/is.c, CG/cg.f and sys/setparams.c).
// A size that matches a class exactly is verified against these values; any other size gets the
// kernel's own check.

#include <array>
#include <cstdint>
#include <optional>

namespace scalerun::kernels::npb {

struct EpClass {
  char name;
  std::uint64_t m;  // log2 of the number of pairs
  double sx, sy;    // the sums of the Gaussian deviates
};

inline constexpr std::array<EpClass, 3> kEpClasses{{
    {'S', 24, -3.247834652034740e+3, -6.958407078382297e+3},
    {'W', 25, -2.863319731645753e+3, -6.320053679109499e+3},
    {'A', 28, -4.295875165629892e+3, -1.580732573678431e+4},
}};

inline constexpr int kIsTests = 5;  // NPB's TEST_ARRAY_SIZE

struct IsClass {
  char name;
  std::uint64_t log2_keys, log2_max_key, log2_buckets;
  std::array<std::uint64_t, kIsTests> test_index;  // positions in the key array
  std::array<std::int64_t, kIsTests> test_rank;
  // The rank expected in iteration `it` for test i: test_rank[i] + it + low_offset for the first
  // `low_tests` tests, test_rank[i] - it + high_offset for the rest (is.c's per-class switch).
  int low_tests;
  std::int64_t low_offset, high_offset;

  std::int64_t expected_rank(int test, int iteration) const {
    const auto i = static_cast<std::size_t>(test);
    return test < low_tests ? test_rank[i] + iteration + low_offset : test_rank[i] - iteration + high_offset;
  }
};

inline constexpr std::array<IsClass, 3> kIsClasses{{
    {'S', 16, 11, 9, {48427, 17148, 23627, 62548, 4431}, {0, 18, 346, 64917, 65463}, 3, 0, 0},
    {'W', 20, 16, 10, {357773, 934767, 875723, 898999, 404505}, {1249, 11698, 1039987, 1043896, 1048018}, 2, -2, 0},
    {'A', 23, 19, 10, {2112377, 662041, 5336171, 3642833, 4250760}, {104, 17523, 123928, 8288932, 8388264}, 3, -1, 1},
}};

struct CgClass {
  char name;
  std::uint64_t na, nonzer, niter, shift;
  double zeta;
};

inline constexpr std::array<CgClass, 3> kCgClasses{{
    {'S', 1400, 7, 15, 10, 8.5971775078648},
    {'W', 7000, 8, 15, 12, 10.362595087124},
    {'A', 14000, 11, 15, 20, 17.130235054029},
}};

// The class with exactly these sizes, if any.
std::optional<EpClass> find_ep_class(std::uint64_t m);
std::optional<IsClass> find_is_class(std::uint64_t log2_keys, std::uint64_t log2_max_key, std::uint64_t log2_buckets);
std::optional<CgClass> find_cg_class(std::uint64_t na, std::uint64_t nonzer, std::uint64_t niter, std::uint64_t shift);

}  // namespace scalerun::kernels::npb
