#include "run_differences.h"

#include <algorithm>
#include <map>

namespace sandbench {

namespace {

// The index of the value most runs have (ties go to the earlier run).
template <typename Value> std::size_t commonIndex(const std::vector<Value>& values) {
    std::size_t best = 0;
    long bestCount = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const long count = std::count(values.begin(), values.end(), values[i]);
        if (count > bestCount) {
            best = i;
            bestCount = count;
        }
    }
    return best;
}

template <typename Value>
void compareField(RunField field, const std::vector<Value>& values, RunDifferences& differences) {
    const Value& common = values[commonIndex(values)];
    bool differs = false;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (values[i] != common) {
            differences.oddFields[i].push_back(field);
            differs = true;
        }
    }
    if (differs)
        differences.fields.push_back(field);
}

// The lines of `bytes` as compared, each with its index in outputLines(); the lines not compared left out.
std::vector<std::pair<std::string, std::size_t>> comparedLines(const std::string& bytes) {
    std::vector<std::pair<std::string, std::size_t>> lines;
    bool afterProgramFrame = false;
    const std::vector<std::string> raw = outputLines(bytes);
    for (std::size_t i = 0; i < raw.size(); ++i) {
        std::optional<std::string> compared = comparedLine(raw[i], afterProgramFrame);
        if (!compared)
            continue; // still under the program's frame
        afterProgramFrame = compared->starts_with("  File \"<program>\"");
        lines.emplace_back(std::move(*compared), i);
    }
    return lines;
}

const std::string& streamBytes(const RunResult& run, Stream stream) {
    return stream == Stream::Stdout ? run.stdoutBytes : run.stderrBytes;
}

// Adds the lines of `stream` whose counts differ, and each run's odd lines; true when there is one.
bool compareLines(Stream stream, const std::vector<const RunResult*>& runs, RunDifferences& differences) {
    std::vector<std::string> order;
    std::map<std::string, std::vector<int>> counts;
    std::vector<std::vector<std::pair<std::string, std::size_t>>> perRunLines;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        perRunLines.push_back(comparedLines(streamBytes(*runs[i], stream)));
        for (const auto& [line, index] : perRunLines.back()) {
            auto [entry, first] = counts.try_emplace(line, std::vector<int>(runs.size(), 0));
            if (first)
                order.push_back(line);
            ++entry->second[i];
        }
    }
    bool any = false;
    for (const std::string& line : order) {
        const std::vector<int>& perRun = counts[line];
        if (std::adjacent_find(perRun.begin(), perRun.end(), std::not_equal_to<>()) == perRun.end())
            continue;
        differences.lines.push_back({stream, line, perRun});
        any = true;
    }
    auto& odd = stream == Stream::Stdout ? differences.oddStdoutLines : differences.oddStderrLines;
    odd.assign(runs.size(), {});
    for (std::size_t i = 0; i < runs.size(); ++i) {
        for (const auto& [line, index] : perRunLines[i]) {
            const std::vector<int>& perRun = counts[line];
            // A run that lacks the line has nothing to mark; the runs that have it show where it stands
            // apart.
            if (perRun[i] != perRun[commonIndex(perRun)])
                odd[i].push_back(index);
        }
    }
    return any;
}

} // namespace

std::string_view toString(RunField field) {
    switch (field) {
    case RunField::Ending:
        return "ending";
    case RunField::StoppedBy:
        return "stopped_by";
    case RunField::Stdout:
        return "stdout";
    case RunField::Stderr:
        return "stderr";
    case RunField::Truncation:
        return "truncated";
    }
    return "ending";
}

bool RunDifferences::differs(RunField field) const {
    return std::find(fields.begin(), fields.end(), field) != fields.end();
}

bool RunDifferences::isOdd(std::size_t run, RunField field) const {
    return run < oddFields.size() &&
           std::find(oddFields[run].begin(), oddFields[run].end(), field) != oddFields[run].end();
}

bool RunDifferences::isOddLine(std::size_t run, Stream stream, std::size_t lineIndex) const {
    const auto& odd = stream == Stream::Stdout ? oddStdoutLines : oddStderrLines;
    return run < odd.size() && std::find(odd[run].begin(), odd[run].end(), lineIndex) != odd[run].end();
}

std::optional<std::string> comparedLine(std::string_view line, bool afterProgramFrame) {
    static constexpr std::string_view frame = "  File \"";
    if (afterProgramFrame && line.starts_with("    "))
        return std::nullopt;
    if (line.starts_with(frame)) {
        const std::size_t close = line.find('"', frame.size());
        if (close != std::string_view::npos) {
            const std::string_view file = line.substr(frame.size(), close - frame.size());
            if (file == "<stdin>" || file == "main.py" || file.ends_with("/main.py"))
                return std::string(frame) + "<program>" + std::string(line.substr(close));
        }
    }
    return std::string(line);
}

std::string endingOf(const RunResult& result) {
    if (result.exitCode)
        return "exit " + std::to_string(*result.exitCode);
    if (result.termSignal)
        return "killed by " + signalName(*result.termSignal);
    if (result.stoppedBy == StopReason::None && !result.evidence.empty())
        return "no exit status"; // it ran, but the tier lost track of how it ended (as summary() says)
    return "did not run";
}

std::vector<std::string> outputLines(std::string_view bytes) {
    std::vector<std::string> lines;
    while (!bytes.empty()) {
        const std::size_t end = bytes.find('\n');
        std::string_view line = bytes.substr(0, end);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        lines.emplace_back(line);
        if (end == std::string_view::npos)
            break;
        bytes.remove_prefix(end + 1);
    }
    return lines;
}

RunDifferences compareRunResults(const std::vector<const RunResult*>& runs) {
    RunDifferences differences;
    differences.oddFields.resize(runs.size());
    if (runs.size() < 2)
        return differences;
    std::vector<std::string> endings;
    std::vector<StopReason> stops;
    std::vector<std::pair<bool, bool>> truncations;
    for (const RunResult* run : runs) {
        endings.push_back(endingOf(*run));
        stops.push_back(run->stoppedBy);
        truncations.emplace_back(run->stdoutTruncated, run->stderrTruncated);
    }
    compareField(RunField::Ending, endings, differences);
    compareField(RunField::StoppedBy, stops, differences);
    for (const Stream stream : {Stream::Stdout, Stream::Stderr}) {
        if (!compareLines(stream, runs, differences))
            continue;
        // A run is odd in an output when it has a differing line more or less often than most runs.
        const RunField field = stream == Stream::Stdout ? RunField::Stdout : RunField::Stderr;
        differences.fields.push_back(field);
        for (std::size_t i = 0; i < runs.size(); ++i) {
            for (const LineDifference& line : differences.lines) {
                if (line.stream == stream && line.counts[i] != line.counts[commonIndex(line.counts)]) {
                    differences.oddFields[i].push_back(field);
                    break;
                }
            }
        }
    }
    compareField(RunField::Truncation, truncations, differences);
    std::sort(differences.fields.begin(), differences.fields.end());
    for (auto& odd : differences.oddFields)
        std::sort(odd.begin(), odd.end());
    return differences;
}

} // namespace sandbench
