#pragma once

#include "conversation.h"
#include "core/policy.h"
#include "core/run_result.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace sandbench::agent {

// How an agent session ended.
enum class AgentOutcome {
    Finished,  // the model gave a final answer
    TurnLimit, // it still wanted to run code when the turn limit came
    Failed,    // the provider failed (after its retries) or the tier could not set up its isolation
    Cancelled, // the user stopped it
};

std::string_view toString(AgentOutcome outcome); // "finished", "turn_limit", "failed", "cancelled"
// The outcome toString() names; std::nullopt for any other text.
std::optional<AgentOutcome> agentOutcomeFromString(std::string_view name);

// One run_python call as it happened: the code, where it ran, and what came of it.
struct ToolRun {
    ToolCall call;
    std::string code;          // empty when the call was malformed (then `problem` says why)
    std::string problem;       // why nothing ran: malformed input, unknown tool, turn limit
    std::string tier;          // the tier it ran on
    std::string policySummary; // the policy, one line ("timeout 5 s, memory 256 MB, …, network off")
    std::optional<RunResult> result;
    ToolResult sentToModel;
};

// Everything one agent session said and did, for saving as JSON and reading as Markdown. Never holds an API
// key: provider settings appear only as describe() does.
struct Transcript {
    std::string task;
    std::string provider; // ProviderSettings::describe()
    std::string tier;
    Policy policy;
    std::string systemPrompt;
    int maxTurns = 0;                  // model calls each message of the user's may take
    std::string startedAt;             // ISO 8601, UTC
    std::vector<ChatMessage> messages; // as sent to the model, the task first
    std::vector<ToolRun> runs;         // in order, each linked to its message by call.id
    AgentOutcome outcome = AgentOutcome::Finished;
    std::string finalText;
    std::string error; // why it failed, when it did
    // Why a model turn ended short: a refusal, a content filter, a full context window, the token limit.
    std::vector<std::string> endNotes;
    int turns = 0;         // model calls made in the whole conversation
    int exchangeTurns = 0; // model calls made for the last message (maxTurns bounds these)

    nlohmann::json toJson() const;
    // Throws nlohmann::json::exception when malformed, JsonFormatError (core/json_fields.h) for a bad run
    // result.
    static Transcript fromJson(const nlohmann::json& json);
    std::string toMarkdown() const;
};

// Writes atomically (a temporary file renamed over the target); false with `error` set when it could not.
bool saveTranscript(const Transcript& transcript, const std::string& path, std::string& error);

} // namespace sandbench::agent
