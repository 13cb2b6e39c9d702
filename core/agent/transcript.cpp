#include "transcript.h"

#include "core/atomic_file.h"
#include "core/base64.h"
#include "core/enum_names.h"
#include "core/lab_run.h"

namespace sandbench::agent {

using nlohmann::json;

namespace {

constexpr int kFormatVersion = 1;

const char* roleName(ChatMessage::Role role) {
    switch (role) {
    case ChatMessage::Role::User:
        return "user";
    case ChatMessage::Role::Assistant:
        return "assistant";
    case ChatMessage::Role::ToolResults:
        return "tool_results";
    }
    return "user";
}

ChatMessage::Role roleFromName(const std::string& name) {
    if (name == "user")
        return ChatMessage::Role::User;
    if (name == "assistant")
        return ChatMessage::Role::Assistant;
    if (name == "tool_results")
        return ChatMessage::Role::ToolResults;
    throw json::other_error::create(501, "unknown message role \"" + name + "\"", nullptr);
}

json toolCallJson(const ToolCall& call) {
    return json{{"id", call.id},
                {"name", call.name},
                {"arguments", call.arguments},
                {"raw_arguments", call.rawArguments}};
}

ToolCall toolCallFromJson(const json& object) {
    return ToolCall{object.at("id").get<std::string>(), object.at("name").get<std::string>(),
                    object.value("arguments", json()), object.value("raw_arguments", std::string())};
}

// Images go into the transcript too (base64): a saved session continued later sends the model what it saw.
json toolResultJson(const ToolResult& result) {
    json object{
        {"tool_call_id", result.toolCallId}, {"content", result.content}, {"is_error", result.isError}};
    for (const ToolImage& image : result.images)
        object["images"].push_back(
            {{"name", image.name}, {"media_type", image.mediaType}, {"base64", encodeBase64(image.bytes)}});
    return object;
}

ToolResult toolResultFromJson(const json& object) {
    ToolResult result{object.at("tool_call_id").get<std::string>(),
                      object.at("content").get<std::string>(),
                      object.at("is_error").get<bool>(),
                      {}};
    for (const json& image : object.value("images", json::array())) {
        const auto bytes = decodeBase64(image.at("base64").get<std::string>());
        if (!bytes)
            throw json::other_error::create(501, "an image of a tool result is not base64", nullptr);
        result.images.push_back(ToolImage{image.at("name").get<std::string>(),
                                          image.at("media_type").get<std::string>(), *bytes});
    }
    return result;
}

// A Markdown code fence longer than any run of backticks in `text`, so program text cannot close it.
std::string fenced(const std::string& text, const char* language = "") {
    size_t longest = 0;
    size_t run = 0;
    for (const char c : text) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const std::string fence(std::max<size_t>(3, longest + 1), '`');
    std::string block = fence + language + "\n" + text;
    if (!text.empty() && text.back() != '\n')
        block += '\n';
    return block + fence + "\n";
}

const ToolRun* runFor(const std::vector<ToolRun>& runs, const std::string& callId) {
    for (const ToolRun& run : runs)
        if (run.call.id == callId)
            return &run;
    return nullptr;
}

void appendRun(std::string& markdown, const ToolCall& call, const ToolRun* run) {
    markdown += "#### run_python `" + call.id + "`";
    if (run && run->result)
        markdown += " on " + run->tier + ": " + run->result->summary();
    markdown += "\n\n";
    if (run && !run->policySummary.empty())
        markdown += "Policy: " + run->policySummary + "\n\n";
    if (!run || run->code.empty()) {
        markdown += fenced(call.rawArguments.empty() ? call.arguments.dump() : call.rawArguments, "json");
        if (run && !run->problem.empty())
            markdown += "\n" + run->problem + "\n";
        markdown += "\n";
        return;
    }
    markdown += fenced(run->code, "python") + "\n";
    if (run->result) {
        if (!run->result->stdoutBytes.empty())
            markdown += "stdout:\n\n" + fenced(run->result->stdoutBytes) + "\n";
        if (!run->result->stderrBytes.empty())
            markdown += "stderr:\n\n" + fenced(run->result->stderrBytes) + "\n";
    }
}

} // namespace

std::string_view toString(AgentOutcome outcome) {
    switch (outcome) {
    case AgentOutcome::Finished:
        return "finished";
    case AgentOutcome::TurnLimit:
        return "turn_limit";
    case AgentOutcome::Failed:
        return "failed";
    case AgentOutcome::Cancelled:
        return "cancelled";
    }
    return "failed";
}

std::optional<AgentOutcome> agentOutcomeFromString(std::string_view name) {
    return enumFromString(name, AgentOutcome::Cancelled);
}

json Transcript::toJson() const {
    json messageList = json::array();
    for (const ChatMessage& message : messages) {
        json entry{{"role", roleName(message.role)}};
        if (message.role != ChatMessage::Role::ToolResults)
            entry["text"] = message.text;
        if (message.role == ChatMessage::Role::Assistant) {
            entry["tool_calls"] = json::array();
            for (const ToolCall& call : message.toolCalls)
                entry["tool_calls"].push_back(toolCallJson(call));
        }
        if (message.role == ChatMessage::Role::ToolResults) {
            entry["results"] = json::array();
            for (const ToolResult& result : message.toolResults)
                entry["results"].push_back(toolResultJson(result));
        }
        messageList.push_back(std::move(entry));
    }
    json runList = json::array();
    for (const ToolRun& run : runs) {
        runList.push_back(json{{"call", toolCallJson(run.call)},
                               {"code", run.code},
                               {"problem", run.problem},
                               {"tier", run.tier},
                               {"backend", run.tier}, // the key's name before "tier", for older readers
                               {"policy", run.policySummary},
                               {"result", run.result ? json(*run.result) : json()},
                               {"sent_to_model", toolResultJson(run.sentToModel)}});
    }
    return json{{"format", "sandbench-agent-transcript"},
                {"version", kFormatVersion},
                {"task", task},
                {"provider", provider},
                {"tier", tier},
                {"backend", tier},
                {"policy", json::parse(policy.toJson())},
                {"system_prompt", systemPrompt},
                {"max_turns", maxTurns},
                {"exchange_turns", exchangeTurns},
                {"started_at", startedAt},
                {"turns", turns},
                {"outcome", toString(outcome)},
                {"final_text", finalText},
                {"error", error},
                {"end_notes", endNotes},
                {"messages", std::move(messageList)},
                {"runs", std::move(runList)}};
}

Transcript Transcript::fromJson(const json& object) {
    if (object.value("format", std::string()) != "sandbench-agent-transcript")
        throw json::other_error::create(501, "not a Sandbench agent transcript", nullptr);
    if (object.at("version").get<int>() > kFormatVersion)
        throw json::other_error::create(501,
                                        "written by a newer Sandbench (format version " +
                                            std::to_string(object.at("version").get<int>()) + ")",
                                        nullptr);
    Transcript transcript;
    transcript.task = object.at("task").get<std::string>();
    transcript.provider = object.at("provider").get<std::string>();
    // Transcripts from before "tier" have only "backend".
    transcript.tier = object.at(object.contains("tier") ? "tier" : "backend").get<std::string>();
    transcript.policy = Policy::fromJson(object.at("policy").dump());
    transcript.systemPrompt = object.at("system_prompt").get<std::string>();
    transcript.maxTurns = object.at("max_turns").get<int>();
    transcript.startedAt = object.at("started_at").get<std::string>();
    transcript.turns = object.at("turns").get<int>();
    transcript.exchangeTurns = object.value("exchange_turns", transcript.turns); // one exchange before
    const std::string outcome = object.at("outcome").get<std::string>();
    const auto known = agentOutcomeFromString(outcome);
    if (!known)
        throw json::other_error::create(501, "unknown outcome \"" + outcome + "\"", nullptr);
    transcript.outcome = *known;
    transcript.finalText = object.at("final_text").get<std::string>();
    transcript.error = object.at("error").get<std::string>();
    // Transcripts saved before stop reasons were kept have none.
    transcript.endNotes = object.value("end_notes", std::vector<std::string>());
    for (const json& entry : object.at("messages")) {
        ChatMessage message;
        message.role = roleFromName(entry.at("role").get<std::string>());
        message.text = entry.value("text", std::string());
        for (const json& call : entry.value("tool_calls", json::array()))
            message.toolCalls.push_back(toolCallFromJson(call));
        for (const json& result : entry.value("results", json::array()))
            message.toolResults.push_back(toolResultFromJson(result));
        transcript.messages.push_back(std::move(message));
    }
    for (const json& entry : object.at("runs")) {
        ToolRun run;
        run.call = toolCallFromJson(entry.at("call"));
        run.code = entry.at("code").get<std::string>();
        run.problem = entry.at("problem").get<std::string>();
        run.tier = entry.at(entry.contains("tier") ? "tier" : "backend").get<std::string>();
        run.policySummary = entry.at("policy").get<std::string>();
        if (!entry.at("result").is_null())
            run.result = entry.at("result").get<RunResult>();
        run.sentToModel = toolResultFromJson(entry.at("sent_to_model"));
        transcript.runs.push_back(std::move(run));
    }
    return transcript;
}

std::string Transcript::toMarkdown() const {
    std::string markdown = "# Agent transcript\n\n";
    markdown += "- **Task:** " + task + "\n";
    markdown += "- **Model:** " + provider + "\n";
    markdown += "- **Tier:** " + tier + " (" + policy.summary() + ")\n";
    markdown += "- **Started:** " + startedAt + "\n";
    markdown +=
        "- **Turns:** " + std::to_string(turns) + " (at most " + std::to_string(maxTurns) + " per message)\n";
    markdown +=
        "- **Outcome:** " + std::string(toString(outcome)) + (error.empty() ? "" : ": " + error) + "\n";
    for (const std::string& note : endNotes)
        markdown += "- **Note:** " + note + "\n";
    markdown += "\n";
    int turn = 0;
    for (const ChatMessage& message : messages) {
        if (message.role == ChatMessage::Role::User) {
            markdown += "## User\n\n" + message.text + "\n\n";
        } else if (message.role == ChatMessage::Role::Assistant) {
            markdown += "## Assistant (turn " + std::to_string(++turn) + ")\n\n";
            if (!message.text.empty())
                markdown += message.text + "\n\n";
            for (const ToolCall& call : message.toolCalls)
                appendRun(markdown, call, runFor(runs, call.id));
        }
    }
    if (outcome != AgentOutcome::Finished && !finalText.empty() &&
        (messages.empty() || messages.back().text != finalText))
        markdown += "## Last text received\n\n" + finalText + "\n";
    return markdown;
}

bool saveTranscript(const Transcript& transcript, const std::string& path, std::string& error) {
    return writeFileAtomically(path, dumpJson(transcript.toJson()) + "\n", error);
}

} // namespace sandbench::agent
