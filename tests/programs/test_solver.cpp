// A tiny parallel program for the tests and demos of measure mode, standing in for a real solver:
//   test_solver --n N --threads P [--fail] [--sleep S]
// sums the first N terms of sum 1/i^2 (-> pi^2/6) over P std::threads and prints one JSON line
// {"n":N,"threads":P,"checksum":...,"seconds":...}. --sleep S waits S seconds first (timeouts);
// --fail reports an error on stderr and exits 3 (failure messages); bad arguments exit 2.

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <thread>
#include <vector>

namespace {

constexpr int kExitUsage = 2, kExitFailed = 3;

int usage(const char* problem) {
  std::fprintf(stderr, "test_solver: %s\nusage: test_solver --n N --threads P [--fail] [--sleep S]\n", problem);
  return kExitUsage;
}

bool parse_number(const char* text, double& value) {
  const std::string_view s(text);
  const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
  return error == std::errc() && end == s.data() + s.size() && std::isfinite(value);
}

// The same series body serves every thread; each sums a contiguous block, so the checksum is
// reproducible for a given (N, P).
double partial_sum(long long first, long long last) {
  double sum = 0;
  for (long long i = last; i >= first; --i) {  // small terms first: less rounding error
    const auto x = static_cast<double>(i);
    sum += 1.0 / (x * x);
  }
  return sum;
}

}  // namespace

int main(int argc, char** argv) {
  double n = -1, threads = -1, sleep_seconds = 0;
  bool fail = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg(argv[i]);
    const bool takes_value = arg == "--n" || arg == "--threads" || arg == "--sleep";
    if (takes_value && i + 1 >= argc) return usage("missing value after an option");
    double* target = arg == "--n" ? &n : arg == "--threads" ? &threads : arg == "--sleep" ? &sleep_seconds : nullptr;
    if (target != nullptr) {
      if (!parse_number(argv[++i], *target)) return usage("option values must be numbers");
    } else if (arg == "--fail") {
      fail = true;
    } else {
      std::fprintf(stderr, "test_solver: unknown argument '%s'\n", argv[i]);
      return usage("see the usage below");
    }
  }
  if (n < 0 || n > 1e15) return usage("--n N (0 <= N <= 1e15) is required");
  if (threads < 1 || threads > 4096 || threads != std::floor(threads)) return usage("--threads P (1..4096) is required");
  if (sleep_seconds < 0) return usage("--sleep must not be negative");

  const auto start = std::chrono::steady_clock::now();
  if (sleep_seconds > 0) std::this_thread::sleep_for(std::chrono::duration<double>(sleep_seconds));
  if (fail) {
    std::fprintf(stderr, "test_solver: failing on purpose (--fail) with n=%.17g, threads=%.17g\n", n, threads);
    return kExitFailed;
  }

  const auto terms = static_cast<long long>(n);
  const auto workers = static_cast<int>(threads);
  std::vector<double> sums(static_cast<std::size_t>(workers), 0.0);
  {
    std::vector<std::jthread> pool;
    for (int t = 0; t < workers; ++t) {
      const long long first = 1 + terms * t / workers, last = terms * (t + 1) / workers;
      pool.emplace_back([&sums, t, first, last] { sums[static_cast<std::size_t>(t)] = partial_sum(first, last); });
    }
  }
  double checksum = 0;
  for (const double s : sums) checksum += s;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("{\"n\":%.17g,\"threads\":%d,\"checksum\":%.17g,\"seconds\":%.17g}\n", n, workers, checksum, seconds);
  return 0;
}
