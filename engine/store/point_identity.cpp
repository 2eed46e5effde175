#include "store/point_identity.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace scalerun::store {

namespace {

// nlohmann::json keeps object keys sorted: the text does not depend on insertion order.
nlohmann::json to_json(const PointIdentity& id) {
  nlohmann::json doc = {{"params", id.params},   {"native", id.native},     {"command", id.command},
                        {"program", id.program}, {"machine", id.machine},   {"launcher", id.launcher},
                        {"environment", id.environment}, {"build", id.build}};
  // Only when set: a wall-timed point keeps the text it was stored with before timers were kept.
  if (!id.timer.empty()) doc["timer"] = id.timer;
  return doc;
}

std::map<std::string, std::string> text_map(const nlohmann::json& object) {
  std::map<std::string, std::string> out;
  if (!object.is_object()) return out;
  for (const auto& [name, value] : object.items()) {
    if (value.is_string()) out[name] = value.get<std::string>();
  }
  return out;
}

std::string text_of(const nlohmann::json& doc, const char* field) {
  const auto it = doc.find(field);
  return it != doc.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string shown(const std::string& value) { return value.empty() ? "(none)" : value; }

// A named text that changed, with both values where they are short enough to read in one line.
std::string changed(std::string_view what, const std::string& before, const std::string& after) {
  if (before.size() + after.size() > 120) return fmt::format("{} changed", what);
  return fmt::format("{} changed ({} -> {})", what, shown(before), shown(after));
}

void compare_maps(std::string_view kind, const std::map<std::string, std::string>& before,
                  const std::map<std::string, std::string>& after, std::vector<std::string>& out) {
  for (const auto& [name, value] : before) {
    const auto it = after.find(name);
    if (it == after.end()) out.push_back(fmt::format("{} {} is gone (was {})", kind, name, value));
    else if (it->second != value) out.push_back(changed(fmt::format("{} {}", kind, name), value, it->second));
  }
  for (const auto& [name, value] : after) {
    if (!before.contains(name)) out.push_back(fmt::format("{} {} is new ({})", kind, name, value));
  }
}

}  // namespace

std::string identity_text(const PointIdentity& identity) { return to_json(identity).dump(); }

std::optional<PointIdentity> parse_identity(std::string_view text) {
  if (text.empty()) return std::nullopt;
  const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
  if (!doc.is_object()) return std::nullopt;
  PointIdentity id;
  if (doc.contains("params")) id.params = text_map(doc["params"]);
  if (doc.contains("environment")) id.environment = text_map(doc["environment"]);
  id.native = text_of(doc, "native");
  id.command = text_of(doc, "command");
  id.program = text_of(doc, "program");
  id.machine = text_of(doc, "machine");
  id.launcher = text_of(doc, "launcher");
  id.build = text_of(doc, "build");
  id.timer = text_of(doc, "timer");
  return id;
}

std::vector<std::string> identity_differences(const PointIdentity& stored, const PointIdentity& now) {
  std::vector<std::string> out;
  compare_maps("parameter", stored.params, now.params, out);
  if (stored.native != now.native) out.push_back(changed("the kernel's native", stored.native, now.native));
  if (stored.command != now.command) out.push_back(changed("the command", stored.command, now.command));
  // Said only when the command is the same: a new command names another program anyway.
  if (stored.program != now.program && stored.command == now.command) out.push_back("the program's content changed");
  if (stored.machine != now.machine) out.push_back(changed("the machine", stored.machine, now.machine));
  if (stored.launcher != now.launcher) out.push_back(changed("the launcher", stored.launcher, now.launcher));
  compare_maps("environment variable", stored.environment, now.environment, out);
  if (stored.build != now.build) out.push_back(changed("scalerun's build", stored.build, now.build));
  if (stored.timer != now.timer) {
    out.push_back(changed("the kernel's timer", stored.timer.empty() ? "wall" : stored.timer,
                          now.timer.empty() ? "wall" : now.timer));
  }
  return out;
}

std::string number_text(double value) { return fmt::format("{}", value); }

}  // namespace scalerun::store
