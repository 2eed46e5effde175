// host_machine()'s figures: the bandwidth arrays sized from the last-level cache, and the cache
// file read back only when it is whole and belongs to this host and build.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>

#include "host/describe.hpp"
#include "host/host_cache.hpp"

using namespace scalerun::host;

namespace {

constexpr std::size_t MiB = std::size_t{1} << 20;

Topology with_llc(std::uint64_t l3_bytes, int count, std::uint64_t memory) {
  Topology t;
  t.pus = 4;
  t.cores = 4;
  t.l3 = {l3_bytes, count};
  t.memory_bytes = memory;
  return t;
}

HostDescription example() {
  HostDescription d;
  d.topology = with_llc(32 * MiB, 1, 64ull << 30);
  d.threads = 4;
  d.core_speed = 1.5e9;
  d.aggregate_speed = 5.25e9;
  d.speed_per_core = 5.25e9 / 4;
  d.memory_bandwidth = 2.0e10;
  d.stream_array_bytes = 85 * MiB;
  d.measured_at = "2026-01-02T03:04:05Z";
  return d;
}

}  // namespace

TEST_CASE("the bandwidth arrays are four times the last-level cache within 256 MiB in all", "[host]") {
  // 16 MiB of L3: 4 x 16 = 64 MiB each, 192 MiB for the three.
  CHECK(stream_array_bytes(with_llc(16 * MiB, 1, 64ull << 30)) == 64 * MiB);
  // Two 8 MiB L3 instances count together: 4 x 16 MiB.
  CHECK(stream_array_bytes(with_llc(8 * MiB, 2, 64ull << 30)) == 64 * MiB);
  // A small cache: the 32 MiB floor.
  CHECK(stream_array_bytes(with_llc(2 * MiB, 1, 64ull << 30)) == 32 * MiB);
  // A 1 GiB cache would ask 4 GiB each (12 GiB in all, the old 3 GB run): a third of 256 MiB.
  const std::size_t each = stream_array_bytes(with_llc(1024 * MiB, 1, 1ull << 40));
  CHECK(3 * each <= kStreamBytesInAll);
  CHECK(each == kStreamBytesInAll / 3);
  // A host with 240 MiB of memory: an eighth of it for the three arrays, 10 MiB each.
  CHECK(stream_array_bytes(with_llc(16 * MiB, 1, 240 * MiB)) == 10 * MiB);
}

TEST_CASE("a cache file written for this host and build reads back its figures", "[host]") {
  const HostDescription d = example();
  HostDescription read;
  read.topology = d.topology;
  REQUIRE(read_cache_text(cache_text(d, "host a | build 1"), "host a | build 1", read));
  CHECK(read.core_speed == d.core_speed);
  CHECK(read.aggregate_speed == d.aggregate_speed);
  CHECK(read.speed_per_core == d.speed_per_core);
  CHECK(read.memory_bandwidth == d.memory_bandwidth);
  CHECK(read.stream_array_bytes == d.stream_array_bytes);
  CHECK(read.threads == 4);
  CHECK(read.measured_at == d.measured_at);
}

TEST_CASE("a foreign or corrupt cache file is not trusted", "[host]") {
  const HostDescription d = example();
  const std::string good = cache_text(d, "host a | build 1");
  HostDescription read;
  read.topology = d.topology;
  CHECK_FALSE(read_cache_text(good, "host a | build 2", read));  // another build
  CHECK_FALSE(read_cache_text(good, "host b | build 1", read));  // another host
  CHECK_FALSE(read_cache_text("", "host a | build 1", read));
  CHECK_FALSE(read_cache_text(good.substr(0, good.size() / 2), "host a | build 1", read));  // cut short
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  CHECK_FALSE(read_cache_text(replaced("core_speed 1500000000", "core_speed 15x"), "host a | build 1", read));
  CHECK_FALSE(read_cache_text(replaced("core_speed 1500000000", "core_speed -1"), "host a | build 1", read));
  CHECK_FALSE(read_cache_text(replaced("core_speed 1500000000", "core_speed nan"), "host a | build 1", read));
  CHECK_FALSE(read_cache_text(replaced("threads 4", "threads 3"), "host a | build 1", read));  // not its PUs
  CHECK_FALSE(read_cache_text(good + "threads 4\n", "host a | build 1", read));  // a figure twice
  CHECK_FALSE(read_cache_text(replaced("scalerun host description", "some other file"), "host a | build 1", read));
  CHECK(read.core_speed == 0);  // nothing taken from any of them
}

TEST_CASE("describe_cached measures once then reads its file and measures over a corrupt one", "[host]") {
  const std::filesystem::path folder = std::filesystem::temp_directory_path() / "scalerun_host_cache_test";
  std::filesystem::remove_all(folder);
  const char* old_xdg = std::getenv("XDG_CACHE_HOME");
  const std::string saved = old_xdg != nullptr ? old_xdg : "";
  setenv("XDG_CACHE_HOME", folder.c_str(), 1);
  unsetenv(kRemeasureVariable);
  const DescribeOptions quick{.seconds = 0.01, .stream_array_bytes = 4 * MiB};

  const CachedDescription first = describe_cached(quick);
  CHECK_FALSE(first.from_cache);
  REQUIRE(std::filesystem::exists(first.file));
  CHECK(first.file.starts_with((folder / "scalerun").string()));
  const CachedDescription second = describe_cached(quick);
  CHECK(second.from_cache);
  CHECK(second.description.core_speed == first.description.core_speed);
  CHECK(second.description.memory_bandwidth == first.description.memory_bandwidth);

  std::ofstream(first.file, std::ios::trunc) << "scalerun host description, version 1\nidentity nobody\n";
  const CachedDescription third = describe_cached(quick);
  CHECK_FALSE(third.from_cache);
  CHECK(describe_cached(quick).from_cache);  // rewritten whole

  setenv(kRemeasureVariable, "1", 1);
  CHECK_FALSE(describe_cached(quick).from_cache);
  unsetenv(kRemeasureVariable);

  if (old_xdg != nullptr) setenv("XDG_CACHE_HOME", saved.c_str(), 1);
  else unsetenv("XDG_CACHE_HOME");
  std::filesystem::remove_all(folder);
}
