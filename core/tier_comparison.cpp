#include "tier_comparison.h"

#include "lab_run.h"
#include "utf8.h"

#include <exception>
#include <thread>

namespace sandbench {

TierComparison compareOnTiers(const RunRequest& request, const std::vector<Tier*>& tiers,
                              std::stop_token stop, const ComparedRunFinished& finished) {
    std::vector<ComparedRun> runs(tiers.size());
    {
        std::vector<std::jthread> workers;
        workers.reserve(tiers.size());
        for (std::size_t i = 0; i < tiers.size(); ++i) {
            workers.emplace_back([&, i] {
                Tier& tier = *tiers[i];
                ComparedRun& run = runs[i];
                run.tier = tier.name();
                run.control = tier.info().control;
                try {
                    run.result = tier.run(request, {}, stop);
                } catch (const std::exception& error) {
                    // run() promises not to throw; one that does still leaves the others' results.
                    run.result =
                        RunResult::setupFailure(run.tier, std::string("the tier failed: ") + error.what());
                }
                if (run.result.tier.empty())
                    run.result.tier = run.tier;
                if (finished)
                    finished(i, run);
            });
        }
    } // every worker joined
    TierComparison comparison = compareRuns(std::move(runs));
    comparison.cancelled = stop.stop_requested();
    return comparison;
}

TierComparison compareRuns(std::vector<ComparedRun> runs) {
    TierComparison comparison;
    comparison.runs = std::move(runs);
    std::vector<const RunResult*> results;
    for (const ComparedRun& run : comparison.runs)
        results.push_back(&run.result);
    comparison.differences = compareRunResults(results);
    return comparison;
}

nlohmann::json differencesToJson(const RunDifferences& differences, const std::vector<std::string>& names) {
    nlohmann::json fields = nlohmann::json::array();
    for (const RunField field : differences.fields)
        fields.push_back(toString(field));
    nlohmann::json lines = nlohmann::json::array();
    for (const LineDifference& line : differences.lines) {
        nlohmann::json counts = nlohmann::json::object();
        for (std::size_t i = 0; i < line.counts.size() && i < names.size(); ++i)
            counts[names[i]] = line.counts[i];
        lines.push_back({{"stream", line.stream == Stream::Stdout ? "stdout" : "stderr"},
                         {"line", validUtf8(line.line)},
                         {"counts", std::move(counts)}});
    }
    nlohmann::json odd = nlohmann::json::object();
    for (std::size_t i = 0; i < differences.oddFields.size() && i < names.size(); ++i) {
        nlohmann::json mine = nlohmann::json::array();
        for (const RunField field : differences.oddFields[i])
            mine.push_back(toString(field));
        odd[names[i]] = std::move(mine);
    }
    return {{"fields", std::move(fields)}, {"lines", std::move(lines)}, {"odd", std::move(odd)}};
}

nlohmann::json comparisonToJson(const TierComparison& comparison) {
    nlohmann::json runs = nlohmann::json::array();
    std::vector<std::string> names;
    for (const ComparedRun& run : comparison.runs) {
        runs.push_back({{"tier", run.tier}, {"control", run.control}, {"result", run.result}});
        names.push_back(run.tier);
    }
    return {{"runs", std::move(runs)},
            {"differences", differencesToJson(comparison.differences, names)},
            {"cancelled", comparison.cancelled}};
}

} // namespace sandbench
