#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sandbench {

// One HTTP request over libcurl, for the tiers and clients that talk to web APIs (E2B's sandboxes, the LLM
// APIs of the agent loop). TLS peers are always verified, proxies come from the environment (http_proxy,
// https_proxy, no_proxy, as libcurl reads them), redirects are never followed (a redirect would carry
// credential headers to wherever it points), and only http and https are spoken.
struct HttpRequest {
    std::string method = "GET";
    std::string url;
    std::vector<std::pair<std::string, std::string>> headers; // sent as given
    std::string body;                                         // sent when not empty, or for POST/PUT/PATCH
    std::chrono::milliseconds connectTimeout{10000};          // DNS, TCP and TLS; 0 means libcurl's 300 s
    std::chrono::milliseconds totalTimeout{60000};            // the whole exchange; 0 means none
    // Aborts when no byte of the response arrives for this long, counted from the start and from each byte
    // (an SSE stream that went silent); 0 means none.
    std::chrono::milliseconds idleTimeout{0};
    // Kept of a body that is not streamed (errors, and every body without a callback); the rest is dropped
    // and HttpResponse::bodyTruncated says so.
    std::size_t maxBodyBytes = 1 << 20;
};

enum class HttpError {
    None,
    Cancelled,       // the stop token fired
    Timeout,         // connect, total or idle timeout
    Connect,         // DNS or TCP failed: the request never reached the server
    Tls,             // TLS handshake or certificate verification failed
    Interrupted,     // the connection ended before the response was complete (a cut-off stream)
    AbortedByReader, // the body callback asked to stop
    Other,
};

struct HttpResponse {
    long status = 0; // 0 when no response arrived
    // Of the final response, names lower-cased, in arrival order.
    std::vector<std::pair<std::string, std::string>> headers;
    std::string body; // the body when it was not streamed to a callback (capped by maxBodyBytes)
    bool bodyTruncated = false;
    HttpError error = HttpError::None;
    std::string errorText; // libcurl's own words, with the URL's host, when error != None
    double seconds = 0;    // how long the exchange took

    // The first header of that name (case-insensitive), without surrounding blanks.
    std::optional<std::string> header(std::string_view name) const;
    bool transferred() const { return error == HttpError::None; }
    bool success() const { return transferred() && status >= 200 && status < 300; }
};

// Receives a 2xx response's body as it arrives, in pieces of any size; false aborts the transfer
// (HttpError::AbortedByReader). Not called for other statuses, whose body lands in HttpResponse::body.
// Called on the thread that called sendHttpRequest(); an exception it throws ends the transfer and is
// rethrown by sendHttpRequest().
using HttpBodyReader = std::function<bool(std::string_view)>;

// Sends the request and blocks until the response is complete, the stop token fires (the transfer is
// aborted at once, within milliseconds, whatever it was doing), a timeout passes or the transfer fails.
// Never throws for network trouble (only what the reader threw): the response says what happened. Safe to
// call from several threads at once.
HttpResponse sendHttpRequest(const HttpRequest& request, std::stop_token stop = {},
                             const HttpBodyReader& reader = {});

// Splits a byte stream into lines at '\n' (a '\r' before it is dropped), for line-delimited JSON and
// server-sent events read from an HttpBodyReader. Bytes after the last '\n' wait for the next feed().
class LineSplitter {
public:
    // Calls `line` for each complete line; stops early and returns false when it returns false.
    bool feed(std::string_view bytes, const std::function<bool(std::string_view)>& line);
    // What arrived after the last newline: a cut-off line when the stream has ended.
    const std::string& pending() const { return m_pending; }
    // Hands over what pending() holds and forgets it (a last line that had no newline).
    std::string takePending() { return std::exchange(m_pending, {}); }

private:
    std::string m_pending;
};

// "Retry-After" as a delay: delta-seconds ("3") or an HTTP date; nullopt when absent or unreadable.
std::optional<std::chrono::milliseconds> retryAfterDelay(const HttpResponse& response);

} // namespace sandbench
