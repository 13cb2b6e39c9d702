#include "artifact_files.h"
#include "commands.h"
#include "core/agent/agent_loop.h"
#include "core/agent/agent_task.h"
#include "core/atomic_file.h"
#include "policy_options.h"
#include "signal_stop.h"
#include "terminal_output.h"
#include "tier_choice.h"

#include <filesystem>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace sandbench::cli {

namespace {

using namespace sandbench::agent;

constexpr const char* kHelp =
    "Usage: sandbench-cli agent [options] TASK|-|--task DIR\n"
    "\n"
    "Gives a model the task and one tool, run_python, whose every call runs on the chosen tier (never in\n"
    "this process) under the policy given here. Streams the model's text to standard output as it is\n"
    "generated, and each run's code and live output. Exits 0 when the model gave a final answer, 3 when it\n"
    "still wanted to run code at the turn limit, 1 when the provider or the tier failed, 130 when\n"
    "interrupted. \"-\" reads the task from standard input. On a terminal, the model's text, its code and\n"
    "the runs' output have their control characters shown escaped (see --raw), and Sandbench's own lines\n"
    "(each run's header and result) are in reverse video.\n"
    "\n"
    "  --tier NAME         the tier every run_python call uses (default: @DEFAULT_TIER@)\n"
    "                      (or --backend, its older name)\n"
    "  --provider anthropic|openai  the API (default: anthropic when ANTHROPIC_API_KEY is set, else openai\n"
    "                      when OPENAI_API_KEY or OPENAI_BASE_URL is set, else anthropic)\n"
    "  --base-url URL      the API root (anthropic: https://api.anthropic.com; openai:\n"
    "                      https://api.openai.com/v1, Ollama http://localhost:11434/v1, llama.cpp\n"
    "                      http://localhost:8080/v1, vLLM http://localhost:8000/v1)\n"
    "  --model NAME        the model (default per provider, or SANDBENCH_AGENT_MODEL)\n"
    "  --max-turns N       model calls before the loop gives up (default 6)\n"
    "  --max-tokens N      the longest reply (default 4000)\n"
    "  --token-limit-field auto|max_completion_tokens|max_tokens  the member that carries it on the\n"
    "                      openai API (default auto: max_completion_tokens at api.openai.com, whose\n"
    "                      reasoning models refuse max_tokens, max_tokens elsewhere; auto switches once\n"
    "                      when a server refuses the one sent)\n"
    "  --temperature T     sampling temperature (default: the provider's)\n"
    "  --no-stream         ask for whole replies instead of server-sent events\n"
    "  --system TEXT       the system prompt (default: the reference agent.py's)\n"
    "  --task DIR|NAME     a task folder (task.md and its data, e.g. examples/tasks/revenue-by-month) or\n"
    "                      a bundled task's name: the model gets task.md, every run sees the data\n"
    "                      read-only at /data/<file name>\n"
    "  --artifacts DIR     write the files each run left in /tmp/outputs into DIR/run-N (created if\n"
    "                      missing); without it they are listed only\n"
    "  --transcript FILE   save the session (messages, each run's code, result and evidence) as JSON\n"
    "  --markdown FILE     save the session as Markdown\n";

constexpr const char* kKeysHelp =
    "\n"
    "API keys come only from the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY), never from the\n"
    "command line, where other users could read them; no key ever reaches a sandbox.\n"
    "\n";

ProviderKind chosenProvider(Arguments& arguments, const std::map<std::string, std::string>& environment) {
    if (const auto name = arguments.value("--provider")) {
        const auto kind = providerKindFromString(*name);
        if (!kind)
            throw UsageError("--provider must be anthropic or openai, not \"" + *name + "\"");
        return *kind;
    }
    if (environment.contains("ANTHROPIC_API_KEY"))
        return ProviderKind::Anthropic;
    if (environment.contains("OPENAI_API_KEY") || environment.contains("OPENAI_BASE_URL"))
        return ProviderKind::OpenAiCompatible;
    return ProviderKind::Anthropic;
}

std::string readTask(const std::string& word) {
    if (word != "-")
        return word;
    std::ostringstream contents;
    contents << std::cin.rdbuf();
    if (std::cin.bad())
        throw CliError("cannot read the task from standard input");
    return contents.str();
}

// --task: a folder, or the name of a bundled task when no such folder exists.
AgentTask taskNamed(const std::string& word) {
    std::error_code error;
    std::string folder = word;
    if (!std::filesystem::exists(word, error) && word.find('/') == std::string::npos) {
        const std::string bundled = bundledTasksFolder();
        folder = bundled + "/" + word;
        if (!std::filesystem::is_directory(folder, error)) {
            std::string names;
            for (const AgentTask& task : agentTasksIn(bundled))
                names += (names.empty() ? "" : ", ") + task.name;
            throw UsageError("--task: no folder " + word + " and no bundled task of that name" +
                             (names.empty() ? std::string() : " (bundled: " + names + ")"));
        }
    }
    try {
        return loadAgentTask(folder);
    } catch (const std::runtime_error& problem) {
        throw CliError(problem.what());
    }
}

std::string indented(const std::string& code) {
    std::string result = "    ";
    for (size_t i = 0; i < code.size(); ++i) {
        result += code[i];
        if (code[i] == '\n' && i + 1 < code.size())
            result += "    ";
    }
    if (!result.ends_with('\n'))
        result += '\n';
    return result;
}

} // namespace

int agentCommand(Arguments& arguments, const TierRegistry& registry) {
    if (arguments.flag("--help")) {
        std::cout << withDefaultTier(kHelp, registry) << kTerminalOutputHelp << kKeysHelp
                  << "Policy of every run:\n"
                  << kPolicyOptionsHelp << tierOptionsHelp(registry);
        return 0;
    }
    const auto environment = processEnvironment();
    ProviderSettings provider =
        ProviderSettings::fromEnvironment(chosenProvider(arguments, environment), environment);
    if (const auto url = arguments.value("--base-url"))
        provider.baseUrl = *url;
    if (const auto model = arguments.value("--model"))
        provider.model = *model;
    if (const auto tokens = arguments.value("--max-tokens"))
        provider.maxTokens = static_cast<int>(parseWhole("--max-tokens", *tokens, 1, 1000000));
    if (const auto field = arguments.value("--token-limit-field")) {
        const auto chosen = tokenLimitFieldFromString(*field);
        if (!chosen)
            throw UsageError("--token-limit-field must be auto, max_completion_tokens or max_tokens, not \"" +
                             *field + "\"");
        provider.tokenLimitField = *chosen;
    }
    if (const auto temperature = arguments.value("--temperature"))
        provider.temperature = parseNumber("--temperature", *temperature, 0, 2, "");
    if (arguments.flag("--no-stream"))
        provider.stream = false;

    AgentSettings settings;
    if (const auto turns = arguments.value("--max-turns"))
        settings.maxTurns = static_cast<int>(parseWhole("--max-turns", *turns, 1, 100));
    if (const auto system = arguments.value("--system"))
        settings.systemPrompt = *system;
    const auto transcriptPath = arguments.value("--transcript");
    const auto markdownPath = arguments.value("--markdown");
    const auto mode = arguments.flag("--raw") ? TerminalOutput::Mode::Raw : TerminalOutput::Mode::Safe;
    const CommandTiers tiers(registry, arguments);
    const std::string tierName = chosenTierName(arguments, tiers);
    settings.runTemplate.policy = policyFromArguments(arguments);
    settings.runTemplate.interpreter = interpreterFromArguments(arguments);
    const std::optional<std::string> artifactsFolder = arguments.value("--artifacts");
    if (artifactsFolder && artifactsFolder->empty())
        throw UsageError("--artifacts: give a folder to write the artifacts into");
    const auto taskFolder = arguments.value("--task");
    const auto words = arguments.positionals();
    std::string task;
    if (taskFolder) {
        if (!words.empty())
            throw UsageError("agent takes --task or a task in quotes, not both");
        const AgentTask chosen = taskNamed(*taskFolder);
        task = chosen.prompt;
        auto& inputs = settings.runTemplate.policy.inputs;
        inputs.insert(inputs.end(), chosen.inputs.begin(), chosen.inputs.end());
    } else {
        if (words.size() != 1)
            throw UsageError(
                words.empty()
                    ? "agent needs a task, in quotes, - to read it from standard input, or --task DIR"
                    : "agent takes one task; put it in quotes");
        task = readTask(words.front());
    }

    if (const std::string missing = provider.missingConfiguration(); !missing.empty())
        throw CliError(missing);
    const std::unique_ptr<Tier> tier = usableTier(tiers, tierName);
    if (tier->info().control)
        throw CliError(
            "the " + tier->name() +
            " tier is the unprotected control of the Attack Lab; the agent never runs a model's code "
            "there. Choose a sandboxed tier with --tier.");
    const std::unique_ptr<LlmProvider> client = makeProvider(provider);

    // The model's text and code and the runs' output are untrusted; the rest is Sandbench's own.
    TerminalOutput out(STDOUT_FILENO, mode);
    TerminalOutput err(STDERR_FILENO, mode);
    bool atLineStart = true; // where the terminal's cursor is, across both streams
    auto untrusted = [&](TerminalOutput& output, std::string_view bytes) {
        output.writeUntrusted(bytes);
        if (!bytes.empty())
            atLineStart = bytes.back() == '\n';
    };
    auto endUntrusted = [&] { // shows a character cut short, escaped: the cursor moves
        const bool outEnded = out.endUntrusted();
        const bool errEnded = err.endUntrusted();
        if (outEnded || errEnded)
            atLineStart = false;
    };
    auto own = [&](TerminalOutput& output, const std::string& text) {
        endUntrusted();
        output.writeOwn(text);
        if (!text.empty())
            atLineStart = text.back() == '\n';
    };
    auto freshLine = [&] {
        endUntrusted();
        if (!atLineStart)
            own(out, "\n");
    };
    own(err, "sandbench-cli agent: " + provider.describe() + "; runs on " + tier->name() + " (" +
                 settings.runTemplate.policy.summary() + ")\n");

    AgentEvents events;
    events.turnStarted = [&](int turn) {
        if (turn > 1)
            freshLine();
    };
    events.assistantText = [&](std::string_view text) { untrusted(out, text); };
    events.toolRunStarted = [&](const ToolRun& run) {
        freshLine();
        own(out, "\n[run_python on " + run.tier + "]\n");
        untrusted(out, indented(run.code));
        own(out, "[output]\n");
    };
    events.toolOutput = [&](const ToolCall&, Stream stream, std::string_view bytes) {
        untrusted(stream == Stream::Stdout ? out : err, bytes);
    };
    int runNumber = 0;
    events.toolRunFinished = [&](const ToolRun& run) {
        freshLine();
        ++runNumber;
        if (run.result && (!run.result->artifacts.empty() || !run.result->artifactsDropped.empty())) {
            try {
                own(err, saveArtifacts(*run.result, artifactsFolder ? std::optional<std::string>(
                                                                          *artifactsFolder + "/run-" +
                                                                          std::to_string(runNumber))
                                                                    : std::nullopt));
            } catch (
                const CliError& error) { // the session goes on; the user learns why the files are missing
                own(err, "sandbench-cli agent: " + std::string(error.what()) + "\n");
            }
        }
        if (run.result)
            own(out, "[" + run.tier + "] " + run.result->summary() + "\n\n");
        else
            own(out, "\n[run_python not run] " + run.problem + "\n\n");
    };
    events.notice = [&](std::string_view text) {
        freshLine();
        own(err, "sandbench-cli agent: " + std::string(text) + "\n");
    };

    SignalStop signalStop;
    const Transcript transcript = runAgent(task, *client, *tier, settings, events, signalStop.token());
    freshLine();

    std::string error;
    if (transcriptPath && !saveTranscript(transcript, *transcriptPath, error))
        throw CliError(error);
    if (markdownPath && !writeFileAtomically(*markdownPath, transcript.toMarkdown(), error))
        throw CliError(error);

    switch (transcript.outcome) {
    case AgentOutcome::Finished:
        own(err, "sandbench-cli agent: finished in " + std::to_string(transcript.turns) + " turn" +
                     (transcript.turns == 1 ? "" : "s") + ", " + std::to_string(transcript.runs.size()) +
                     " run" + (transcript.runs.size() == 1 ? "" : "s") + "\n");
        return 0;
    case AgentOutcome::TurnLimit:
        own(err, "sandbench-cli agent: " + transcript.error + "\n");
        return kExitTurnLimit;
    case AgentOutcome::Cancelled:
        own(err, "sandbench-cli agent: cancelled\n");
        return kExitCancelled;
    case AgentOutcome::Failed:
        break;
    }
    own(err, "sandbench-cli agent: " + transcript.error + "\n");
    return kExitFailure;
}

} // namespace sandbench::cli
