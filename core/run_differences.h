#pragma once

#include "run_result.h"
#include "tier.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandbench {

// What the same program did differently in several runs (on several tiers, or a replay against its original).
//
// A difference is something the program or the boundary decided: how the run ended (exit code or signal),
// what stopped it (StopReason), whether an output was cut at the cap, and the lines it wrote. Expected
// variance is no difference: wall and CPU time, peak memory, a warm or cold start, the accelerator or
// platform, and the wording of the evidence (each tier names its own layer; a different StopReason is
// what counts). Each tier also hands the program over its own way (/sandbench/main.py, a temporary
// folder's main.py, standard input), so in a traceback the program's own file reads as <program>, and the
// source lines Python echoes under such a frame are not compared (a program read from standard input has
// none); a library's frames compare as they are.
enum class RunField {
    Ending,     // "exit 1", "killed by SIGKILL", "did not run"
    StoppedBy,  // the StopReason
    Stdout,     // the lines written to standard output
    Stderr,     // the lines written to standard error
    Truncation, // an output cut at the policy's cap on one run and not another
};

std::string_view toString(RunField field); // "ending", "stopped_by", "stdout", "stderr", "truncated"

// A line of output whose number of occurrences differs between the runs (a ModuleNotFoundError traceback
// on one tier only). Lines compare as bytes, without their line break ("\r\n" and "\n" end a line alike).
struct LineDifference {
    Stream stream = Stream::Stdout;
    std::string line;
    std::vector<int> counts; // per run, in the runs' order: how often the line occurs
};

struct RunDifferences {
    std::vector<RunField> fields;      // in RunField order
    std::vector<LineDifference> lines; // in the order the lines first occur, stdout's before stderr's
    // Per run, the fields where it stands apart: its value is not the most common one (ties go to the
    // earlier run), so with two runs that differ the second is the one marked.
    std::vector<std::vector<RunField>> oddFields;

    bool empty() const { return fields.empty(); }
    bool differs(RunField field) const;
    bool isOdd(std::size_t run, RunField field) const;
    // Per run, the indices (in outputLines() of its stdout, of its stderr) of the lines that stand apart:
    // the run has the line, but not as often as most runs do. The lines to mark in that run's output.
    std::vector<std::vector<std::size_t>> oddStdoutLines;
    std::vector<std::vector<std::size_t>> oddStderrLines;

    bool isOddLine(std::size_t run, Stream stream, std::size_t lineIndex) const;
};

// How the run ended, as compared: "exit 0", "killed by SIGKILL", "did not run".
std::string endingOf(const RunResult& result);

// The output split into lines, each without its line break; a last line without one counts as a line.
std::vector<std::string> outputLines(std::string_view bytes);

// The line as compared ("  File \"<program>\", line 3, in <module>"), or nullopt for a line not compared
// (the source Python echoes under the program's own frame), given the line before it as compared.
std::optional<std::string> comparedLine(std::string_view line, bool afterProgramFrame);

// The differences between `runs` (two or more; fewer have none).
RunDifferences compareRunResults(const std::vector<const RunResult*>& runs);

} // namespace sandbench
