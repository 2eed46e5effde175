// Infix printing with the fewest parentheses that keep the tree's shape, so a printed formula
// reads like the model that produced it and parses back to the same graph.

#include <array>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "expr/graph.hpp"

namespace scalerun::expr {
namespace {

// Binding strength, loosest first. Binary + - * / associate left, ^ right.
constexpr int kSum = 1, kProduct = 2, kUnary = 3, kPower = 4, kAtom = 5;

// log(x)/log(2) and log(x)/log(10), with the divisor folded to the constant, are how log2(x)
// (the prelude's helper) and math.log(x, 10) trace. They print as the call the user wrote; the
// divisor must be exactly the folded constant, so nothing else is renamed.
std::string_view log_call(const Graph& g, const Node& n) {
  if (n.op != Op::Div || g.node(n.a).op != Op::Log || !g.is_constant(n.b)) return {};
  const double divisor = g.node(n.b).value;
  if (divisor == std::log(2.0)) return "log2(";
  if (divisor == std::log(10.0)) return "log10(";
  return {};
}

int precedence(const Graph& g, const Node& n) {
  if (!log_call(g, n).empty()) return kAtom;
  switch (n.op) {
    case Op::Const: return std::signbit(n.value) ? kUnary : kAtom;  // "-3" prints like a negation
    case Op::Add: case Op::Sub: return kSum;
    case Op::Mul: case Op::Div: return kProduct;
    case Op::Neg: return kUnary;
    case Op::Pow: return kPower;
    default: return kAtom;
  }
}

std::string_view infix(Op op) {
  switch (op) {
    case Op::Add: return " + ";
    case Op::Sub: return " - ";
    case Op::Mul: return "*";
    case Op::Div: return "/";
    case Op::Pow: return "^";
    case Op::Lt: return " < ";
    case Op::Le: return " <= ";
    case Op::Eq: return " == ";
    default: return {};
  }
}

std::string_view call(Op op) {
  switch (op) {
    case Op::Log: return "log(";
    case Op::Exp: return "exp(";
    case Op::Sqrt: return "sqrt(";
    case Op::Abs: return "abs(";
    case Op::Floor: return "floor(";
    case Op::Ceil: return "ceil(";
    case Op::Sin: return "sin(";
    case Op::Cos: return "cos(";
    case Op::Min: return "min(";
    case Op::Max: return "max(";
    case Op::Where: return "where(";
    default: return {};
  }
}

// Shortest text that reads back as the same double.
void append_number(std::string& out, double v) {
  std::array<char, 64> buf{};
  const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), v);
  out.append(buf.data(), r.ptr);
}

// Work item for the explicit stack that replaces recursion (graphs can be thousands deep).
struct Item {
  std::string_view text = {};  // a literal, when node is false
  NodeId id = 0;
  bool node = false;
  bool bare = false;      // a comparison that needs no parentheses of its own (a call argument)
};

class Printer {
 public:
  explicit Printer(const Graph& g) : g_(g) {}

  std::string run(NodeId root) {
    stack_.push_back(Item{.id = root, .node = true});
    while (!stack_.empty()) {
      const Item it = stack_.back();
      stack_.pop_back();
      if (it.node) {
        expand(it.id, it.bare);
      } else {
        out_ += it.text;
      }
    }
    return std::move(out_);
  }

 private:
  const Graph& g_;
  std::string out_;
  std::vector<Item> stack_;
  std::vector<Item> parts_;

  void text(std::string_view t) { parts_.push_back(Item{.text = t}); }
  void node(NodeId id, bool bare = false) { parts_.push_back(Item{.id = id, .node = true, .bare = bare}); }
  void operand(NodeId id, bool parens) {
    if (parens) text("(");
    node(id);
    if (parens) text(")");
  }
  int prec(NodeId id) const { return precedence(g_, g_.node(id)); }

  void expand(NodeId id, bool bare) {
    const Node& n = g_.node(id);
    parts_.clear();
    if (const std::string_view log = log_call(g_, n); !log.empty()) {
      text(log);
      node(g_.node(n.a).a, true);
      text(")");
      stack_.insert(stack_.end(), parts_.rbegin(), parts_.rend());
      return;
    }
    switch (n.op) {
      case Op::Const: append_number(out_, n.value); return;
      case Op::Var: out_ += g_.variables()[n.var]; return;
      case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Pow: {
        const int p = precedence(g_, n);
        // A same-level operand on the non-associating side keeps its parentheses: a - (b - c),
        // a/(b*c), (a^b)^c. Dropping them would print a different tree.
        const bool right_assoc = n.op == Op::Pow;
        operand(n.a, right_assoc ? prec(n.a) <= p : prec(n.a) < p);
        text(infix(n.op));
        operand(n.b, right_assoc ? prec(n.b) < p : prec(n.b) <= p);
        break;
      }
      case Op::Neg:
        text("-");
        operand(n.a, prec(n.a) <= kUnary);  // also keeps "--", a Lua comment, out of the text
        break;
      case Op::Lt: case Op::Le: case Op::Eq:
        if (!bare) text("(");
        node(n.a);
        text(infix(n.op));
        node(n.b);
        if (!bare) text(")");
        break;
      case Op::Min: case Op::Max:
        text(call(n.op));
        node(n.a, true);
        text(", ");
        node(n.b, true);
        text(")");
        break;
      case Op::Where:
        text(call(n.op));
        node(n.a, true);
        text(", ");
        node(n.b, true);
        text(", ");
        node(n.c, true);
        text(")");
        break;
      default:  // one-argument functions
        text(call(n.op));
        node(n.a, true);
        text(")");
        break;
    }
    stack_.insert(stack_.end(), parts_.rbegin(), parts_.rend());
  }
};

}  // namespace

std::string Graph::to_string(NodeId f) const {
  if (f >= size()) throw std::out_of_range("expr: node id " + std::to_string(f) + " is not in the graph");
  return Printer(*this).run(f);
}

}  // namespace scalerun::expr
