#pragma once

#include "e2b_settings.h"
#include "execution_stream.h"

#include <chrono>
#include <map>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace sandbench {

struct HttpResponse;

// A running sandbox, as E2B's POST /sandboxes described it.
struct E2bSandbox {
    std::string id;
    std::string domain;             // where its ports are served; the settings' domain when E2B named none
    std::string envdAccessToken;    // sent back as X-Access-Token (sandboxes created with "secure": true)
    std::string trafficAccessToken; // sent back as E2B-Traffic-Access-Token
};

// Why a call to E2B failed, in words a user can act on.
struct E2bFailure {
    enum class Kind {
        Cancelled,
        Unauthorized, // 401
        Forbidden,    // 403
        NotFound,     // 404
        RateLimited,  // 429
        Server,       // 5xx
        Rejected,     // other 4xx
        Network,      // never reached E2B, TLS failed, or the connection broke
        Timeout,
        Protocol, // an answer that was not what the API promises
    };
    Kind kind;
    long status = 0;
    std::string message;
    int attempts = 1;
};

struct E2bKillOutcome {
    bool gone = false; // E2B answered that it killed the sandbox, or that it was already gone (404)
    long status = 0;
    std::string problem; // when not gone
};

struct E2bExecution {
    enum class End {
        Completed,   // end_of_execution arrived
        Timeout,     // the run's time limit passed first; the transfer was aborted
        Cancelled,   // the stop token fired; the transfer was aborted
        NotStarted,  // the code interpreter refused or never answered: none of the code ran
        Interrupted, // the stream broke or was malformed after the code had started
        Lost, // the code interpreter lost the execution: its kernel died or restarted, its connection broke
    };
    End end = End::NotStarted;
    long status = 0;
    std::string problem; // for NotStarted, Interrupted and Lost
};

// E2B's REST API and the sandbox's code interpreter, over libcurl, as E2B's own SDKs call them: the JS
// SDK's packages/js-sdk/src/sandbox/sandboxApi.ts and api/index.ts, the Python SDK's
// packages/python-sdk/e2b/api/__init__.py (e2b-dev/E2B), and the code interpreter SDK's runCode
// (e2b-dev/code-interpreter js/src/sandbox.ts, python/e2b_code_interpreter/code_interpreter_sync.py).
// Stateless apart from its settings: safe to use from several threads at once.
class E2bApi {
public:
    explicit E2bApi(E2bSettings settings);

    const E2bSettings& settings() const { return m_settings; }

    // POST /sandboxes, tagged with metadata {"sandbench_run": <a random token>}. Sent again (with backoff)
    // only after an answer that proves no sandbox was made: a connection that could not be made, a 429.
    // After one that leaves it open (5xx, 408, a timeout or a broken connection once the request was out,
    // a 2xx that could not be read) the sandbox is looked up by its tag and deleted, and the failure
    // reported. `lifetimeSeconds` is the sandbox's own timeout, after which E2B kills it whatever happens.
    // With `egress` (an allow list), E2B's own egress rules carry it: network.allowOut the names and
    // addresses, denyOut everything else (e2b_tier.cpp refuses what they cannot say).
    std::optional<E2bSandbox> createSandbox(int lifetimeSeconds, bool allowInternetAccess,
                                            const EgressPolicy& egress, std::stop_token stop,
                                            E2bFailure& failure) const;

    // GET /v2/sandboxes?metadata=sandbench_run%3D<token>: the ids of the listed sandboxes whose metadata
    // holds that tag, or std::nullopt and `problem` when E2B could not be asked.
    std::optional<std::vector<std::string>> findTaggedSandboxes(const std::string& token,
                                                                std::string& problem) const;

    // DELETE /sandboxes/<id>, retried like the SDKs retry an idempotent request.
    E2bKillOutcome killSandbox(const std::string& sandboxId, std::stop_token stop = {}) const;

    // POST <sandbox>/execute with the code and no env_vars, feeding the streamed answer to `stream` until
    // end_of_execution, `timeout`, or `stop`. (The server pastes env_vars into Python source,
    // os.environ['KEY'] = 'VALUE', ahead of the code: a quote or backslash in a value breaks the cell, and
    // the code's line numbers move. environmentPrologue() is the exact way, as an execution of its own.)
    E2bExecution execute(const E2bSandbox& sandbox, const std::string& code,
                         std::chrono::milliseconds timeout, std::stop_token stop,
                         ExecutionStream& stream) const;

    // Where the sandbox's code interpreter is reached: E2B_SANDBOX_URL when set, else
    // https://49999-<id>.<domain>.
    std::string codeInterpreterUrl(const E2bSandbox& sandbox) const;

private:
    // Finds the sandboxes tagged `token` and deletes them, after a create call whose answer was lost; what
    // it found and did, for the failure's message.
    std::string removeTaggedSandboxes(const std::string& token, int lifetimeSeconds) const;

    E2bSettings m_settings;
};

// One line of Python that sets these variables in the kernel's os.environ, byte for byte: each name and
// value base64-encoded (no quote, backslash or newline can reach the source), set through os.environb. Run
// as an execution of its own before the program, so the program's line 1 is its cell's line 1, and it
// leaves no name behind in the program's namespace.
std::string environmentPrologue(const std::map<std::string, std::string>& environment);

// Where a port of the sandbox is reached: E2B_SANDBOX_URL when set (every port alike: a proxy routes by the
// E2b-Sandbox-Port header), else https://<port>-<id>.<domain>.
std::string sandboxPortUrl(const E2bSettings& settings, const E2bSandbox& sandbox, int port);

// "<status>: <message>" of an error answer: E2B's and envd's {"code": ..., "message": "..."} (a Connect
// error's code is a word, its message alike), any other body as text, on one line, at most 200 bytes.
std::string statusWords(const HttpResponse& response);

// A query value with every byte but the unreserved ones (RFC 3986) percent-encoded.
std::string percentEncoded(std::string_view text);

// The metadata key of the tag each created sandbox carries.
inline constexpr const char* kRunTagKey = "sandbench_run";

// The code interpreter's port in every code-interpreter template (JUPYTER_PORT in e2b-dev/code-interpreter
// python/e2b_code_interpreter/constants.py; the template's start-up.sh serves it with uvicorn there).
inline constexpr int kCodeInterpreterPort = 49999;

} // namespace sandbench
