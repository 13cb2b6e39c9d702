#pragma once

#include "run_differences.h"
#include "tier.h"

#include <functional>
#include <nlohmann/json.hpp>
#include <stop_token>
#include <string>
#include <vector>

namespace sandbench {

// One tier's part in a comparison: who it is and what its run gave.
struct ComparedRun {
    std::string tier;
    bool control = false; // the host control: no boundary at all
    RunResult result;
};

// The same program on several tiers, and where they differ (RunDifferences says what counts).
struct TierComparison {
    std::vector<ComparedRun> runs; // in the order the tiers were given
    RunDifferences differences;    // indexed like `runs`
    bool cancelled = false;        // stopped before every tier had finished
};

// Called from the tier's own worker thread as each run ends (its index in the tiers given).
using ComparedRunFinished = std::function<void(std::size_t index, const ComparedRun& run)>;

// Runs `request` on every tier at once, one thread each, and compares the results. The tiers run side by
// side, not one after another: a comparison is about what a program does, not a bench (which measures
// each run alone), so the time shown is what each took while the others ran too. `stop` cancels every
// tier at once; each tier's run then ends with StopReason::Cancelled and cleans up as a stopped run does.
// Output goes nowhere live: a comparison reads the results.
TierComparison compareOnTiers(const RunRequest& request, const std::vector<Tier*>& tiers,
                              std::stop_token stop, const ComparedRunFinished& finished = {});

// The comparison of results already at hand (a test's, a replay's).
TierComparison compareRuns(std::vector<ComparedRun> runs);

// The differences as docs/cli-json.md describes them: {"fields": [...], "lines": [{"stream", "line",
// "counts": {TIER: N}}], "odd": {TIER: [fields]}}, the runs named by `names` (indexed like the runs).
nlohmann::json differencesToJson(const RunDifferences& differences, const std::vector<std::string>& names);

// `run --backend all --json`'s "runs" and "differences", the runs' results as `run --json` has them.
nlohmann::json comparisonToJson(const TierComparison& comparison);

} // namespace sandbench
