#pragma once
// A kernel's timing model bound to one machine, ready to evaluate, and free of Lua: the facade
// (lua/kernel_model_reader) calls the script's model, work and memory functions once with
// symbolic arguments and hands over the expression graph; a model that branches on values
// cannot be traced and is handed over as a callable that evaluates one point (the facade's plain
// Lua calls). Everything downstream works on either.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "expr/graph.hpp"
#include "expr/program.hpp"
#include "model/param_space.hpp"

namespace scalerun::model {

struct Evaluation {
  std::vector<double> terms;  // seconds per named term, in term_names() order
  double time = 0;            // sum of the terms
  double work = 0;            // operations (NaN when the kernel has no work function)
  double memory = 0;          // bytes (NaN when the kernel has no memory function)
};

// The symbolic form: variable i of the graph is slot i, then p.
struct TracedModel {
  expr::Graph graph;
  std::vector<expr::NodeId> terms;  // in term_names order
  expr::NodeId time = 0, work = 0, memory = 0;
  std::uint32_t p_variable = 0;
};

// Evaluates one point (slots in params order, processor count) when there is no graph.
using PointEvaluator = std::function<void(std::span<const double> slots, double p, Evaluation& out)>;

// What the facade learned of a kernel's model: everything KernelModel needs, as plain data.
struct ModelParts {
  std::string kernel_name;
  std::string model_where;  // "kernels/rlsp.lua:14"
  ParamSpace params;
  std::vector<std::string> term_names;  // canonical order (term_before)
  bool has_work = false, has_memory = false;
  std::optional<TracedModel> traced;    // when tracing worked
  PointEvaluator plain;                 // otherwise
  std::string fallback_reason;          // why tracing did not work
};

class KernelModel {
 public:
  explicit KernelModel(ModelParts parts);
  KernelModel(const KernelModel&) = delete;
  KernelModel& operator=(const KernelModel&) = delete;

  const std::string& kernel_name() const { return parts_.kernel_name; }
  const std::string& model_where() const { return parts_.model_where; }
  const ParamSpace& params() const { return parts_.params; }
  const std::vector<std::string>& term_names() const { return parts_.term_names; }
  bool has_work() const { return parts_.has_work; }
  bool has_memory() const { return parts_.has_memory; }
  bool traced() const { return parts_.traced.has_value(); }
  const std::string& fallback_reason() const { return parts_.fallback_reason; }

  // One point: slot values (params().slots order) and processor count.
  void evaluate(std::span<const double> slots, double p, Evaluation& out);

  // Symbolic form (only when traced()): variable i is slot i; p_variable() is p.
  expr::Graph& graph() { return parts_.traced->graph; }
  expr::NodeId time_node() const { return parts_.traced->time; }
  expr::NodeId work_node() const { return parts_.traced->work; }
  expr::NodeId memory_node() const { return parts_.traced->memory; }
  const std::vector<expr::NodeId>& term_nodes() const { return parts_.traced->terms; }
  std::uint32_t p_variable() const { return parts_.traced->p_variable; }

 private:
  ModelParts parts_;
  expr::Program program_;  // roots: terms..., work, memory (traced only)
  std::vector<double> scratch_vars_, scratch_out_;
};

// Canonical order of named terms in tables: the overhead sources first, then the rest by name.
bool term_before(const std::string& a, const std::string& b);

}  // namespace scalerun::model
