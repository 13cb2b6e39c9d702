#include "commands.h"
#include "core/latency_bench.h"
#include "policy_options.h"
#include "signal_stop.h"
#include "text_table.h"
#include "tier_choice.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

namespace sandbench::cli {

namespace {

constexpr const char* kHelp =
    "Usage: sandbench-cli bench [options]\n"
    "\n"
    "Times print(1), or each workload, on a tier (after one warm-up run) against baselines measured in the\n"
    "same session, interleaved so machine noise lands on all: the bare host (/usr/bin/python3 -I), and the\n"
    "reference design's own command where the tier has one (for containers `docker run --rm -i ... python3\n"
    "-I -`). Every run's output is checked against the workload's `# prints:` line, so a run that did not "
    "do\n"
    "the work fails the bench. Tiers with a warm pool get a cold row (every run starts its sandbox) and a\n"
    "warm row (each run takes one from the pool); the two are never mixed.\n"
    "\n"
    "  --tier NAME|all     the tier, or every tier usable here (default: @DEFAULT_TIER@)\n"
    "                      (or --backend, its older name)\n"
    "  --runs N            timed runs per tier (default 10)\n"
    "  --workload NAME|FILE  a bundled workload by name (print, imports, cpu_loop, stat_calls, file_io,\n"
    "                      children), `all` of them, or a file of your own with the same header; repeatable\n"
    "                      or a comma list (default: the built-in print(1))\n"
    "  --workloads DIR     the folder NAME and `all` come from (default: the bundled workloads)\n"
    "  --interpreter CMD   the interpreter and its flags (default: /usr/bin/python3 -I -u)\n"
    "  --mode cold|warm|both  which rows for tiers with a warm pool (default both)\n"
    "  --json              an array with one object per tier and mode (docs/cli-json.md)\n";

std::filesystem::path defaultWorkloads() {
    std::error_code error;
    if (std::filesystem::is_directory(SANDBENCH_SOURCE_WORKLOADS_DIR, error))
        return SANDBENCH_SOURCE_WORKLOADS_DIR;
    return SANDBENCH_INSTALLED_WORKLOADS_DIR;
}

nlohmann::json statsOrNull(const LatencyStats& stats, double value) {
    return stats.samplesMs.empty() ? nlohmann::json() : nlohmann::json(value);
}

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
        {"baseline_p50_ms", statsOrNull(report.baseline, report.baseline.p50Ms)},
        {"baseline_p95_ms", statsOrNull(report.baseline, report.baseline.p95Ms)},
        {"baseline_min_ms", statsOrNull(report.baseline, report.baseline.minMs)},
        {"baseline_max_ms", statsOrNull(report.baseline, report.baseline.maxMs)},
        {"ratio", statsOrNull(report.baseline, report.ratio)},
        {"samples_ms", report.timed.samplesMs},
        {"baseline_samples_ms", report.baseline.samplesMs},
        {"workload", report.workload},
        {"workload_file", report.workloadFile},
        {"reference_problem", report.referenceProblem},
        {"host_baseline", report.hostCommand},
        {"host_p50_ms", report.host.p50Ms},
        {"host_p95_ms", report.host.p95Ms},
        {"host_samples_ms", report.host.samplesMs},
        {"host_ratio", report.hostRatio}};
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
    const std::vector<std::string> workloadChoices = arguments.values("--workload");
    const std::filesystem::path workloadFolder = arguments.value("--workloads").value_or(defaultWorkloads());
    if (!arguments.positionals().empty())
        throw UsageError("bench takes no file (a workload file goes after --workload)");
    std::vector<Workload> workloads{printWorkload()};
    if (!workloadChoices.empty()) {
        try {
            workloads = chooseWorkloads(workloadChoices, workloadFolder);
        } catch (const WorkloadError& error) {
            throw UsageError(error.what());
        }
    }

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
        for (const Workload& workload : workloads) {
            for (const bool warm : warmModes) {
                // Cold rows run with the pool off, so no run can come from it; warm rows with at least one.
                tier->setWarmPoolSize(warm ? poolSize : 0);
                BenchOptions modeOptions = options;
                modeOptions.warm = warm;
                modeOptions.workload = workload;
                try {
                    auto report = runLatencyBench(*tier, modeOptions, signalStop.token());
                    if (!report) {
                        std::cerr << "sandbench-cli: interrupted\n";
                        return kExitCancelled;
                    }
                    if (!report->referenceProblem.empty())
                        std::cerr << "sandbench-cli: " << tier->name() << ", " << workload.name
                                  << ": no reference row: " << report->referenceProblem << '\n';
                    reports.push_back(std::move(*report));
                } catch (const BenchError& error) {
                    std::cerr << "sandbench-cli: " << error.what() << '\n';
                    failed = true;
                }
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
        // RATIO is against the tier's own reference (its reference command, else the bare host); HOST
        // RATIO always against the bare host running the same workload.
        TextTable table({"TIER", "WORKLOAD", "MODE", "RUNS", "P50 MS", "P95 MS", "MIN MS", "MAX MS",
                         "BASELINE P50 MS", "RATIO", "HOST P50 MS", "HOST RATIO"});
        for (std::size_t column = 3; column < 12; ++column)
            table.alignRight(column);
        for (const auto& report : reports) {
            const bool hasBaseline = !report.baseline.samplesMs.empty();
            table.addRow({report.control ? report.tier + " (control)" : report.tier, report.workload,
                          report.mode, std::to_string(report.runs), ms(report.timed.p50Ms),
                          ms(report.timed.p95Ms), ms(report.timed.minMs), ms(report.timed.maxMs),
                          hasBaseline ? ms(report.baseline.p50Ms) : "-",
                          hasBaseline ? ratio(report.ratio) : "-", ms(report.host.p50Ms),
                          ratio(report.hostRatio)});
        }
        table.print(std::cout);
    }
    return failed ? kExitFailure : 0;
}

} // namespace sandbench::cli
