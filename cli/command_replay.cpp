#include "commands.h"
#include "core/agent/session_replay.h"
#include "core/lab_run.h"
#include "run_on_every_tier.h"
#include "signal_stop.h"
#include "terminal_output.h"
#include "text_table.h"
#include "tier_choice.h"

#include <iostream>
#include <sstream>
#include <unistd.h>

namespace sandbench::cli {

namespace {

constexpr const char* kHelp =
    "Usage: sandbench-cli replay [options] TRANSCRIPT\n"
    "\n"
    "Runs every run_python call of a saved agent session (agent --transcript, the workbench's Save\n"
    "Transcript) again on another tier, without the model, under the session's policy, and shows call by\n"
    "call where the result differs from the one the transcript recorded: how the run ended, what stopped\n"
    "it, the output lines (timings and memory never count). Differences are data: the exit code is 0\n"
    "whenever the session was replayed, 1 for a transcript that cannot be read or a tier that cannot run.\n"
    "\n"
    "  --tier NAME         the tier to replay on (default: @DEFAULT_TIER@)\n"
    "                      (or --backend, its older name)\n"
    "  --with-host         allow the host control, which has no isolation at all\n"
    "  --json              the replay as JSON (docs/cli-json.md)\n";

std::string shortEnding(const std::optional<RunResult>& result) {
    if (!result)
        return "-";
    std::string text = endingOf(*result);
    if (result->stoppedBy != StopReason::None)
        text += ", " + std::string(toString(result->stoppedBy));
    return text;
}

std::string firstLine(const std::string& code) {
    std::string line = code.substr(0, code.find('\n'));
    if (line.size() > 40)
        line = line.substr(0, 39) + "…";
    return line;
}

void printReplay(const agent::SessionReplay& replay, TerminalOutput& out, bool filter) {
    const auto shown = [filter](const std::string& text) {
        if (!filter)
            return text;
        TerminalFilter terminal;
        return terminal.filter(text) + terminal.finish();
    };
    std::ostringstream text;
    text << "replayed on " << replay.tier << ": " << replay.policy.summary() << '\n';
    TextTable table({"CALL", "CODE", "ORIGINAL", "REPLAYED", "DIFFERS"});
    for (std::size_t i = 0; i < replay.calls.size(); ++i) {
        const agent::ReplayedCall& call = replay.calls[i];
        std::string differs;
        if (!call.replayed)
            differs = call.problem.empty() ? "not replayed" : "never ran: " + call.problem;
        for (const RunField field : call.differences.fields)
            differs +=
                (differs.empty() ? std::string(kDifferenceMark) + " " : ", ") + std::string(toString(field));
        table.addRow({std::to_string(i + 1) + " " + call.callId, shown(firstLine(call.code)),
                      call.originalTier + ": " + shortEnding(call.original), shortEnding(call.replayed),
                      differs.empty() ? "-" : differs});
    }
    table.print(text);
    for (std::size_t i = 0; i < replay.calls.size(); ++i) {
        const agent::ReplayedCall& call = replay.calls[i];
        if (call.differences.lines.empty())
            continue;
        text << "\ncall " << i + 1 << ", lines not in both (original, replayed):\n";
        TextTable lines({"STREAM", "ORIGINAL", "REPLAYED", "LINE"});
        lines.alignRight(1);
        lines.alignRight(2);
        for (const LineDifference& line : call.differences.lines)
            lines.addRow({line.stream == Stream::Stdout ? "stdout" : "stderr", std::to_string(line.counts[0]),
                          std::to_string(line.counts[1]), shown(line.line)});
        lines.print(text);
    }
    text << '\n'
         << replay.differingCalls() << " of " << replay.calls.size() << " calls differ on " << replay.tier
         << '\n';
    out.writeVerbatim(text.str());
}

} // namespace

int replayCommand(Arguments& arguments, const TierRegistry& registry) {
    if (arguments.flag("--help")) {
        std::cout << withDefaultTier(kHelp, registry) << tierOptionsHelp(registry);
        return 0;
    }
    const CommandTiers tiers(registry, arguments);
    const std::string tierName = chosenTierName(arguments, tiers);
    const bool json = arguments.flag("--json");
    const bool withHost = arguments.flag("--with-host");
    const auto files = arguments.positionals();
    if (files.size() != 1)
        throw UsageError(files.empty() ? "replay needs a transcript file"
                                       : "replay takes one transcript, not " + std::to_string(files.size()));
    agent::Transcript transcript;
    try {
        transcript = agent::readTranscriptFile(files.front());
    } catch (const agent::TranscriptFileError& error) {
        throw CliError(error.what());
    }
    const std::unique_ptr<Tier> tier = usableTier(tiers, tierName);
    if (tier->info().control && !withHost)
        throw CliError("the " + tier->name() +
                       " tier has no isolation at all: a model's programs are not "
                       "replayed on it unless you add --with-host");

    SignalStop signalStop;
    const bool progress = ::isatty(STDERR_FILENO) == 1;
    const agent::SessionReplay replay = agent::replaySession(
        transcript, *tier, signalStop.token(), [&](std::size_t index, const agent::ReplayedCall& call) {
            if (progress)
                std::cerr << "[" << tier->name() << " " << index + 1 << "/" << transcript.runs.size() << "] "
                          << (call.replayed ? call.replayed->summary() : "not replayed") << '\n';
        });
    TerminalOutput out(STDOUT_FILENO, TerminalOutput::Mode::Safe);
    if (json)
        out.writeVerbatim(dumpJson(agent::replayToJson(replay), out.isTerminal()) + "\n");
    else
        printReplay(replay, out, out.isTerminal());
    if (replay.cancelled) {
        std::cerr << "sandbench-cli: interrupted; the replay above is incomplete\n";
        return kExitCancelled;
    }
    return 0;
}

} // namespace sandbench::cli
