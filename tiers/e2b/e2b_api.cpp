#include "e2b_api.h"

#include "core/base64.h"
#include "core/http_client.h"
#include "core/sleep_unless_stopped.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <random>

namespace sandbench {

namespace {

using namespace std::chrono_literals;

constexpr const char* kUserAgent = "sandbench";
constexpr const char* kKeysPage = "https://e2b.dev/dashboard?tab=keys";

// Retry timing of e2b-dev/E2B packages/js-sdk/src/retry.ts: full-jitter exponential backoff from 100 ms,
// each delay at most 8 s, a server's Retry-After honoured up to four times that.
constexpr auto kBackoffBase = 100ms;
constexpr auto kBackoffCap = 8000ms;
constexpr auto kRetryAfterCap = 4 * kBackoffCap;
constexpr int kKillRetries = 2;
constexpr auto kKillTimeoutCap = 15s;

std::chrono::milliseconds toMilliseconds(double seconds) {
    return std::chrono::milliseconds(static_cast<long long>(std::max(0.001, seconds) * 1000.0));
}

std::chrono::milliseconds backoffDelay(int attempt, const HttpResponse* response) {
    if (response) {
        if (const auto retryAfter = retryAfterDelay(*response))
            return std::min(*retryAfter,
                            std::chrono::duration_cast<std::chrono::milliseconds>(kRetryAfterCap));
    }
    const auto exponential =
        std::min<long long>(kBackoffCap.count(), kBackoffBase.count() << std::min(attempt, 16));
    thread_local std::mt19937 random{std::random_device{}()};
    return std::chrono::milliseconds(std::uniform_int_distribution<long long>(0, exponential)(random));
}

// E2B's error bodies are {"code": 401, "message": "..."}; anything else is shown as text, on one line.
std::string messageOf(const HttpResponse& response) {
    const nlohmann::json body = nlohmann::json::parse(response.body, nullptr, false);
    std::string text;
    if (body.is_object() && body.contains("message") && body["message"].is_string())
        text = body["message"].get<std::string>();
    else
        text = response.body;
    std::replace_if(
        text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
    while (!text.empty() && text.back() == ' ')
        text.pop_back();
    if (text.size() > 200)
        text = text.substr(0, 200) + "…";
    return text;
}

std::string attemptsNote(int attempts) {
    return attempts > 1 ? " (after " + std::to_string(attempts) + " attempts)" : std::string();
}

std::string secondsText(std::chrono::milliseconds duration) {
    const double seconds = static_cast<double>(duration.count()) / 1000.0;
    char text[32];
    std::snprintf(text, sizeof text, seconds < 10 ? "%.1f" : "%.0f", seconds);
    return text;
}

// Characters that may go into a host name or a URL path segment unescaped.
bool isSafeName(const std::string& text, bool allowDots) {
    return !text.empty() && text.size() <= 253 && std::all_of(text.begin(), text.end(), [&](unsigned char c) {
        return std::isalnum(c) || c == '-' || c == '_' || (allowDots && c == '.');
    });
}

// A header value that cannot break the header block.
bool isSafeHeaderValue(const std::string& text) {
    return std::all_of(text.begin(), text.end(), [](unsigned char c) { return c >= 0x20 && c < 0x7f; });
}

std::optional<std::string> optionalString(const nlohmann::json& object, const char* key, bool& wrongType) {
    const auto found = object.find(key);
    if (found == object.end() || found->is_null())
        return std::nullopt;
    if (!found->is_string()) {
        wrongType = true;
        return std::nullopt;
    }
    return found->get<std::string>();
}

// A fresh tag for one create call: 128 random bits in hex.
std::string randomToken() {
    static constexpr char kHex[] = "0123456789abcdef";
    std::random_device device;
    std::string token;
    for (int word = 0; word < 4; ++word) {
        const std::uint32_t bits = device();
        for (int nibble = 0; nibble < 8; ++nibble)
            token += kHex[(bits >> (4 * nibble)) & 0xf];
    }
    return token;
}

bool isRetryableStatus(long status) {
    return status == 408 || status == 429 || status == 500 || status == 502 || status == 503 || status == 504;
}

} // namespace

std::string statusWords(const HttpResponse& response) {
    const std::string message = messageOf(response);
    return std::to_string(response.status) + (message.empty() ? std::string() : ": " + message);
}

std::string percentEncoded(std::string_view text) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string encoded;
    for (const unsigned char c : text) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
            encoded += static_cast<char>(c);
        } else {
            encoded += '%';
            encoded += kHex[c >> 4];
            encoded += kHex[c & 0xf];
        }
    }
    return encoded;
}

E2bApi::E2bApi(E2bSettings settings)
    : m_settings(std::move(settings)) {}

std::string sandboxPortUrl(const E2bSettings& settings, const E2bSandbox& sandbox, int port) {
    // getSandboxDirectUrl in e2b-dev/E2B packages/js-sdk/src/connectionConfig.ts (get_host in the Python
    // SDK's connection_config.py): E2B_SANDBOX_URL when set, else https://<port>-<sandboxID>.<domain>, the
    // domain being the one POST /sandboxes answered with.
    if (!settings.sandboxUrl.empty()) {
        std::string url = settings.sandboxUrl;
        while (!url.empty() && url.back() == '/')
            url.pop_back();
        return url;
    }
    return "https://" + std::to_string(port) + "-" + sandbox.id + "." + sandbox.domain;
}

std::string E2bApi::codeInterpreterUrl(const E2bSandbox& sandbox) const {
    return sandboxPortUrl(m_settings, sandbox, kCodeInterpreterPort);
}

std::optional<E2bSandbox> E2bApi::createSandbox(int lifetimeSeconds, bool allowInternetAccess,
                                                const EgressPolicy& egress, std::stop_token stop,
                                                E2bFailure& failure) const {
    const std::string url = m_settings.effectiveApiUrl() + "/sandboxes";
    // The body of createSandbox in e2b-dev/E2B packages/js-sdk/src/sandbox/sandboxApi.ts: templateID, the
    // sandbox's timeout in whole seconds, metadata, "secure": true (the SDK's default: the sandbox's
    // services then want the envdAccessToken back) and allow_internet_access (the policy's network
    // switch: false makes E2B deny all egress, as the SDK documents it). The metadata's tag finds the
    // sandbox again when the answer is lost. No envVars: they reach envd's processes, and the kernel only
    // as the code interpreter pastes them into source, like env_vars (see execute()).
    const std::string token = randomToken();
    nlohmann::json body{{"templateID", m_settings.templateId},
                        {"timeout", lifetimeSeconds},
                        {"metadata", {{"client", "sandbench"}, {kRunTagKey, token}}},
                        {"secure", true},
                        {"allow_internet_access", allowInternetAccess}};
    // An allow list as the API's SandboxNetworkConfig (spec/openapi.yml): allowed entries take precedence
    // over denied ones, and everything else is denied. allow_internet_access stays false, so an API that
    // ignored the network object would give no network rather than all of it.
    if (egress.active()) {
        nlohmann::json allowOut = nlohmann::json::array();
        for (const AllowedHost& host : egress.allow)
            allowOut.push_back(host.host);
        for (const std::string& range : egress.allowIps)
            allowOut.push_back(range);
        body["network"] = {{"allowOut", allowOut}, {"denyOut", nlohmann::json::array({"0.0.0.0/0"})}};
    }
    HttpRequest request;
    request.method = "POST";
    request.url = url;
    // The API client's headers (api/index.ts, and python-sdk e2b/api/__init__.py): the key as X-API-KEY.
    // The SDKs' own telemetry headers (lang, package_version, publisher, ...) are not ours to send.
    request.headers = {{"X-API-KEY", m_settings.apiKey},
                       {"Content-Type", "application/json"},
                       {"Accept", "application/json"},
                       {"User-Agent", kUserAgent}};
    request.body = body.dump();
    request.connectTimeout =
        std::min(toMilliseconds(m_settings.requestTimeoutSeconds), std::chrono::milliseconds(10s));
    request.totalTimeout = toMilliseconds(m_settings.requestTimeoutSeconds);
    request.maxBodyBytes = 64 * 1024;

    const auto fail = [&](E2bFailure::Kind kind, long status, std::string message, int attempts) {
        failure = {kind, status, std::move(message), attempts};
        return std::nullopt;
    };
    // After an answer that leaves open whether E2B made a sandbox: find it by its tag, delete it, say so.
    const auto failAfterCleanUp = [&](E2bFailure::Kind kind, long status, const std::string& message,
                                      int attempts) {
        return fail(kind, status, message + "; " + removeTaggedSandboxes(token, lifetimeSeconds), attempts);
    };

    for (int attempt = 0;; ++attempt) {
        const HttpResponse response = sendHttpRequest(request, stop);
        const int attempts = attempt + 1;
        if (response.error == HttpError::Cancelled)
            return fail(E2bFailure::Kind::Cancelled, 0, "cancelled while E2B was creating the sandbox",
                        attempts);

        if (response.success()) {
            const nlohmann::json answer = nlohmann::json::parse(response.body, nullptr, false);
            if (answer.is_discarded() || !answer.is_object()) {
                return failAfterCleanUp(E2bFailure::Kind::Protocol, response.status,
                                        "E2B's answer to POST /sandboxes was not a JSON object (" +
                                            std::to_string(response.body.size()) + " bytes)",
                                        attempts);
            }
            bool wrongType = false;
            const auto id = optionalString(answer, "sandboxID", wrongType);
            if (!id || !isSafeName(*id, false)) {
                return failAfterCleanUp(E2bFailure::Kind::Protocol, response.status,
                                        "E2B's answer to POST /sandboxes has no usable \"sandboxID\"",
                                        attempts);
            }
            E2bSandbox sandbox;
            sandbox.id = *id;
            sandbox.domain = optionalString(answer, "domain", wrongType).value_or("");
            if (sandbox.domain.empty())
                sandbox.domain = m_settings.domain;
            sandbox.envdAccessToken = optionalString(answer, "envdAccessToken", wrongType).value_or("");
            sandbox.trafficAccessToken = optionalString(answer, "trafficAccessToken", wrongType).value_or("");
            if (wrongType || !isSafeName(sandbox.domain, true) ||
                !isSafeHeaderValue(sandbox.envdAccessToken) ||
                !isSafeHeaderValue(sandbox.trafficAccessToken)) {
                killSandbox(sandbox.id);
                return fail(
                    E2bFailure::Kind::Protocol, response.status,
                    "E2B's answer to POST /sandboxes had a malformed domain or access token; sandbox " +
                        sandbox.id + " was deleted unused",
                    attempts);
            }
            return sandbox;
        }

        // Sent again only when E2B provably made no sandbox, as the SDKs retry this POST (retry.ts,
        // e2b/api/__init__.py): the connection was never made, or E2B throttled the request (429). A 5xx,
        // a 408, a timeout or a broken connection may come after E2B made one: sending the request again
        // could make a second, so the first is looked for instead (failAfterCleanUp).
        const bool notMade =
            response.error == HttpError::Connect || (response.transferred() && response.status == 429);
        if (notMade && attempt < m_settings.maxRetries) {
            if (!sleepUnlessStopped(backoffDelay(attempt, response.transferred() ? &response : nullptr),
                                    stop))
                return fail(E2bFailure::Kind::Cancelled, 0,
                            "cancelled while waiting to retry the sandbox request", attempts);
            continue;
        }

        switch (response.error) {
        case HttpError::None:
            break;
        case HttpError::Timeout:
            return failAfterCleanUp(E2bFailure::Kind::Timeout, 0,
                                    "E2B's API at " + url + " did not answer within " +
                                        secondsText(request.totalTimeout) + " s",
                                    attempts);
        case HttpError::Tls: // the handshake failed: the request never went out
            return fail(E2bFailure::Kind::Network, 0,
                        "TLS verification of " + url + " failed: " + response.errorText +
                            " (a proxy that re-signs HTTPS needs its CA certificate in the system's store)",
                        attempts);
        case HttpError::Connect:
            return fail(E2bFailure::Kind::Network, 0,
                        "could not reach E2B's API at " + url + ": " + response.errorText +
                            attemptsNote(attempts) +
                            "; the e2b tier needs network access to it (a proxy is taken from https_proxy)",
                        attempts);
        default:
            return failAfterCleanUp(E2bFailure::Kind::Network, 0,
                                    "the connection to E2B's API at " + url +
                                        " broke before it answered: " + response.errorText,
                                    attempts);
        }

        // Status texts after handleApiError (api/index.ts) and handle_api_exception (api/__init__.py).
        const std::string words = statusWords(response);
        switch (response.status) {
        case 401:
            return fail(E2bFailure::Kind::Unauthorized, 401,
                        "E2B refused the API key (" + words + "): check E2B_API_KEY; your keys are at " +
                            kKeysPage,
                        attempts);
        case 403:
            return fail(E2bFailure::Kind::Forbidden, 403,
                        "E2B denied the sandbox (" + words + "): the key's team may not use template \"" +
                            m_settings.templateId + "\", or its plan or credits allow no more sandboxes " +
                            "(https://e2b.dev/dashboard)",
                        attempts);
        case 404:
            return fail(E2bFailure::Kind::NotFound, 404,
                        "E2B knows no template \"" + m_settings.templateId + "\" (" + words +
                            "): set SANDBENCH_E2B_TEMPLATE to a code-interpreter template your team can use",
                        attempts);
        case 408:
            return failAfterCleanUp(
                E2bFailure::Kind::Timeout, 408,
                "E2B's API gave up on the sandbox request (" + words + "); try again later", attempts);
        case 429:
            return fail(
                E2bFailure::Kind::RateLimited, 429,
                "E2B's rate limit held (" + words + ")" + attemptsNote(attempts) +
                    ": too many sandboxes or requests at once for the key's plan; wait, then run again",
                attempts);
        default:
            break;
        }
        if (response.status >= 500) {
            return failAfterCleanUp(E2bFailure::Kind::Server, response.status,
                                    "E2B's API failed (" + words + "); try again later", attempts);
        }
        return fail(E2bFailure::Kind::Rejected, response.status,
                    "E2B rejected the sandbox request (" + words + ")", attempts);
    }
}

std::optional<std::vector<std::string>> E2bApi::findTaggedSandboxes(const std::string& token,
                                                                    std::string& problem) const {
    // listSandboxes in the OpenAPI spec (e2b-dev/E2B spec/openapi.yml, GET /v2/sandboxes): `metadata` is a
    // query of URL-encoded key=value pairs, itself URL-encoded as one parameter; with no `state`, sandboxes
    // in every state are listed. Each item is a ListedSandbox, its id in "sandboxID".
    HttpRequest request;
    request.method = "GET";
    request.url = m_settings.effectiveApiUrl() + "/v2/sandboxes?metadata=" +
                  percentEncoded(percentEncoded(kRunTagKey) + "=" + percentEncoded(token));
    request.headers = {
        {"X-API-KEY", m_settings.apiKey}, {"Accept", "application/json"}, {"User-Agent", kUserAgent}};
    request.totalTimeout = std::min(toMilliseconds(m_settings.requestTimeoutSeconds),
                                    std::chrono::duration_cast<std::chrono::milliseconds>(kKillTimeoutCap));
    request.connectTimeout = std::min(request.totalTimeout, std::chrono::milliseconds(10s));
    request.maxBodyBytes = 256 * 1024;

    for (int attempt = 0;; ++attempt) {
        const HttpResponse response = sendHttpRequest(request);
        if (response.success()) {
            const nlohmann::json answer = nlohmann::json::parse(response.body, nullptr, false);
            if (!answer.is_array()) {
                problem = "E2B's answer to GET /v2/sandboxes was not a JSON array";
                return std::nullopt;
            }
            // Only a sandbox that carries the tag is deleted: should E2B ever ignore the filter, the list
            // holds the team's other sandboxes too, and those are not ours to end.
            std::vector<std::string> ids;
            for (const auto& item : answer) {
                if (!item.is_object() || !item.contains("metadata") || !item["metadata"].is_object())
                    continue;
                const nlohmann::json& metadata = item["metadata"];
                bool wrongType = false;
                if (optionalString(metadata, kRunTagKey, wrongType) != token)
                    continue;
                if (const auto id = optionalString(item, "sandboxID", wrongType);
                    id && isSafeName(*id, false))
                    ids.push_back(*id);
            }
            return ids;
        }
        // A GET changes nothing: retried on every transient failure, like a DELETE.
        const bool retryable =
            response.transferred() ? isRetryableStatus(response.status) : response.error != HttpError::Tls;
        if (retryable && attempt < kKillRetries && sleepUnlessStopped(backoffDelay(attempt, nullptr), {}))
            continue;
        problem = response.transferred() ? "GET /v2/sandboxes answered " + statusWords(response)
                                         : "E2B's API could not be reached: " + response.errorText;
        return std::nullopt;
    }
}

std::string E2bApi::removeTaggedSandboxes(const std::string& token, int lifetimeSeconds) const {
    const std::string backstop = "E2B ends it after its " + std::to_string(lifetimeSeconds) + " s timeout";
    std::string problem;
    const auto found = findTaggedSandboxes(token, problem);
    if (!found)
        return "looking for a sandbox E2B may have made anyway failed (" + problem + "); if there is one, " +
               backstop;
    if (found->empty())
        return "E2B lists no sandbox with this run's tag (" + std::string(kRunTagKey) + "=" + token +
               "); should one appear later, " + backstop;
    std::string note;
    for (const std::string& id : *found) {
        const E2bKillOutcome killed = killSandbox(id);
        note += note.empty() ? "" : "; ";
        note += killed.gone
                    ? "sandbox " + id + ", which E2B made anyway, was found by its tag and deleted (" +
                          "DELETE /sandboxes/" + id + " answered " + std::to_string(killed.status) + ")"
                    : "sandbox " + id + ", which E2B made anyway, could not be deleted (" + killed.problem +
                          "); " + backstop;
    }
    return note;
}

E2bKillOutcome E2bApi::killSandbox(const std::string& sandboxId, std::stop_token stop) const {
    // kill in sandboxApi.ts: DELETE /sandboxes/{sandboxID}; a 404 means it is gone already.
    HttpRequest request;
    request.method = "DELETE";
    request.url = m_settings.effectiveApiUrl() + "/sandboxes/" + sandboxId;
    request.headers = {
        {"X-API-KEY", m_settings.apiKey}, {"Accept", "application/json"}, {"User-Agent", kUserAgent}};
    request.totalTimeout = std::min(toMilliseconds(m_settings.requestTimeoutSeconds),
                                    std::chrono::duration_cast<std::chrono::milliseconds>(kKillTimeoutCap));
    request.connectTimeout = std::min(request.totalTimeout, std::chrono::milliseconds(10s));
    request.maxBodyBytes = 16 * 1024;

    E2bKillOutcome outcome;
    for (int attempt = 0;; ++attempt) {
        const HttpResponse response = sendHttpRequest(request, stop);
        outcome.status = response.status;
        if (response.transferred() && (response.success() || response.status == 404)) {
            outcome.gone = true;
            return outcome;
        }
        if (response.error == HttpError::Cancelled) {
            outcome.problem = "cancelled";
            return outcome;
        }
        // DELETE is idempotent, so the SDKs retry it on every transient failure (retry.ts).
        const bool retryable =
            response.transferred() ? isRetryableStatus(response.status) : response.error != HttpError::Tls;
        if (retryable && attempt < kKillRetries &&
            sleepUnlessStopped(backoffDelay(attempt, response.transferred() ? &response : nullptr), stop))
            continue;
        outcome.problem = response.transferred() ? "E2B answered " + statusWords(response)
                                                 : "E2B's API could not be reached: " + response.errorText;
        return outcome;
    }
}

E2bExecution E2bApi::execute(const E2bSandbox& sandbox, const std::string& code,
                             std::chrono::milliseconds timeout, std::stop_token stop,
                             ExecutionStream& stream) const {
    // runCode in e2b-dev/code-interpreter js/src/sandbox.ts (run_code in the Python SDK): POST
    // <jupyterUrl>/execute with {code, context_id, language, env_vars}, the sandbox's id and port as
    // E2b-Sandbox-Id / E2b-Sandbox-Port (so a proxy at E2B_SANDBOX_URL can route it), and the tokens from
    // the create call. No context or language: the default Python context of a fresh sandbox. No env_vars:
    // template/server/messaging.py turns them into os.environ['KEY'] = 'VALUE' lines ahead of the code,
    // unescaped. The API key is not among these headers: it never reaches the sandbox.
    const nlohmann::json body{{"code", code}};
    HttpRequest request;
    request.method = "POST";
    request.url = codeInterpreterUrl(sandbox) + "/execute";
    request.headers = {{"Content-Type", "application/json"},
                       {"E2b-Sandbox-Id", sandbox.id},
                       {"E2b-Sandbox-Port", std::to_string(kCodeInterpreterPort)},
                       {"User-Agent", kUserAgent}};
    if (!sandbox.trafficAccessToken.empty())
        request.headers.emplace_back("E2B-Traffic-Access-Token", sandbox.trafficAccessToken);
    if (!sandbox.envdAccessToken.empty())
        request.headers.emplace_back("X-Access-Token", sandbox.envdAccessToken);
    request.body = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    // The run's time limit bounds the whole exchange, as the SDK's timeoutMs bounds the stream.
    request.totalTimeout = std::max(timeout, std::chrono::milliseconds(1));
    request.connectTimeout = std::min(request.totalTimeout, std::chrono::milliseconds(10s));
    request.maxBodyBytes = 64 * 1024;

    const HttpResponse response =
        sendHttpRequest(request, stop, [&stream](std::string_view bytes) { return stream.feed(bytes); });
    E2bExecution execution;
    execution.status = response.status;
    const bool started = response.status >= 200 && response.status < 300;
    const std::string where = "the sandbox's code interpreter at " + codeInterpreterUrl(sandbox);
    // Once the code interpreter said it lost the execution, that is why the stream ended as it did.
    const auto brokeOff = [&](std::string problem) {
        execution.end = stream.lost() ? E2bExecution::End::Lost : E2bExecution::End::Interrupted;
        execution.problem = stream.lost() ? stream.lost()->lossText() : std::move(problem);
        return execution;
    };

    switch (response.error) {
    case HttpError::Cancelled:
        execution.end = E2bExecution::End::Cancelled;
        return execution;
    case HttpError::Timeout:
        if (!started &&
            response.seconds * 1000.0 + 50.0 < static_cast<double>(request.totalTimeout.count())) {
            execution.end = E2bExecution::End::NotStarted;
            execution.problem = where + " could not be reached within " +
                                secondsText(request.connectTimeout) + " s: " + response.errorText;
        } else {
            execution.end = E2bExecution::End::Timeout;
        }
        return execution;
    case HttpError::AbortedByReader:
        return brokeOff(stream.problem());
    case HttpError::None:
        break;
    default:
        if (started) {
            return brokeOff("the output stream broke before end_of_execution" +
                            (stream.pendingBytes() > 0 ? " (in the middle of a line)" : std::string()) +
                            ": " + response.errorText);
        }
        execution.end = E2bExecution::End::NotStarted;
        execution.problem = where + " could not be reached: " + response.errorText;
        return execution;
    }

    if (!started) {
        execution.end = E2bExecution::End::NotStarted;
        // extract_exception in python/e2b_code_interpreter/models.py: 502 means the sandbox is gone.
        const std::string words = statusWords(response);
        if (response.status == 502)
            execution.problem = where + " answered " + words + ": the sandbox is not running any more";
        else if (response.status == 401 || response.status == 403)
            execution.problem = where + " refused the sandbox's access token (" + words + ")";
        else if (response.status == 404)
            execution.problem = where + " has no /execute (" + words + "): template \"" +
                                m_settings.templateId + "\" may not be a code-interpreter template";
        else
            execution.problem = where + " answered " + words;
        return execution;
    }
    if (!stream.finish())
        return brokeOff(stream.problem());
    if (!stream.ended() || stream.lost()) {
        return brokeOff("the output stream ended without end_of_execution (after " +
                        std::to_string(stream.linesRead()) + " lines)");
    }
    execution.end = E2bExecution::End::Completed;
    return execution;
}

std::string environmentPrologue(const std::map<std::string, std::string>& environment) {
    std::string pairs;
    for (const auto& [name, value] : environment)
        pairs +=
            (pairs.empty() ? "" : ", ") + ("('" + encodeBase64(name) + "', '" + encodeBase64(value) + "')");
    return "__import__('os').environb.update((__import__('base64').b64decode(k), "
           "__import__('base64').b64decode(v)) for k, v in [" +
           pairs + "])";
}

} // namespace sandbench
