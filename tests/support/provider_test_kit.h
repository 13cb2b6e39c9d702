#pragma once

// What the tests of the LLM clients share: settings that point a provider at a ScriptedHttpServer with short
// timeouts, a recorder of the stream callbacks, and ways to print and compare what came back.

#include "core/agent/llm_provider.h"
#include "core/agent/run_python_tool.h"
#include "scripted_http_server.h"

#include <QElapsedTimer>
#include <QList>
#include <QString>
#include <QTest>
#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace test_support {

// A proxy from the environment would carry the loopback requests elsewhere.
inline void bypassProxies() {
    qputenv("no_proxy", "127.0.0.1,localhost");
    qputenv("NO_PROXY", "127.0.0.1,localhost");
}

// The path each provider posts to, below a base URL as ProviderUnderTest::settingsFor() sets it.
inline QByteArray modelPath(sandbench::agent::ProviderKind kind) {
    return kind == sandbench::agent::ProviderKind::Anthropic ? "/v1/messages" : "/v1/chat/completions";
}

// A provider as its tests meet it: the key and model they give it, and where it posts.
struct ProviderUnderTest {
    sandbench::agent::ProviderKind kind;
    const char* apiKey;
    const char* model;

    QByteArray path() const { return modelPath(kind); }
    // The provider's defaults aimed at `server`, with quick timeouts and retries.
    sandbench::agent::ProviderSettings settingsFor(const ScriptedHttpServer& server) const {
        using namespace std::chrono_literals;
        auto settings = sandbench::agent::ProviderSettings::defaultsFor(kind);
        settings.baseUrl = server.url().toStdString() +
                           (kind == sandbench::agent::ProviderKind::OpenAiCompatible ? "/v1" : "");
        settings.model = model;
        settings.apiKey = apiKey;
        settings.connectTimeout = 2s;
        settings.totalTimeout = 10s;
        settings.idleTimeout = 5s;
        settings.maxRetries = 2;
        settings.retryBaseDelay = 10ms;
        settings.retryMaxDelay = 100ms;
        return settings;
    }
};

// A question, a system prompt and the run_python tool.
inline sandbench::agent::ChatRequest simpleRequest() {
    sandbench::agent::ChatRequest request;
    request.system = "You are a careful assistant.";
    request.messages.push_back(sandbench::agent::ChatMessage::user("What is 2+2?"));
    request.tools.push_back(sandbench::agent::runPythonToolSpec());
    return request;
}

// What the callbacks saw, in order.
struct Recorder {
    std::vector<std::string> texts;
    std::vector<sandbench::agent::ToolCall> started;
    std::vector<std::string> notices;
    std::vector<std::string> order; // "text" and "tool:<id>"

    sandbench::agent::StreamCallbacks callbacks() {
        return {[this](std::string_view piece) {
                    texts.emplace_back(piece);
                    order.emplace_back("text");
                },
                [this](const sandbench::agent::ToolCall& call) {
                    started.push_back(call);
                    order.push_back("tool:" + call.id);
                },
                [this](std::string_view notice) { notices.emplace_back(notice); }};
    }
    std::string allText() const {
        std::string all;
        for (const std::string& piece : texts)
            all += piece;
        return all;
    }
};

inline QString kindName(sandbench::agent::ProviderErrorKind kind) {
    return QString::fromUtf8(sandbench::agent::toString(kind));
}

inline QString describe(const sandbench::agent::ProviderReply& reply) {
    if (reply.error)
        return kindName(reply.error->kind) + ": " + QString::fromStdString(reply.error->message);
    return QStringLiteral("success: ") + QString::fromStdString(reply.turn ? reply.turn->text : "");
}

// A round trip through QString replaces every invalid sequence, so only valid UTF-8 comes back unchanged.
inline bool isValidUtf8(const std::string& bytes) {
    const QByteArray raw = QByteArray::fromStdString(bytes);
    return QString::fromUtf8(raw).toUtf8() == raw;
}

inline double secondsSince(const QElapsedTimer& timer) {
    return static_cast<double>(timer.nsecsElapsed()) / 1e9;
}

// `bytes` cut before each offset in `cuts`, each piece sent `delayMs` after the last.
inline QList<ScriptedResponse::Part> splitAt(const QByteArray& bytes, QList<qsizetype> cuts, int delayMs) {
    std::sort(cuts.begin(), cuts.end());
    QList<ScriptedResponse::Part> parts;
    qsizetype from = 0;
    for (const qsizetype cut : cuts) {
        if (cut <= from || cut >= bytes.size())
            continue;
        parts.append({bytes.mid(from, cut - from), delayMs});
        from = cut;
    }
    parts.append({bytes.mid(from), delayMs});
    return parts;
}

} // namespace test_support

// QCOMPARE cannot take nlohmann::json (its implicit conversions make Qt's overloads ambiguous).
#define COMPARE_JSON(actual, expected)                                                                       \
    do {                                                                                                     \
        const nlohmann::json actualJson_ = (actual);                                                         \
        const nlohmann::json expectedJson_ = (expected);                                                     \
        QVERIFY2(actualJson_ == expectedJson_,                                                               \
                 qPrintable(QString::fromStdString("got " + actualJson_.dump() + ", expected " +             \
                                                   expectedJson_.dump())));                                  \
    } while (false)
