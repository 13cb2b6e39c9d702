#include "http_client.h"

#include <algorithm>
#include <cctype>
#include <ctime>
#include <curl/curl.h>
#include <exception>
#include <memory>
#include <mutex>

namespace sandbench {

namespace {

void initialiseCurlOnce() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

std::string lowered(std::string_view text) {
    std::string result(text);
    std::transform(result.begin(), result.end(), result.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return result;
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() &&
           (text.back() == ' ' || text.back() == '\t' || text.back() == '\r' || text.back() == '\n'))
        text.remove_suffix(1);
    return text;
}

// What one transfer's callbacks share. Lives on send()'s stack for the whole transfer.
struct Transfer {
    const HttpRequest& request;
    const HttpBodyReader& reader;
    HttpResponse& response;
    std::stop_token stop;
    CURL* easy = nullptr;
    bool readerStopped = false;
    std::chrono::steady_clock::time_point lastByte = std::chrono::steady_clock::now();
    std::exception_ptr readerFailure; // rethrown by send() once libcurl is out of the way
};

size_t onHeaderLine(char* data, size_t size, size_t count, void* user) {
    auto* transfer = static_cast<Transfer*>(user);
    const size_t length = size * count;
    transfer->lastByte = std::chrono::steady_clock::now();
    const std::string_view line(data, length);
    // Every status line starts a new block (a 100 Continue, a proxy's CONNECT answer): keep the last one's.
    if (line.starts_with("HTTP/")) {
        transfer->response.headers.clear();
        return length;
    }
    const size_t colon = line.find(':');
    if (colon != std::string_view::npos && colon > 0) {
        transfer->response.headers.emplace_back(lowered(trimmed(line.substr(0, colon))),
                                                std::string(trimmed(line.substr(colon + 1))));
    }
    return length;
}

size_t onBodyBytes(char* data, size_t size, size_t count, void* user) {
    auto* transfer = static_cast<Transfer*>(user);
    const size_t length = size * count;
    transfer->lastByte = std::chrono::steady_clock::now();
    long status = 0;
    curl_easy_getinfo(transfer->easy, CURLINFO_RESPONSE_CODE, &status);
    if (transfer->reader && status >= 200 && status < 300) {
        bool keepGoing = false;
        try {
            keepGoing = transfer->reader(std::string_view(data, length));
        } catch (...) { // an exception must not unwind through libcurl's C frames
            transfer->readerFailure = std::current_exception();
        }
        if (!keepGoing) {
            transfer->readerStopped = true;
            return 0; // anything but `length` ends the transfer with CURLE_WRITE_ERROR
        }
        return length;
    }
    HttpResponse& response = transfer->response;
    const size_t room =
        transfer->request.maxBodyBytes - std::min(response.body.size(), transfer->request.maxBodyBytes);
    response.body.append(data, std::min(room, length));
    if (length > room)
        response.bodyTruncated = true;
    return length;
}

// libcurl calls this during transfers too; the multi loop below also wakes on the stop token at once.
int onProgress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
    return static_cast<Transfer*>(user)->stop.stop_requested() ? 1 : 0;
}

HttpError classify(CURLcode code, bool readerStopped) {
    switch (code) {
    case CURLE_OK:
        return HttpError::None;
    case CURLE_ABORTED_BY_CALLBACK:
        return HttpError::Cancelled;
    case CURLE_OPERATION_TIMEDOUT:
        return HttpError::Timeout;
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
    case CURLE_COULDNT_CONNECT:
        return HttpError::Connect;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_CRL_BADFILE:
    case CURLE_SSL_ENGINE_INITFAILED:
        return HttpError::Tls;
    case CURLE_PARTIAL_FILE:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_GOT_NOTHING:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM:
        return HttpError::Interrupted;
    case CURLE_WRITE_ERROR:
        return readerStopped ? HttpError::AbortedByReader : HttpError::Other;
    default:
        return HttpError::Other;
    }
}

struct SlistDeleter {
    void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};
struct EasyDeleter {
    void operator()(CURL* easy) const { curl_easy_cleanup(easy); }
};
struct MultiDeleter {
    void operator()(CURLM* multi) const { curl_multi_cleanup(multi); }
};

} // namespace

std::optional<std::string> HttpResponse::header(std::string_view name) const {
    const std::string wanted = lowered(name);
    for (const auto& [key, value] : headers) {
        if (key == wanted)
            return value;
    }
    return std::nullopt;
}

HttpResponse sendHttpRequest(const HttpRequest& request, std::stop_token stop, const HttpBodyReader& reader) {
    initialiseCurlOnce();
    const auto started = std::chrono::steady_clock::now();
    HttpResponse response;
    const auto finish = [&](HttpError error, std::string text) {
        response.error = error;
        response.errorText = std::move(text);
        response.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return std::move(response);
    };
    if (stop.stop_requested())
        return finish(HttpError::Cancelled, "cancelled before the request was sent");

    std::unique_ptr<CURL, EasyDeleter> easy(curl_easy_init());
    std::unique_ptr<CURLM, MultiDeleter> multi(curl_multi_init());
    if (!easy || !multi)
        return finish(HttpError::Other, "libcurl could not start a transfer");

    Transfer transfer{request, reader, response, stop, easy.get(), false, std::chrono::steady_clock::now(),
                      nullptr};
    char errorBuffer[CURL_ERROR_SIZE] = {};
    CURL* handle = easy.get();
    curl_easy_setopt(handle, CURLOPT_URL, request.url.c_str());
    curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, errorBuffer);
    curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(handle, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(handle, CURLOPT_SSL_VERIFYHOST, 2L);
    curl_easy_setopt(handle, CURLOPT_TCP_KEEPALIVE, 1L); // long silent streams survive NAT timeouts
    curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(request.connectTimeout.count()));
    curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, static_cast<long>(request.totalTimeout.count()));
    curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, onHeaderLine);
    curl_easy_setopt(handle, CURLOPT_HEADERDATA, &transfer);
    curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, onBodyBytes);
    curl_easy_setopt(handle, CURLOPT_WRITEDATA, &transfer);
    curl_easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, onProgress);
    curl_easy_setopt(handle, CURLOPT_XFERINFODATA, &transfer);

    const bool sendsBody = !request.body.empty() || request.method == "POST" || request.method == "PUT" ||
                           request.method == "PATCH";
    if (sendsBody) {
        curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
        curl_easy_setopt(handle, CURLOPT_POSTFIELDS, request.body.c_str());
    }
    if (request.method == "HEAD")
        curl_easy_setopt(handle, CURLOPT_NOBODY, 1L);
    else if (request.method != (sendsBody ? "POST" : "GET"))
        curl_easy_setopt(handle, CURLOPT_CUSTOMREQUEST, request.method.c_str());

    curl_slist* list = nullptr;
    for (const auto& [name, value] : request.headers)
        list = curl_slist_append(list, (name + ": " + value).c_str());
    list = curl_slist_append(list, "Expect:"); // no 100-continue round trip before a body
    std::unique_ptr<curl_slist, SlistDeleter> headerList(list);
    curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headerList.get());

    if (curl_multi_add_handle(multi.get(), handle) != CURLM_OK)
        return finish(HttpError::Other, "libcurl could not start a transfer");

    CURLcode result = CURLE_OK;
    bool cancelled = false;
    bool idle = false; // libcurl's own low-speed limit averages over seconds of history: timed here instead
    {
        // The stop token wakes the poll below at once, whatever the transfer is waiting for.
        CURLM* multiHandle = multi.get();
        std::stop_callback wake(stop, [multiHandle] { curl_multi_wakeup(multiHandle); });
        int running = 1;
        while (true) {
            if (const CURLMcode code = curl_multi_perform(multiHandle, &running); code != CURLM_OK) {
                curl_multi_remove_handle(multiHandle, handle);
                return finish(HttpError::Other, curl_multi_strerror(code));
            }
            if (running == 0)
                break;
            if (stop.stop_requested()) {
                cancelled = true;
                break;
            }
            int wait = 1000;
            if (request.idleTimeout.count() > 0) {
                const auto silent = std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::steady_clock::now() - transfer.lastByte);
                if (silent >= request.idleTimeout) {
                    idle = true;
                    break;
                }
                wait =
                    static_cast<int>(std::min<long long>(wait, (request.idleTimeout - silent).count() + 1));
            }
            // Returns when a socket is ready, libcurl's own timers are due, or the stop token woke it.
            curl_multi_poll(multiHandle, nullptr, 0, wait, nullptr);
            if (stop.stop_requested()) {
                cancelled = true;
                break;
            }
        }
        if (!cancelled && !idle) {
            int left = 0;
            while (CURLMsg* message = curl_multi_info_read(multiHandle, &left)) {
                if (message->msg == CURLMSG_DONE && message->easy_handle == handle)
                    result = message->data.result;
            }
        }
    }
    long status = 0;
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
    response.status = status;
    curl_multi_remove_handle(multi.get(), handle); // closes the connection of an unfinished transfer
    if (transfer.readerFailure)
        std::rethrow_exception(transfer.readerFailure);

    if (cancelled)
        return finish(HttpError::Cancelled, "cancelled");
    if (idle) {
        return finish(HttpError::Timeout, "no data for " + std::to_string(request.idleTimeout.count()) +
                                              " ms from " + request.url);
    }
    const HttpError error = classify(result, transfer.readerStopped);
    if (error == HttpError::None)
        return finish(error, {});
    std::string text = errorBuffer[0] != '\0' ? std::string(errorBuffer) : curl_easy_strerror(result);
    return finish(error, std::move(text));
}

bool LineSplitter::feed(std::string_view bytes, const std::function<bool(std::string_view)>& line) {
    while (!bytes.empty()) {
        const size_t newline = bytes.find('\n');
        if (newline == std::string_view::npos) {
            m_pending.append(bytes);
            return true;
        }
        std::string_view piece = bytes.substr(0, newline);
        bytes.remove_prefix(newline + 1);
        bool keepGoing = true;
        if (m_pending.empty()) {
            if (!piece.empty() && piece.back() == '\r')
                piece.remove_suffix(1);
            keepGoing = line(piece);
        } else {
            m_pending.append(piece);
            std::string whole = std::move(m_pending);
            m_pending.clear();
            if (!whole.empty() && whole.back() == '\r')
                whole.pop_back();
            keepGoing = line(whole);
        }
        if (!keepGoing)
            return false;
    }
    return true;
}

std::optional<std::chrono::milliseconds> retryAfterDelay(const HttpResponse& response) {
    const auto value = response.header("retry-after");
    if (!value || value->empty())
        return std::nullopt;
    if (std::all_of(value->begin(), value->end(), [](unsigned char c) { return std::isdigit(c); })) {
        if (value->size() > 9)
            return std::chrono::milliseconds(std::chrono::hours(24 * 365)); // absurdly far: callers cap it
        return std::chrono::seconds(std::stol(*value));
    }
    const time_t when = curl_getdate(value->c_str(), nullptr);
    if (when < 0)
        return std::nullopt;
    const time_t now = std::time(nullptr);
    return std::chrono::seconds(when > now ? when - now : 0);
}

} // namespace sandbench
