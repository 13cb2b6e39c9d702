#include "artifact_files.h"
#include "commands.h"
#include "policy_options.h"
#include "run_on_every_tier.h"
#include "signal_stop.h"
#include "terminal_output.h"
#include "tier_choice.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace sandbench::cli {

namespace {

constexpr const char* kHelp =
    "Usage: sandbench-cli run [options] FILE|-\n"
    "\n"
    "Runs one Python program (\"-\" reads it from standard input) on a tier, streaming its output live,\n"
    "and exits with the program's exit code (128+N when signal N killed it, 125 when the tier could not\n"
    "run it, 130 when interrupted). The result line goes to standard error, in reverse video when that is\n"
    "a terminal; on a terminal the program's control characters are shown escaped (see --raw).\n"
    "\n"
    "  --tier NAME|all     the tier (default: @DEFAULT_TIER@), or every tier usable here at once,\n"
    "                      side by side: a table of how each run ended, why, its times and memory and\n"
    "                      its output, with what differs between the tiers marked with \u2260 (timings and\n"
    "                      memory never count as a difference). Exits 0 when every tier ran the program,\n"
    "                      125 when one could not set up its isolation\n"
    "                      (or --backend, its older name)\n"
    "  --with-host         with --tier all: the host control too (no isolation at all)\n"
    "  --json              print the result as JSON on standard output instead of streaming (artifacts:\n"
    "                      their name, size and type)\n"
    "  --artifacts DIR     write the files the program left in /tmp/outputs into DIR (created if\n"
    "                      missing); each is listed on standard error, with what was dropped and why\n";

std::string readProgram(const std::string& path) {
    std::ostringstream contents;
    if (path == "-") {
        contents << std::cin.rdbuf();
        if (std::cin.bad())
            throw CliError("cannot read the program from standard input");
        return contents.str();
    }
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw CliError("cannot read " + path + ": " + std::strerror(errno));
    contents << file.rdbuf();
    return contents.str();
}

int exitCodeFor(const RunResult& result) {
    if (result.stoppedBy == StopReason::SetupFailure)
        return kExitRunFailure;
    if (result.stoppedBy == StopReason::Cancelled)
        return kExitCancelled;
    if (result.exitCode)
        return *result.exitCode;
    if (result.termSignal)
        return 128 + *result.termSignal;
    return kExitRunFailure;
}

} // namespace

int runCommand(Arguments& arguments, const TierRegistry& registry) {
    if (arguments.flag("--help")) {
        std::cout << withDefaultTier(kHelp, registry) << kTerminalOutputHelp << kPolicyOptionsHelp
                  << tierOptionsHelp(registry);
        return 0;
    }
    const CommandTiers tiers(registry, arguments);
    const std::string tierName = chosenTierName(arguments, tiers);
    const bool json = arguments.flag("--json");
    const bool withHost = arguments.flag("--with-host");
    const std::optional<std::string> artifactsFolder = arguments.value("--artifacts");
    if (artifactsFolder && artifactsFolder->empty())
        throw UsageError("--artifacts: give a folder to write the artifacts into");
    if (artifactsFolder && tierName == "all")
        throw UsageError("--artifacts goes with one tier; with --tier all each tier's would collide");
    if (withHost && tierName != "all")
        throw UsageError("--with-host goes with --tier all; to run on the host alone, give --tier host");
    const auto mode = arguments.flag("--raw") ? TerminalOutput::Mode::Raw : TerminalOutput::Mode::Safe;
    RunRequest request;
    request.policy = policyFromArguments(arguments);
    request.interpreter = interpreterFromArguments(arguments);
    const auto files = arguments.positionals();
    if (files.size() != 1)
        throw UsageError(files.empty() ? "run needs a program: FILE, or - for standard input"
                                       : "run takes one program, not " + std::to_string(files.size()));
    request.code = readProgram(files.front());

    if (tierName == "all")
        return runOnEveryTier(tiers, request, json, mode, withHost);

    const std::unique_ptr<Tier> tier = usableTier(tiers, tierName);
    if (tier->info().control)
        std::cerr << "sandbench-cli: " << tier->name() << " is the control tier: no isolation at all\n";

    TerminalOutput out(STDOUT_FILENO, mode);
    TerminalOutput err(STDERR_FILENO, mode);
    bool atLineStart = true; // where the terminal's cursor is, across both streams
    const OutputSink live = [&](Stream stream, std::string_view bytes) {
        (stream == Stream::Stdout ? out : err).writeUntrusted(bytes);
        if (!bytes.empty())
            atLineStart = bytes.back() == '\n';
    };
    const OutputSink quiet;

    SignalStop signalStop;
    const RunResult result = tier->run(request, json ? quiet : live, signalStop.token());

    // A character the output ended in the middle of is shown now, before the result line.
    const bool outEnded = out.endUntrusted();
    const bool errEnded = err.endUntrusted();
    if (outEnded || errEnded)
        atLineStart = false;
    if (json)
        out.writeVerbatim(result.toJson(out.isTerminal()) + "\n");
    err.writeOwn(std::string(atLineStart ? "" : "\n") + "[" + labelled(*tier) + "] " + result.summary() +
                 "\n");
    // Names are sanitised by the tier (no control characters), so the list is Sandbench's own text.
    err.writeOwn(saveArtifacts(result, artifactsFolder));
    // The proxy's decisions name what the program asked for: its words, so written as untrusted text.
    for (const EgressEvent& event : result.egress) {
        err.writeOwn("[" + labelled(*tier) + "] network: ");
        err.writeUntrusted(event.text() + "\n");
    }
    err.endUntrusted();
    return exitCodeFor(result);
}

} // namespace sandbench::cli
