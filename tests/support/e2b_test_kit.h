#pragma once

// What the e2b tier's tests share: settings that aim the tier at a ScriptedHttpServer, a server scripted for
// one run, a recording output sink, and ways to print and compare what came back. The shapes E2B sends are
// in e2b_fixtures.h.

#include "e2b_fixtures.h"
#include "scripted_http_server.h"
#include "tiers/e2b/e2b_tier.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QUrlQuery>
#include <memory>
#include <mutex>
#include <optional>
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

// The answer of envd when the program left no /tmp/outputs: ListDir's not_found.
inline ScriptedResponse noOutputsFolder() {
    return ScriptedResponse::json(404,
                                  connectError("not_found", "path not found: lstat /tmp/outputs: no such "
                                                            "file or directory"));
}

// A server that creates a sandbox, sets the environment (an execution of its own, which a policy's default
// env needs), answers the program's /execute with `execution`, and accepts the sandbox's deletion.
inline void scriptRun(ScriptedHttpServer& server, const ScriptedResponse& execution,
                      bool withEnvironment = true) {
    server.enqueue("POST", "/sandboxes", ScriptedResponse::json(201, createdAnswer()));
    if (withEnvironment)
        server.enqueue("POST", "/execute", streamOf({numberOfExecutions(1), endOfExecution()}));
    server.enqueue("POST", "/execute", execution);
    server.enqueue("POST", "/filesystem.Filesystem/ListDir", noOutputsFolder());
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

// envd's files API with state of its own, served by a ScriptedHttpServer (shapes in e2b_fixtures.h): uploads
// are kept by path, ListDir of /tmp/outputs lists `outputs`, and GET /files serves their bytes. What the
// client sent is in the server's requests() too.
class StandInEnvd {
public:
    struct Output {
        QString name{};
        QString type = "FILE_TYPE_FILE";
        QByteArray bytes{};
        qint64 listedSize = -1;   // the size ListDir says; -1: the bytes' own
        bool endless = false;     // GET /files answers `bytes` over and over, never ending
        int downloadStatus = 200; // anything else: envd's error instead of the bytes
    };
    struct Upload {
        QByteArray bytes;
        QString username;
        QByteArray contentType;
    };

    explicit StandInEnvd(ScriptedHttpServer& server)
        : m_state(std::make_shared<State>()) {
        const std::shared_ptr<State> state = m_state;
        server.serve("POST", "/files",
                     [state](const RecordedRequest& request) { return state->upload(request); });
        server.serve("GET", "/files",
                     [state](const RecordedRequest& request) { return state->download(request); });
        server.serve("POST", "/filesystem.Filesystem/ListDir",
                     [state](const RecordedRequest& request) { return state->list(request); });
        server.serve("POST", "/filesystem.Filesystem/MakeDir", [state](const RecordedRequest& request) {
            std::lock_guard lock(state->mutex);
            state->folders.append(jsonBody(request)["path"].toString());
            return ScriptedResponse::json(200, "{}");
        });
    }

    void addOutput(const Output& output) {
        std::lock_guard lock(m_state->mutex);
        m_state->outputsFolder = true;
        m_state->outputs.append(output);
    }
    void failUploads(int status, const char* message) {
        std::lock_guard lock(m_state->mutex);
        m_state->uploadFailure = {status, message};
    }
    QMap<QString, Upload> uploads() const {
        std::lock_guard lock(m_state->mutex);
        return m_state->uploads;
    }
    QStringList folders() const {
        std::lock_guard lock(m_state->mutex);
        return m_state->folders;
    }

private:
    struct State {
        std::mutex mutex;
        QMap<QString, Upload> uploads;
        QStringList folders;
        bool outputsFolder = false;
        QList<Output> outputs;
        std::optional<std::pair<int, QByteArray>> uploadFailure;

        static QString queryValue(const RecordedRequest& request, const QString& key) {
            const QByteArray target = request.target;
            const qsizetype mark = target.indexOf('?');
            return QUrlQuery(QString::fromUtf8(mark < 0 ? QByteArray() : target.mid(mark + 1)))
                .queryItemValue(key, QUrl::FullyDecoded);
        }

        // The one "file" part of a multipart/form-data body, as Go's multipart reader would find it.
        static QByteArray filePart(const RecordedRequest& request) {
            const QByteArray type = request.header("Content-Type");
            const qsizetype at = type.indexOf("boundary=");
            if (at < 0)
                return {};
            const QByteArray delimiter = "--" + type.mid(at + 9);
            const qsizetype start = request.body.indexOf(delimiter);
            const qsizetype headEnd = request.body.indexOf("\r\n\r\n", start);
            if (start < 0 || headEnd < 0 ||
                !request.body.mid(start, headEnd - start).contains("name=\"file\""))
                return {};
            const qsizetype end = request.body.indexOf("\r\n" + delimiter, headEnd + 4);
            return end < 0 ? QByteArray() : request.body.mid(headEnd + 4, end - headEnd - 4);
        }

        ScriptedResponse upload(const RecordedRequest& request) {
            std::lock_guard lock(mutex);
            if (uploadFailure)
                return ScriptedResponse::json(
                    uploadFailure->first, apiError(uploadFailure->first, uploadFailure->second.constData()));
            const QString path = queryValue(request, "path");
            uploads[path] = {filePart(request), queryValue(request, "username"),
                             request.header("Content-Type")};
            return ScriptedResponse::json(200, uploadedAnswer(path));
        }

        ScriptedResponse list(const RecordedRequest& request) {
            std::lock_guard lock(mutex);
            const QString path = jsonBody(request)["path"].toString();
            if (path != "/tmp/outputs" || !outputsFolder)
                return ScriptedResponse::json(404, connectError("not_found", "path not found"));
            QJsonArray entries;
            for (const Output& output : outputs)
                entries.append(listedEntry(path, output.name, output.type,
                                           output.listedSize < 0 ? output.bytes.size() : output.listedSize));
            return ScriptedResponse::json(
                200, QJsonDocument(QJsonObject{{"entries", entries}}).toJson(QJsonDocument::Compact));
        }

        ScriptedResponse download(const RecordedRequest& request) {
            std::lock_guard lock(mutex);
            const QString path = queryValue(request, "path");
            for (const Output& output : outputs) {
                if ("/tmp/outputs/" + output.name != path)
                    continue;
                if (output.downloadStatus != 200)
                    return ScriptedResponse::json(output.downloadStatus,
                                                  apiError(output.downloadStatus, "error opening file: EIO"));
                if (output.endless)
                    return ScriptedResponse::endlessBody(output.bytes);
                return ScriptedResponse::text(200, output.bytes, "application/octet-stream");
            }
            return ScriptedResponse::json(404, apiError(404, "path does not exist"));
        }
    };
    std::shared_ptr<State> m_state;
};

} // namespace test_support::e2b
