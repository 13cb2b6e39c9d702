#pragma once

// What E2B really sends, in one place: the shapes the e2b tier's tests script their stand-in with. Each
// follows a source, named where it is defined:
//  - the REST API: e2b-dev/E2B spec/openapi.yml (POST /sandboxes answers a Sandbox, GET /v2/sandboxes a list
//    of ListedSandbox, errors an Error {code, message});
//  - the code interpreter's POST /execute stream: e2b-dev/code-interpreter template/server/messaging.py (what
//    it makes of Jupyter's messages, its own errors when it loses an execution, env_vars pasted into the
//    code) and template/server/main.py (the route), api/models/output.py and stream.py (one JSON object a
//    line, json.dumps's spacing);
//  - what the Python kernel itself writes: IPython's InteractiveShell (core/interactiveshell.py: the
//  traceback
//    parts, the warning after sys.exit in a cell), which messaging.py joins with "" into one string;
//  - envd, the daemon in the sandbox that serves its files (port 49983): e2b-dev/E2B spec/envd/envd.yaml
//  (POST
//    /files answers a list of EntryInfo, errors an Error {code, message}) and spec/envd/filesystem/
//    filesystem.proto (ListDir's ListDirResponse, in protobuf's JSON mapping as Connect sends it: int64 as a
//    string, enums by name, zeros left out; a Connect error is {"code": "not_found", "message": ...});
//  - retries and key validation, as the clients do them: the e2b Python SDK's e2b/api/__init__.py and
//    e2b/connection_config.py (and packages/js-sdk/src/retry.ts, connectionConfig.ts).

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace test_support::e2b {

inline constexpr const char* kSandboxId = "isb7s5example01";
inline constexpr const char* kEnvdToken = "envd-token-5f2c";
inline constexpr const char* kTrafficToken = "traffic-token-77aa";

// ---- The REST API (spec/openapi.yml) ----

// POST /sandboxes, 201: a Sandbox. "domain" is null for E2B's own cloud.
inline QByteArray createdAnswer(const char* id = kSandboxId) {
    return QJsonDocument(QJsonObject{{"sandboxID", id},
                                     {"templateID", "code-interpreter-v1"},
                                     {"clientID", "6532622b"},
                                     {"envdVersion", "0.2.4"},
                                     {"envdAccessToken", kEnvdToken},
                                     {"trafficAccessToken", kTrafficToken},
                                     {"domain", QJsonValue::Null}})
        .toJson(QJsonDocument::Compact);
}

// GET /v2/sandboxes, 200: ListedSandbox items, each with the metadata it was created with.
inline QByteArray listedAnswer(const QStringList& ids, const QJsonObject& metadata) {
    QJsonArray items;
    for (const QString& id : ids) {
        items.append(QJsonObject{{"sandboxID", id},
                                 {"templateID", "code-interpreter-v1"},
                                 {"clientID", "6532622b"},
                                 {"startedAt", "2026-12-01T10:00:00Z"},
                                 {"endAt", "2026-12-01T10:00:35Z"},
                                 {"cpuCount", 2},
                                 {"memoryMB", 512},
                                 {"diskSizeMB", 1024},
                                 {"envdVersion", "0.2.4"},
                                 {"state", "running"},
                                 {"metadata", metadata}});
    }
    return QJsonDocument(items).toJson(QJsonDocument::Compact);
}

// Any error status: an Error.
inline QByteArray apiError(int code, const char* message) {
    return QJsonDocument(QJsonObject{{"code", code}, {"message", message}}).toJson(QJsonDocument::Compact);
}

// ---- envd's files API (spec/envd/envd.yaml, spec/envd/filesystem/filesystem.proto) ----

// The port of envd, as the E2b-Sandbox-Port header names it (envdPort in
// packages/js-sdk/src/sandbox/index.ts).
inline constexpr const char* kEnvdPortHeader = "49983";

// POST /files, 200: what envd wrote (UploadSuccess; handlePart in e2b-dev/infra packages/envd/internal/api/
// upload.go fills path, name and type "file").
inline QByteArray uploadedAnswer(const QString& path) {
    return QJsonDocument(
               QJsonArray{QJsonObject{{"path", path}, {"name", path.section('/', -1)}, {"type", "file"}}})
        .toJson(QJsonDocument::Compact);
}

// One ListDir entry as walkDir (packages/envd/internal/services/filesystem/dir.go) fills it, in protobuf's
// JSON mapping: "size" an int64, so a string; "type" a FileType by name.
inline QJsonObject listedEntry(const QString& folder, const QString& name, const QString& type, qint64 size) {
    QJsonObject entry{{"name", name},
                      {"type", type},
                      {"path", folder + "/" + name},
                      {"mode", type == "FILE_TYPE_DIRECTORY" ? 0755 : 0644},
                      {"permissions", type == "FILE_TYPE_DIRECTORY" ? "drwxr-xr-x" : "-rw-r--r--"},
                      {"owner", "root"},
                      {"group", "root"},
                      {"modifiedTime", "2026-12-01T10:00:01Z"}};
    if (size != 0)
        entry["size"] = QString::number(size);
    return entry;
}

// A Connect error (the JSON body of any non-200 answer to an RPC): ListDir of a missing folder answers
// not_found with HTTP 404 (followSymlink in dir.go).
inline QByteArray connectError(const char* code, const char* message) {
    return QJsonDocument(QJsonObject{{"code", code}, {"message", message}}).toJson(QJsonDocument::Compact);
}

// ---- The code interpreter's stream (messaging.py, api/models/output.py, stream.py) ----

inline QByteArray line(const QJsonObject& object) {
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + "\n";
}
inline QByteArray stdoutLine(const char* text) {
    return line({{"type", "stdout"}, {"text", text}, {"timestamp", 1700000000000000000.0}});
}
inline QByteArray stderrLine(const char* text) {
    return line({{"type", "stderr"}, {"text", text}, {"timestamp", 1700000000000000000.0}});
}
inline QByteArray numberOfExecutions(int count) {
    return line({{"type", "number_of_executions"}, {"execution_count", count}});
}
inline QByteArray resultLine(const char* text) {
    return line({{"type", "result"}, {"text", text}, {"is_main_result", true}});
}
inline QByteArray endOfExecution() {
    return "{\"type\": \"end_of_execution\"}\n"; // as stream.py writes it
}
// What older servers sent when the kernel's messages stopped; newer ones make an error of it.
inline QByteArray unexpectedEndOfExecution() {
    return "{\"type\": \"unexpected_end_of_execution\"}\n";
}

// An exception: messaging.py sends Error(name=ename, value=evalue, traceback="".join(traceback)).
inline QByteArray errorLine(const QString& name, const QString& value, const QStringList& tracebackParts) {
    return line(
        {{"type", "error"}, {"name", name}, {"value", value}, {"traceback", tracebackParts.join("")}});
}

// The server's own errors when it loses an execution, with an empty traceback and then end_of_execution
// (messaging.py: the kernel restarting, the websocket to it closing, the execution's messages ending early,
// an execution aborted).
inline QByteArray serverErrorLine(const QString& name, const QString& value) {
    return line({{"type", "error"}, {"name", name}, {"value", value}, {"traceback", ""}});
}

// IPython 8's parts for `print('before')\n1/0` in a cell (VerboseTB.structured_traceback): the rule, the
// header, one part per frame, the "Name: value" line; in colour.
inline QStringList zeroDivisionTraceback(int cell = 1) {
    return {
        "\x1b[0;31m---------------------------------------------------------------------------\x1b[0m",
        "\x1b[0;31mZeroDivisionError\x1b[0m                         Traceback (most recent call last)",
        QString("Cell \x1b[0;32mIn[%1], line 2\x1b[0m\n"
                "\x1b[1;32m      1\x1b[0m \x1b[38;5;28mprint\x1b[39m(\x1b[38;5;124m'\x1b[39m"
                "\x1b[38;5;124mbefore\x1b[39m\x1b[38;5;124m'\x1b[39m)\n"
                "\x1b[0;32m----> 2\x1b[0m \x1b[38;5;241m1\x1b[39m\x1b[38;5;241m/\x1b[39m"
                "\x1b[38;5;241m0\x1b[39m\n")
            .arg(cell),
        "\x1b[0;31mZeroDivisionError\x1b[0m: division by zero",
    };
}
// What a user expects of it on stderr: no colour, one line per part.
inline constexpr const char* kZeroDivisionStderr =
    "---------------------------------------------------------------------------\n"
    "ZeroDivisionError                         Traceback (most recent call last)\n"
    "Cell In[1], line 2\n"
    "      1 print('before')\n"
    "----> 2 1/0\n"
    "ZeroDivisionError: division by zero\n";

// sys.exit(...) in a cell: showtraceback(exception_only=True) gives two parts.
inline QStringList systemExitTraceback(const QString& value) {
    return {"An exception has occurred, use %tb to see the full traceback.\n",
            "\x1b[0;31mSystemExit\x1b[0m\x1b[0;31m:\x1b[0m " + value + "\n"};
}
// ...and then run_code's warn("To exit: use 'exit', 'quit', or Ctrl-D.", stacklevel=1), on stderr.
inline constexpr const char* kExitWarning =
    "/usr/local/lib/python3.12/site-packages/IPython/core/interactiveshell.py:3585: UserWarning: To exit: "
    "use "
    "'exit', 'quit', or Ctrl-D.\n"
    "  warn(\"To exit: use 'exit', 'quit', or Ctrl-D.\", stacklevel=1)\n";

} // namespace test_support::e2b
