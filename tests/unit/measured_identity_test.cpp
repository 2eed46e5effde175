#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "measure/temp_folder.hpp"
#include "store/point_identity.hpp"
#include "study/experiment.hpp"
#include "study/measured_identity.hpp"
#include "study/point_store.hpp"

using namespace scalerun;

namespace {

std::string write_program(const std::string& path, const std::string& body) {
  std::ofstream(path) << "#!/bin/sh\n" << body << '\n';
  chmod(path.c_str(), 0755);
  return path;
}

}  // namespace

TEST_CASE("measured identity: the program's content is part of a command point's identity", "[identity]") {
  measure::TempFolder folder{"scalerun-identity"};
  const std::string prog = write_program(folder.path() + "/prog.sh", "echo 1");
  study::KernelSpec kernel;
  kernel.name = "prog";
  kernel.command = prog + " --n {n} --threads {p}";
  const runtime::Params params{{"n", 1000}};
  const store::PointIdentity before = study::command_identity(kernel, params, 2);
  CHECK(before.command == prog + " --n 1000 --threads 2");
  CHECK(before.program.starts_with("fnv1a64:"));
  // The same file asked again: the same identity.
  CHECK(study::command_identity(kernel, params, 2) == before);
  // Rebuilt (another content, here also another size): another program, the same command.
  write_program(prog, "echo 22");
  const store::PointIdentity after = study::command_identity(kernel, params, 2);
  CHECK(after.command == before.command);
  CHECK(after.program != before.program);
  CHECK(store::identity_differences(before, after) == std::vector<std::string>{"the program's content changed"});
}

TEST_CASE("measured identity: a command kernel's timer is part of its point's identity", "[identity]") {
  study::KernelSpec kernel;
  kernel.name = "prog";
  kernel.command = "sh -c true {p}";
  const runtime::Params params{{"n", 1}};
  kernel.timer = "seconds";
  const store::PointIdentity by_figure = study::command_identity(kernel, params, 2);
  kernel.timer = "wall";
  const store::PointIdentity by_clock = study::command_identity(kernel, params, 2);
  kernel.timer = "";
  // No timer is the wall clock too: the same measurement, the same identity.
  CHECK(study::command_identity(kernel, params, 2) == by_clock);
  CHECK(store::identity_text(by_figure) != store::identity_text(by_clock));
  CHECK(store::identity_differences(by_figure, by_clock) ==
        std::vector<std::string>{"the kernel's timer changed (seconds -> wall)"});
  // A wall-timed point's text has no timer: what was stored before timers were kept still matches.
  CHECK(store::identity_text(by_clock).find("timer") == std::string::npos);
}

TEST_CASE("measured identity: an interpreter's script among the arguments counts as the program", "[identity]") {
  measure::TempFolder folder{"scalerun-identity"};
  const std::string script = folder.path() + "/run.sh";
  std::ofstream(script) << "echo 1\n";
  const std::string before = study::program_fingerprint(std::vector<std::string>{"sh", script});
  std::ofstream(script) << "echo 2\n";
  CHECK(study::program_fingerprint(std::vector<std::string>{"sh", script}) != before);
  // A program that is not there is named, not hashed.
  CHECK(study::program_fingerprint("scalerun-no-such-program") == "missing: scalerun-no-such-program");
}

TEST_CASE("measured identity: every parameter of every type is in a point's identity, in any order", "[identity]") {
  study::ExperimentSpec spec;
  spec.name = "ident";
  spec.machine_name = "host";
  study::KernelSpec light;
  light.name = "k";
  light.other_params = {{"algo", "\"light\""}, {"check", "true"}};
  study::KernelSpec heavy = light;
  heavy.other_params["algo"] = "\"heavy\"";
  const auto a = study::record_key(spec, light, 2, {{"n", 1000}, {"m", 0.5}});
  const auto b = study::record_key(spec, heavy, 2, {{"n", 1000}, {"m", 0.5}});
  CHECK(a.point_key == b.point_key);  // the same configuration of numbers ...
  CHECK(a.identity != b.identity);    // ... but not the same point
  std::map<std::string, double> reversed;
  reversed.emplace("m", 0.5);
  reversed.emplace("n", 1000);
  CHECK(study::record_key(spec, light, 2, reversed).identity == a.identity);
  // A numeric parameter is in the identity too (as the point key has it).
  CHECK(study::record_key(spec, light, 2, {{"n", 1001}, {"m", 0.5}}).identity != a.identity);
}
