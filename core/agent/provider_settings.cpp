#include "anthropic_provider.h"
#include "llm_provider.h"
#include "model_request.h"
#include "openai_provider.h"

namespace sandbench::agent {

namespace {

constexpr const char* kAnthropicBaseUrl = "https://api.anthropic.com";
constexpr const char* kOpenAiBaseUrl = "https://api.openai.com/v1";

std::string valueOf(const std::map<std::string, std::string>& environment, const std::string& name) {
    const auto found = environment.find(name);
    return found == environment.end() ? std::string() : found->second;
}

} // namespace

std::string_view toString(ProviderKind kind) {
    return kind == ProviderKind::Anthropic ? "anthropic" : "openai";
}

std::optional<ProviderKind> providerKindFromString(std::string_view name) {
    if (name == "anthropic")
        return ProviderKind::Anthropic;
    if (name == "openai" || name == "openai-compatible")
        return ProviderKind::OpenAiCompatible;
    return std::nullopt;
}

std::string_view toString(TokenLimitField field) {
    switch (field) {
    case TokenLimitField::Automatic:
        return "auto";
    case TokenLimitField::MaxCompletionTokens:
        return "max_completion_tokens";
    case TokenLimitField::MaxTokens:
        return "max_tokens";
    }
    return "auto";
}

std::optional<TokenLimitField> tokenLimitFieldFromString(std::string_view name) {
    for (const TokenLimitField field :
         {TokenLimitField::Automatic, TokenLimitField::MaxCompletionTokens, TokenLimitField::MaxTokens}) {
        if (name == toString(field))
            return field;
    }
    return std::nullopt;
}

std::string_view toString(ProviderErrorKind kind) {
    switch (kind) {
    case ProviderErrorKind::Cancelled:
        return "cancelled";
    case ProviderErrorKind::Unauthorized:
        return "unauthorized";
    case ProviderErrorKind::NotFound:
        return "not_found";
    case ProviderErrorKind::RateLimited:
        return "rate_limited";
    case ProviderErrorKind::ServerError:
        return "server_error";
    case ProviderErrorKind::BadRequest:
        return "bad_request";
    case ProviderErrorKind::Timeout:
        return "timeout";
    case ProviderErrorKind::Network:
        return "network";
    case ProviderErrorKind::Malformed:
        return "malformed";
    case ProviderErrorKind::Truncated:
        return "truncated";
    }
    return "unknown";
}

ChatMessage ChatMessage::user(std::string text) {
    ChatMessage message;
    message.role = Role::User;
    message.text = std::move(text);
    return message;
}

ProviderSettings ProviderSettings::defaultsFor(ProviderKind kind) {
    ProviderSettings settings;
    settings.kind = kind;
    if (kind == ProviderKind::Anthropic) {
        settings.baseUrl = kAnthropicBaseUrl;
        settings.model = "claude-sonnet-4-5";
    } else {
        settings.baseUrl = kOpenAiBaseUrl;
        settings.model = "gpt-4.1-mini";
    }
    return settings;
}

ProviderSettings ProviderSettings::fromEnvironment(ProviderKind kind,
                                                   const std::map<std::string, std::string>& environment) {
    ProviderSettings settings = defaultsFor(kind);
    const std::string prefix = kind == ProviderKind::Anthropic ? "ANTHROPIC_" : "OPENAI_";
    if (const std::string key = valueOf(environment, prefix + "API_KEY"); !key.empty())
        settings.apiKey = key;
    if (const std::string url = valueOf(environment, prefix + "BASE_URL"); !url.empty())
        settings.baseUrl = url;
    if (const std::string model = valueOf(environment, "SANDBENCH_AGENT_MODEL"); !model.empty())
        settings.model = model;
    return settings;
}

std::string ProviderSettings::missingConfiguration() const {
    if (baseUrl.empty())
        return "No base URL is set for the " + std::string(toString(kind)) + " provider.";
    if (!baseUrl.starts_with("http://") && !baseUrl.starts_with("https://"))
        return "The base URL \"" + baseUrl + "\" must start with http:// or https://.";
    if (model.empty())
        return "No model is set: enter a model name in the agent settings or pass --model.";
    const std::string host = hostOf(baseUrl);
    const bool officialHost = host == hostOf(kAnthropicBaseUrl) || host == hostOf(kOpenAiBaseUrl);
    if (apiKey.empty() && officialHost) {
        const std::string variable = kind == ProviderKind::Anthropic ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY";
        return "No API key for " + host + ": set " + variable +
               " in Sandbench's environment or enter a key in the agent settings. For a local model server, "
               "choose the OpenAI-compatible provider and its base URL (Ollama: http://localhost:11434/v1).";
    }
    return {};
}

std::string ProviderSettings::describe() const {
    return std::string(toString(kind)) + " " + model + " at " + withoutCredentials(baseUrl);
}

std::string_view ProviderSettings::tokenLimitMember() const {
    if (kind == ProviderKind::Anthropic)
        return "max_tokens";
    switch (tokenLimitField) {
    case TokenLimitField::MaxCompletionTokens:
        return "max_completion_tokens";
    case TokenLimitField::MaxTokens:
        return "max_tokens";
    case TokenLimitField::Automatic:
        break;
    }
    return hostOf(baseUrl) == hostOf(kOpenAiBaseUrl) ? "max_completion_tokens" : "max_tokens";
}

std::unique_ptr<LlmProvider> makeProvider(const ProviderSettings& settings) {
    return std::make_unique<ModelProvider>(
        settings, settings.kind == ProviderKind::Anthropic ? anthropicMessagesApi() : chatCompletionsApi());
}

} // namespace sandbench::agent
