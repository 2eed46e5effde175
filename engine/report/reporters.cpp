#include <sstream>

#include <fmt/format.h>

#include "report/format_detail.hpp"
#include "report/reporter.hpp"

namespace scalerun::report {

void Reporter::write_table(std::ostream& os, const Table& t) const {
  const Section alone{t.name, "table", {t}};
  write_run(os, Context{}, std::span<const Section>(&alone, 1));
}

std::span<const Reporter* const> reporters() {
  // The one list of formats.
  static const Reporter* const kAll[] = {&detail::text_reporter(), &detail::csv_reporter(),
                                         &detail::json_reporter(), &detail::markdown_reporter()};
  return kAll;
}

const Reporter* find_reporter(std::string_view name) {
  for (const Reporter* r : reporters()) {
    if (r->name() == name) return r;
  }
  return nullptr;
}

std::vector<std::string> reporter_names() {
  std::vector<std::string> names;
  for (const Reporter* r : reporters()) names.emplace_back(r->name());
  return names;
}

std::string reporter_list(std::string_view separator) {
  const auto names = reporter_names();
  if (!separator.empty()) return fmt::format("{}", fmt::join(names, separator));
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += names[i];
  }
  return text;
}

}  // namespace scalerun::report
