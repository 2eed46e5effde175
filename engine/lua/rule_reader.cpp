#include "lua/rule_reader.hpp"

#include <algorithm>
#include <memory>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "errors/errors.hpp"
#include "lua/field_reader.hpp"

namespace scalerun::lua {

namespace {

// The custom rule's function (on top of the stack, popped) as the engine's callable: it calls
// the function with p and reads { name = number, ... }. The function stays in the registry as
// long as a copy of the rule does.
std::function<std::vector<std::pair<std::string, double>>(double)> custom_sizes(lua_State* L, const std::string& where) {
  struct Pinned {
    lua_State* L;
    int ref;
    ~Pinned() { luaL_unref(L, LUA_REGISTRYINDEX, ref); }
  };
  std::shared_ptr<const Pinned> fn(new Pinned{L, luaL_ref(L, LUA_REGISTRYINDEX)});
  return [fn, where](double p) {
    lua_State* const S = fn->L;
    const int top = lua_gettop(S);
    lua_rawgeti(S, LUA_REGISTRYINDEX, fn->ref);
    lua_pushnumber(S, p);
    protected_call(S, 1, 1);
    if (lua_type(S, -1) != LUA_TTABLE) {
      const std::string got = type_name(S, -1);
      lua_settop(S, top);
      throw ScriptError(fmt::format("{}custom rule returned {} at p={:g} (expected a table such as {{ n = 512 }})",
                                    where, got, p));
    }
    std::vector<std::pair<std::string, double>> sizes;
    lua_pushnil(S);
    while (lua_next(S, -2) != 0) {
      const std::string name = lua_type(S, -2) == LUA_TSTRING ? lua_tostring(S, -2) : "?";
      if (lua_type(S, -2) != LUA_TSTRING || lua_type(S, -1) != LUA_TNUMBER) {
        const std::string got = type_name(S, -1);
        lua_settop(S, top);
        throw ScriptError(fmt::format("{}custom rule returned '{}' = {} at p={:g}: give numeric parameters of the "
                                      "kernel, e.g. {{ n = 512 }}", where, name, got, p));
      }
      sizes.emplace_back(name, lua_tonumber(S, -1));
      lua_pop(S, 1);
    }
    lua_settop(S, top);
    return sizes;
  };
}

}  // namespace

model::ScalingRule read_rule(lua_State* L, int index, const std::string& where) {
  index = lua_absindex(L, index);
  FieldReader r(L, index, where);
  const std::string kind_name = r.string("rule");
  const model::RuleInfo* found = nullptr;
  for (const auto& candidate : model::rule_infos()) {
    if (kind_name == candidate.name) found = &candidate;
  }
  if (found == nullptr) {
    std::vector<std::string> known;
    for (const auto& candidate : model::rule_infos()) known.emplace_back(candidate.name);
    const std::string near = closest_name(kind_name, known);
    throw ScriptError(fmt::format("{}unknown scaling rule '{}'{} (known: {})", where, kind_name,
                                  near.empty() ? "" : fmt::format(", did you mean '{}'?", near), fmt::join(known, ", ")));
  }
  model::ScalingRule rule;
  rule.kind = found->kind;
  rule.where = where;
  if (rule.kind == model::RuleKind::Custom) {
    r.reject_unknown({"rule", "fn", "vary"});
    r.push("fn", LUA_TFUNCTION, true);
    rule.custom = custom_sizes(L, where);
  } else if (found->target_field != nullptr) {
    r.reject_unknown({"rule", found->target_field, "vary", "range"});
    if (rule.kind == model::RuleKind::MemoryBound) {
      if (auto b = r.optional_number("per_proc")) rule.target = *b, rule.has_target = true;
    } else {
      rule.target = r.number(found->target_field);
      rule.has_target = true;
    }
    if (rule.has_target && !(rule.target > 0)) {
      r.fail(found->target_field, fmt::format("must be positive, got {:g}", rule.target));
    }
    if ((rule.kind == model::RuleKind::Efficiency || rule.kind == model::RuleKind::IsospeedE) && rule.target > 1) {
      r.fail(found->target_field, fmt::format("must be in (0, 1], got {:g}", rule.target));
    }
  } else {
    r.reject_unknown({"rule"});
  }
  if (r.has("vary")) {
    raw_field(L, index, "vary");
    if (lua_type(L, -1) == LUA_TSTRING) {
      rule.vary.emplace_back(lua_tostring(L, -1), 1.0);
    } else if (lua_type(L, -1) == LUA_TTABLE) {
      lua_pushnil(L);
      while (lua_next(L, -2) != 0) {
        if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TNUMBER || !(lua_tonumber(L, -1) > 0)) {
          lua_pop(L, 3);
          r.fail("vary", "a parameter name, or ratios such as { balls = 5, steps = 1 } expected");
        }
        rule.vary.emplace_back(lua_tostring(L, -2), lua_tonumber(L, -1));
        lua_pop(L, 1);
      }
      std::sort(rule.vary.begin(), rule.vary.end());
    } else {
      const std::string got = type_name(L, -1);
      lua_pop(L, 1);
      r.fail("vary", "string or table of ratios expected, got " + got);
    }
    lua_pop(L, 1);
  }
  if (r.has("range")) {
    const auto range = r.number_list("range");
    if (range.size() != 2 || !(range[0] > 0) || !(range[1] > range[0])) {
      r.fail("range", "{ lo, hi } with 0 < lo < hi expected");
    }
    rule.range = {range[0], range[1]};
  }
  return rule;
}

}  // namespace scalerun::lua
