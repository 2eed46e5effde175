#pragma once
// The report registry: every name experiment{ report = { ... } } accepts, one line on what it
// shows, and which modes provide it. Plain C++ (no Lua): read_spec checks a script's list against
// it once, whatever the mode, and anything that lists reports (--help, the docs) reads it here.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scalerun::study {

// Where an experiment's numbers come from: the kernel's model, runs on this host, or the
// discrete-event simulator.
enum class Mode { model, measure, simulate };

// "model", "measure" or "simulate".
std::string_view mode_name(Mode mode);
// The mode of that name; none for any other string.
std::optional<Mode> parse_mode(std::string_view name);
// Every mode's name, in enum order (what --mode accepts).
std::vector<std::string> mode_names();

// Every report name, in the order docs/VOCABULARY.md lists them.
const std::vector<std::string>& report_names();
// The reports a mode provides, in the same order. Names a mode accepts as aliases of its own
// reports (measure mode's "scaled") are not among them.
std::vector<std::string> report_names(Mode mode);
// Whether `report` is a report name at all.
bool is_report(std::string_view report);
// One line on what the report shows; empty for a name that is no report.
std::string_view describe(std::string_view report);
// The modes that provide the report (aliases not counted), in enum order.
std::vector<Mode> report_modes(std::string_view report);

// The table `mode` makes for `report`: the report itself, or the one an alias stands for there
// (measure mode's "scaled" is its "measured"; simulate mode's "scaled" and "compare" are its
// "speedup", which carries the model beside the simulated times). None where the mode has
// nothing for the name, or the name is no report.
std::optional<std::string> report_in(Mode mode, std::string_view report);

// Why `mode` cannot give a known `report`, as one line: "'psi' is not a measure-mode report
// (measure mode reports: measured, speedup, ...)". None where it can. Names that are no report
// at all are the caller's to word (it can suggest the nearest one).
std::optional<std::string> unavailable(Mode mode, std::string_view report);

}  // namespace scalerun::study
