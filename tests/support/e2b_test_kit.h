#pragma once

// What the e2b tier's tests share: settings that aim the tier at a ScriptedHttpServer, a server scripted for
// one run, a recording output sink, and ways to print and compare what came back. The shapes E2B sends are
// in e2b_fixtures.h.

#include "e2b_fixtures.h"
#include "scripted_http_server.h"
#include "tiers/e2b/e2b_tier.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <mutex>
#include <string>
#include <vector>

namespace test_support::e2b {

inline constexpr const char* kApiKey = "e2b_0123456789abcdef0123456789abcdef01234567";

// Loopback requests must not be handed to a proxy from the environment, and this machine's own E2B settings
// (if any) play no part: every test builds its settings.
inline void isolateFromEnvironment() {
    qputenv("no_proxy", "127.0.0.1,localhost");
    qputenv("NO_PROXY", "127.0.0.1,localhost");
    for (const char* name : {"E2B_API_KEY", "E2B_DOMAIN", "E2B_API_URL", "E2B_SANDBOX_URL", "E2B_MAX_RETRIES",
                             "E2B_VALIDATE_API_KEY", "SANDBENCH_E2B_TEMPLATE"})
        qunsetenv(name);
}

inline sandbench::E2bSettings settingsFor(const ScriptedHttpServer& server) {
    sandbench::E2bSettings settings;
    settings.apiKey = kApiKey;
    settings.apiUrl = server.url().toStdString();
    settings.sandboxUrl = server.url().toStdString();
    settings.requestTimeoutSeconds = 5;
    return settings;
}

inline QByteArray sandboxPath(const char* id = kSandboxId) {
    return QByteArray("/sandboxes/") + id;
}

inline ScriptedResponse streamOf(const QList<QByteArray>& lines, int delayMs = 0) {
    QList<ScriptedResponse::Part> parts;
    for (const QByteArray& each : lines)
        parts.append({each, delayMs});
    return ScriptedResponse::chunked(parts);
}

// A server that creates a sandbox, sets the environment (an execution of its own, which a policy's default
// env needs), answers the program's /execute with `execution`, and accepts the sandbox's deletion.
inline void scriptRun(ScriptedHttpServer& server, const ScriptedResponse& execution,
                      bool withEnvironment = true) {
    server.enqueue("POST", "/sandboxes", ScriptedResponse::json(201, createdAnswer()));
    if (withEnvironment)
        server.enqueue("POST", "/execute", streamOf({numberOfExecutions(1), endOfExecution()}));
    server.enqueue("POST", "/execute", execution);
    server.enqueue("DELETE", sandboxPath(), ScriptedResponse::text(204, ""));
}

inline QJsonObject jsonBody(const RecordedRequest& request) {
    return QJsonDocument::fromJson(request.body).object();
}

inline QList<QByteArray> methodsAndPaths(const ScriptedHttpServer& server) {
    QList<QByteArray> seen;
    for (const RecordedRequest& request : server.requests())
        seen.append(request.method + " " + request.path());
    return seen;
}

inline sandbench::RunRequest program(const std::string& code, double timeoutSeconds = 10) {
    sandbench::RunRequest request;
    request.code = code;
    request.policy.timeoutSeconds = timeoutSeconds;
    return request;
}

inline QString context(const sandbench::RunResult& result) {
    return QString::fromStdString(result.summary() + "\nstdout: " + result.stdoutBytes +
                                  "\nstderr: " + result.stderrBytes);
}

inline QString nameOf(sandbench::StopReason reason) {
    return QString::fromUtf8(toString(reason));
}

// What the sink saw, with arrival times. Thread-safe: a run may be on another thread.
struct RecordingSink {
    struct Chunk {
        sandbench::Stream stream;
        std::string bytes;
        double atSeconds;
    };
    mutable std::mutex mutex;
    std::vector<Chunk> chunks;
    QElapsedTimer clock;

    RecordingSink() { clock.start(); }
    sandbench::OutputSink sink() {
        return [this](sandbench::Stream stream, std::string_view bytes) {
            std::lock_guard lock(mutex);
            chunks.push_back({stream, std::string(bytes), static_cast<double>(clock.nsecsElapsed()) / 1e9});
        };
    }
    std::string all(sandbench::Stream stream) const {
        std::lock_guard lock(mutex);
        std::string joined;
        for (const auto& chunk : chunks) {
            if (chunk.stream == stream)
                joined += chunk.bytes;
        }
        return joined;
    }
    std::size_t count() const {
        std::lock_guard lock(mutex);
        return chunks.size();
    }
};

} // namespace test_support::e2b
