#include "commands.h"
#include "core/latency_bench.h"
#include "policy_options.h"
#include "signal_stop.h"
#include "text_table.h"
#include "tier_choice.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

namespace sandbench::cli {

namespace {

constexpr const char* kHelp =
    "Usage: sandbench-cli bench [options]\n"
    "\n"
    "Times print(1) on a tier (after one warm-up run) against a baseline measured in the same session,\n"
    "interleaved so machine noise lands on both: a bare start of /usr/bin/python3 -I -c 'print(1)', or the\n"
    "reference design's own command where the tier has one (for containers `docker run --rm -i ... python3\n"
    "-I -`). Tiers with a warm pool get a cold row (every run starts its sandbox) and a warm row (each run\n"
    "takes one from the pool); the two are never mixed.\n"
    "\n"
    "  --tier NAME|all     the tier, or every tier usable here (default: @DEFAULT_TIER@)\n"
    "                      (or --backend, its older name)\n"
    "  --runs N            timed runs per tier (default 10)\n"
    "  --interpreter CMD   the interpreter and its flags (default: /usr/bin/python3 -I -u)\n"
    "  --mode cold|warm|both  which rows for tiers with a warm pool (default both)\n"
    "  --json              an array with one object per tier and mode (docs/cli-json.md)\n";

std::string ms(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}

std::string ratio(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2fx", value);
    return text;
}

nlohmann::json toJson(const LatencyReport& report) {
    return {
        {"tier", report.tier},
        {"backend", report.tier}, // the key's name before "tier", kept for older scripts
        {"control", report.control},
        {"mode", report.mode},
        {"runs", report.runs},
        {"baseline", report.baselineCommand},
        {"accelerator", report.accelerator.empty() ? nlohmann::json() : nlohmann::json(report.accelerator)},
        {"p50_ms", report.timed.p50Ms},
        {"p95_ms", report.timed.p95Ms},
        {"min_ms", report.timed.minMs},
        {"max_ms", report.timed.maxMs},
        {"baseline_p50_ms", report.baseline.p50Ms},
        {"baseline_p95_ms", report.baseline.p95Ms},
        {"baseline_min_ms", report.baseline.minMs},
        {"baseline_max_ms", report.baseline.maxMs},
        {"ratio", report.ratio},
        {"samples_ms", report.timed.samplesMs},
        {"baseline_samples_ms", report.baseline.samplesMs}};
}

} // namespace

int benchCommand(Arguments& arguments, const TierRegistry& registry) {
    if (arguments.flag("--help")) {
        std::cout << withDefaultTier(kHelp, registry) << tierOptionsHelp(registry);
        return 0;
    }
    const CommandTiers tiers(registry, arguments);
    const std::string choice = chosenTierName(arguments, tiers);
    BenchOptions options;
    if (const auto runs = arguments.value("--runs"))
        options.runs = static_cast<int>(parseWhole("--runs", *runs, 1, 10000));
    options.interpreter = interpreterFromArguments(arguments);
    const bool json = arguments.flag("--json");
    const std::string mode = arguments.value("--mode").value_or("both");
    if (mode != "cold" && mode != "warm" && mode != "both")
        throw UsageError("--mode must be cold, warm or both, not \"" + mode + "\"");
    if (!arguments.positionals().empty())
        throw UsageError("bench takes no file");

    std::vector<SkippedTier> skipped;
    const auto chosen = chooseTiers(tiers, choice, skipped);
    for (const auto& skip : skipped)
        std::cerr << "sandbench-cli: skipping " << skip.name << ": " << skip.reason << '\n';

    SignalStop signalStop;
    std::vector<LatencyReport> reports;
    bool failed = false;
    for (const auto& tier : chosen) {
        // Warm rows with the pool the tier was given (--warm-pool, SANDBENCH_WARM_POOL), at least one.
        const int poolSize = std::max(1, tier->warmPoolSize());
        std::vector<bool> warmModes;
        if (mode != "warm" || !tier->hasWarmPool())
            warmModes.push_back(false);
        if (mode != "cold" && tier->hasWarmPool())
            warmModes.push_back(true);
        for (const bool warm : warmModes) {
            // Cold rows run with the pool off, so no run can come from it; warm rows with at least one.
            tier->setWarmPoolSize(warm ? poolSize : 0);
            BenchOptions modeOptions = options;
            modeOptions.warm = warm;
            try {
                auto report = runLatencyBench(*tier, modeOptions, signalStop.token());
                if (!report) {
                    std::cerr << "sandbench-cli: interrupted\n";
                    return kExitCancelled;
                }
                reports.push_back(std::move(*report));
            } catch (const BenchError& error) {
                std::cerr << "sandbench-cli: " << error.what() << '\n';
                failed = true;
            }
        }
        tier->setWarmPoolSize(0);
    }

    if (json) {
        nlohmann::json list = nlohmann::json::array();
        for (const auto& report : reports)
            list.push_back(toJson(report));
        std::cout << list.dump(2) << '\n';
    } else {
        TextTable table(
            {"TIER", "MODE", "RUNS", "P50 MS", "P95 MS", "MIN MS", "MAX MS", "BASELINE P50 MS", "RATIO"});
        for (std::size_t column = 2; column < 9; ++column)
            table.alignRight(column);
        for (const auto& report : reports) {
            table.addRow({report.control ? report.tier + " (control)" : report.tier, report.mode,
                          std::to_string(report.runs), ms(report.timed.p50Ms), ms(report.timed.p95Ms),
                          ms(report.timed.minMs), ms(report.timed.maxMs), ms(report.baseline.p50Ms),
                          ratio(report.ratio)});
        }
        table.print(std::cout);
    }
    return failed ? kExitFailure : 0;
}

} // namespace sandbench::cli
