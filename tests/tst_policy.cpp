#include "core/policy.h"

#include <QTest>

using namespace sandbench;

class TestPolicy : public QObject {
    Q_OBJECT

private slots:
    void defaults();
    void roundTrip_data();
    void roundTrip();
    void rejected_data();
    void rejected();
    void allowListRoundTrips();
};

void TestPolicy::defaults() {
    const Policy policy;
    QCOMPARE(policy.timeoutSeconds, 5.0);
    QCOMPARE(policy.cpuSeconds, 0);
    QCOMPARE(policy.effectiveCpuSeconds(), 6); // the timeout rounded up, plus one
    QCOMPARE(policy.memoryMb, std::int64_t(256));
    QCOMPARE(policy.processes, 20);
    QCOMPARE(policy.fileSizeMb, std::int64_t(1));
    QCOMPARE(policy.outputCapBytes, std::int64_t(10000));
    QVERIFY(!policy.network);
    QVERIFY(policy.inputs.empty());
    QCOMPARE(policy.artifactsMax, 20);
    QCOMPARE(policy.artifactsMb, std::int64_t(10));
    QCOMPARE(policy.environment.at("PATH"), std::string("/usr/bin:/bin"));
    // matplotlib headless, its config and cache in the working folder (the sandbox has no home folder)
    QCOMPARE(policy.environment.at("MPLBACKEND"), std::string("Agg"));
    QCOMPARE(policy.environment.at("MPLCONFIGDIR"), std::string("/tmp"));
    QCOMPARE(policy.environment.at("XDG_CACHE_HOME"), std::string("/tmp"));
    QCOMPARE(policy.environment.size(), std::size_t(5)); // no keys or tokens leak in by default
    QCOMPARE(Policy::fromJson("{}"), policy);
}

void TestPolicy::roundTrip_data() {
    QTest::addColumn<QString>("json");
    QTest::newRow("defaults") << QString::fromStdString(Policy().toJson());
    QTest::newRow("every key")
        << R"({"timeout_s": 2.5, "cpu_s": 3, "memory_mb": 512, "cpus": 1.5, "processes": 64,
        "file_size_mb": 8, "workdir_mb": 32, "output_cap_bytes": 100, "network": true,
        "env": {"PATH": "/bin", "LC_ALL": "C"}})";
    QTest::newRow("empty environment") << R"({"env": {}})";
    QTest::newRow("inputs and artifacts")
        << R"({"inputs": ["/srv/data.csv", "/home/me/photos"], "inputs_mb": 5, "artifacts_max": 3,
        "artifacts_mb": 2})";
    QTest::newRow("no artifacts") << R"({"artifacts_max": 0, "artifacts_mb": 0})";
    QTest::newRow("bounds")
        << R"({"timeout_s": 0.1, "processes": 1, "memory_mb": 32, "output_cap_bytes": 1})";
}

void TestPolicy::roundTrip() {
    QFETCH(QString, json);
    const Policy first = Policy::fromJson(json.toStdString());
    const Policy second = Policy::fromJson(first.toJson());
    QCOMPARE(second, first);
}

void TestPolicy::rejected_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("messagePart");

    QTest::newRow("unknown key") << R"({"colour": "red"})"
                                 << "colour"
                                 << "unknown policy key \"colour\"";
    QTest::newRow("timeout as text") << R"({"timeout_s": "5"})"
                                     << "timeout_s"
                                     << "must be a number";
    QTest::newRow("fractional memory") << R"({"memory_mb": 1.5})"
                                       << "memory_mb"
                                       << "whole number";
    QTest::newRow("network as number") << R"({"network": 1})"
                                       << "network"
                                       << "true, false or";
    QTest::newRow("empty allow list") << R"({"network": {"allow": []}})"
                                      << "network"
                                      << "empty allow list";
    QTest::newRow("IP literal in the allow list") << R"({"network": {"allow": ["203.0.113.9"]}})"
                                                  << "network.allow"
                                                  << "allow_ips";
    QTest::newRow("bracketed IPv6 in the allow list") << R"({"network": {"allow": ["[::1]:443"]}})"
                                                      << "network.allow"
                                                      << "IP literal";
    QTest::newRow("wildcard over a top-level domain") << R"({"network": {"allow": ["*.com"]}})"
                                                      << "network.allow"
                                                      << "not a host name";
    QTest::newRow("port out of range") << R"({"network": {"allow": ["api.example.com:70000"]}})"
                                       << "network.allow"
                                       << "port from 1 to 65535";
    QTest::newRow("path in the allow list") << R"({"network": {"allow": ["api.example.com/v1"]}})"
                                            << "network.allow"
                                            << "not a host name";
    QTest::newRow("unknown network key") << R"({"network": {"allow": ["a.example"], "deny": ["b.example"]}})"
                                         << "network.deny"
                                         << "known: allow, allow_ips";
    QTest::newRow("address range malformed") << R"({"network": {"allow_ips": ["10.0.0.0/40"]}})"
                                             << "network.allow_ips"
                                             << "not an address or a range";
    QTest::newRow("secret without an allow list")
        << R"({"secrets": [{"name": "API_KEY", "from_env": "K", "hosts": ["api.example.com"]}]})"
        << "secrets"
        << "only the egress proxy";
    QTest::newRow("secret to a host not allowed")
        << R"({"network": {"allow": ["api.example.com"]}, "secrets": [{"name": "API_KEY", "from_env": "K", "hosts": ["evil.example"]}]})"
        << "secrets"
        << "does not name";
    QTest::newRow("secret with its value")
        << R"({"network": {"allow": ["a.example"]}, "secrets": [{"name": "K", "value": "x", "hosts": ["a.example"]}]})"
        << "secrets[0].value"
        << "never written in a policy";
    QTest::newRow("secret name not a variable")
        << R"({"network": {"allow": ["a.example"]}, "secrets": [{"name": "A-KEY", "hosts": ["a.example"]}]})"
        << "secrets[0].name"
        << "variable name";
    QTest::newRow("secret also in env")
        << R"({"network": {"allow": ["a.example"]}, "env": {"K": "v"}, "secrets": [{"name": "K", "hosts": ["a.example"]}]})"
        << "secrets"
        << "also set in env";
    QTest::newRow("env value not text") << R"({"env": {"A": 1}})"
                                        << "env.A"
                                        << "must be a string";
    QTest::newRow("env not object") << R"({"env": ["A"]})"
                                    << "env"
                                    << "object of strings";
    QTest::newRow("no CPU") << R"({"cpus": 0})"
                            << "cpus"
                            << "outside";
    QTest::newRow("CPUs as text") << R"({"cpus": "2"})"
                                  << "cpus"
                                  << "must be a number";
    QTest::newRow("no processes") << R"({"processes": 0})"
                                  << "processes"
                                  << "outside";
    QTest::newRow("timeout too long") << R"({"timeout_s": 4000})"
                                      << "timeout_s"
                                      << "outside";
    QTest::newRow("negative file size") << R"({"file_size_mb": -1})"
                                        << "file_size_mb"
                                        << "outside";
    QTest::newRow("inputs not a list") << R"({"inputs": "/srv/data.csv"})"
                                       << "inputs"
                                       << "array of absolute host paths";
    QTest::newRow("relative input") << R"({"inputs": ["/ok", "data.csv"]})"
                                    << "inputs[1]"
                                    << "not an absolute host path";
    QTest::newRow("input not text") << R"({"inputs": [7]})"
                                    << "inputs[0]"
                                    << "must be a string";
    QTest::newRow("negative artifact count") << R"({"artifacts_max": -1})"
                                             << "artifacts_max"
                                             << "outside";
    QTest::newRow("fractional artifact count") << R"({"artifacts_max": 2.5})"
                                               << "artifacts_max"
                                               << "whole number";
    QTest::newRow("artifacts too large") << R"({"artifacts_mb": 5000})"
                                         << "artifacts_mb"
                                         << "outside";
    QTest::newRow("inputs cap as text") << R"({"inputs_mb": "5"})"
                                        << "inputs_mb"
                                        << "whole number";
    QTest::newRow("malformed JSON") << R"({"timeout_s": )"
                                    << ""
                                    << "not valid JSON";
    QTest::newRow("not an object") << "[1, 2]"
                                   << ""
                                   << "must be a JSON object";
}

void TestPolicy::allowListRoundTrips() {
    const Policy policy = Policy::fromJson(
        R"({"network": {"allow": ["API.Example.com.", "*.example.org:8443"], "allow_ips": ["203.0.113.0/24"]},
            "secrets": [{"name": "API_KEY", "from_env": "OUR_KEY", "hosts": ["api.example.com"]}]})");
    QVERIFY(!policy.network);
    QVERIFY(policy.egress.active());
    QCOMPARE(policy.egress.allow.size(), 2u);
    QCOMPARE(QString::fromStdString(policy.egress.allow[0].text()), "api.example.com");
    QCOMPARE(QString::fromStdString(policy.egress.allow[1].text()), "*.example.org:8443");
    QCOMPARE(QString::fromStdString(policy.egress.secrets[0].header), "Authorization");
    QCOMPARE(Policy::fromJson(policy.toJson()), policy);
    QVERIFY(QString::fromStdString(policy.summary()).contains("network to 3 allowed hosts, 1 secret"));
    // The wildcard covers names under the domain, not the domain itself, and only its port.
    QVERIFY(policy.egress.allow[1].matches("cdn.example.org", 8443));
    QVERIFY(!policy.egress.allow[1].matches("example.org", 8443));
    QVERIFY(!policy.egress.allow[1].matches("cdn.example.org", 443));
    QVERIFY(!policy.egress.allow[1].matches("cdn.example.org.evil.test", 8443));
    // Without a port, the web's two.
    QVERIFY(policy.egress.allow[0].matches("api.example.com", 443));
    QVERIFY(policy.egress.allow[0].matches("api.example.com", 80));
    QVERIFY(!policy.egress.allow[0].matches("api.example.com", 22));
}

void TestPolicy::rejected() {
    QFETCH(QString, json);
    QFETCH(QString, key);
    QFETCH(QString, messagePart);
    try {
        Policy::fromJson(json.toStdString());
        QFAIL("the policy was accepted");
    } catch (const PolicyError& error) {
        QCOMPARE(QString::fromStdString(error.key()), key);
        const QString message = QString::fromUtf8(error.what());
        QVERIFY2(message.contains(messagePart), qPrintable(message));
        if (!key.isEmpty())
            QVERIFY2(message.contains(key), qPrintable("the message does not name the key: " + message));
    }
}

QTEST_GUILESS_MAIN(TestPolicy)
#include "tst_policy.moc"
