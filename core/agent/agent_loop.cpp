#include "agent_loop.h"

#include "run_python_tool.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <optional>
#include <set>

namespace sandbench::agent {

namespace {

std::string utcNow() {
    const std::time_t now = std::time(nullptr);
    std::tm parts{};
    gmtime_r(&now, &parts);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
    return text;
}

// The network as the model must use it: with an allow list, through the proxy the environment names, and
// each secret by its variable (whose value the model never sees either).
std::string networkFact(const Policy& policy) {
    if (policy.network)
        return "";
    if (!policy.egress.active())
        return "there is no network access, ";
    std::string hosts;
    for (const AllowedHost& host : policy.egress.allow)
        hosts += (hosts.empty() ? "" : ", ") + host.text();
    std::string fact = "HTTP and HTTPS go only to " +
                       (hosts.empty() ? std::string("the allowed addresses") : hosts) +
                       ", through the proxy HTTPS_PROXY names (there is no DNS), ";
    for (const SecretRule& secret : policy.egress.secrets) {
        std::string to;
        for (const std::string& host : secret.hosts)
            to += (to.empty() ? "" : ", ") + host;
        fact += "the environment variable " + secret.name + " is the key for " + to + " (send it in the " +
                secret.header + " header), ";
    }
    return fact;
}

// What the model needs to know about the sandbox to write code that works in it, from the policy the
// workbench chose (the model cannot change it).
std::string sandboxFacts(const Policy& policy) {
    char timeout[32];
    std::snprintf(timeout, sizeof timeout, "%g", policy.timeoutSeconds);
    return std::string("Each run_python call starts a fresh sandbox with Python 3 and its standard library: "
                       "files do not persist between calls, ") +
           networkFact(policy) + "and a run may take at most " + timeout + " s and " +
           std::to_string(policy.memoryMb) +
           " MB of memory. Print what you need to see; only stdout and stderr come back.";
}

// Why a turn ended without the answer the model meant to give, in words for the chat and the CLI; empty
// when it ended normally.
std::string endNoteFor(const ModelTurn& turn, const ProviderSettings& settings) {
    const std::string said = " (\"" + turn.finishDetail + "\")";
    switch (turn.finish) {
    case FinishReason::EndTurn:
    case FinishReason::ToolUse:
        return {};
    case FinishReason::MaxTokens:
        return "The answer reached the max-tokens limit (" + std::to_string(settings.maxTokens) +
               ") and may be cut off.";
    case FinishReason::Refusal:
        return "The model refused to answer" + (turn.refusal.empty() ? said : ": \"" + turn.refusal + "\"") +
               ". Rephrase the task, or start a new chat.";
    case FinishReason::ContentFilter:
        return "The provider's content filter stopped the answer" + said +
               "; what arrived may be cut off or missing.";
    case FinishReason::ContextWindowExceeded:
        return "The conversation no longer fits the model's context window" + said +
               ", so the answer was cut off. Start a new chat, or ask for less output.";
    case FinishReason::Other:
        break;
    }
    return "The model stopped for a reason Sandbench does not act on" + said + ".";
}

// Results for the tool calls of the conversation's last assistant message that never got one: what was
// sent for a run that finished before a stop, "not run" for the rest.
std::optional<ChatMessage> missingResults(const Transcript& session) {
    if (session.messages.empty() || session.messages.back().role != ChatMessage::Role::Assistant ||
        session.messages.back().toolCalls.empty())
        return std::nullopt;
    ChatMessage results;
    results.role = ChatMessage::Role::ToolResults;
    for (const ToolCall& call : session.messages.back().toolCalls) {
        const auto run = std::find_if(session.runs.begin(), session.runs.end(),
                                      [&](const ToolRun& r) { return r.call.id == call.id; });
        if (run != session.runs.end() && run->result)
            results.toolResults.push_back(run->sentToModel);
        else
            results.toolResults.push_back(ToolResult{call.id,
                                                     run != session.runs.end() && !run->problem.empty()
                                                         ? run->problem
                                                         : "Not run: the session was stopped first.",
                                                     true,
                                                     {}});
    }
    return results;
}

} // namespace

std::string defaultSystemPrompt() {
    return "You are a data analyst. Solve tasks by writing Python and running it with the run_python tool.";
}

Transcript runAgent(const std::string& task, LlmProvider& provider, Tier& tier, const AgentSettings& settings,
                    const AgentEvents& events, std::stop_token stop) {
    return continueAgent(Transcript{}, task, provider, tier, settings, events, stop);
}

Transcript continueAgent(Transcript session, const std::string& message, LlmProvider& provider, Tier& tier,
                         const AgentSettings& settings, const AgentEvents& events, std::stop_token stop) {
    const Policy& policy = settings.runTemplate.policy;
    Transcript& transcript = session;
    if (transcript.messages.empty()) {
        transcript.task = message;
        transcript.startedAt = utcNow();
    }
    transcript.provider = provider.settings().describe();
    transcript.tier = tier.name();
    transcript.policy = policy;
    transcript.maxTurns = std::max(1, settings.maxTurns);
    transcript.outcome = AgentOutcome::Finished;
    transcript.finalText.clear();
    transcript.error.clear();

    ChatRequest request;
    // The policy may have changed since the last exchange: the model is told the one its programs get now.
    request.system = settings.systemPrompt.empty() ? sandboxFacts(policy)
                                                   : settings.systemPrompt + "\n\n" + sandboxFacts(policy);
    request.tools = {runPythonToolSpec()};
    std::optional<ChatMessage> unanswered = missingResults(transcript);
    request.messages = std::move(transcript.messages);
    if (unanswered)
        request.messages.push_back(std::move(*unanswered));
    request.messages.push_back(ChatMessage::user(message));
    transcript.systemPrompt = request.system;
    const int earlierTurns = transcript.turns;
    transcript.exchangeTurns = 0;

    auto finish = [&](AgentOutcome outcome, std::string error = {}) {
        transcript.outcome = outcome;
        transcript.error = std::move(error);
        transcript.messages = request.messages;
        return transcript;
    };

    if (const std::string missing = provider.settings().missingConfiguration(); !missing.empty())
        return finish(AgentOutcome::Failed, missing);

    const StreamCallbacks callbacks{events.assistantText, {}, events.notice};
    std::set<std::string> usedIds;
    for (const ChatMessage& earlier : request.messages)
        for (const ToolCall& call : earlier.toolCalls)
            usedIds.insert(call.id);
    for (int turn = 1; turn <= transcript.maxTurns; ++turn) {
        if (stop.stop_requested())
            return finish(AgentOutcome::Cancelled, "Cancelled.");
        transcript.turns = earlierTurns + turn; // numbered through the conversation
        transcript.exchangeTurns = turn;
        if (events.turnStarted)
            events.turnStarted(transcript.turns);
        ProviderReply reply = provider.complete(request, callbacks, stop);
        if (reply.error) {
            transcript.finalText = std::move(reply.partialText);
            if (reply.error->kind == ProviderErrorKind::Cancelled || stop.stop_requested())
                return finish(AgentOutcome::Cancelled, "Cancelled.");
            return finish(AgentOutcome::Failed, reply.error->message);
        }
        ModelTurn& answer = *reply.turn;
        // Servers that send no ids get "call_0", "call_1"… from the client in every turn; transcripts and
        // results pair calls by id, so each id is made unique in the conversation. Such servers never
        // check the ids they did not send.
        for (ToolCall& call : answer.toolCalls) {
            const std::string base = call.id.empty() ? "call" : call.id;
            std::string id = base;
            for (int suffix = 2; usedIds.contains(id); ++suffix)
                id = base + "_" + std::to_string(suffix);
            call.id = id;
            usedIds.insert(id);
        }
        ChatMessage assistant;
        assistant.role = ChatMessage::Role::Assistant;
        assistant.text = answer.text;
        assistant.toolCalls = answer.toolCalls;
        request.messages.push_back(assistant);

        // A refusal, a filter or a full context leaves an empty or cut answer: the user is told why, and
        // the transcript keeps it.
        if (std::string note = endNoteFor(answer, provider.settings()); !note.empty()) {
            if (events.notice)
                events.notice(note);
            transcript.endNotes.push_back(std::move(note));
        }
        if (answer.toolCalls.empty()) {
            transcript.finalText = answer.text;
            return finish(AgentOutcome::Finished);
        }
        if (turn == transcript.maxTurns) {
            // No turn is left for the model to read results, so its last programs are not run at all.
            for (const ToolCall& call : answer.toolCalls) {
                ToolRun skipped;
                skipped.call = call;
                skipped.tier = tier.name();
                skipped.policySummary = policy.summary();
                skipped.problem = "Not run: the turn limit was reached.";
                transcript.runs.push_back(std::move(skipped));
            }
            transcript.finalText = answer.text;
            return finish(AgentOutcome::TurnLimit,
                          "Stopped: the turn limit (" + std::to_string(transcript.maxTurns) +
                              " model calls) was reached while the model still wanted to run code.");
        }

        ChatMessage results;
        results.role = ChatMessage::Role::ToolResults;
        for (const ToolCall& call : answer.toolCalls) {
            ToolRun run;
            run.call = call;
            run.tier = tier.name();
            run.policySummary = policy.summary();
            std::string problem;
            const std::optional<std::string> code = codeOfToolCall(call, problem);
            if (!code) {
                run.problem = problem;
                run.sentToModel = ToolResult{call.id, problem, true, {}};
            } else {
                run.code = *code;
                if (events.toolRunStarted)
                    events.toolRunStarted(run);
                RunRequest runRequest = settings.runTemplate;
                runRequest.code = *code;
                const OutputSink sink = [&](Stream stream, std::string_view bytes) {
                    if (events.toolOutput)
                        events.toolOutput(call, stream, bytes);
                };
                run.result = tier.run(runRequest, sink, stop);
                run.sentToModel = toolResultFor(call, *run.result);
            }
            if (events.toolRunFinished)
                events.toolRunFinished(run);
            results.toolResults.push_back(run.sentToModel);
            const std::optional<RunResult> result = run.result;
            transcript.runs.push_back(std::move(run));
            if (result && (result->stoppedBy == StopReason::Cancelled || stop.stop_requested()))
                return finish(AgentOutcome::Cancelled, "Cancelled.");
            // Every later run would fail the same way; the tier never runs code with less isolation.
            if (result && result->stoppedBy == StopReason::SetupFailure)
                return finish(
                    AgentOutcome::Failed,
                    "The " + tier.name() +
                        " tier could not set up its isolation, so nothing ran: " + result->evidence);
        }
        request.messages.push_back(std::move(results));
    }
    return finish(AgentOutcome::TurnLimit,
                  "Stopped: turn limit reached."); // not reached: the last turn returns
}

} // namespace sandbench::agent
