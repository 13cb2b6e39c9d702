#pragma once

#include "core/tier.h"
#include "terminal_output.h"
#include "tier_choice.h"

namespace sandbench::cli {

// `run --tier all`: the program on every tier usable here at once (the control only when `withHost`),
// then a comparison: per tier how it ended and why, wall and CPU time, peak memory; the fields and output
// lines that differ between tiers, marked; each tier's output. With `json`, the document of
// docs/cli-json.md instead. Returns the exit status `run --tier all` documents.
int runOnEveryTier(const CommandTiers& tiers, const RunRequest& request, bool json, TerminalOutput::Mode mode,
                   bool withHost);

// The sign that marks a value or a line that differs between tiers, so a difference shows without colour.
inline constexpr const char* kDifferenceMark = "≠";

} // namespace sandbench::cli
