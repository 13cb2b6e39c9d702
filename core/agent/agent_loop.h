#pragma once

#include "core/tier.h"
#include "llm_provider.h"
#include "transcript.h"

#include <functional>
#include <stop_token>
#include <string>

namespace sandbench::agent {

// The reference agent.py's system prompt, with what the sandbox allows spelled out.
std::string defaultSystemPrompt();

struct AgentSettings {
    int maxTurns = 6; // model calls; the loop ends when the model still wants tools after the last
    std::string systemPrompt = defaultSystemPrompt();
    // Every tool run uses this interpreter and policy, chosen by the workbench before the session starts.
    RunRequest runTemplate;
};

// What happens, as it happens. Called on the thread running runAgent(); any may be empty.
struct AgentEvents {
    std::function<void(std::string_view)> assistantText; // streamed text of the current turn
    std::function<void(int turn)> turnStarted;           // 1-based, before each model call
    std::function<void(const ToolRun&)> toolRunStarted;  // code, tier and policy known
    std::function<void(const ToolCall&, Stream, std::string_view)> toolOutput; // live output of that run
    std::function<void(const ToolRun&)> toolRunFinished; // result and what was sent back
    std::function<void(std::string_view)> notice;        // retries and other asides
};

// Runs the loop of the reference agent.py: the model gets one tool, run_python; each call runs through
// `tier` (never in this process) with the template's policy; a run that did not exit 0 goes back flagged
// as an error so the model can correct itself; it ends on a final answer, the turn limit, a provider
// failure, a tier that cannot set up its isolation, or `stop`. Never throws for the model's or the
// program's behaviour: the transcript's outcome says how it ended.
Transcript runAgent(const std::string& task, LlmProvider& provider, Tier& tier, const AgentSettings& settings,
                    const AgentEvents& events, std::stop_token stop);

// Continues a conversation: `session` (a transcript runAgent or continueAgent returned, or an empty one for a
// new conversation) gets the user's `message` and the model sees everything said before, so a follow-up
// ("now do it for the cubes") works. The tier and policy may differ from the earlier exchanges' (each run
// records its own); the turn limit counts this exchange's model calls. A tool call an earlier exchange left
// unanswered (turn limit, stop) is answered "not run" first, as both APIs require every call to have a
// result. The returned transcript holds the whole conversation; its outcome, final text and error are this
// exchange's.
Transcript continueAgent(Transcript session, const std::string& message, LlmProvider& provider, Tier& tier,
                         const AgentSettings& settings, const AgentEvents& events, std::stop_token stop);

} // namespace sandbench::agent
