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
                                       << "true or false";
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
