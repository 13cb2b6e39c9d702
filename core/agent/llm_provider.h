#pragma once

#include "conversation.h"
#include "core/process_environment.h"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>

namespace sandbench::agent {

enum class ProviderKind { Anthropic, OpenAiCompatible };

// Which request member carries the reply's length limit on the OpenAI-compatible API. OpenAI deprecated
// "max_tokens" for "max_completion_tokens" and its reasoning models (o-series, gpt-5) refuse the old name
// with a 400; local servers (older llama.cpp, Ollama, vLLM) know only "max_tokens" and ignore the new one,
// which would leave replies unlimited. Anthropic's API has only "max_tokens".
enum class TokenLimitField {
    Automatic,           // max_completion_tokens at api.openai.com, max_tokens elsewhere
    MaxCompletionTokens, // "max_completion_tokens"
    MaxTokens,           // "max_tokens"
};

std::string_view toString(TokenLimitField field); // "auto", "max_completion_tokens", "max_tokens"
std::optional<TokenLimitField> tokenLimitFieldFromString(std::string_view name);

std::string_view toString(ProviderKind kind); // "anthropic", "openai"
std::optional<ProviderKind> providerKindFromString(std::string_view name);

// How to reach a model. Set by the workbench (settings, command line, environment), never by the model.
struct ProviderSettings {
    ProviderKind kind = ProviderKind::Anthropic;
    // Anthropic: the API root ("https://api.anthropic.com"); requests go to <baseUrl>/v1/messages.
    // OpenAI-compatible: the root that holds /chat/completions ("https://api.openai.com/v1",
    // "http://localhost:11434/v1" for Ollama, "http://localhost:8080/v1" for llama.cpp's server).
    std::string baseUrl;
    std::string model;
    std::string apiKey; // may be empty for local servers that need none
    int maxTokens = 4000;
    // Automatic also falls back once to the other name when the server refuses the one sent by name (a 400
    // "Unsupported parameter: 'max_tokens'"); a name chosen explicitly is always sent as it is.
    TokenLimitField tokenLimitField = TokenLimitField::Automatic;
    std::optional<double> temperature; // not sent when unset: the provider's default
    bool stream = true;                // server-sent events, so text appears as it is generated
    std::string anthropicVersion = "2023-06-01";

    std::chrono::milliseconds connectTimeout{10000};
    std::chrono::milliseconds totalTimeout{600000}; // one model call, streaming included
    std::chrono::milliseconds idleTimeout{120000};  // no byte for this long: the server is gone
    int maxRetries = 4; // after the first attempt, on 429, 5xx and refused connections
    std::chrono::milliseconds retryBaseDelay{1000}; // doubled each attempt, with jitter
    std::chrono::milliseconds retryMaxDelay{30000}; // no single wait is longer (Retry-After included)

    // The defaults of a provider: its public base URL and a current model.
    static ProviderSettings defaultsFor(ProviderKind kind);
    // defaultsFor(kind), then the environment: ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL or OPENAI_API_KEY /
    // OPENAI_BASE_URL, and SANDBENCH_AGENT_MODEL. `environment` maps names to values (tests pass their own).
    static ProviderSettings fromEnvironment(ProviderKind kind,
                                            const std::map<std::string, std::string>& environment);
    // What is missing before a call can be made, in words a user can act on ("Set ANTHROPIC_API_KEY or
    // enter a key in the agent settings"); empty when ready. A key is required only for the providers'
    // own hosts: a local server on another base URL may need none.
    std::string missingConfiguration() const;
    // For messages and transcripts: provider, model and base URL, never the key.
    std::string describe() const;
    // The member that carries maxTokens in a request to these settings' server, when nothing was refused.
    std::string_view tokenLimitMember() const;
};

// The environment of this process as a map (for ProviderSettings::fromEnvironment).
using sandbench::processEnvironment;

enum class ProviderErrorKind {
    Cancelled,    // the stop token fired; the transfer was aborted at once
    Unauthorized, // 401 or 403: a missing, wrong or unpermitted key
    NotFound,     // 404: wrong base URL or model name
    RateLimited,  // 429 after every retry
    ServerError,  // 5xx (or Anthropic's overloaded_error) after every retry
    BadRequest,   // another 4xx: the provider rejected the request; its message is kept
    Timeout,      // connect, idle or total timeout
    Network,      // DNS, refused connection, TLS
    Malformed,    // the reply was not the protocol (bad JSON, missing fields, an unknown event order)
    Truncated,    // the stream ended before the reply was complete
};

std::string_view toString(ProviderErrorKind kind);

struct ProviderError {
    ProviderErrorKind kind = ProviderErrorKind::Malformed;
    // One or two sentences for the user: what happened and what to do, with the provider's own message
    // when it sent one ("401 Unauthorized from api.anthropic.com: invalid x-api-key. Check
    // ANTHROPIC_API_KEY.").
    std::string message;
    long httpStatus = 0; // the last response's status, 0 when none arrived
    int attempts = 1;    // requests sent, retries included
};

// Receives a reply as it is generated. Called on the thread that called complete(). Any may be empty.
struct StreamCallbacks {
    std::function<void(std::string_view)> text; // a piece of the model's text, whole UTF-8 characters
    std::function<void(const ToolCall&)> toolCallStarted; // a tool call's id and name are known
    std::function<void(std::string_view)> notice; // "429 from …: retrying in 2.0 s (attempt 2 of 5)"
};

struct ProviderReply {
    std::optional<ModelTurn> turn;      // set on success
    std::optional<ProviderError> error; // set on failure; `partialText` then keeps what had streamed
    std::string partialText;
};

// One LLM API. complete() sends the conversation and returns the model's next turn; it never throws for
// network or protocol trouble (the reply's error says what happened), and it is safe to call from any
// thread, one call at a time per instance.
class LlmProvider {
public:
    virtual ~LlmProvider() = default;
    virtual const ProviderSettings& settings() const = 0;
    virtual ProviderReply complete(const ChatRequest& request, const StreamCallbacks& callbacks,
                                   std::stop_token stop) = 0;
};

std::unique_ptr<LlmProvider> makeProvider(const ProviderSettings& settings);

} // namespace sandbench::agent
