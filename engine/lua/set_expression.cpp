#include "lua/set_expression.hpp"

#include <cctype>
#include <cerrno>
#include <limits>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace scalerun::lua {

namespace {

constexpr std::size_t kMaxLength = 1000;
constexpr int kMaxDepth = 64;  // nested parentheses, signs and powers: the recursion is bounded
constexpr const char* kAllowed =
    "numbers, unit constants such as MB or us, + - * / // % ^, parentheses and math.* functions only";

SetNumber real(double v) { return {v, false, 0}; }
SetNumber whole(long long v) { return {static_cast<double>(v), true, v}; }

// Lua's integer floor division and modulo. By -1 they are negation (wrapping, as Lua does) and 0:
// C's LLONG_MIN / -1 overflows, and the processor traps.
long long floor_div(long long a, long long b) {
  if (b == -1) return static_cast<long long>(0ULL - static_cast<unsigned long long>(a));
  long long q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
long long floor_mod(long long a, long long b) {
  if (b == -1) return 0;
  long long r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

class Parser {
 public:
  Parser(std::string_view text, const SetNameLookup& lookup) : text_(text), lookup_(lookup) {}

  SetNumber parse() {
    SetNumber v = additive(0);
    skip_space();
    if (pos_ != text_.size()) fail(fmt::format("unexpected '{}'", token_at_pos()));
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const {
    throw SetExpressionError(fmt::format("{} ({})", why, kAllowed));
  }

  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])) != 0) ++pos_;
  }

  std::string token_at_pos() const {
    std::size_t end = pos_ + 1;
    while (end < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[end])) != 0 || text_[end] == '_')) ++end;
    return std::string(text_.substr(pos_, end - pos_));
  }

  bool take(std::string_view op) {
    skip_space();
    if (text_.substr(pos_, op.size()) != op) return false;
    pos_ += op.size();
    return true;
  }

  void deeper(int depth) const {
    if (depth > kMaxDepth) fail(fmt::format("nested more than {} levels", kMaxDepth));
  }

  SetNumber additive(int depth) {
    deeper(depth);
    SetNumber v = multiplicative(depth + 1);
    for (;;) {
      if (take("+")) {
        v = add(v, multiplicative(depth + 1), 1);
      } else if (take("-")) {
        v = add(v, multiplicative(depth + 1), -1);
      } else {
        return v;
      }
    }
  }

  static SetNumber add(const SetNumber& a, const SetNumber& b, int sign) {
    long long r = 0;
    if (a.integer && b.integer &&
        !(sign > 0 ? __builtin_add_overflow(a.as_integer, b.as_integer, &r) : __builtin_sub_overflow(a.as_integer, b.as_integer, &r))) {
      return whole(r);
    }
    return real(a.value + sign * b.value);
  }

  SetNumber multiplicative(int depth) {
    deeper(depth);
    SetNumber v = unary(depth + 1);
    for (;;) {
      if (take("//")) {
        const SetNumber b = unary(depth + 1);
        if (v.integer && b.integer) {
          if (b.as_integer == 0) fail("integer division by zero");
          v = whole(floor_div(v.as_integer, b.as_integer));
        } else {
          v = real(std::floor(v.value / b.value));
        }
      } else if (take("*")) {
        const SetNumber b = unary(depth + 1);
        long long r = 0;
        v = v.integer && b.integer && !__builtin_mul_overflow(v.as_integer, b.as_integer, &r) ? whole(r)
                                                                                              : real(v.value * b.value);
      } else if (take("/")) {
        v = real(v.value / unary(depth + 1).value);
      } else if (take("%")) {
        const SetNumber b = unary(depth + 1);
        if (v.integer && b.integer) {
          if (b.as_integer == 0) fail("integer modulo by zero");
          v = whole(floor_mod(v.as_integer, b.as_integer));
        } else {
          v = real(v.value - std::floor(v.value / b.value) * b.value);
        }
      } else {
        return v;
      }
    }
  }

  // Lua: unary minus binds looser than ^ (-2^2 is -4), and ^ is right-associative.
  SetNumber unary(int depth) {
    deeper(depth);
    if (take("-")) {
      const SetNumber v = unary(depth + 1);
      return v.integer && v.as_integer != std::numeric_limits<long long>::min() ? whole(-v.as_integer) : real(-v.value);
    }
    if (take("+")) fail("unexpected '+'");
    SetNumber base = atom(depth + 1);
    if (take("^")) return real(std::pow(base.value, unary(depth + 1).value));
    return base;
  }

  SetNumber atom(int depth) {
    skip_space();
    if (pos_ >= text_.size()) fail("an expression ends too early");
    const char c = text_[pos_];
    if (c == '(') {
      ++pos_;
      SetNumber v = additive(depth + 1);
      if (!take(")")) fail("a ')' is missing");
      return v;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '.') return number();
    if (std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_') return name(depth);
    fail(fmt::format("unexpected '{}'", token_at_pos()));
  }

  SetNumber number() {
    const std::size_t start = pos_;
    const bool hex = text_.substr(pos_, 2) == "0x" || text_.substr(pos_, 2) == "0X";
    if (hex) pos_ += 2;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      const bool exponent_sign = (c == '+' || c == '-') && pos_ > start &&
                                 (hex ? (text_[pos_ - 1] == 'p' || text_[pos_ - 1] == 'P')
                                      : (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E'));
      if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '.' && !exponent_sign) break;
      ++pos_;
    }
    const std::string literal(text_.substr(start, pos_ - start));
    const bool integral = literal.find_first_of(hex ? ".pP" : ".eE") == std::string::npos;
    char* end = nullptr;
    if (integral) {
      errno = 0;
      const long long v = std::strtoll(literal.c_str(), &end, hex ? 16 : 10);
      if (*end == '\0' && errno == 0) return whole(v);
    }
    const double v = std::strtod(literal.c_str(), &end);
    if (*end != '\0' || literal.empty()) fail(fmt::format("'{}' is not a number", literal));
    return real(v);
  }

  std::string identifier() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) != 0 || text_[pos_] == '_')) ++pos_;
    return std::string(text_.substr(start, pos_ - start));
  }

  SetNumber name(int depth) {
    const std::string id = identifier();
    if (id != "math") {
      if (auto v = lookup_(id)) return *v;
      fail(fmt::format("'{}' is not a unit constant", id));
    }
    if (!take(".")) fail("math.NAME expected");
    skip_space();
    const std::string member = identifier();
    if (member == "pi") return real(M_PI);
    if (member == "huge") return real(HUGE_VAL);
    if (!take("(")) fail(fmt::format("math.{} is not a number or a math function", member));
    std::vector<SetNumber> args;
    if (!take(")")) {
      do {
        args.push_back(additive(depth + 1));
      } while (take(","));
      if (!take(")")) fail("a ')' is missing");
    }
    return call(member, args);
  }

  SetNumber call(const std::string& f, const std::vector<SetNumber>& a) const {
    const auto arity = [&](std::size_t lo, std::size_t hi) {
      if (a.size() < lo || a.size() > hi) fail(fmt::format("math.{} takes {} argument{}", f, lo, lo == 1 ? "" : "s"));
    };
    const auto integral = [](double v) {
      return std::isfinite(v) && std::fabs(v) < 9.2e18 ? whole(static_cast<long long>(v)) : real(v);
    };
    if (f == "sqrt") return arity(1, 1), real(std::sqrt(a[0].value));
    if (f == "exp") return arity(1, 1), real(std::exp(a[0].value));
    if (f == "log") {
      arity(1, 2);
      if (a.size() == 1) return real(std::log(a[0].value));
      if (a[1].value == 2) return real(std::log2(a[0].value));
      if (a[1].value == 10) return real(std::log10(a[0].value));
      return real(std::log(a[0].value) / std::log(a[1].value));
    }
    if (f == "floor") return arity(1, 1), a[0].integer ? a[0] : integral(std::floor(a[0].value));
    if (f == "ceil") return arity(1, 1), a[0].integer ? a[0] : integral(std::ceil(a[0].value));
    if (f == "abs") return arity(1, 1), a[0].integer ? whole(std::llabs(a[0].as_integer)) : real(std::fabs(a[0].value));
    if (f == "min" || f == "max") {
      if (a.empty()) fail(fmt::format("math.{} takes at least one argument", f));
      SetNumber best = a[0];
      for (const SetNumber& v : a) {
        if (f == "min" ? v.value < best.value : v.value > best.value) best = v;
      }
      return best;
    }
    fail(fmt::format("math.{} is not one of sqrt, exp, log, floor, ceil, abs, min, max", f));
  }

  std::string_view text_;
  const SetNameLookup& lookup_;
  std::size_t pos_ = 0;
};

}  // namespace

SetNumber evaluate_set_expression(std::string_view text, const SetNameLookup& lookup) {
  if (text.size() > kMaxLength) throw SetExpressionError(fmt::format("longer than {} characters", kMaxLength));
  return Parser(text, lookup).parse();
}

}  // namespace scalerun::lua
