#pragma once

// What the agent loop's tests share: a provider aimed at the scripted server with a canary key, a scripted
// turn in either provider's protocol, outcomes compared by name, JSON compared with both sides printed, and
// a tier that can run here.

#include "core/agent/agent_loop.h"
#include "provider_scripts.h"
#include "scripted_http_server.h"
#include "tiers/builtin_tiers.h"

#include <QString>
#include <QTest>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

namespace test_support::agent_loop {

using namespace sandbench;
using namespace sandbench::agent;
using nlohmann::json;

// QCOMPARE cannot print JSON values; this names both sides when they differ.
#define COMPARE_JSON(actual, expected)                                                                       \
    QVERIFY2(json(actual) == json(expected),                                                                 \
             qPrintable(QString::fromStdString(json(actual).dump() + " != " + json(expected).dump())))

// Enums compared by name, so a failure reads "turn_limit" vs "finished".
inline QString nameOf(AgentOutcome outcome) {
    return QString::fromStdString(std::string(agent::toString(outcome)));
}
inline QString nameOf(StopReason reason) {
    return QString::fromStdString(std::string(sandbench::toString(reason)));
}

constexpr const char* kCanaryKey = "sk-canary-7f3d9a1c5e2b4d6f8a0c";

inline ProviderSettings settingsFor(ProviderKind kind, const ScriptedHttpServer& server) {
    ProviderSettings settings = ProviderSettings::defaultsFor(kind);
    settings.baseUrl = server.url().toStdString() + (kind == ProviderKind::OpenAiCompatible ? "/v1" : "");
    settings.apiKey = kCanaryKey;
    settings.model = "test-model";
    settings.totalTimeout = std::chrono::seconds(20);
    settings.idleTimeout = std::chrono::seconds(10);
    settings.retryBaseDelay = std::chrono::milliseconds(20);
    return settings;
}

inline QByteArray modelPath(ProviderKind kind) {
    return kind == ProviderKind::Anthropic ? "/v1/messages" : "/v1/chat/completions";
}

inline ScriptedResponse turn(ProviderKind kind, const std::string& text,
                             const QList<QPair<std::string, std::string>>& calls = {}, int delayMs = 0) {
    return kind == ProviderKind::Anthropic ? test_support::anthropicTurn(text, calls, delayMs)
                                           : test_support::openAiTurn(text, calls, delayMs);
}

inline std::unique_ptr<Tier> usableTier(const std::string& name) {
    std::unique_ptr<Tier> tier = builtinTiers().create(name);
    if (!tier)
        return nullptr;
    const ProbeResult probe = tier->probe();
    return probe.available ? std::move(tier) : nullptr;
}

} // namespace test_support::agent_loop
