#pragma once
// One experiment three ways: experiment{ modes = { "model", "measure", "simulate" } } runs the same
// kernel, machine, processor counts and scaling rule in each mode the kernel supports (a model, a
// native or external implementation, a simulate program), each as an experiment of its own named
// "<name>-<mode>", then joins their times per point into one table: T from each mode and each
// prediction's error against the measurement, with where they part.

#include <span>
#include <string>
#include <vector>

#include "report/table.hpp"
#include "study/experiment.hpp"

namespace scalerun::study {

struct Session;

// The modes of `wanted` the kernel can run, and a note for each it cannot.
std::vector<Mode> supported_modes(const KernelSpec& kernel, std::span<const Mode> wanted, std::vector<std::string>& left_out);

// Runs each mode (the spec's reports, where that mode has them, beside its time table) and appends
// the joined section named after the spec; returns it.
const report::Section& run_modes_side_by_side(const ExperimentInput& input, std::span<const Mode> modes,
                                              std::span<const std::string> reports, Session& session);

}  // namespace scalerun::study
