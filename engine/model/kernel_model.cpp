#include "model/kernel_model.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace scalerun::model {

namespace {

constexpr std::array<std::string_view, 9> kTermOrder = {
    "compute", "serial", "imbalance", "comm", "latency", "contention", "sync", "io", "idle"};

std::size_t term_rank(const std::string& name) {
  const auto it = std::find(kTermOrder.begin(), kTermOrder.end(), name);
  return static_cast<std::size_t>(it - kTermOrder.begin());
}

}  // namespace

bool term_before(const std::string& a, const std::string& b) {
  const auto ra = term_rank(a), rb = term_rank(b);
  if (ra != rb) return ra < rb;
  return a < b;
}

KernelModel::KernelModel(ModelParts parts) : parts_(std::move(parts)) {
  if (parts_.traced) {
    std::vector<expr::NodeId> roots = parts_.traced->terms;
    roots.push_back(parts_.traced->work);
    roots.push_back(parts_.traced->memory);
    program_ = expr::Program(parts_.traced->graph, roots);
  } else if (!parts_.plain) {
    throw std::invalid_argument("a kernel model needs a traced graph or a point evaluator");
  }
}

void KernelModel::evaluate(std::span<const double> slots, double p, Evaluation& out) {
  if (!parts_.traced) {
    parts_.plain(slots, p, out);
    return;
  }
  scratch_vars_.assign(slots.begin(), slots.end());
  scratch_vars_.push_back(p);
  scratch_out_.resize(program_.num_outputs());
  program_.eval(scratch_vars_, scratch_out_);
  const std::size_t n = parts_.traced->terms.size();
  out.terms.assign(scratch_out_.begin(), scratch_out_.begin() + static_cast<std::ptrdiff_t>(n));
  out.time = 0;
  for (double t : out.terms) out.time += t;
  out.work = scratch_out_[n];
  out.memory = scratch_out_[n + 1];
}

}  // namespace scalerun::model
