#include "scripted_http_server.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <sys/socket.h>
#include <vector>

namespace test_support {

namespace {

QByteArray reasonPhrase(int status) {
    switch (status) {
    case 200:
        return "OK";
    case 201:
        return "Created";
    case 204:
        return "No Content";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 408:
        return "Request Timeout";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 501:
        return "Not Implemented";
    case 502:
        return "Bad Gateway";
    case 503:
        return "Service Unavailable";
    case 504:
        return "Gateway Timeout";
    default:
        return "Status";
    }
}

bool sameName(const QByteArray& a, const QByteArray& b) {
    return a.compare(b, Qt::CaseInsensitive) == 0;
}

} // namespace

// ---- ScriptedResponse ----

ScriptedResponse ScriptedResponse::json(int status, const QByteArray& body) {
    return text(status, body, "application/json");
}

ScriptedResponse ScriptedResponse::text(int status, const QByteArray& body, const QByteArray& contentType) {
    ScriptedResponse response;
    response.status = status;
    response.headers.emplaceBack("Content-Type", contentType);
    if (!body.isEmpty())
        response.body.append(Part{body, 0});
    return response;
}

ScriptedResponse ScriptedResponse::chunked(const QList<Part>& parts, const QByteArray& contentType) {
    ScriptedResponse response;
    response.headers.emplaceBack("Content-Type", contentType);
    response.body = parts;
    response.framing = Framing::Chunked;
    return response;
}

namespace {

// One event as sse() sends it: its own "event:", "id:", "retry:" and comment lines as they are, every other
// line as data, and the blank line that ends it.
QByteArray sseEventBytes(const QByteArray& event) {
    QByteArray block;
    for (const QByteArray& line : event.split('\n')) {
        block += (line.startsWith("event:") || line.startsWith("id:") || line.startsWith("retry:") ||
                  line.startsWith(":"))
                     ? line + "\n"
                     : "data: " + line + "\n";
    }
    return block + "\n";
}

} // namespace

ScriptedResponse ScriptedResponse::sse(const QList<QByteArray>& events, int delayMs) {
    QList<Part> parts;
    for (const QByteArray& event : events)
        parts.append(Part{sseEventBytes(event), delayMs});
    ScriptedResponse response = chunked(parts, "text/event-stream");
    response.headers.emplaceBack("Cache-Control", "no-cache");
    return response;
}

QByteArray ScriptedResponse::sseBytes(const QList<QByteArray>& events) {
    QByteArray bytes;
    for (const QByteArray& event : events)
        bytes += sseEventBytes(event);
    return bytes;
}

ScriptedResponse ScriptedResponse::silence() {
    ScriptedResponse response;
    response.neverAnswer = true;
    return response;
}

ScriptedResponse ScriptedResponse::reset() {
    ScriptedResponse response;
    response.resetUnanswered = true;
    return response;
}

ScriptedResponse ScriptedResponse::answering(std::function<ScriptedResponse(const RecordedRequest&)> make) {
    ScriptedResponse response;
    response.madeFrom = std::move(make);
    return response;
}

ScriptedResponse ScriptedResponse::endlessBody(const QByteArray& pattern) {
    ScriptedResponse response = chunked({Part{pattern, 0}}, "application/octet-stream");
    response.endless = true;
    return response;
}

ScriptedResponse& ScriptedResponse::withHeader(const QByteArray& name, const QByteArray& value) {
    headers.emplaceBack(name, value);
    return *this;
}

ScriptedResponse& ScriptedResponse::endingWith(Ending how) {
    ending = how;
    return *this;
}

// ---- RecordedRequest ----

QByteArray RecordedRequest::path() const {
    const qsizetype query = target.indexOf('?');
    return query < 0 ? target : target.left(query);
}

bool RecordedRequest::hasHeader(const QByteArray& name) const {
    for (const auto& [key, value] : headers) {
        if (sameName(key, name))
            return true;
    }
    return false;
}

QByteArray RecordedRequest::header(const QByteArray& name) const {
    for (const auto& [key, value] : headers) {
        if (sameName(key, name))
            return value;
    }
    return {};
}

// ---- what both threads share ----

struct ScriptedHttpServer::Shared {
    struct Route {
        QByteArray method;
        QByteArray path;
        std::deque<ScriptedResponse> responses;
    };

    mutable std::mutex mutex;
    mutable std::condition_variable arrived;
    std::vector<Route> routes;
    std::vector<std::pair<Route, std::function<ScriptedResponse(const RecordedRequest&)>>> handlers;
    std::optional<ScriptedResponse> fallback;
    QList<RecordedRequest> requests;
    int openConnections = 0;
    QElapsedTimer clock; // started with the server

    static bool matches(const Route& route, const RecordedRequest& request) {
        if (route.method != request.method)
            return false;
        const QByteArray path = request.path();
        if (route.path.endsWith('*'))
            return path.startsWith(route.path.chopped(1));
        return path == route.path;
    }

    // Records the request and picks its response.
    ScriptedResponse take(RecordedRequest request) {
        std::lock_guard lock(mutex);
        request.atSeconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
        requests.append(request);
        arrived.notify_all();
        for (Route& route : routes) {
            if (matches(route, request) && !route.responses.empty()) {
                ScriptedResponse response = std::move(route.responses.front());
                route.responses.pop_front();
                return response.madeFrom ? response.madeFrom(requests.back()) : response;
            }
        }
        for (const auto& [route, handler] : handlers) {
            if (matches(route, request))
                return handler(requests.back());
        }
        if (fallback)
            return *fallback;
        return ScriptedResponse::json(404, R"({"code": 404, "message": "no scripted response for )" +
                                               request.method + " " + request.target + "\"}");
    }
};

// ---- the thread's side ----

class ScriptedHttpServer::Worker : public QObject {
public:
    explicit Worker(std::shared_ptr<Shared> shared)
        : m_shared(std::move(shared)) {}

    bool listen(quint16 port) {
        m_server = new QTcpServer(this);
        QObject::connect(m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = m_server->nextPendingConnection())
                adopt(socket);
        });
        return m_server->listen(QHostAddress::LocalHost, port);
    }
    quint16 port() const { return m_server ? m_server->serverPort() : 0; }

    void shutdown() {
        if (m_server)
            m_server->close();
        for (const QPointer<QTcpSocket>& socket : m_sockets) {
            if (socket)
                socket->abort();
        }
    }

private:
    struct Connection {
        QByteArray buffer;
        bool busy = false; // answering a request (or never will)
        bool sentContinue = false;
    };

    void adopt(QTcpSocket* socket) {
        m_sockets.append(socket);
        {
            std::lock_guard lock(m_shared->mutex);
            ++m_shared->openConnections;
        }
        auto connection = std::make_shared<Connection>();
        QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket, connection] {
            connection->buffer += socket->readAll();
            serve(socket, connection);
        });
        QObject::connect(socket, &QTcpSocket::disconnected, socket, [this, socket] {
            {
                std::lock_guard lock(m_shared->mutex);
                --m_shared->openConnections;
            }
            socket->deleteLater();
        });
    }

    // Parses every complete request in the buffer and answers it, one at a time.
    void serve(QTcpSocket* socket, const std::shared_ptr<Connection>& connection) {
        while (!connection->busy) {
            QByteArray& buffer = connection->buffer;
            const qsizetype headEnd = buffer.indexOf("\r\n\r\n");
            if (headEnd < 0)
                return;
            const QList<QByteArray> lines = buffer.left(headEnd).split('\n');
            RecordedRequest request;
            const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
            request.method = requestLine.value(0);
            request.target = requestLine.value(1);
            qint64 length = 0;
            bool chunkedBody = false;
            bool expectsContinue = false;
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const QByteArray line = lines[i].trimmed();
                const qsizetype colon = line.indexOf(':');
                if (colon <= 0)
                    continue;
                const QByteArray name = line.left(colon).trimmed();
                const QByteArray value = line.mid(colon + 1).trimmed();
                request.headers.emplaceBack(name, value);
                if (sameName(name, "Content-Length"))
                    length = value.toLongLong();
                else if (sameName(name, "Transfer-Encoding") && value.toLower().contains("chunked"))
                    chunkedBody = true;
                else if (sameName(name, "Expect") && value.toLower() == "100-continue")
                    expectsContinue = true;
            }
            if (chunkedBody) { // not needed by the clients tested here: say so plainly
                buffer.clear();
                connection->busy = true;
                m_shared->take(request);
                respond(socket, connection,
                        ScriptedResponse::text(501, "chunked request bodies are not supported"));
                return;
            }
            if (buffer.size() < headEnd + 4 + length) {
                if (expectsContinue && !connection->sentContinue) {
                    connection->sentContinue = true;
                    socket->write("HTTP/1.1 100 Continue\r\n\r\n");
                }
                return;
            }
            request.body = buffer.mid(headEnd + 4, length);
            buffer.remove(0, headEnd + 4 + length);
            connection->sentContinue = false;
            connection->busy = true;
            respond(socket, connection, m_shared->take(request));
        }
    }

    void respond(QTcpSocket* socket, const std::shared_ptr<Connection>& connection,
                 ScriptedResponse response) {
        if (response.neverAnswer)
            return; // busy forever: the connection stays open and silent
        if (response.resetUnanswered) {
            resetConnection(socket);
            return;
        }
        auto shared = std::make_shared<ScriptedResponse>(std::move(response));
        const auto sendHead = [this, socket, connection, shared] {
            const ScriptedResponse& r = *shared;
            QByteArray head =
                "HTTP/1.1 " + QByteArray::number(r.status) + " " + reasonPhrase(r.status) + "\r\n";
            for (const auto& [name, value] : r.headers)
                head += name + ": " + value + "\r\n";
            if (r.framing == ScriptedResponse::Framing::ContentLength) {
                qint64 total = r.missingBytes;
                for (const auto& part : r.body)
                    total += part.bytes.size();
                head += "Content-Length: " + QByteArray::number(total) + "\r\n";
            } else if (r.framing == ScriptedResponse::Framing::Chunked) {
                head += "Transfer-Encoding: chunked\r\n";
            } else {
                head += "Connection: close\r\n";
            }
            socket->write(head + "\r\n");
            sendPart(socket, connection, shared, 0);
        };
        if (shared->headerDelayMs > 0)
            QTimer::singleShot(shared->headerDelayMs, socket, sendHead);
        else
            sendHead();
    }

    void sendPart(QTcpSocket* socket, const std::shared_ptr<Connection>& connection,
                  const std::shared_ptr<ScriptedResponse>& response, qsizetype index) {
        if (index == response->body.size() && response->endless && !response->body.isEmpty()) {
            // Again and again, but only as fast as the client reads: a full send buffer waits.
            if (socket->state() != QAbstractSocket::ConnectedState)
                return;
            const int wait = socket->bytesToWrite() > (1 << 20) ? 5 : 0;
            QTimer::singleShot(wait, socket, [this, socket, connection, response, index] {
                if (socket->bytesToWrite() <= (1 << 20)) {
                    const QByteArray& bytes = response->body.last().bytes;
                    if (response->framing == ScriptedResponse::Framing::Chunked)
                        socket->write(QByteArray::number(bytes.size(), 16) + "\r\n" + bytes + "\r\n");
                    else
                        socket->write(bytes);
                }
                sendPart(socket, connection, response, index);
            });
            return;
        }
        if (index == response->body.size()) {
            finish(socket, connection, *response);
            return;
        }
        const auto send = [this, socket, connection, response, index] {
            const QByteArray& bytes = response->body[index].bytes;
            if (response->framing == ScriptedResponse::Framing::Chunked) {
                if (!bytes.isEmpty()) // an empty chunk would end the body
                    socket->write(QByteArray::number(bytes.size(), 16) + "\r\n" + bytes + "\r\n");
            } else {
                socket->write(bytes);
            }
            socket->flush();
            sendPart(socket, connection, response, index + 1);
        };
        if (const int delay = response->body[index].delayMs; delay > 0)
            QTimer::singleShot(delay, socket, send);
        else
            send();
    }

    void finish(QTcpSocket* socket, const std::shared_ptr<Connection>& connection,
                const ScriptedResponse& response) {
        switch (response.ending) {
        case ScriptedResponse::Ending::Complete:
            if (response.framing == ScriptedResponse::Framing::Chunked)
                socket->write("0\r\n\r\n");
            if (response.framing == ScriptedResponse::Framing::UntilClose) {
                socket->disconnectFromHost();
                return;
            }
            socket->flush();
            connection->busy = false;
            serve(socket, connection); // a request that arrived meanwhile
            return;
        case ScriptedResponse::Ending::Close:
            socket->disconnectFromHost(); // sends what is buffered, then FIN
            return;
        case ScriptedResponse::Ending::Reset:
            socket->flush();
            resetConnection(socket);
            return;
        case ScriptedResponse::Ending::Hang:
            return;
        }
    }

    static void resetConnection(QTcpSocket* socket) {
        const linger abortive{1, 0}; // close() now sends RST instead of FIN
        ::setsockopt(static_cast<int>(socket->socketDescriptor()), SOL_SOCKET, SO_LINGER, &abortive,
                     sizeof abortive);
        socket->abort();
    }

    std::shared_ptr<Shared> m_shared;
    QTcpServer* m_server = nullptr;
    QList<QPointer<QTcpSocket>> m_sockets;
};

// ---- ScriptedHttpServer ----

ScriptedHttpServer::ScriptedHttpServer(quint16 port)
    : m_shared(std::make_shared<Shared>())
    , m_thread(std::make_unique<QThread>()) {
    m_shared->clock.start();
    m_thread->setObjectName("scripted-http-server");
    m_worker = new Worker(m_shared);
    m_worker->moveToThread(m_thread.get());
    QObject::connect(m_thread.get(), &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread->start();
    bool listening = false;
    QMetaObject::invokeMethod(
        m_worker, [this, &listening, port] { listening = m_worker->listen(port); },
        Qt::BlockingQueuedConnection);
    (void)listening;
}

ScriptedHttpServer::~ScriptedHttpServer() {
    QMetaObject::invokeMethod(
        m_worker, [this] { m_worker->shutdown(); }, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
}

bool ScriptedHttpServer::isListening() const {
    return port() != 0;
}

quint16 ScriptedHttpServer::port() const {
    quint16 value = 0;
    QMetaObject::invokeMethod(
        m_worker, [this, &value] { value = m_worker->port(); }, Qt::BlockingQueuedConnection);
    return value;
}

QString ScriptedHttpServer::url() const {
    return QStringLiteral("http://127.0.0.1:%1").arg(port());
}

void ScriptedHttpServer::enqueue(const QByteArray& method, const QByteArray& path,
                                 const ScriptedResponse& response) {
    std::lock_guard lock(m_shared->mutex);
    for (Shared::Route& route : m_shared->routes) {
        if (route.method == method && route.path == path) {
            route.responses.push_back(response);
            return;
        }
    }
    m_shared->routes.push_back({method, path, {response}});
}

void ScriptedHttpServer::serve(const QByteArray& method, const QByteArray& path,
                               std::function<ScriptedResponse(const RecordedRequest&)> handler) {
    std::lock_guard lock(m_shared->mutex);
    m_shared->handlers.push_back({Shared::Route{method, path, {}}, std::move(handler)});
}

void ScriptedHttpServer::setFallback(const ScriptedResponse& response) {
    std::lock_guard lock(m_shared->mutex);
    m_shared->fallback = response;
}

int ScriptedHttpServer::queuedResponses() const {
    std::lock_guard lock(m_shared->mutex);
    int count = 0;
    for (const Shared::Route& route : m_shared->routes)
        count += static_cast<int>(route.responses.size());
    return count;
}

QList<RecordedRequest> ScriptedHttpServer::requests() const {
    std::lock_guard lock(m_shared->mutex);
    return m_shared->requests;
}

QList<RecordedRequest> ScriptedHttpServer::requests(const QByteArray& method, const QByteArray& path) const {
    const Shared::Route route{method, path, {}};
    QList<RecordedRequest> matching;
    for (const RecordedRequest& request : requests()) {
        if (Shared::matches(route, request))
            matching.append(request);
    }
    return matching;
}

bool ScriptedHttpServer::waitForRequests(int count, int timeoutMs) const {
    std::unique_lock lock(m_shared->mutex);
    return m_shared->arrived.wait_for(lock, std::chrono::milliseconds(timeoutMs),
                                      [&] { return m_shared->requests.size() >= count; });
}

int ScriptedHttpServer::openConnections() const {
    std::lock_guard lock(m_shared->mutex);
    return m_shared->openConnections;
}

} // namespace test_support
