#pragma once

#include "core/http_client.h"
#include "llm_provider.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <stop_token>

namespace sandbench::agent {

struct ModelExchange {
    HttpResponse response; // the last attempt's
    int attempts = 0;
    // Set when the exchange failed at the HTTP level: a transport error, or a status other than 2xx after
    // every retry. Unset when a 2xx arrived and its body went to the reader to the end (or until the
    // reader stopped it: AbortedByReader is left for the provider, which knows why it stopped).
    std::optional<ProviderError> error;
};

// Sends one model call with the provider's timeouts and retry policy. A 2xx body is handed to `reader` as
// it arrives (or kept in the response when `reader` is empty). Retried, with exponential backoff and full
// jitter from settings.retryBaseDelay, a server's Retry-After honoured, no wait above retryMaxDelay: 408,
// 409, 429 and 5xx statuses (Anthropic's 529 "overloaded" among them), and connections that never reached
// the server. Nothing is retried once a 2xx body has begun, so streamed text is never shown twice. Each
// retry is announced through callbacks.notice; the stop token ends waits and transfers at once.
ModelExchange sendModelRequest(const ProviderSettings& settings, HttpRequest request,
                               const StreamCallbacks& callbacks, std::stop_token stop,
                               const HttpBodyReader& reader = {});

// A ProviderError for a finished response that was not 2xx, naming the status, the host and the provider's
// own message ({"error": {"message": ...}} in both APIs), with what to do about it.
ProviderError errorFromStatus(const ProviderSettings& settings, const HttpResponse& response, int attempts);

// A ProviderError for a transfer that failed (timeout, refused, TLS, cut off, cancelled).
ProviderError errorFromTransport(const ProviderSettings& settings, const HttpResponse& response,
                                 int attempts);

// Serialises a request body without throwing: text that is not UTF-8 (a program's output, a pasted file) is
// sent with U+FFFD in place of each bad byte instead of failing the call.
std::string dumpLeniently(const nlohmann::json& value);

// The URL without any "user:password@" part, for messages and transcripts.
std::string withoutCredentials(std::string_view url);

// The host (and port) of a URL, for messages: "api.anthropic.com", "127.0.0.1:8080".
std::string hostOf(std::string_view url);

} // namespace sandbench::agent
