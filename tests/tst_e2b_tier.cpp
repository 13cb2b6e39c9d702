// The e2b tier's configuration: the API key (its shape, E2B_VALIDATE_API_KEY, never into the sandbox),
// the settings from the environment, what the probe says without asking E2B anything, and the registry.
// What the tier sends and reads is in tst_e2b_protocol, how it fails in tst_e2b_failures. No request leaves
// this machine.

#include "support/e2b_test_kit.h"
#include "tiers/builtin_tiers.h"

#include <QTest>

using namespace sandbench;
using namespace test_support;
using namespace test_support::e2b;

class TestE2bTier : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { isolateFromEnvironment(); }
    void probeAndRunWithoutKey_data();
    void probeAndRunWithoutKey();
    void apiKeyShape_data();
    void apiKeyShape();
    void validationTurnedOff();
    void probeWithKeyMakesNoRequest();
    void keyInPolicyEnvironmentIsRefused();
    void otherInterpreterIsRefused();
    void realEndpointsByDefault();
    void registered();
};

void TestE2bTier::probeAndRunWithoutKey_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("no key") << QString() << QStringList{"E2B_API_KEY", "https://e2b.dev/dashboard"};
    QTest::newRow("pasted with a newline")
        << QString("e2b_0123abcd\n") << QStringList{"E2B_API_KEY", "not an E2B API key", "dashboard"};
    QTest::newRow("another service's key") << QString("sk-ant-abc123") << QStringList{"not an E2B API key"};
    QTest::newRow("upper-case hex") << QString("e2b_0123ABCD")
                                    << QStringList{"lower-case hex", "E2B_VALIDATE_API_KEY=false"};
}

void TestE2bTier::probeAndRunWithoutKey() {
    QFETCH(QString, key);
    QFETCH(QStringList, mentions);
    ScriptedHttpServer server;
    E2bSettings settings = settingsFor(server);
    settings.apiKey = key.toStdString();
    E2bTier tier(settings);
    const ProbeResult probe = tier.probe();
    QVERIFY(!probe.available);
    for (const QString& word : mentions)
        QVERIFY2(QString::fromStdString(probe.reason).contains(word), probe.reason.c_str());
    const RunResult result = tier.run(program("print(1)"), {}, {});
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QCOMPARE(result.evidence, probe.reason);
    QVERIFY(server.requests().isEmpty()); // nothing was sent anywhere
}

void TestE2bTier::apiKeyShape_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<bool>("valid");
    QTest::newRow("e2b_ and lower-case hex") << QString(kApiKey) << true;
    QTest::newRow("one digit") << QString("e2b_0") << true;
    QTest::newRow("upper-case hex") << QString("e2b_0123456789ABCDEF") << false;
    QTest::newRow("mixed case") << QString("e2b_abcDEF") << false;
    QTest::newRow("upper-case prefix") << QString("E2B_abcdef") << false;
    QTest::newRow("prefix alone") << QString("e2b_") << false;
    QTest::newRow("not hex") << QString("e2b_0123xyz") << false;
    QTest::newRow("trailing space") << QString("e2b_0123 ") << false;
}

void TestE2bTier::apiKeyShape() {
    QFETCH(QString, key);
    QFETCH(bool, valid);
    E2bSettings settings;
    settings.apiKey = key.toStdString();
    QCOMPARE(settings.apiKeyLooksValid(), valid);
    QCOMPARE(settings.apiKeyProblem().empty(), valid);
}

void TestE2bTier::validationTurnedOff() {
    // E2B_VALIDATE_API_KEY=false: a key of another shape (a proxy's, a new format) goes to E2B unchecked.
    const char* otherKey = "sk-proxy_0123ABCDEF";
    for (const char* off : {"false", "FALSE", "0"}) {
        qputenv("E2B_VALIDATE_API_KEY", off);
        QVERIFY2(!E2bSettings::fromEnvironment().validateApiKey, off);
    }
    for (const char* on : {"true", "1", "yes"}) {
        qputenv("E2B_VALIDATE_API_KEY", on);
        QVERIFY2(E2bSettings::fromEnvironment().validateApiKey, on);
    }
    qunsetenv("E2B_VALIDATE_API_KEY");
    QVERIFY(E2bSettings::fromEnvironment().validateApiKey);

    ScriptedHttpServer server;
    scriptRun(server, streamOf({stdoutLine("ok\n"), endOfExecution()}));
    E2bSettings settings = settingsFor(server);
    settings.apiKey = otherKey;
    E2bTier refused(settings);
    QVERIFY(!refused.probe().available);
    settings.validateApiKey = false;
    E2bTier tier(settings);
    QVERIFY2(tier.probe().available, tier.probe().reason.c_str());
    const RunResult result = tier.run(program("print('ok')"), {}, {});
    tier.settle();
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(server.requests("POST", "/sandboxes").first().header("X-API-KEY"), QByteArray(otherKey));

    // Unchecked, a key still cannot carry what would break its header.
    settings.apiKey = "e2b_0123abcd\n";
    E2bTier broken(settings);
    QVERIFY(!broken.probe().available);
    QVERIFY2(broken.probe().reason.find("cannot go into the X-API-KEY header") != std::string::npos,
             broken.probe().reason.c_str());
}

void TestE2bTier::probeWithKeyMakesNoRequest() {
    ScriptedHttpServer server;
    E2bTier tier(settingsFor(server));
    const ProbeResult probe = tier.probe();
    QVERIFY2(probe.available, probe.reason.c_str());
    QString notes;
    for (const auto& note : probe.notes)
        notes += QString::fromStdString(note) + "\n";
    QVERIFY2(notes.contains("code-interpreter-v1"), qPrintable(notes));
    QVERIFY2(notes.contains("Firecracker"), qPrintable(notes));
    QVERIFY2(notes.contains("billed"), qPrintable(notes));
    QVERIFY(QString::fromStdString(tier.info().description).contains("own kernel"));
    QVERIFY(server.requests().isEmpty());
}

void TestE2bTier::keyInPolicyEnvironmentIsRefused() {
    ScriptedHttpServer server;
    E2bTier tier(settingsFor(server));
    RunRequest request = program("import os; print(os.environ['TOKEN'])");
    request.policy.environment["TOKEN"] = std::string("prefix-") + kApiKey;
    const RunResult result = tier.run(request, {}, {});
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(result.evidence.find("TOKEN holds the E2B API key") != std::string::npos,
             result.evidence.c_str());
    QVERIFY(server.requests().isEmpty());
}

void TestE2bTier::otherInterpreterIsRefused() {
    ScriptedHttpServer server;
    E2bTier tier(settingsFor(server));
    RunRequest request = program("print(1)");
    request.interpreter = {"/usr/bin/python3.11", "-I"};
    const RunResult result = tier.run(request, {}, {});
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(result.evidence.find("/usr/bin/python3.11 -I") != std::string::npos, result.evidence.c_str());
    QVERIFY(server.requests().isEmpty());
}

void TestE2bTier::realEndpointsByDefault() {
    // With only a key configured, the real endpoints are used, as the SDKs build them.
    qputenv("E2B_API_KEY", kApiKey);
    const E2bSettings settings = E2bSettings::fromEnvironment();
    qunsetenv("E2B_API_KEY");
    QCOMPARE(settings.apiKey, std::string(kApiKey));
    QCOMPARE(settings.effectiveApiUrl(), std::string("https://api.e2b.app"));
    QCOMPARE(settings.templateId, std::string("code-interpreter-v1"));
    const E2bApi api(settings);
    E2bSandbox sandbox;
    sandbox.id = "i1a2b3c4";
    sandbox.domain = settings.domain;
    QCOMPARE(api.codeInterpreterUrl(sandbox), std::string("https://49999-i1a2b3c4.e2b.app"));

    // Each override, by the names the SDKs read.
    qputenv("E2B_DOMAIN", "example.test");
    qputenv("E2B_SANDBOX_URL", "http://127.0.0.1:9/");
    qputenv("SANDBENCH_E2B_TEMPLATE", "my-template");
    qputenv("E2B_MAX_RETRIES", "0"); // Sandbench's own: E2B's SDKs do not read it
    const E2bSettings overridden = E2bSettings::fromEnvironment();
    for (const char* name : {"E2B_DOMAIN", "E2B_SANDBOX_URL", "SANDBENCH_E2B_TEMPLATE", "E2B_MAX_RETRIES"})
        qunsetenv(name);
    QCOMPARE(overridden.effectiveApiUrl(), std::string("https://api.example.test"));
    QCOMPARE(E2bApi(overridden).codeInterpreterUrl(sandbox), std::string("http://127.0.0.1:9"));
    QCOMPARE(overridden.templateId, std::string("my-template"));
    QCOMPARE(overridden.maxRetries, 0);
}

void TestE2bTier::registered() {
    const TierRegistry registry = builtinTiers();
    QVERIFY(registry.contains("e2b"));
    const auto tier = registry.create("e2b");
    QCOMPARE(tier->name(), std::string("e2b"));
    QVERIFY(!tier->info().control);
    QVERIFY(!tier->probe().available); // no key in this test's environment
}

QTEST_GUILESS_MAIN(TestE2bTier)
#include "tst_e2b_tier.moc"
