// Measure mode's external programs: command templates, running without a shell, failures told
// in words, timeouts, large outputs and the figures a program prints.

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iterator>
#include <fstream>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include "measure/command.hpp"
#include "measure/command_template.hpp"
#include "measure/figures.hpp"

using namespace scalerun::measure;
using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Strings = std::vector<std::string>;

namespace {

// test_solver is built into tests/programs/ of the build tree, next to the folder of the unit
// test binary; ctest runs in build/tests, people run from build/ or from the source tree.
std::optional<std::string> find_test_solver() {
  std::vector<std::filesystem::path> candidates;
  std::error_code error;
  if (const auto self = std::filesystem::read_symlink("/proc/self/exe", error); !error) {
    candidates.push_back(self.parent_path() / "programs" / "test_solver");
  }
  for (const char* path : {"./tests/programs/test_solver", "./programs/test_solver",
                           "../build/tests/programs/test_solver", "./build/tests/programs/test_solver"}) {
    candidates.emplace_back(path);
  }
  for (const auto& candidate : candidates) {
    if (access(candidate.c_str(), X_OK) == 0) return std::filesystem::absolute(candidate).string();
  }
  return std::nullopt;
}

// RunOptions built field by field: designated initializers that skip members trip GCC's
// -Wmissing-field-initializers.
RunOptions timeout_after(double seconds) {
  RunOptions options;
  options.timeout_seconds = seconds;
  return options;
}

std::size_t open_descriptors() {
  return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator("/proc/self/fd"),
                                                std::filesystem::directory_iterator()));
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_CASE("command templates substitute numbers compactly", "[measure]") {
  const TemplateValues values{{"n", 1000.0}, {"p", 4.0}, {"tol", 0.1}, {"name", std::string("a b")}};
  CHECK(expand_template("./solver --n {n} --threads {p} --tol {tol} --name {name}", values) ==
        Strings{"./solver", "--n", "1000", "--threads", "4", "--tol", "0.1", "--name", "a b"});
  CHECK(format_template_number(1e6) == "1000000");
  CHECK(format_template_number(-0.0) == "0");
  CHECK(format_template_number(2.5) == "2.5");
  CHECK(format_template_number(1e20) == "1e+20");
  CHECK(std::stod(format_template_number(1.0 / 3)) == 1.0 / 3);  // round-trips
  CHECK_THROWS_AS(format_template_number(std::nan("")), std::invalid_argument);
  CHECK(expand_template("run --x={n}{p}", values) == Strings{"run", "--x=10004"});
}

TEST_CASE("command templates quote words and escape braces", "[measure]") {
  const TemplateValues values{{"n", 5.0}};
  CHECK(expand_template("prog 'a b' \"c {n}\" x\"y z\" '' {{literal}} \"it's\"\n\tend", values) ==
        Strings{"prog", "a b", "c 5", "xy z", "", "{literal}", "it's", "end"});
}

TEST_CASE("command template errors name the problem", "[measure]") {
  const TemplateValues values{{"n", 1.0}, {"p", 2.0}};
  CHECK_THROWS_WITH(expand_template("./s --n {m}", values),
                    Contains("'./s --n {m}'") && Contains("unknown placeholder {m}") && Contains("known: n, p"));
  CHECK_THROWS_WITH(expand_template("./s {n", values), Contains("unclosed '{' at column 5"));
  CHECK_THROWS_WITH(expand_template("./s {n --p {p}", values), Contains("unclosed '{'"));
  CHECK_THROWS_WITH(expand_template("./s n}", values), Contains("'}' at column 6 closes nothing"));
  CHECK_THROWS_WITH(expand_template("./s 'n", values), Contains("unclosed ' at column 5"));
  CHECK_THROWS_WITH(expand_template("./s {}", values), Contains("empty placeholder"));
  CHECK_THROWS_WITH(expand_template("  ", values), Contains("no command"));
  CHECK_THROWS_WITH(expand_template("./s {n}", {{"n", std::nan("")}}), Contains("value of {n}"));
  CHECK_THROWS_WITH(expand_template("./s {x}", {}), Contains("no values are known"));
}

TEST_CASE("run_command runs a program without a shell", "[measure]") {
  const auto echo = run_command({"/bin/echo", "hello", "world", "$HOME", "*"});
  CHECK(echo.ok());
  CHECK(echo.exit_code == 0);
  CHECK(echo.stdout_text == "hello world $HOME *\n");  // no shell: nothing expanded
  CHECK(echo.stderr_text.empty());
  CHECK(echo.wall_seconds > 0);
  CHECK(echo.wall_seconds < 5);

  CHECK(run_command({"echo", "from PATH"}).stdout_text == "from PATH\n");
  RunOptions in_root;
  in_root.working_dir = "/";
  CHECK(run_command({"/bin/pwd"}, in_root).stdout_text == "/\n");
  RunOptions with_env;
  with_env.env = {{"SCALERUN_TEST_VALUE", "42"}, {"HOME", "/nowhere"}};
  const auto env = run_command({"/bin/sh", "-c", "echo \"$SCALERUN_TEST_VALUE $HOME\""}, with_env);
  CHECK(env.stdout_text == "42 /nowhere\n");
  CHECK(run_command({"/bin/sh", "-c", "read x || echo eof"}).stdout_text == "eof\n");  // stdin is /dev/null
}

TEST_CASE("run_command reports the exit status and the end of stderr", "[measure]") {
  const Strings argv{"/bin/sh", "-c", "echo progress; echo first >&2; echo 'second problem' >&2; exit 5"};
  const auto result = run_command(argv);
  CHECK_FALSE(result.ok());
  CHECK(result.exit_code == 5);
  CHECK(result.signal == 0);
  CHECK(result.stderr_text == "first\nsecond problem\n");
  const std::string message = describe_failure(result, argv);
  CHECK_THAT(message, Contains("/bin/sh -c 'echo progress; echo first >&2; echo '\\''second problem'\\'' >&2; exit 5'"));
  // One line with the program's last words, then the tail for --verbose.
  CHECK_THAT(message, Contains(": exited with status 5; stderr ends: 'second problem' (--verbose shows more)\n"));
  CHECK(message.find('\n') == message.find(" (--verbose shows more)") + 23);
  CHECK_THAT(message, EndsWith("\nstderr ends:\n    first\n    second problem"));

  const auto quiet = run_command({"/bin/sh", "-c", "echo 'error: on stdout'; exit 1"});
  CHECK_THAT(describe_failure(quiet, {"x"}),
             Contains("x: exited with status 1; nothing on stderr, stdout ends: 'error: on stdout'\n"));
  CHECK_THAT(describe_failure(run_command({"/bin/false"}), {"/bin/false"}),
             Contains("/bin/false: exited with status 1; no output"));
}

TEST_CASE("run_command reports death by a signal", "[measure]") {
  const Strings argv{"/bin/sh", "-c", "kill -9 $$"};
  const auto result = run_command(argv);
  CHECK(result.signal == SIGKILL);
  CHECK(result.exit_code == -1);
  CHECK_FALSE(result.ok());
  CHECK_THAT(describe_failure(result, argv), Contains("killed by signal SIGKILL (Killed)"));
}

TEST_CASE("run_command kills the process group at the timeout", "[measure]") {
  auto start = std::chrono::steady_clock::now();
  const auto result = run_command({"/bin/sleep", "10"}, timeout_after(0.3));
  CHECK(seconds_since(start) < 2);
  CHECK(result.timed_out);
  CHECK(result.signal == SIGKILL);
  CHECK(result.wall_seconds >= 0.3);
  CHECK_THAT(describe_failure(result, {"/bin/sleep", "10"}), Contains("/bin/sleep 10: timed out after 0.3"));

  // The background sleep holds stdout open: unless the whole group dies, the run would last 10 s.
  start = std::chrono::steady_clock::now();
  const auto group = run_command({"/bin/sh", "-c", "sleep 10 & wait"}, timeout_after(0.3));
  CHECK(group.timed_out);
  CHECK(seconds_since(start) < 1.5);
}

TEST_CASE("run_command kills what a program leaves running", "[measure]") {
  const auto start = std::chrono::steady_clock::now();
  const auto result = run_command({"/bin/sh", "-c", "sleep 10 & echo started"});
  CHECK(result.ok());
  CHECK(result.stdout_text == "started\n");
  CHECK(seconds_since(start) < 1.5);
}

TEST_CASE("run_command can be cancelled", "[measure]") {
  const auto start = std::chrono::steady_clock::now();
  int polls = 0;
  RunOptions options;
  options.cancelled = [&polls] { return ++polls >= 2; };
  const auto result = run_command({"/bin/sleep", "10"}, options);
  CHECK(result.cancelled);
  CHECK_FALSE(result.ok());
  CHECK(seconds_since(start) < 2);
  CHECK_THAT(describe_failure(result, {"/bin/sleep", "10"}), Contains("interrupted"));
}

TEST_CASE("run_command leaves no descriptors open", "[measure]") {
  const std::size_t before = open_descriptors();
  for (int i = 0; i < 10; ++i) {
    CHECK(run_command({"/bin/sh", "-c", "echo out; echo err >&2; exit 1"}).exit_code == 1);
    CHECK_THROWS_AS(run_command({"/no/such/program"}), CommandError);
  }
  CHECK(open_descriptors() == before);
}

TEST_CASE("a program that cannot start is a clear error", "[measure]") {
  RunOptions options;
  options.from_template = "./no_such_solver --n {n}";
  CHECK_THROWS_WITH(run_command({"./no_such_solver", "--n", "10"}, options),
                    "command not found: ./no_such_solver (from template './no_such_solver --n {n}')");
  CHECK_THROWS_AS(run_command({"no_such_program_on_path_42"}), CommandError);
  CHECK_THROWS_WITH(run_command({"no_such_program_on_path_42"}), "command not found: no_such_program_on_path_42");
  RunOptions nowhere;
  nowhere.working_dir = "/no/such/dir";
  CHECK_THROWS_WITH(run_command({"/bin/pwd"}, nowhere),
                    Contains("working directory '/no/such/dir'"));
  CHECK_THROWS_WITH(run_command({}), Contains("empty command"));

  const auto not_executable = std::filesystem::temp_directory_path() / ("scalerun_not_exec_" + std::to_string(getpid()));
  std::ofstream(not_executable) << "data\n";
  chmod(not_executable.c_str(), 0644);
  CHECK_THROWS_WITH(run_command({not_executable.string()}), Contains("permission denied"));
  std::filesystem::remove(not_executable);
}

TEST_CASE("run_command reads large outputs on both streams without deadlock", "[measure]") {
  const auto big =
      run_command({"/bin/sh", "-c", "head -c 3000000 /dev/zero >&2; head -c 3000000 /dev/zero; echo done >&2"});
  CHECK(big.ok());
  CHECK(big.stdout_text.size() + big.stdout_dropped == 3000000);
  CHECK(big.stdout_text.size() <= kOutputTailBytes);
  CHECK(big.stderr_text.size() <= kOutputTailBytes);
  CHECK(big.stderr_dropped > 0);
  CHECK(big.stderr_text.ends_with("done\n"));

  // The tail kept starts at a whole line.
  const auto lines = run_command({"/usr/bin/seq", "1", "200000"});
  REQUIRE(lines.ok());
  REQUIRE(lines.stdout_dropped > 0);
  const auto first_end = lines.stdout_text.find('\n');
  const long first = std::stol(lines.stdout_text.substr(0, first_end));
  CHECK(lines.stdout_text.substr(first_end + 1, lines.stdout_text.find('\n', first_end + 1) - first_end - 1) ==
        std::to_string(first + 1));
  CHECK(lines.stdout_text.ends_with("\n200000\n"));
}

TEST_CASE("figures come from the last JSON line of the output", "[measure]") {
  const std::string output =
      "starting {not json\n"
      "{\"n\": 5, \"t\": 1.5, \"name\": \"x\", \"nested\": {\"a\": 1}, \"ok\": true, \"list\": [1]}\n"
      "{\"n\": 7, \"seconds\": 2.5e-3}  \r\n"
      "{ broken\n"
      "done\n";
  CHECK(parse_json_figures(output) == Figures{{"n", 7.0}, {"seconds", 2.5e-3}});
  CHECK(parse_json_figures("{\"n\": 5, \"t\": 1.5, \"name\": \"x\", \"nested\": {\"a\": 1}, \"ok\": true}") ==
        Figures{{"n", 5.0}, {"t", 1.5}});
  CHECK(parse_json_figures("no json here\n[1, 2]\n").empty());
  CHECK(parse_json_figures("").empty());
}

TEST_CASE("test_solver runs, reports figures and fails on request", "[measure]") {
  const auto solver = find_test_solver();
  if (!solver) {
    WARN("tests/programs/test_solver not found from " << std::filesystem::current_path() << ": skipped");
    return;
  }
  const std::string templ = "{solver} --n {n} --threads {p}";
  const auto argv = expand_template(templ, {{"solver", *solver}, {"n", 100000.0}, {"p", 2.0}});
  RunOptions options = timeout_after(30);
  options.from_template = templ;
  const auto result = run_command(argv, options);
  INFO(describe_failure(result, argv));
  REQUIRE(result.ok());
  const Figures figures = parse_json_figures(result.stdout_text);
  CHECK(figures.at("n") == 100000);
  CHECK(figures.at("threads") == 2);
  // sum 1/i^2 up to n falls short of pi^2/6 by about 1/n.
  CHECK(figures.at("checksum") == Approx(std::numbers::pi * std::numbers::pi / 6 - 1e-5).epsilon(1e-9));
  CHECK(figures.at("seconds") >= 0);

  const Strings failing{*solver, "--n", "10", "--threads", "1", "--fail"};
  const auto failed = run_command(failing);
  CHECK(failed.exit_code == 3);
  CHECK_THAT(describe_failure(failed, failing), Contains("exited with status 3") && Contains("failing on purpose"));

  const auto usage = run_command({*solver, "--n", "10", "--bogus"});
  CHECK(usage.exit_code == 2);
  CHECK_THAT(usage.stderr_text, Contains("unknown argument '--bogus'") && Contains("usage: test_solver"));

  const auto slow = run_command({*solver, "--n", "10", "--threads", "1", "--sleep", "10"}, timeout_after(0.3));
  CHECK(slow.timed_out);
}

TEST_CASE("a relative program path names a file in the script's folder and a bare name goes to PATH", "[measure]") {
  using scalerun::measure::program_in_folder;
  CHECK(program_in_folder("./solver", "study") == "study/solver");
  CHECK(program_in_folder("bin/solver", "/home/u/study") == "/home/u/study/bin/solver");
  CHECK(program_in_folder("../build/solver", "tests/scripts") == "tests/build/solver");
  CHECK(program_in_folder("solver", "study") == "solver");         // PATH
  CHECK(program_in_folder("/usr/bin/env", "study") == "/usr/bin/env");
  CHECK(program_in_folder("./solver", "") == "./solver");          // the script is in the working directory

  // Run from elsewhere: the folder holds an executable script, the working directory does not.
  const std::filesystem::path folder = std::filesystem::temp_directory_path() / "scalerun_program_folder_test";
  std::filesystem::create_directories(folder);
  const std::filesystem::path program = folder / "say_hello.sh";
  std::ofstream(program) << "#!/bin/sh\necho hello from the script folder\n";
  std::filesystem::permissions(program, std::filesystem::perms::owner_all);
  scalerun::measure::RunOptions options;
  options.program_folder = folder.string();
  const auto result = scalerun::measure::run_command({"./say_hello.sh"}, options);
  CHECK(result.ok());
  CHECK(result.stdout_text == "hello from the script folder\n");
  options.program_folder = (folder / "elsewhere").string();
  CHECK_THROWS_WITH(scalerun::measure::run_command({"./say_hello.sh"}, options),
                    Catch::Matchers::Contains("command not found: ./say_hello.sh (a relative path names a file in "
                                              "the script's folder"));
  std::filesystem::remove_all(folder);
}
