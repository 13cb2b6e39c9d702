// The agent loop end to end: a real provider client (Anthropic's Messages API and OpenAI's Chat
// Completions, each streamed) talking to the scripted local server, and every run_python call running for
// real on a sandboxed tier. Checks what went back to the model (the real stdout, is_error for a failing
// run), the turn limit, malformed tool input, a tier that cannot set up, cancellation, transcripts, and
// that an API key in Sandbench's own environment never reaches a sandbox.

#include "core/agent/agent_loop.h"
#include "core/agent/run_python_tool.h"
#include "process_census.h"
#include "support/agent_loop_kit.h"
#include "support/provider_scripts.h"
#include "support/scripted_http_server.h"
#include "tiers/builtin_tiers.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

using namespace sandbench;
using namespace sandbench::agent;
using nlohmann::json;
using test_support::ScriptedHttpServer;
using test_support::ScriptedResponse;
using namespace test_support::agent_loop;

namespace {

// The tool results the client sent back in a request body, in either provider's format.
struct SentResult {
    std::string callId;
    std::string content;
    bool isError = false;
};
std::vector<SentResult> sentResults(ProviderKind kind, const QByteArray& body) {
    std::vector<SentResult> results;
    const json request = json::parse(body.toStdString());
    for (const json& message : request.at("messages")) {
        if (kind == ProviderKind::OpenAiCompatible) {
            if (message.at("role") == "tool") {
                const std::string content = message.at("content").get<std::string>();
                // Chat Completions has no is_error: the client marks failures in the text.
                results.push_back({message.at("tool_call_id").get<std::string>(), content,
                                   content.find("\"exit_code\":0,") == std::string::npos});
            }
            continue;
        }
        if (message.at("role") != "user" || !message.at("content").is_array())
            continue;
        for (const json& block : message.at("content"))
            if (block.at("type") == "tool_result")
                results.push_back({block.at("tool_use_id").get<std::string>(),
                                   block.at("content").get<std::string>(), block.value("is_error", false)});
    }
    return results;
}

// The JSON document inside a tool result's content (OpenAI's may carry a line of text before it).
json resultDocument(const std::string& content) {
    return json::parse(content.substr(content.find('{')));
}

} // namespace

class TestAgentLoop : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void twoTurnToolUse_data();
    void twoTurnToolUse();
    void failingRunIsFlaggedAsError_data();
    void failingRunIsFlaggedAsError();
    void turnLimit();
    void repeatedCallIdsAreMadeUnique();
    void malformedToolInputGoesBackAsError();
    void providerFailureEndsTheSession();
    void tierThatCannotSetUpEndsTheSession();
    void cancelDuringARun();
    void refusesWithoutConfiguration();
    void canaryKeyNeverReachesASandbox_data();
    void canaryKeyNeverReachesASandbox();
    void transcriptRoundTripAndMarkdown();

private:
    std::unique_ptr<Tier> m_subprocess;
};

void TestAgentLoop::initTestCase() {
    m_subprocess = usableTier("subprocess");
    if (!m_subprocess)
        QSKIP("the subprocess tier cannot run here (see sandbench-cli tiers)");
}

void TestAgentLoop::twoTurnToolUse_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("anthropic") << static_cast<int>(ProviderKind::Anthropic);
    QTest::newRow("openai") << static_cast<int>(ProviderKind::OpenAiCompatible);
}

void TestAgentLoop::twoTurnToolUse() {
    QFETCH(int, kind);
    const auto provider = static_cast<ProviderKind>(kind);
    ScriptedHttpServer server;
    QVERIFY(server.isListening());
    const std::string code = "import statistics\nsquares = [i * i for i in range(1, 1001)]\n"
                             "print(statistics.mean(squares), round(statistics.pstdev(squares), 3))";
    server.enqueue("POST", modelPath(provider), turn(provider, "Let me compute that.", {{"call_sq1", code}}));
    server.enqueue("POST", modelPath(provider), turn(provider, "The mean is 333833.5 — done ✓"));

    const auto client = makeProvider(settingsFor(provider, server));
    AgentSettings settings;
    std::string streamed;
    std::string liveOutput;
    int started = 0;
    AgentEvents events;
    events.assistantText = [&](std::string_view text) { streamed += text; };
    events.toolRunStarted = [&](const ToolRun& run) {
        ++started;
        QCOMPARE(run.tier, std::string("subprocess"));
        QCOMPARE(run.code, code);
    };
    events.toolOutput = [&](const ToolCall& call, Stream, std::string_view bytes) {
        QCOMPARE(call.id, std::string("call_sq1"));
        liveOutput += bytes;
    };
    const Transcript transcript = runAgent("Mean and standard deviation of the first 1,000 squares?", *client,
                                           *m_subprocess, settings, events, {});

    QCOMPARE(nameOf(transcript.outcome), nameOf(AgentOutcome::Finished));
    QCOMPARE(transcript.turns, 2);
    QCOMPARE(transcript.finalText, std::string("The mean is 333833.5 — done ✓"));
    QCOMPARE(streamed, std::string("Let me compute that.The mean is 333833.5 — done ✓"));
    QCOMPARE(started, 1);
    QCOMPARE(transcript.runs.size(), size_t(1));
    QVERIFY(transcript.runs[0].result);
    const std::string realStdout = transcript.runs[0].result->stdoutBytes;
    QVERIFY2(realStdout.starts_with("333833.5 "), realStdout.c_str());
    QCOMPARE(liveOutput, realStdout);

    const auto requests = server.requests("POST", modelPath(provider));
    QCOMPARE(requests.size(), 2);
    const json first = json::parse(requests[0].body.toStdString());
    COMPARE_JSON(first.at("model"), "test-model");
    COMPARE_JSON(first.at("stream"), true);
    const json tool =
        provider == ProviderKind::Anthropic ? first.at("tools")[0] : first.at("tools")[0].at("function");
    COMPARE_JSON(tool.at("name"), "run_python");
    if (provider == ProviderKind::Anthropic) {
        QCOMPARE(requests[0].header("x-api-key"), QByteArray(kCanaryKey));
        QCOMPARE(requests[0].header("anthropic-version"), QByteArray("2023-06-01"));
        QVERIFY(first.at("system").get<std::string>().find("run_python") != std::string::npos);
    } else {
        QCOMPARE(requests[0].header("authorization"), QByteArray("Bearer ") + kCanaryKey);
        COMPARE_JSON(first.at("messages")[0].at("role"), "system");
    }
    // Turn 2 carries the run's real stdout back, not flagged as an error.
    const auto results = sentResults(provider, requests[1].body);
    QCOMPARE(results.size(), size_t(1));
    QCOMPARE(results[0].callId, std::string("call_sq1"));
    QVERIFY(!results[0].isError);
    const json document = resultDocument(results[0].content);
    QCOMPARE(document.at("stdout").get<std::string>(), realStdout);
    COMPARE_JSON(document.at("exit_code"), 0);
    COMPARE_JSON(document.at("timed_out"), false);
    QVERIFY(document.at("seconds").get<double>() > 0);
    // The key went only into its header.
    for (const auto& request : requests)
        QVERIFY(!request.body.contains(kCanaryKey));
}

void TestAgentLoop::failingRunIsFlaggedAsError_data() {
    twoTurnToolUse_data();
}

void TestAgentLoop::failingRunIsFlaggedAsError() {
    QFETCH(int, kind);
    const auto provider = static_cast<ProviderKind>(kind);
    ScriptedHttpServer server;
    server.enqueue("POST", modelPath(provider),
                   turn(provider, "", {{"call_bad", "import sys\nprint('half')\nsys.exit('no data file')"}}));
    server.enqueue("POST", modelPath(provider), turn(provider, "", {{"call_fixed", "print('fixed')"}}));
    server.enqueue("POST", modelPath(provider), turn(provider, "Fixed it."));
    const auto client = makeProvider(settingsFor(provider, server));
    const Transcript transcript = runAgent("task", *client, *m_subprocess, AgentSettings{}, {}, {});
    QCOMPARE(nameOf(transcript.outcome), nameOf(AgentOutcome::Finished));
    QCOMPARE(transcript.runs.size(), size_t(2));
    QCOMPARE(transcript.runs[0].result->exitCode, std::optional<int>(1));

    const auto requests = server.requests("POST", modelPath(provider));
    QCOMPARE(requests.size(), 3);
    const auto second = sentResults(provider, requests[1].body);
    QCOMPARE(second.size(), size_t(1));
    QVERIFY(second[0].isError);
    const json failed = resultDocument(second[0].content);
    COMPARE_JSON(failed.at("exit_code"), 1);
    COMPARE_JSON(failed.at("stdout"), "half\n");
    QVERIFY(failed.at("stderr").get<std::string>().find("no data file") != std::string::npos);
    const auto third = sentResults(provider, requests[2].body);
    QCOMPARE(third.size(), size_t(2)); // the whole conversation goes each time
    QVERIFY(!third[1].isError);
    COMPARE_JSON(resultDocument(third[1].content).at("stdout"), "fixed\n");
}

void TestAgentLoop::turnLimit() {
    ScriptedHttpServer server;
    for (int i = 0; i < 3; ++i)
        server.enqueue("POST", "/v1/messages",
                       turn(ProviderKind::Anthropic, "Again.",
                            {{"call_" + std::to_string(i), "print(" + std::to_string(i) + ")"}}));
    const auto client = makeProvider(settingsFor(ProviderKind::Anthropic, server));
    AgentSettings settings;
    settings.maxTurns = 2;
    int runsStarted = 0;
    AgentEvents events;
    events.toolRunStarted = [&](const ToolRun&) { ++runsStarted; };
    const Transcript transcript = runAgent("loop forever", *client, *m_subprocess, settings, events, {});
    QCOMPARE(nameOf(transcript.outcome), nameOf(AgentOutcome::TurnLimit));
    QCOMPARE(transcript.turns, 2);
    QCOMPARE(server.requests().size(), 2); // never a third model call
    QCOMPARE(runsStarted, 1);              // the last turn's program is not run: no turn is left to read it
    QCOMPARE(transcript.runs.size(), size_t(2));
    QVERIFY(transcript.runs[1].result == std::nullopt);
    QVERIFY(transcript.runs[1].problem.find("turn limit") != std::string::npos);
    QVERIFY(transcript.error.find("turn limit (2") != std::string::npos);
}

// Servers that send no ids (the client names their calls call_0, call_1… in every turn) must not make two
// runs share an id: results and transcripts pair calls by id.
void TestAgentLoop::repeatedCallIdsAreMadeUnique() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/v1/messages", turn(ProviderKind::Anthropic, "", {{"call_0", "print('first')"}}));
    server.enqueue("POST", "/v1/messages",
                   turn(ProviderKind::Anthropic, "", {{"call_0", "print('second')"}}));
    server.enqueue("POST", "/v1/messages", turn(ProviderKind::Anthropic, "Done."));
    const auto client = makeProvider(settingsFor(ProviderKind::Anthropic, server));
    const Transcript transcript = runAgent("task", *client, *m_subprocess, AgentSettings{}, {}, {});
    QCOMPARE(nameOf(transcript.outcome), nameOf(AgentOutcome::Finished));
    QCOMPARE(transcript.runs.size(), size_t(2));
    QCOMPARE(transcript.runs[0].call.id, std::string("call_0"));
    QCOMPARE(transcript.runs[1].call.id, std::string("call_0_2"));
    const auto results = sentResults(ProviderKind::Anthropic, server.requests()[2].body);
    QCOMPARE(results.size(), size_t(2));
    QCOMPARE(results[1].callId, std::string("call_0_2"));
    QCOMPARE(resultDocument(results[1].content).at("stdout").get<std::string>(), std::string("second\n"));
    QVERIFY(transcript.toMarkdown().find("second") != std::string::npos);
}

void TestAgentLoop::malformedToolInputGoesBackAsError() {
    ScriptedHttpServer server;
    // A tool call whose arguments are not JSON, and one without "code".
    auto toolChunk = [](int index, const char* id, const char* arguments, const json& finish) {
        const json delta{{"tool_calls",
                          json::array({{{"index", index},
                                        {"id", id},
                                        {"type", "function"},
                                        {"function", {{"name", "run_python"}, {"arguments", arguments}}}}})}};
        return "data: " +
               json{{"choices", json::array({{{"index", 0}, {"delta", delta}, {"finish_reason", finish}}})}}
                   .dump() +
               "\n\n";
    };
    const std::string broken = toolChunk(0, "call_x", "{\"code\": print(1)", nullptr);
    const std::string noCode = toolChunk(1, "call_y", "{\"program\": \"print(1)\"}", "tool_calls");
    server.enqueue(
        "POST", "/v1/chat/completions",
        ScriptedResponse::chunked(
            {{QByteArray::fromStdString(broken)}, {QByteArray::fromStdString(noCode)}, {"data: [DONE]\n\n"}},
            "text/event-stream"));
    server.enqueue("POST", "/v1/chat/completions", turn(ProviderKind::OpenAiCompatible, "Sorry."));
    const auto client = makeProvider(settingsFor(ProviderKind::OpenAiCompatible, server));
    int runsStarted = 0;
    AgentEvents events;
    events.toolRunStarted = [&](const ToolRun&) { ++runsStarted; };
    const Transcript transcript = runAgent("task", *client, *m_subprocess, AgentSettings{}, events, {});
    QCOMPARE(nameOf(transcript.outcome), nameOf(AgentOutcome::Finished));
    QCOMPARE(runsStarted, 0);
    QCOMPARE(transcript.runs.size(), size_t(2));
    QVERIFY(transcript.runs[0].problem.find("not a JSON object") != std::string::npos);
    QVERIFY(transcript.runs[1].problem.find("\"code\"") != std::string::npos);
    const auto results = sentResults(ProviderKind::OpenAiCompatible, server.requests()[1].body);
    QCOMPARE(results.size(), size_t(2));
    QVERIFY(results[0].content.find("not a JSON object") != std::string::npos);
    QVERIFY(results[0].isError && results[1].isError);
}

void TestAgentLoop::providerFailureEndsTheSession() {
    ScriptedHttpServer server;
    server.enqueue(
        "POST", "/v1/messages",
        ScriptedResponse::json(
            401,
            R"({"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}})"));
    const auto client = makeProvider(settingsFor(ProviderKind::Anthropic, server));
    const Transcript transcript = runAgent("task", *client, *m_subprocess, AgentSettings{}, {}, {});
    QCOMPARE(nameOf(transcript.outcome), nameOf(AgentOutcome::Failed));
    QVERIFY2(transcript.error.find("invalid x-api-key") != std::string::npos, transcript.error.c_str());
    QVERIFY(transcript.error.find("ANTHROPIC_API_KEY") != std::string::npos);
    QVERIFY(transcript.error.find(kCanaryKey) == std::string::npos);
    QCOMPARE(server.requests().size(), 1); // 401 is never retried
}

// A tier whose isolation cannot be set up: the session ends at once with its reason, and no later call is
// sent to a tier that would fail the same way.
class BrokenTier final : public Tier {
public:
    BrokenTier() {
        m_info.name = "broken";
        m_info.description = "a tier whose setup always fails";
    }
    const TierInfo& info() const override { return m_info; }
    ProbeResult probe() override { return {true, {}, {}, {}}; }
    RunResult run(const RunRequest&, const OutputSink&, std::stop_token) override {
        ++runs;
        return RunResult::setupFailure("broken", "cannot create a user namespace: Operation not permitted");
    }
    int runs = 0;

private:
    TierInfo m_info;
};

void TestAgentLoop::tierThatCannotSetUpEndsTheSession() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/v1/messages",
                   turn(ProviderKind::Anthropic, "", {{"call_a", "print(1)"}, {"call_b", "print(2)"}}));
    const auto client = makeProvider(settingsFor(ProviderKind::Anthropic, server));
    BrokenTier broken;
    const Transcript transcript = runAgent("task", *client, broken, AgentSettings{}, {}, {});
    QCOMPARE(nameOf(transcript.outcome), nameOf(AgentOutcome::Failed));
    QCOMPARE(broken.runs, 1);
    QVERIFY(transcript.error.find("could not set up its isolation") != std::string::npos);
    QVERIFY(transcript.error.find("user namespace") != std::string::npos);
    QCOMPARE(server.requests().size(), 1);
}

void TestAgentLoop::cancelDuringARun() {
    ScriptedHttpServer server;
    const std::string name = "agentcancel" + std::to_string(::getpid() % 10000);
    server.enqueue("POST", "/v1/messages",
                   turn(ProviderKind::Anthropic, "",
                        {{"call_slow", "import ctypes, time\nctypes.CDLL(None).prctl(15, b'" + name +
                                           "', 0, 0, 0)\nprint('started', flush=True)\ntime.sleep(60)"}}));
    const auto client = makeProvider(settingsFor(ProviderKind::Anthropic, server));
    AgentSettings settings;
    settings.runTemplate.policy.timeoutSeconds = 60;
    std::stop_source stop;
    AgentEvents events;
    events.toolOutput = [&](const ToolCall&, Stream, std::string_view bytes) {
        if (bytes.find("started") != std::string_view::npos)
            stop.request_stop();
    };
    QElapsedTimer clock;
    clock.start();
    const Transcript transcript =
        runAgent("task", *client, *m_subprocess, settings, events, stop.get_token());
    QCOMPARE(nameOf(transcript.outcome), nameOf(AgentOutcome::Cancelled));
    QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(transcript.runs.size(), size_t(1));
    QCOMPARE(nameOf(transcript.runs[0].result->stoppedBy), nameOf(StopReason::Cancelled));
    QCOMPARE(server.requests().size(), 1); // nothing goes to the model after a cancel
    QTRY_COMPARE_WITH_TIMEOUT(test_support::countProcessesNamed(name), 0, 3000);
}

void TestAgentLoop::refusesWithoutConfiguration() {
    ProviderSettings settings = ProviderSettings::defaultsFor(ProviderKind::Anthropic);
    settings.apiKey.clear();
    QVERIFY(settings.missingConfiguration().find("ANTHROPIC_API_KEY") != std::string::npos);
    const auto client = makeProvider(settings);
    const Transcript transcript = runAgent("task", *client, *m_subprocess, AgentSettings{}, {}, {});
    QCOMPARE(nameOf(transcript.outcome), nameOf(AgentOutcome::Failed));
    QCOMPARE(transcript.turns, 0);
    QVERIFY(transcript.error.find("ANTHROPIC_API_KEY") != std::string::npos);

    // A local server needs no key; the official hosts do.
    ProviderSettings local = ProviderSettings::defaultsFor(ProviderKind::OpenAiCompatible);
    QVERIFY(!local.missingConfiguration().empty());
    local.baseUrl = "http://localhost:11434/v1";
    QCOMPARE(local.missingConfiguration(), std::string());
    local.baseUrl = "localhost:11434";
    QVERIFY(local.missingConfiguration().find("http://") != std::string::npos);
}

void TestAgentLoop::canaryKeyNeverReachesASandbox_data() {
    QTest::addColumn<QString>("tierName");
    for (const char* name : {"subprocess", "container", "microvm"})
        QTest::newRow(name) << QString(name);
}

// The key is in Sandbench's own environment, as a user would set it. A model's program prints its whole
// environment and searches every file and process it can read for the key; the host control tier, where
// the same program finds it in its parent's /proc/PID/environ, proves the search works.
void TestAgentLoop::canaryKeyNeverReachesASandbox() {
    QFETCH(QString, tierName);
    std::unique_ptr<Tier> tier = usableTier(tierName.toStdString());
    if (!tier)
        QSKIP(qPrintable(tierName + " cannot run here (see sandbench-cli tiers); CI sets it up"));
    qputenv("ANTHROPIC_API_KEY", kCanaryKey);
    const ProviderSettings fromEnvironment =
        ProviderSettings::fromEnvironment(ProviderKind::Anthropic, processEnvironment());
    QCOMPARE(fromEnvironment.apiKey, std::string(kCanaryKey));

    // Splits the key so the program's own text never holds it whole (a ps listing would otherwise match).
    const std::string half = std::string(kCanaryKey).substr(0, 12);
    const std::string rest = std::string(kCanaryKey).substr(12);
    const std::string search = R"(import os, sys, time
needle = ")" + half + R"(" + ")" +
                               rest + R"("
print("ENV", repr(dict(os.environ)))
print("ARGS", sys.argv, open("/proc/self/cmdline", "rb").read())
hits, scanned = [], 0
deadline = time.monotonic() + 6
skip = {"/proc", "/sys", "/dev", "/usr", "/lib", "/lib64", "/bin", "/sbin", "/boot", "/snap"}
def check(path, limit=1 << 20):
    global scanned
    try:
        with open(path, "rb") as f:
            data = f.read(limit)
        scanned += 1
        if needle.encode() in data:
            hits.append(path)
    except OSError:
        pass
for pid in os.listdir("/proc"):
    if pid.isdigit():
        for part in ("environ", "cmdline"):
            check(f"/proc/{pid}/{part}")
for root, dirs, files in os.walk("/"):
    dirs[:] = [d for d in dirs if os.path.join(root, d) not in skip]
    for name in files:
        check(os.path.join(root, name))
    if time.monotonic() > deadline:
        break
print("SCANNED", scanned)
print("HITS", hits)
)";
    // /proc/PID/environ shows a process's environment as it started, so a process started with the key
    // stands for Sandbench started by a user who exported it.
    QProcess keyHolder;
    QProcessEnvironment holderEnvironment = QProcessEnvironment::systemEnvironment();
    holderEnvironment.insert("ANTHROPIC_API_KEY", kCanaryKey);
    keyHolder.setProcessEnvironment(holderEnvironment);
    keyHolder.start("/bin/sleep", {"60"});
    QVERIFY(keyHolder.waitForStarted());
    auto stopHolder = qScopeGuard([&] {
        keyHolder.kill();
        keyHolder.waitForFinished();
    });
    if (tierName == "subprocess") { // the control, once
        std::unique_ptr<Tier> host = usableTier("host");
        QVERIFY(host);
        RunRequest control;
        control.code = search;
        control.policy.timeoutSeconds = 15;
        const RunResult result = host->run(control, {}, {});
        QVERIFY2(result.stdoutBytes.find("HITS ['/proc/") != std::string::npos, result.stdoutBytes.c_str());
    }

    ScriptedHttpServer server;
    server.enqueue("POST", "/v1/messages", turn(ProviderKind::Anthropic, "", {{"call_scan", search}}));
    server.enqueue("POST", "/v1/messages", turn(ProviderKind::Anthropic, "Nothing found."));
    ProviderSettings settings = settingsFor(ProviderKind::Anthropic, server);
    settings.apiKey = fromEnvironment.apiKey;
    const auto client = makeProvider(settings);
    AgentSettings agentSettings;
    agentSettings.runTemplate.policy.timeoutSeconds = 15;
    agentSettings.runTemplate.policy.outputCapBytes = 1 << 20;
    const Transcript transcript = runAgent("find the key", *client, *tier, agentSettings, {}, {});
    qunsetenv("ANTHROPIC_API_KEY");
    QCOMPARE(nameOf(transcript.outcome), nameOf(AgentOutcome::Finished));
    QVERIFY(transcript.runs.size() == 1 && transcript.runs[0].result);
    const RunResult& result = *transcript.runs[0].result;
    QVERIFY2(result.stdoutBytes.find("HITS []") != std::string::npos, result.stdoutBytes.c_str());
    QVERIFY(result.stdoutBytes.find("ENV {") != std::string::npos);
    const auto scanned = result.stdoutBytes.find("SCANNED ");
    QVERIFY(scanned != std::string::npos);
    QVERIFY2(std::stoi(result.stdoutBytes.substr(scanned + 8)) > 5, result.stdoutBytes.c_str());
    QVERIFY(result.stdoutBytes.find(kCanaryKey) == std::string::npos);
    QVERIFY(result.stderrBytes.find(kCanaryKey) == std::string::npos);
    // Nor did it go back to the model in a tool result.
    QVERIFY(!server.requests()[1].body.contains(kCanaryKey));
}

void TestAgentLoop::transcriptRoundTripAndMarkdown() {
    ScriptedHttpServer server;
    const std::string code = "print('```fence```')\nprint('\\xff'.encode('latin-1').decode('latin-1'))";
    server.enqueue("POST", "/v1/messages", turn(ProviderKind::Anthropic, "Running.", {{"call_md", code}}));
    server.enqueue("POST", "/v1/messages", turn(ProviderKind::Anthropic, "Done."));
    const auto client = makeProvider(settingsFor(ProviderKind::Anthropic, server));
    const Transcript transcript =
        runAgent("markdown please", *client, *m_subprocess, AgentSettings{}, {}, {});
    QCOMPARE(nameOf(transcript.outcome), nameOf(AgentOutcome::Finished));

    QTemporaryDir folder;
    const std::string path = folder.filePath("session.json").toStdString();
    std::string error;
    QVERIFY2(saveTranscript(transcript, path, error), error.c_str());
    std::ifstream file(path);
    const json saved = json::parse(file);
    QVERIFY(saved.dump().find(kCanaryKey) == std::string::npos);
    COMPARE_JSON(saved.at("outcome"), "finished");
    COMPARE_JSON(saved.at("runs")[0].at("result").at("stdout"), transcript.runs[0].result->stdoutBytes);
    const Transcript loaded = Transcript::fromJson(saved);
    COMPARE_JSON(loaded.toJson(), transcript.toJson());
    QCOMPARE(QDir(folder.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"session.json"});
    // A folder that does not exist: a clear error naming the path, and nothing written anywhere.
    const std::string missing = folder.filePath("no-such-folder/session.json").toStdString();
    QVERIFY(!saveTranscript(transcript, missing, error));
    QVERIFY2(error.find(missing) != std::string::npos && error.find("No such file") != std::string::npos,
             error.c_str());
    QCOMPARE(QDir(folder.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"session.json"});

    const std::string markdown = transcript.toMarkdown();
    QVERIFY(markdown.find("## User\n\nmarkdown please") != std::string::npos);
    QVERIFY(markdown.find("````python\n" + code) != std::string::npos); // a fence longer than the code's
    QVERIFY(markdown.find("on subprocess: exit 0") != std::string::npos);
    QVERIFY(markdown.find("Done.") != std::string::npos);

    QVERIFY_THROWS_EXCEPTION(json::exception, Transcript::fromJson(json{{"format", "something else"}}));
    json newer = saved;
    newer["version"] = 99;
    QVERIFY_THROWS_EXCEPTION(json::exception, Transcript::fromJson(newer));
}

QTEST_GUILESS_MAIN(TestAgentLoop)
#include "tst_agent_loop.moc"
