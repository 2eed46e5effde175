#pragma once
// A kernel's timing model bound to one machine, ready to evaluate. On construction the Lua
// model, work and memory functions are called once with symbolic arguments; when that works
// the model is an expression graph, evaluated natively (and in bulk, in parallel). A model that
// branches on values falls back to plain Lua calls, one per point.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <lua.hpp>

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

class KernelModel {
 public:
  // The kernel table is at kernel_index; machine_index may be 0 for "no machine" (nil). `owner`
  // names the study that gave no machine ("map 'm'"), for the message when the model needs one.
  KernelModel(lua_State* L, int kernel_index, int machine_index, std::string owner = {});
  ~KernelModel();
  KernelModel(const KernelModel&) = delete;
  KernelModel& operator=(const KernelModel&) = delete;

  const std::string& kernel_name() const { return name_; }
  const std::string& model_where() const { return model_where_; }  // "kernels/rlsp.lua:14"
  const ParamSpace& params() const { return params_; }
  const std::vector<std::string>& term_names() const { return term_names_; }
  bool has_work() const { return has_work_; }
  bool has_memory() const { return has_memory_; }
  bool traced() const { return traced_; }
  const std::string& fallback_reason() const { return fallback_reason_; }

  // One point: slot values (params().slots order) and processor count.
  void evaluate(std::span<const double> slots, double p, Evaluation& out);

  // Symbolic form (only when traced()): variable i is slot i; p_variable() is p.
  expr::Graph& graph() { return graph_; }
  expr::NodeId time_node() const { return time_node_; }
  expr::NodeId work_node() const { return work_node_; }
  expr::NodeId memory_node() const { return memory_node_; }
  const std::vector<expr::NodeId>& term_nodes() const { return term_nodes_; }
  std::uint32_t p_variable() const { return p_var_; }

 private:
  void read_params();
  bool trace();
  void call_lua(std::span<const double> slots, double p, Evaluation& out);
  void call_lua_plain(std::span<const double> slots, double p, Evaluation& out);
  std::string probe_machine_use(std::span<const double> slots, double p);
  void push_view(std::span<const double> slots, bool symbolic);
  void collect_terms(int index, std::vector<std::pair<std::string, double>>* numeric,
                     std::vector<std::pair<std::string, expr::NodeId>>* symbolic);

  lua_State* L_;
  int kernel_ref_ = LUA_NOREF;
  int machine_ref_ = LUA_NOREF;
  std::string name_;
  std::string model_where_;
  ParamSpace params_;
  std::vector<std::string> term_names_;
  bool has_work_ = false, has_memory_ = false;
  bool traced_ = false;
  std::string fallback_reason_;
  std::string owner_;
  expr::Graph graph_;
  expr::NodeId time_node_ = 0, work_node_ = 0, memory_node_ = 0;
  std::vector<expr::NodeId> term_nodes_;
  std::uint32_t p_var_ = 0;
  expr::Program program_;  // roots: terms..., work, memory
  std::vector<double> scratch_vars_, scratch_out_;
};

// Canonical order of named terms in tables: the overhead sources first, then the rest by name.
bool term_before(const std::string& a, const std::string& b);

}  // namespace scalerun::model
