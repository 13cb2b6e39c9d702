#include "run_on_every_tier.h"

#include "commands.h"
#include "core/lab_run.h"
#include "core/number_text.h"
#include "core/tier_comparison.h"
#include "signal_stop.h"
#include "text_table.h"

#include <iostream>
#include <sstream>
#include <unistd.h>

namespace sandbench::cli {

namespace {

std::string cpuText(const RunResult& result) {
    return result.cpuSeconds ? fixedText(*result.cpuSeconds, 2) : "not measured";
}

std::string memoryText(const RunResult& result) {
    return result.peakMemoryKb ? fixedText(static_cast<double>(*result.peakMemoryKb) / 1024.0, 1) + " MB"
                               : "not measured";
}

std::string linesText(const std::string& bytes, bool truncated) {
    const std::size_t count = outputLines(bytes).size();
    return std::to_string(count) + (count == 1 ? " line" : " lines") + (truncated ? ", cut at the cap" : "");
}

std::string stoppedByText(const RunResult& result) {
    return result.stoppedBy == StopReason::None ? "-" : std::string(toString(result.stoppedBy));
}

// A program's text in a table cell: on a terminal (unless --raw) its control characters shown escaped.
class CellText {
public:
    CellText(bool filter)
        : m_filter(filter) {}
    std::string operator()(const std::string& text) const {
        if (!m_filter)
            return text;
        TerminalFilter filter;
        return filter.filter(text) + filter.finish();
    }

private:
    bool m_filter;
};

void printComparison(const TierComparison& comparison, const std::vector<SkippedTier>& skipped,
                     TerminalOutput& out, const CellText& cell) {
    const RunDifferences& differences = comparison.differences;
    std::vector<std::string> header{"FIELD"};
    for (const ComparedRun& run : comparison.runs)
        header.push_back(run.control ? run.tier + " (control)" : run.tier);
    TextTable table(header);
    // A row per figure; a cell whose value stands apart from most tiers' ends in the mark.
    const auto addRow = [&](const std::string& name, auto valueOf, std::optional<RunField> field) {
        std::vector<std::string> row{name};
        for (std::size_t i = 0; i < comparison.runs.size(); ++i) {
            std::string value = valueOf(comparison.runs[i].result);
            if (field && differences.isOdd(i, *field))
                value += std::string(" ") + kDifferenceMark;
            row.push_back(std::move(value));
        }
        table.addRow(std::move(row));
    };
    addRow(
        "ending", [](const RunResult& r) { return endingOf(r); }, RunField::Ending);
    addRow("stopped by", stoppedByText, RunField::StoppedBy);
    addRow(
        "evidence", [&](const RunResult& r) { return r.evidence.empty() ? "-" : cell(r.evidence); },
        std::nullopt);
    addRow(
        "wall", [](const RunResult& r) { return secondsText(r.wallSeconds); }, std::nullopt);
    addRow("cpu seconds", cpuText, std::nullopt);
    addRow("peak memory", memoryText, std::nullopt);
    addRow(
        "start", [](const RunResult& r) { return std::string(r.warmStart ? "warm" : "cold"); }, std::nullopt);
    addRow(
        "stdout", [](const RunResult& r) { return linesText(r.stdoutBytes, r.stdoutTruncated); },
        RunField::Stdout);
    addRow(
        "stderr", [](const RunResult& r) { return linesText(r.stderrBytes, r.stderrTruncated); },
        RunField::Stderr);
    std::ostringstream text;
    table.print(text);

    if (!differences.lines.empty()) {
        text << "\nlines not on every tier alike (times each occurs):\n";
        std::vector<std::string> lineHeader{"STREAM"};
        for (std::size_t i = 1; i < header.size(); ++i)
            lineHeader.push_back(header[i]);
        lineHeader.push_back("LINE");
        TextTable lines(lineHeader);
        for (std::size_t i = 1; i + 1 < lineHeader.size(); ++i)
            lines.alignRight(i);
        for (const LineDifference& line : differences.lines) {
            std::vector<std::string> row{line.stream == Stream::Stdout ? "stdout" : "stderr"};
            for (const int count : line.counts)
                row.push_back(std::to_string(count));
            row.push_back(cell(line.line));
            lines.addRow(std::move(row));
        }
        lines.print(text);
    }
    for (const SkippedTier& skip : skipped)
        text << "not run on " << skip.name << ": " << skip.reason << '\n';
    if (differences.empty()) {
        text << "\nno differences between the tiers besides timings and memory\n";
    } else {
        text << "\ndifferences (" << kDifferenceMark << "):";
        for (const RunField field : differences.fields)
            text << ' ' << toString(field);
        text << '\n';
    }
    out.writeVerbatim(text.str());

    // Each tier's output, its differing lines marked in a column of their own that the program cannot
    // write into (its bytes come after it, filtered).
    for (std::size_t i = 0; i < comparison.runs.size(); ++i) {
        const ComparedRun& run = comparison.runs[i];
        for (const Stream stream : {Stream::Stdout, Stream::Stderr}) {
            const std::string& bytes =
                stream == Stream::Stdout ? run.result.stdoutBytes : run.result.stderrBytes;
            if (bytes.empty())
                continue;
            out.writeOwn("\n--- " + run.tier + " " + (stream == Stream::Stdout ? "stdout" : "stderr") +
                         " ---\n");
            const std::vector<std::string> lines = outputLines(bytes);
            for (std::size_t index = 0; index < lines.size(); ++index) {
                const std::string& line = lines[index];
                out.writeVerbatim(differences.isOddLine(i, stream, index) ? std::string(kDifferenceMark) + " "
                                                                          : "  ");
                out.writeUntrusted(line);
                out.endUntrusted();
                out.writeVerbatim("\n");
            }
        }
    }
}

} // namespace

int runOnEveryTier(const CommandTiers& tiers, const RunRequest& request, bool json, TerminalOutput::Mode mode,
                   bool withHost) {
    std::vector<SkippedTier> skipped;
    std::vector<std::unique_ptr<Tier>> chosen;
    for (auto& tier : chooseTiers(tiers, "all", skipped)) {
        if (tier->info().control && !withHost)
            skipped.push_back({tier->name(), "the control tier has no isolation at all; add --with-host to "
                                             "run the program on it too"});
        else
            chosen.push_back(std::move(tier));
    }
    if (chosen.empty())
        throw CliError("no tier with a boundary can run here; add --with-host for the host control");
    std::vector<Tier*> running;
    for (const auto& tier : chosen) {
        running.push_back(tier.get());
        if (tier->info().control)
            std::cerr << "sandbench-cli: " << tier->name() << " is the control tier: no isolation at all\n";
    }

    SignalStop signalStop;
    const bool progress = ::isatty(STDERR_FILENO) == 1 && !json;
    const TierComparison comparison =
        compareOnTiers(request, running, signalStop.token(), [&](std::size_t, const ComparedRun& run) {
            if (progress)
                std::cerr << "[" + run.tier + "] " + run.result.summary() + "\n";
        });

    TerminalOutput out(STDOUT_FILENO, mode);
    if (json) {
        nlohmann::json document = comparisonToJson(comparison);
        document["format"] = "sandbench-tier-comparison";
        document["version"] = 1;
        document["policy"] = nlohmann::json::parse(request.policy.toJson());
        nlohmann::json notRun = nlohmann::json::array();
        for (const SkippedTier& skip : skipped)
            notRun.push_back({{"tier", skip.name}, {"reason", skip.reason}});
        document["not_run"] = std::move(notRun);
        out.writeVerbatim(dumpJson(document, out.isTerminal()) + "\n");
    } else {
        printComparison(comparison, skipped, out,
                        CellText(out.isTerminal() && mode == TerminalOutput::Mode::Safe));
    }
    if (comparison.cancelled) {
        std::cerr << "sandbench-cli: interrupted; the comparison above is incomplete\n";
        return kExitCancelled;
    }
    for (const ComparedRun& run : comparison.runs)
        if (run.result.stoppedBy == StopReason::SetupFailure)
            return kExitRunFailure;
    return 0;
}

} // namespace sandbench::cli
