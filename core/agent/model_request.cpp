#include "model_request.h"

#include "core/sleep_unless_stopped.h"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <random>

namespace sandbench::agent {

namespace {

bool isRetryableStatus(long status) {
    return status == 408 || status == 409 || status == 429 || (status >= 500 && status <= 599);
}

// Only failures that provably left the server untouched are retried: a model call costs money.
bool isRetryableTransport(const HttpResponse& response) {
    return response.error == HttpError::Connect;
}

std::chrono::milliseconds backoff(const ProviderSettings& settings, int attempt,
                                  const HttpResponse& response) {
    if (const auto retryAfter = retryAfterDelay(response))
        return std::min(*retryAfter, settings.retryMaxDelay);
    // Full jitter (AWS architecture blog's "Exponential Backoff and Jitter"): uniform in [base/2, base*2^n].
    const auto ceiling = std::min<long long>(settings.retryBaseDelay.count() << std::min(attempt, 16),
                                             settings.retryMaxDelay.count());
    thread_local std::mt19937 random{std::random_device{}()};
    std::uniform_int_distribution<long long> pick(
        std::min<long long>(settings.retryBaseDelay.count() / 2, ceiling), ceiling);
    return std::chrono::milliseconds(pick(random));
}

std::string statusWords(long status) {
    switch (status) {
    case 400:
        return "400 Bad Request";
    case 401:
        return "401 Unauthorized";
    case 403:
        return "403 Forbidden";
    case 404:
        return "404 Not Found";
    case 408:
        return "408 Request Timeout";
    case 409:
        return "409 Conflict";
    case 413:
        return "413 Payload Too Large";
    case 422:
        return "422 Unprocessable Entity";
    case 429:
        return "429 Too Many Requests";
    case 500:
        return "500 Internal Server Error";
    case 502:
        return "502 Bad Gateway";
    case 503:
        return "503 Service Unavailable";
    case 504:
        return "504 Gateway Timeout";
    case 529:
        return "529 Overloaded";
    default:
        return std::to_string(status);
    }
}

// The provider's own explanation: {"error": {"message": ...}} (both APIs), {"error": "..."} (Ollama and
// others), or a short plain-text body.
std::string providerMessage(const HttpResponse& response) {
    const auto parsed = nlohmann::json::parse(response.body, nullptr, false);
    if (!parsed.is_discarded() && parsed.is_object() && parsed.contains("error")) {
        const auto& error = parsed["error"];
        if (error.is_string())
            return error.get<std::string>();
        if (error.is_object() && error.contains("message") && error["message"].is_string())
            return error["message"].get<std::string>();
    }
    if (!parsed.is_discarded() && parsed.is_object() && parsed.contains("message") &&
        parsed["message"].is_string())
        return parsed["message"].get<std::string>();
    std::string text = response.body.substr(0, 200);
    for (char& c : text)
        if (static_cast<unsigned char>(c) < 0x20)
            c = ' ';
    return text;
}

std::string keyVariable(ProviderKind kind) {
    return kind == ProviderKind::Anthropic ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY";
}

} // namespace

std::string dumpLeniently(const nlohmann::json& value) {
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string withoutCredentials(std::string_view url) {
    const size_t scheme = url.find("://");
    const size_t authority = scheme == std::string_view::npos ? 0 : scheme + 3;
    const size_t end = url.find_first_of("/?#", authority);
    const size_t at = url.substr(0, end).rfind('@');
    if (at == std::string_view::npos || at < authority)
        return std::string(url);
    return std::string(url.substr(0, authority)) + std::string(url.substr(at + 1));
}

std::string hostOf(std::string_view url) {
    if (const size_t scheme = url.find("://"); scheme != std::string_view::npos)
        url.remove_prefix(scheme + 3);
    url = url.substr(0, url.find_first_of("/?#"));
    if (const size_t at = url.rfind('@'); at != std::string_view::npos) // never show credentials
        url.remove_prefix(at + 1);
    return std::string(url);
}

ProviderError errorFromStatus(const ProviderSettings& settings, const HttpResponse& response, int attempts) {
    ProviderError error;
    error.httpStatus = response.status;
    error.attempts = attempts;
    const std::string host = hostOf(settings.baseUrl);
    std::string message = statusWords(response.status) + " from " + host;
    if (const std::string said = providerMessage(response); !said.empty())
        message += ": " + said;
    if (!message.ends_with('.'))
        message += '.';
    const long status = response.status;
    if (status == 401 || status == 403) {
        error.kind = ProviderErrorKind::Unauthorized;
        message += status == 401 ? " The API key was refused: check " + keyVariable(settings.kind) +
                                       " or the key in the agent settings."
                                 : " The key is not allowed to use this model or endpoint.";
    } else if (status == 404) {
        error.kind = ProviderErrorKind::NotFound;
        message += " Check the base URL (" + withoutCredentials(settings.baseUrl) + ") and the model name (" +
                   settings.model + ").";
    } else if (status == 429) {
        error.kind = ProviderErrorKind::RateLimited;
        message += " Rate limited after " + std::to_string(attempts) + " attempts; wait and try again.";
    } else if (status >= 500) {
        error.kind = ProviderErrorKind::ServerError;
        message += " The server failed " + std::to_string(attempts) + " times; try again later.";
    } else {
        error.kind = ProviderErrorKind::BadRequest;
    }
    error.message = std::move(message);
    return error;
}

ProviderError errorFromTransport(const ProviderSettings& settings, const HttpResponse& response,
                                 int attempts) {
    ProviderError error;
    error.httpStatus = response.status;
    error.attempts = attempts;
    const std::string host = hostOf(settings.baseUrl);
    switch (response.error) {
    case HttpError::Cancelled:
        error.kind = ProviderErrorKind::Cancelled;
        error.message = "Cancelled.";
        break;
    case HttpError::Timeout:
        error.kind = ProviderErrorKind::Timeout;
        error.message = "No answer from " + host + " in time (" + response.errorText + ").";
        break;
    case HttpError::Connect:
        error.kind = ProviderErrorKind::Network;
        error.message = "Could not reach " + host + " after " + std::to_string(attempts) + " attempts (" +
                        response.errorText + "). Check the base URL and that the server runs.";
        break;
    case HttpError::Tls:
        error.kind = ProviderErrorKind::Network;
        error.message = "TLS with " + host + " failed (" + response.errorText +
                        "). Sandbench always verifies certificates.";
        break;
    case HttpError::Interrupted:
        error.kind = ProviderErrorKind::Truncated;
        error.message = "The reply from " + host + " was cut off (" + response.errorText + ").";
        break;
    case HttpError::AbortedByReader:
    case HttpError::Other:
    case HttpError::None:
        error.kind = ProviderErrorKind::Network;
        error.message = "The exchange with " + host + " failed (" + response.errorText + ").";
        break;
    }
    return error;
}

ModelExchange sendModelRequest(const ProviderSettings& settings, HttpRequest request,
                               const StreamCallbacks& callbacks, std::stop_token stop,
                               const HttpBodyReader& reader) {
    request.connectTimeout = settings.connectTimeout;
    request.totalTimeout = settings.totalTimeout;
    request.idleTimeout = settings.idleTimeout;
    ModelExchange exchange;
    for (int attempt = 0;; ++attempt) {
        exchange.attempts = attempt + 1;
        exchange.response = sendHttpRequest(request, stop, reader);
        const HttpResponse& response = exchange.response;
        if (response.transferred() && response.status >= 200 && response.status < 300)
            return exchange;
        if (response.error == HttpError::AbortedByReader)
            return exchange;
        const bool retryable =
            response.transferred() ? isRetryableStatus(response.status) : isRetryableTransport(response);
        if (!retryable || attempt >= settings.maxRetries || stop.stop_requested()) {
            if (stop.stop_requested() || response.error == HttpError::Cancelled) {
                exchange.error = ProviderError{ProviderErrorKind::Cancelled, "Cancelled.", response.status,
                                               exchange.attempts};
            } else {
                exchange.error = response.transferred()
                                     ? errorFromStatus(settings, response, exchange.attempts)
                                     : errorFromTransport(settings, response, exchange.attempts);
            }
            return exchange;
        }
        const auto delay = backoff(settings, attempt, response);
        if (callbacks.notice) {
            const std::string what =
                response.transferred() ? statusWords(response.status) : std::string("connection failed");
            char seconds[32];
            std::snprintf(seconds, sizeof seconds, "%.1f", static_cast<double>(delay.count()) / 1000.0);
            callbacks.notice(what + " from " + hostOf(settings.baseUrl) + ": retrying in " + seconds +
                             " s (attempt " + std::to_string(attempt + 2) + " of " +
                             std::to_string(settings.maxRetries + 1) + ")");
        }
        if (!sleepUnlessStopped(delay, stop)) {
            exchange.error = ProviderError{ProviderErrorKind::Cancelled, "Cancelled while waiting to retry.",
                                           response.status, exchange.attempts};
            return exchange;
        }
    }
}

} // namespace sandbench::agent
