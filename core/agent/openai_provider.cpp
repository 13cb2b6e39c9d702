#include "openai_provider.h"

#include "model_request.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace sandbench::agent {

namespace {

using json = nlohmann::json;

// Chat Completions has no is_error flag on a "tool" message, so a failed call is marked in its text.
constexpr std::string_view kToolErrorPrefix = "Error: the tool call failed.\n";

std::string chatCompletionsUrl(std::string baseUrl) {
    if (baseUrl.ends_with('/'))
        baseUrl.pop_back();
    return baseUrl + "/chat/completions";
}

// A string member, or empty when it is absent or null; throws json::type_error when it is another type.
std::string stringMember(const json& object, const char* name) {
    const auto found = object.find(name);
    if (found == object.end() || found->is_null())
        return {};
    return found->get<std::string>();
}

// A message's content: a string, null, or (some servers) an array of {"type": "text", "text": ...} parts;
// throws json::type_error for anything else.
std::string contentText(const json& content) {
    if (content.is_null())
        return {};
    if (!content.is_array())
        return content.get<std::string>(); // throws json::type_error for anything else
    std::string text;
    for (const json& part : content) {
        if (part.is_object())
            text += stringMember(part, "text");
    }
    return text;
}

// A tool call's arguments: a JSON string by the protocol, an object from a few servers.
std::string argumentsText(const json& arguments) {
    if (arguments.is_null())
        return {};
    if (arguments.is_string())
        return arguments.get<std::string>();
    return dumpLeniently(arguments);
}

// The finished call: `arguments` holds the parsed object, or stays null (with the text in rawArguments)
// when the model sent something else, so the loop can tell it what was wrong.
ToolCall finishedCall(std::string id, std::string name, std::string rawArguments) {
    ToolCall call;
    call.id = std::move(id);
    call.name = std::move(name);
    json parsed = json::parse(rawArguments, nullptr, false);
    if (!parsed.is_discarded() && parsed.is_object())
        call.arguments = std::move(parsed);
    call.rawArguments = std::move(rawArguments);
    return call;
}

std::string syntheticId(std::size_t position) {
    return "call_" + std::to_string(position);
}

void readUsage(const json& chunk, ModelTurn& turn) {
    const auto usage = chunk.find("usage");
    if (usage == chunk.end() || !usage->is_object())
        return;
    if (const auto prompt = usage->find("prompt_tokens"); prompt != usage->end() && prompt->is_number())
        turn.inputTokens = prompt->get<int>();
    if (const auto completion = usage->find("completion_tokens");
        completion != usage->end() && completion->is_number())
        turn.outputTokens = completion->get<int>();
}

// Maps finish_reason. Some local servers say "stop" (or nothing) although they sent tool calls: the calls
// are what the loop must act on, so that turn is ToolUse.
void setFinish(ModelTurn& turn, const std::string& reason) {
    turn.finishDetail = reason;
    if (reason == "tool_calls" || reason == "function_call")
        turn.finish = FinishReason::ToolUse;
    else if (reason == "length")
        turn.finish = FinishReason::MaxTokens;
    else if (reason == "content_filter")
        turn.finish = FinishReason::ContentFilter;
    else if (!turn.refusal.empty() && turn.toolCalls.empty()) // a refusal ends with "stop"
        turn.finish = FinishReason::Refusal;
    else if (reason == "stop" || reason.empty())
        turn.finish = turn.toolCalls.empty() ? FinishReason::EndTurn : FinishReason::ToolUse;
    else
        turn.finish = FinishReason::Other;
}

ProviderError protocolError(const ProviderSettings& settings, const std::string& what) {
    ProviderError error;
    error.kind = ProviderErrorKind::Malformed;
    error.message = "The reply from " + hostOf(settings.baseUrl) +
                    " was not a Chat Completions reply: " + what +
                    ". Check that the base URL points at an OpenAI-compatible server.";
    return error;
}

// {"error": {...}} in place of a reply (in a 2xx body or an event mid-stream): a server-side failure, or the
// request's fault when the server says so.
ProviderError reportedError(const ProviderSettings& settings, const json& error) {
    std::string said;
    bool requestFault = false;
    if (error.is_string()) {
        said = error.get<std::string>();
    } else if (error.is_object()) {
        if (const auto message = error.find("message"); message != error.end() && message->is_string())
            said = message->get<std::string>();
        if (const auto type = error.find("type"); type != error.end() && type->is_string())
            requestFault = type->get<std::string>() == "invalid_request_error";
        if (const auto code = error.find("code"); code != error.end() && code->is_number_integer())
            requestFault = code->get<int>() >= 400 && code->get<int>() < 500;
    }
    if (said.empty())
        said = excerpt(dumpLeniently(error));
    ProviderError reported;
    reported.kind = requestFault ? ProviderErrorKind::BadRequest : ProviderErrorKind::ServerError;
    reported.message = "The server at " + hostOf(settings.baseUrl) +
                       " reported an error instead of a reply: " + said + (said.ends_with('.') ? "" : ".");
    return reported;
}

// A whole chat.completion document: a non-streamed reply, or a server that ignored "stream". Throws
// json::type_error for a field of the wrong type.
std::variant<ModelTurn, ProviderError> turnFromCompletion(const ProviderSettings& settings,
                                                          const json& document) {
    if (!document.is_object())
        return protocolError(settings,
                             "the body is not a JSON object (" + excerpt(dumpLeniently(document)) + ")");
    if (const auto error = document.find("error"); error != document.end() && !error->is_null())
        return reportedError(settings, *error);
    const auto choices = document.find("choices");
    if (choices == document.end() || !choices->is_array() || choices->empty() || !(*choices)[0].is_object() ||
        !(*choices)[0].contains("message"))
        return protocolError(settings,
                             "it has no choices[0].message (" + excerpt(dumpLeniently(document)) + ")");
    const json& choice = (*choices)[0];
    const json& message = choice.at("message");
    ModelTurn turn;
    if (const auto content = message.find("content"); content != message.end())
        turn.text = contentText(*content);
    if (const auto refusal = message.find("refusal"); refusal != message.end() && refusal->is_string())
        turn.refusal = refusal->get<std::string>();
    if (const auto calls = message.find("tool_calls"); calls != message.end() && !calls->is_null()) {
        for (const json& call : *calls) {
            const json& function = call.at("function");
            std::string id = stringMember(call, "id");
            if (id.empty())
                id = syntheticId(turn.toolCalls.size());
            const auto arguments = function.find("arguments");
            turn.toolCalls.push_back(
                finishedCall(std::move(id), stringMember(function, "name"),
                             arguments == function.end() ? std::string() : argumentsText(*arguments)));
        }
    }
    setFinish(turn, stringMember(choice, "finish_reason"));
    readUsage(document, turn);
    return turn;
}

// The events of a streamed reply: chat.completion.chunk objects, until [DONE]. Text is shown as it arrives;
// tool calls are announced once named and assembled at the end.
class ChatCompletionsProtocol final : public ReplyProtocol {
public:
    ChatCompletionsProtocol(const ProviderSettings& settings, const StreamCallbacks& callbacks)
        : ReplyProtocol(callbacks)
        , m_settings(settings) {}

    bool onEvent(const ServerSentEvent& event) override {
        if (event.data == "[DONE]") {
            m_done = true;
            return false; // nothing follows; a server that keeps the connection open is not waited for
        }
        if (event.name == "error") // not OpenAI's own form: llama.cpp's "error:" lines, named error events
            return fail(errorFromText(event.data));
        const json chunk = json::parse(event.data, nullptr, false);
        if (chunk.is_discarded() || !chunk.is_object())
            return fail(
                protocolError(m_settings, "an event's data is not JSON (" + excerpt(event.data) + ")"));
        return onChunk(chunk);
    }

    bool complete() const override { return m_done || m_finishReason.has_value(); }
    std::string missingEnd() const override { return "no finish_reason and no [DONE]"; }

    ModelTurn finishTurn() override {
        ModelTurn finished = std::move(turn());
        for (std::size_t i = 0; i < m_calls.size(); ++i) {
            PendingCall& call = m_calls[i];
            finished.toolCalls.push_back(finishedCall(call.id.empty() ? syntheticId(i) : std::move(call.id),
                                                      std::move(call.name), std::move(call.arguments)));
        }
        setFinish(finished, m_finishReason.value_or(""));
        return finished;
    }

    std::variant<ModelTurn, ProviderError> turnFromDocument(const json& document) const override {
        return turnFromCompletion(m_settings, document);
    }

private:
    // One tool call as it streams in.
    struct PendingCall {
        std::string id;
        std::string name;
        std::string arguments;
        bool announced = false;
    };

    // The server's error in place of an event: JSON ({"error": {...}}, or the error object itself) or text.
    ProviderError errorFromText(const std::string& data) const {
        const json parsed = json::parse(data, nullptr, false);
        if (parsed.is_discarded())
            return reportedError(m_settings, json(data));
        if (parsed.is_object() && parsed.contains("error"))
            return reportedError(m_settings, parsed.at("error"));
        return reportedError(m_settings, parsed);
    }

    bool onChunk(const json& chunk) {
        if (const auto error = chunk.find("error"); error != chunk.end() && !error->is_null())
            return fail(reportedError(m_settings, *error));
        readUsage(chunk, turn());
        const auto choices = chunk.find("choices");
        if (choices == chunk.end() || choices->is_null() || choices->empty())
            return true; // the usage chunk, or a keep-alive
        const json& choice = choices->at(0);
        if (const auto delta = choice.find("delta"); delta != choice.end() && delta->is_object()) {
            // "reasoning_content" / "reasoning" (thinking models) are not part of the answer.
            if (const auto content = delta->find("content"); content != delta->end())
                appendText(contentText(*content));
            // A refusal streams in its own member, in pieces, in place of content.
            if (const auto refusal = delta->find("refusal"); refusal != delta->end() && refusal->is_string())
                turn().refusal += refusal->get<std::string>();
            if (const auto calls = delta->find("tool_calls"); calls != delta->end() && !calls->is_null()) {
                for (const json& piece : *calls)
                    onToolCallPiece(piece);
            }
        }
        if (const auto reason = choice.find("finish_reason"); reason != choice.end() && !reason->is_null())
            m_finishReason = reason->get<std::string>();
        return true;
    }

    // The first piece of a call carries its index, id, type and name; later ones only the index and more of
    // the arguments. Ollama sends each call whole, and in parallel batches it reuses index 0 for every call
    // (ollama/ollama#15457): a piece with another id and a name at a taken index is a new call.
    void onToolCallPiece(const json& piece) {
        std::optional<int> index;
        if (const auto found = piece.find("index"); found != piece.end() && found->is_number_integer())
            index = found->get<int>();
        const std::string id = stringMember(piece, "id");
        std::string name;
        std::string arguments;
        if (const auto function = piece.find("function"); function != piece.end() && function->is_object()) {
            name = stringMember(*function, "name");
            if (const auto found = function->find("arguments"); found != function->end())
                arguments = argumentsText(*found);
        }

        PendingCall* call = nullptr;
        if (index) {
            if (const auto slot = m_slotOfIndex.find(*index); slot != m_slotOfIndex.end())
                call = &m_calls[slot->second];
        } else if (!m_calls.empty()) {
            call = &m_calls.back(); // older servers sent no index: a piece continues the last call
        }
        // A piece that names a call where a named one already is starts a new call when it carries another
        // id, or no id and no index to go by.
        if (call && !name.empty() && !call->name.empty() && (id.empty() ? !index : id != call->id))
            call = nullptr;
        if (!call) {
            m_calls.emplace_back();
            call = &m_calls.back();
            if (index)
                m_slotOfIndex[*index] = m_calls.size() - 1;
        }

        if (call->id.empty() && !call->announced)
            call->id = id;
        if (call->name.empty())
            call->name = name;
        call->arguments += arguments;
        if (!call->announced && !call->name.empty()) {
            call->announced = true;
            if (call->id.empty())
                call->id = syntheticId(static_cast<std::size_t>(call - m_calls.data()));
            announce(ToolCall{call->id, call->name, {}, {}});
        }
    }

    const ProviderSettings& m_settings;
    std::vector<PendingCall> m_calls;
    std::map<int, std::size_t> m_slotOfIndex;
    std::optional<std::string> m_finishReason;
    bool m_done = false;
};

// A message of the conversation as Chat Completions messages: one, or one "tool" message per result.
void appendMessages(json& messages, const ChatMessage& message) {
    switch (message.role) {
    case ChatMessage::Role::User:
        messages.push_back({{"role", "user"}, {"content", message.text}});
        return;
    case ChatMessage::Role::Assistant: {
        json assistant = {{"role", "assistant"}};
        // Content may be null only when tool calls carry the message.
        assistant["content"] =
            message.text.empty() && !message.toolCalls.empty() ? json(nullptr) : json(message.text);
        if (!message.toolCalls.empty()) {
            json calls = json::array();
            for (const ToolCall& call : message.toolCalls) {
                // Arguments that were not a JSON object go back as "{}": servers such as Ollama reject a
                // conversation holding unparseable arguments, and the tool result already quotes them.
                const std::string arguments = call.arguments.is_null() ? "{}" : dumpLeniently(call.arguments);
                calls.push_back({{"id", call.id},
                                 {"type", "function"},
                                 {"function", {{"name", call.name}, {"arguments", arguments}}}});
            }
            assistant["tool_calls"] = std::move(calls);
        }
        messages.push_back(std::move(assistant));
        return;
    }
    case ChatMessage::Role::ToolResults:
        for (const ToolResult& result : message.toolResults) {
            messages.push_back({{"role", "tool"},
                                {"tool_call_id", result.toolCallId},
                                {"content", result.isError ? std::string(kToolErrorPrefix) + result.content
                                                           : result.content}});
        }
        return;
    }
}

// The conversation as Chat Completions members: the system prompt as the first message, tool calls in the
// assistant's message, each result a "tool" message of its own.
json conversationBody(const ProviderSettings& settings, const ChatRequest& request) {
    json messages = json::array();
    if (!request.system.empty())
        messages.push_back({{"role", "system"}, {"content", request.system}});
    for (const ChatMessage& message : request.messages)
        appendMessages(messages, message);

    json body = {{"messages", std::move(messages)}};
    if (!request.tools.empty()) {
        json tools = json::array();
        for (const ToolSpec& tool : request.tools) {
            tools.push_back(
                {{"type", "function"},
                 {"function",
                  {{"name", tool.name},
                   {"description", tool.description},
                   {"parameters", tool.inputSchema.is_null() ? json::object() : tool.inputSchema}}}});
        }
        body["tools"] = std::move(tools);
    }
    if (settings.stream)
        body["stream_options"] = {{"include_usage", true}};
    return body;
}

void address(const ProviderSettings& settings, HttpRequest& request) {
    request.url = chatCompletionsUrl(settings.baseUrl);
    if (!settings.apiKey.empty())
        request.headers.emplace_back("Authorization", "Bearer " + settings.apiKey);
}

std::unique_ptr<ReplyProtocol> replyProtocol(const ProviderSettings& settings,
                                             const StreamCallbacks& callbacks) {
    return std::make_unique<ChatCompletionsProtocol>(settings, callbacks);
}

} // namespace

const ModelApi& chatCompletionsApi() {
    static constexpr ModelApi api{conversationBody, address, replyProtocol};
    return api;
}

} // namespace sandbench::agent
