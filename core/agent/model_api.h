#pragma once

#include "core/http_client.h"
#include "llm_provider.h"
#include "sse_reader.h"

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace sandbench::agent {

// A provider's own half of reading a reply: what the events of its stream and its one-document reply mean for
// the turn. The other half, the same for every provider, is ModelProvider's.
class ReplyProtocol {
public:
    explicit ReplyProtocol(const StreamCallbacks& callbacks)
        : m_callbacks(callbacks) {}
    virtual ~ReplyProtocol() = default;
    ReplyProtocol(const ReplyProtocol&) = delete;
    ReplyProtocol& operator=(const ReplyProtocol&) = delete;

    // One event of a stream, with a name and data ("error" for the error lines some servers send instead of
    // events). Returns false to stop reading: at the end of the reply, or after fail(). A json::exception it
    // throws fails the reply as malformed.
    virtual bool onEvent(const ServerSentEvent& event) = 0;
    // True once the reply holds all the loop needs: a connection cut, or gone quiet, after that fails
    // nothing.
    virtual bool complete() const = 0;
    // What an incomplete stream lacked, for the message: "no message_stop".
    virtual std::string missingEnd() const = 0;
    // The turn the events built, once complete().
    virtual ModelTurn finishTurn() { return std::move(m_turn); }
    // A reply sent whole (not streamed, or by a server that ignored "stream"), as a turn or what is wrong
    // with it. A json::exception it throws fails the reply as malformed.
    virtual std::variant<ModelTurn, ProviderError> turnFromDocument(const nlohmann::json& document) const = 0;

    const StreamCallbacks& callbacks() const { return m_callbacks; }
    const std::string& streamedText() const { return m_turn.text; }
    // Why onEvent returned false, when it failed; handed over once.
    std::optional<ProviderError> takeError() { return std::exchange(m_error, std::nullopt); }

protected:
    ModelTurn& turn() { return m_turn; }
    // Adds to the turn's text and shows it.
    void appendText(std::string_view piece);
    // Tells the callbacks a tool call's id and name.
    void announce(const ToolCall& call) const;
    // Keeps the first error and returns false, to stop reading.
    bool fail(ProviderError error);
    bool fail(ProviderErrorKind kind, std::string message);

private:
    const StreamCallbacks& m_callbacks;
    ModelTurn m_turn;
    std::optional<ProviderError> m_error;
};

// One LLM API as ModelProvider needs it. Each provider's file defines one and maps JSON to and from the
// conversation; what is the same for every API (HTTP, retries, telling a stream from a document, size caps,
// byte-order marks, a last unterminated event, cut-off replies, hiding the key) is ModelProvider's.
struct ModelApi {
    // The members of the request body that carry the conversation: messages, system prompt, tools, and what
    // else only this API has. ModelProvider adds model, the token limit, stream and
    // temperature.
    nlohmann::json (*conversationBody)(const ProviderSettings& settings, const ChatRequest& request);
    // The URL for these settings, and the headers that authenticate and version the call.
    void (*address)(const ProviderSettings& settings, HttpRequest& request);
    // A reader for one reply, reporting to `callbacks`.
    std::unique_ptr<ReplyProtocol> (*replyProtocol)(const ProviderSettings& settings,
                                                    const StreamCallbacks& callbacks);
};

// An LlmProvider that speaks `api`. It POSTs the conversation as JSON through sendModelRequest (timeouts,
// retries) and reads the reply with the API's ReplyProtocol, streamed or not, whichever was asked for: a body
// whose first character (after a UTF-8 byte-order mark and blanks) opens JSON is one document, anything else
// an event stream. Both are capped at 16 MiB (a stream, between two events); a last event without its blank
// line is read; a connection cut or gone quiet after a complete reply fails nothing. Every error says where
// it came from and never holds the API key.
class ModelProvider final : public LlmProvider {
public:
    ModelProvider(ProviderSettings settings, const ModelApi& api);
    const ProviderSettings& settings() const override { return m_settings; }
    ProviderReply complete(const ChatRequest& request, const StreamCallbacks& callbacks,
                           std::stop_token stop) override;

    // The request body for `request` (exposed for tests and transcripts).
    nlohmann::json requestBody(const ChatRequest& request) const;

private:
    ProviderReply completeOnce(const ChatRequest& request, const StreamCallbacks& callbacks,
                               std::stop_token stop);

    ProviderSettings m_settings;
    const ModelApi& m_api;
    // The member that carries maxTokens: settings.tokenLimitMember() until the server refuses it by name.
    std::string m_tokenLimitMember;
    bool m_triedOtherTokenLimitMember = false;
    HttpResponse m_lastResponse; // of the last attempt, for what a refusal said
};

// The start of `text` on one line, for an error message.
std::string excerpt(std::string_view text);

} // namespace sandbench::agent
