#include "kernels/native/billiards/billiards.hpp"

#include <array>

#include "kernels/native/billiards/physics.hpp"
#include "kernels/native/billiards/simulation.hpp"
#include "kernels/native/billiards/verify.hpp"

namespace scalerun::kernels {

namespace {

constexpr std::array<runtime::ParamSpec, 5> kParams{{
    {"balls", 5000, 1, "balls on the line"},
    {"steps", 20000, 1, "collision events (wall bounces included)"},
    {"batch", 1, 1, "candidate events per worker in each parallel step (the paper: 1)"},
    {"seed", 1, 0, "random stream of the starting velocities and masses"},
    {"masses", 1, 1, "distinct masses, drawn from 1..masses (1: all balls equal)"},
}};

std::uint64_t param(const runtime::Params& given, std::string_view name) {
  return runtime::count_param(kParams, given, name);
}

}  // namespace

static double billiards_work(const runtime::Params& given) {
  return static_cast<double>(param(given, "steps")) + static_cast<double>(param(given, "balls"));
}

static double billiards_memory(const runtime::Params& given) {
  return billiards::bytes_per_ball() * static_cast<double>(param(given, "balls"));
}

static runtime::KernelResult billiards_run(const runtime::Params& given, runtime::Runtime& rt) {
  const auto balls = static_cast<std::size_t>(param(given, "balls"));
  const std::uint64_t steps = param(given, "steps");
  const auto batch = static_cast<std::size_t>(param(given, "batch"));
  const billiards::Box box = billiards::box_for(balls);
  const std::vector<billiards::Ball> start = billiards::initial_balls(balls, param(given, "seed"), param(given, "masses"));
  billiards::Outcome run;
  rt.measure([&] { run = billiards::simulate_parallel(box, start, steps, batch, rt); });
  const billiards::Outcome reference = billiards::simulate_serial(box, start, steps);
  return billiards::verify_run(box, start, run, reference);
}

const runtime::NativeKernel billiards_kernel{
    .name = "billiards",
    .doc = "1-D hard-sphere event simulation, the earliest independent collisions in parallel per step; "
         "W = steps + balls",
    .params = kParams,
    .work = billiards_work,
    .memory = billiards_memory,
    .run = billiards_run,
};

}  // namespace scalerun::kernels
