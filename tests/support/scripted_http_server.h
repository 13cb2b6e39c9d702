#pragma once

// A local HTTP/1.1 server for tests of HTTP clients: it replays scripted responses (status, headers, a body
// in parts with delays, Content-Length, chunked or close-delimited framing, a cut-off or reset connection,
// silence) and records every request it receives (method, target, headers, body). It listens on 127.0.0.1
// on a free port and runs in a thread of its own, so a test may call a blocking client directly.

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <functional>
#include <memory>

class QThread;

namespace test_support {

using HeaderList = QList<QPair<QByteArray, QByteArray>>;
struct RecordedRequest;

struct ScriptedResponse {
    enum class Framing {
        ContentLength, // Content-Length: the sum of the parts (plus missingBytes)
        Chunked,       // Transfer-Encoding: chunked, one chunk per part
        UntilClose,    // no length; the body ends when the server closes the connection
    };
    enum class Ending {
        Complete, // the response is finished properly; the connection stays open for another request
        Close,    // after the parts, the server closes the connection without finishing the framing
        Reset,    // after the parts, the connection is reset (RST)
        Hang,     // after the parts, nothing: the response never finishes and the connection stays open
    };
    struct Part {
        QByteArray bytes;
        int delayMs = 0; // waited before this part is sent
    };

    int status = 200;
    HeaderList headers;
    QList<Part> body;
    Framing framing = Framing::ContentLength;
    Ending ending = Ending::Complete;
    int headerDelayMs = 0; // waited before the status line
    int missingBytes = 0;  // ContentLength framing promises this many bytes more than are sent
    // After the parts, the last part is sent again and again until the client closes the connection: a body
    // without end (use Chunked or UntilClose framing).
    bool endless = false;
    bool neverAnswer = false;     // the request is read and recorded, and nothing is ever sent back
    bool resetUnanswered = false; // the request is read and recorded, then the connection reset (RST)
    // When set, the response is this function's, made from the request as it arrives (an answer that
    // echoes what the client sent). It runs in the server's thread, with the server locked: it must not
    // call the server.
    std::function<ScriptedResponse(const RecordedRequest&)> madeFrom;

    static ScriptedResponse json(int status, const QByteArray& body);
    static ScriptedResponse text(int status, const QByteArray& body,
                                 const QByteArray& contentType = "text/plain");
    // A chunked body, one chunk per part: a streamed answer such as line-delimited JSON.
    static ScriptedResponse chunked(const QList<Part>& parts,
                                    const QByteArray& contentType = "application/x-ndjson");
    // Server-sent events, chunked: one "data: <line>\n\n" event per entry (an entry may hold its own
    // "event: ..." lines), `delayMs` before each.
    static ScriptedResponse sse(const QList<QByteArray>& events, int delayMs = 0);
    // The bytes sse() sends for these events, for a test that cuts them up or leaves the end off.
    static QByteArray sseBytes(const QList<QByteArray>& events);
    static ScriptedResponse silence();
    // The request arrives whole, and the connection is reset before any answer: a server that failed
    // after it may have acted on it.
    static ScriptedResponse reset();
    static ScriptedResponse answering(std::function<ScriptedResponse(const RecordedRequest&)> make);
    // `pattern` over and over, chunked, for as long as the client reads.
    static ScriptedResponse endlessBody(const QByteArray& pattern);

    ScriptedResponse& withHeader(const QByteArray& name, const QByteArray& value);
    ScriptedResponse& endingWith(Ending how);
};

struct RecordedRequest {
    QByteArray method;
    QByteArray target; // as sent: the path and any query
    HeaderList headers;
    QByteArray body;
    double atSeconds = 0; // when it had fully arrived, counted from the server's start

    QByteArray path() const;                      // the target without its query
    bool hasHeader(const QByteArray& name) const; // case-insensitive
    QByteArray header(const QByteArray& name) const;
};

class ScriptedHttpServer {
public:
    // Listens on `port`, or on a free one when 0 (a test that needs a port nothing listened on at first).
    explicit ScriptedHttpServer(quint16 port = 0);
    ~ScriptedHttpServer();
    ScriptedHttpServer(const ScriptedHttpServer&) = delete;
    ScriptedHttpServer& operator=(const ScriptedHttpServer&) = delete;

    bool isListening() const;
    quint16 port() const;
    QString url() const; // "http://127.0.0.1:<port>"

    // Responses to METHOD PATH are served in the order queued, each once. `path` matches the request's path
    // exactly, or every path it begins when it ends in '*'. A request nothing was queued for gets the
    // fallback: by default a 404 whose JSON message names the request.
    void enqueue(const QByteArray& method, const QByteArray& path, const ScriptedResponse& response);
    void setFallback(const ScriptedResponse& response);
    // Answers every METHOD PATH request that nothing queued answers, from the request as it arrives (a
    // stand-in service with state of its own). Runs in the server's thread, with the server locked: it must
    // not call the server.
    void serve(const QByteArray& method, const QByteArray& path,
               std::function<ScriptedResponse(const RecordedRequest&)> handler);
    int queuedResponses() const; // not yet served

    QList<RecordedRequest> requests() const;
    QList<RecordedRequest> requests(const QByteArray& method, const QByteArray& path) const;
    // Blocks until at least `count` requests have arrived; false if `timeoutMs` passed first.
    bool waitForRequests(int count, int timeoutMs) const;
    int openConnections() const;

    class Worker; // the part that lives in the server's thread

private:
    struct Shared;
    std::shared_ptr<Shared> m_shared;
    std::unique_ptr<QThread> m_thread;
    Worker* m_worker = nullptr; // owned by m_thread's life: deleted when it finishes
};

} // namespace test_support
