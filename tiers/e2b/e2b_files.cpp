#include "e2b_files.h"

#include "core/http_client.h"
#include "core/random_token.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

namespace sandbench {

namespace {

using namespace std::chrono_literals;

constexpr const char* kUserAgent = "sandbench";
// Basic auth of "root:" (no password), as the SDKs name the user of an RPC (authenticationHeader in
// packages/js-sdk/src/envd/rpc.ts, authentication_header in python-sdk e2b/envd/utils.py).
constexpr const char* kRootAuthorization = "Basic cm9vdDo=";
constexpr const char* kRootUser = "root";
// A listing of thousands of files is some megabytes of JSON; more than this is not read.
constexpr std::size_t kLongestListing = 16u << 20;

std::string secondsText(std::chrono::milliseconds duration) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f", static_cast<double>(duration.count()) / 1000.0);
    return text;
}

HttpRequest envdRequest(const std::string& url, const E2bSandbox& sandbox,
                        std::chrono::milliseconds timeout) {
    HttpRequest request;
    request.url = url;
    // The headers of the SDKs' envd clients (packages/js-sdk/src/sandbox/index.ts): the sandbox and the port,
    // so a proxy at E2B_SANDBOX_URL can route it, and the envd access token of a secure sandbox.
    request.headers = {{"E2b-Sandbox-Id", sandbox.id},
                       {"E2b-Sandbox-Port", std::to_string(kEnvdPort)},
                       {"User-Agent", kUserAgent}};
    if (!sandbox.envdAccessToken.empty())
        request.headers.emplace_back("X-Access-Token", sandbox.envdAccessToken);
    request.totalTimeout = std::max(timeout, std::chrono::milliseconds(1));
    request.connectTimeout = std::min(request.totalTimeout, std::chrono::milliseconds(10s));
    request.maxBodyBytes = 64 * 1024;
    return request;
}

// A call of envd's filesystem service over Connect's JSON protocol, as root (the SDKs' user header).
HttpRequest filesystemCall(const std::string& url, const char* method, const nlohmann::json& message,
                           const E2bSandbox& sandbox, std::chrono::milliseconds timeout) {
    HttpRequest request = envdRequest(url + "/filesystem.Filesystem/" + method, sandbox, timeout);
    request.method = "POST";
    request.headers.emplace_back("Content-Type", "application/json");
    request.headers.emplace_back("Connect-Protocol-Version", "1");
    request.headers.emplace_back("Authorization", kRootAuthorization);
    request.body = message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return request;
}

// Why a call did not succeed: the transfer's trouble, or envd's answer with what it means.
E2bFilesFailure failureOf(const HttpResponse& response, const std::string& what, const HttpRequest& request) {
    E2bFilesFailure failure;
    switch (response.error) {
    case HttpError::None:
        break;
    case HttpError::Cancelled:
        failure.problem = what + " was cancelled";
        return failure;
    case HttpError::Timeout:
        failure.problem = what + " did not finish within " + secondsText(request.totalTimeout) + " s";
        return failure;
    default:
        failure.problem = what + " failed: " + response.errorText;
        return failure;
    }
    failure.missing = response.status == 404;
    failure.problem = what + ": envd answered " + statusWords(response);
    if (response.status == 502)
        failure.problem += " (the sandbox is not running any more)";
    else if (response.status == 507)
        failure.problem += " (the sandbox's disk is full)";
    else if (response.status == 401 || response.status == 403)
        failure.problem += " (the sandbox's access token or user was refused)";
    return failure;
}

// The filename parameter of the part: envd takes the path from the query when one is given (resolvePath in
// e2b-dev/infra packages/envd/internal/api/upload.go), so this only has to stay one well-formed header.
std::string quotedFilename(const std::string& path) {
    std::string quoted;
    for (const char c : path) {
        if (c == '"' || c == '\\')
            quoted += '\\';
        quoted += (c == '\r' || c == '\n') ? '_' : c;
    }
    return quoted;
}

// A JSON int64 as protobuf's JSON mapping writes it: a string of digits, or (when read leniently) a number.
std::int64_t int64Of(const nlohmann::json& value) {
    if (value.is_number_integer())
        return value.get<std::int64_t>();
    if (value.is_string()) {
        const std::string text = value.get<std::string>();
        if (!text.empty() && text.size() <= 18 &&
            std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); }))
            return std::stoll(text);
        return -1; // unreadable or absurd: the caps refuse it
    }
    return 0; // absent: proto3 leaves a zero out
}

// FileType from filesystem.proto, by name (protojson's default) or by number.
E2bEntry::Kind kindOf(const nlohmann::json& type) {
    if (type == "FILE_TYPE_FILE" || type == 1)
        return E2bEntry::Kind::File;
    if (type == "FILE_TYPE_DIRECTORY" || type == 2)
        return E2bEntry::Kind::Folder;
    if (type == "FILE_TYPE_SYMLINK" || type == 3)
        return E2bEntry::Kind::Link;
    return E2bEntry::Kind::Other; // FILE_TYPE_UNSPECIFIED: a FIFO, socket or device
}

} // namespace

E2bFiles::E2bFiles(const E2bSettings& settings, const E2bSandbox& sandbox)
    : m_url(sandboxPortUrl(settings, sandbox, kEnvdPort))
    , m_sandbox(sandbox) {}

bool E2bFiles::upload(const std::string& path, std::string_view bytes, std::chrono::milliseconds timeout,
                      std::stop_token stop, E2bFilesFailure& failure) const {
    // write in packages/js-sdk/src/sandbox/filesystem/index.ts: one "file" part, the path and user in the
    // query. username=root makes envd chown the file and the folders it makes to root (processFile and
    // EnsureDirs in e2b-dev/infra packages/envd/internal/api/upload.go, permissions/path.go).
    std::string boundary = "sandbench-" + randomHexToken();
    while (bytes.find(boundary) != std::string_view::npos)
        boundary = "sandbench-" + randomHexToken();
    std::string body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" +
                       quotedFilename(path) + "\"\r\nContent-Type: application/octet-stream\r\n\r\n";
    body.reserve(body.size() + bytes.size() + boundary.size() + 8);
    body.append(bytes);
    body += "\r\n--" + boundary + "--\r\n";

    HttpRequest request = envdRequest(
        m_url + "/files?path=" + percentEncoded(path) + "&username=" + kRootUser, m_sandbox, timeout);
    request.method = "POST";
    request.headers.emplace_back("Content-Type", "multipart/form-data; boundary=" + boundary);
    request.body = std::move(body);
    const HttpResponse response = sendHttpRequest(request, stop);
    if (response.success())
        return true;
    failure = failureOf(response, "uploading " + path, request);
    return false;
}

bool E2bFiles::makeFolder(const std::string& path, std::chrono::milliseconds timeout, std::stop_token stop,
                          E2bFilesFailure& failure) const {
    HttpRequest request =
        filesystemCall(m_url, "MakeDir", nlohmann::json{{"path", path}}, m_sandbox, timeout);
    const HttpResponse response = sendHttpRequest(request, stop);
    // A folder that exists answers Connect's already_exists, HTTP 409 (MakeDir in
    // packages/envd/internal/services/filesystem/dir.go).
    if (response.success() || (response.transferred() && response.status == 409))
        return true;
    failure = failureOf(response, "making the folder " + path, request);
    return false;
}

std::optional<std::vector<E2bEntry>> E2bFiles::list(const std::string& path,
                                                    std::chrono::milliseconds timeout, std::stop_token stop,
                                                    E2bFilesFailure& failure) const {
    // list in packages/js-sdk/src/sandbox/filesystem/index.ts: ListDir {path, depth: 1}. The answer is a
    // ListDirResponse in protobuf's JSON mapping: {"entries": [{"name", "type": "FILE_TYPE_FILE", "path",
    // "size": "123", ...}]}, zeros and empty lists left out.
    HttpRequest request =
        filesystemCall(m_url, "ListDir", nlohmann::json{{"path", path}, {"depth", 1}}, m_sandbox, timeout);
    request.maxBodyBytes = kLongestListing;
    const HttpResponse response = sendHttpRequest(request, stop);
    const std::string what = "listing " + path;
    if (!response.success()) {
        failure = failureOf(response, what, request);
        return std::nullopt;
    }
    if (response.bodyTruncated) {
        failure.problem =
            what + ": its listing is larger than " + std::to_string(kLongestListing >> 20) + " MB";
        return std::nullopt;
    }
    const nlohmann::json answer = nlohmann::json::parse(response.body, nullptr, false);
    if (!answer.is_object() || (answer.contains("entries") && !answer["entries"].is_array())) {
        failure.problem = what + ": envd's answer was not a ListDirResponse";
        return std::nullopt;
    }
    std::vector<E2bEntry> entries;
    for (const nlohmann::json& item : answer.value("entries", nlohmann::json::array())) {
        if (!item.is_object() || !item.contains("name") || !item["name"].is_string())
            continue;
        E2bEntry entry;
        entry.name = item["name"].get<std::string>();
        entry.kind = kindOf(item.value("type", nlohmann::json()));
        entry.size = int64Of(item.value("size", nlohmann::json()));
        entries.push_back(std::move(entry));
    }
    return entries;
}

std::optional<std::string> E2bFiles::download(const std::string& path, std::int64_t limit,
                                              std::chrono::milliseconds timeout, std::stop_token stop,
                                              E2bFilesFailure& failure) const {
    std::string bytes;
    if (limit <= 0)
        return bytes;
    // read in packages/js-sdk/src/sandbox/filesystem/index.ts: GET /files with the path and user. envd
    // serves it with Go's http.ServeContent (GetFiles in packages/envd/internal/api/download.go), which
    // honours a Range; the reader below stops at `limit` whether or not the server did.
    HttpRequest request = envdRequest(
        m_url + "/files?path=" + percentEncoded(path) + "&username=" + kRootUser, m_sandbox, timeout);
    request.method = "GET";
    request.headers.emplace_back("Range", "bytes=0-" + std::to_string(limit - 1));
    const auto wanted = static_cast<std::size_t>(limit);
    const HttpResponse response = sendHttpRequest(request, stop, [&bytes, wanted](std::string_view piece) {
        bytes.append(piece.substr(0, wanted - bytes.size()));
        return bytes.size() < wanted;
    });
    if (response.success() || (response.error == HttpError::AbortedByReader && bytes.size() == wanted))
        return bytes;
    failure = failureOf(response, "downloading " + path, request);
    return std::nullopt;
}

} // namespace sandbench
