// The CLI's lab commands: attacks --json (an outcome per bundled attack, with every key, on the host
// control), a malformed suite refused, and bench --json (cold rows, and the container tier's cold and warm
// rows beside its hardened docker/podman baseline).

#include "support/cli_runner.h"
#include "support/source_paths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using test_support::CliRun;
using test_support::runCli;

class TestCliLab : public QObject {
    Q_OBJECT

private slots:
    void attacksJson();
    void attacksBadSuite();
    void benchJson();
    void benchWorkloadsJson();
    void benchUnknownWorkloadIsAUsageError();
    void containerBenchHasColdAndWarmRows();
};

void TestCliLab::attacksJson() {
    // 3 s: the slowest attack that must get through, 400 MB into socket buffers, can take more than a second
    // on a busy 2-core machine; a shorter timeout would end it before it shows that it works.
    const CliRun result = runCli({"attacks", "--tier", "host", "--json", "--timeout", "3", "--grace", "0.5"});
    QVERIFY2(result.exitCode == 0, result.err.constData());
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(result.out, &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    const QJsonArray outcomes = document.array();
    QCOMPARE(outcomes.size(), QDir(test_support::attacksSourceDir()).entryList({"*.py"}, QDir::Files).size());
    for (const auto& value : outcomes) {
        const QJsonObject outcome = value.toObject();
        for (const char* key :
             {"attack", "category", "tier", "verdict", "evidence", "seconds", "layer", "layer_detail",
              "layer_inferred", "expected", "needs_root", "unmet_needs", "leftovers"})
            QVERIFY2(outcome.contains(key), key);
        QCOMPARE(outcome["tier"].toString(), QString("host"));
        QCOMPARE(outcome["control"].toBool(), true);
        QCOMPARE(outcome["expected"].toBool(), true); // the control is expected to let everything through
        QVERIFY(outcome["leftovers"].isArray() && outcome["leftovers"].toArray().isEmpty());
        if (!outcome["unmet_needs"].toString().isEmpty()) // e.g. no loadable modules on this kernel
            continue;
        QVERIFY2(outcome["verdict"].toString() == "ALLOWED", qPrintable(outcome["evidence"].toString()));
        QCOMPARE(outcome["layer"].toString(), QString("none"));
        QVERIFY(outcome["seconds"].isDouble());
        QVERIFY(!outcome["evidence"].toString().isEmpty());
    }
    QCOMPARE(outcomes.first().toObject()["attack"].toString(), QString("CPU loop"));
    QCOMPARE(outcomes.first().toObject()["category"].toString(), QString("cpu"));
}

void TestCliLab::attacksBadSuite() {
    QTemporaryDir folder;
    QFile file(folder.filePath("broken.py"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("# name: Broken\n# expect: perhaps\n");
    file.close();
    const CliRun result = runCli({"attacks", "--tier", "host", "--suite", folder.path()});
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains("broken.py:2: unknown expect form"), result.err.constData());
}

void TestCliLab::benchJson() {
    const CliRun result = runCli({"bench", "--tier", "host", "--runs", "3", "--json"});
    QVERIFY2(result.exitCode == 0, result.err.constData());
    const QJsonArray reports = QJsonDocument::fromJson(result.out).array();
    QCOMPARE(reports.size(), 1);
    const QJsonObject report = reports.first().toObject();
    for (const char* key :
         {"tier", "mode", "runs", "p50_ms", "p95_ms", "min_ms", "max_ms", "baseline_p50_ms", "ratio"})
        QVERIFY2(report.contains(key), key);
    QCOMPARE(report["tier"].toString(), QString("host"));
    QCOMPARE(report["mode"].toString(), QString("cold"));
    QCOMPARE(report["runs"].toInt(), 3);
    QVERIFY(report["min_ms"].toDouble() > 0);
    QVERIFY(report["min_ms"].toDouble() <= report["p50_ms"].toDouble());
    QVERIFY(report["p95_ms"].toDouble() <= report["max_ms"].toDouble());
    QCOMPARE(report["ratio"].toDouble(), report["p50_ms"].toDouble() / report["baseline_p50_ms"].toDouble());
}

// A row per workload, each with the bare host's run of the same workload beside it: the keys a script reads.
void TestCliLab::benchWorkloadsJson() {
    const CliRun result =
        runCli({"bench", "--tier", "host", "--runs", "2", "--workload", "print,imports", "--json"});
    QVERIFY2(result.exitCode == 0, result.err.constData());
    const QJsonArray reports = QJsonDocument::fromJson(result.out).array();
    QCOMPARE(reports.size(), 2);
    QCOMPARE(reports[0].toObject()["workload"].toString(), QString("print"));
    QCOMPARE(reports[0].toObject()["workload_file"].toString(), QString("01_print.py"));
    QCOMPARE(reports[1].toObject()["workload"].toString(), QString("imports"));
    for (const QJsonValue& value : reports) {
        const QJsonObject report = value.toObject();
        QCOMPARE(report["host_baseline"].toString(),
                 "/usr/bin/python3 -I - < " + report["workload_file"].toString());
        QCOMPARE(report["host_samples_ms"].toArray().size(), 2);
        QVERIFY(report["host_p50_ms"].toDouble() > 0);
        QVERIFY(report["host_p95_ms"].toDouble() >= report["host_p50_ms"].toDouble());
        QCOMPARE(report["host_ratio"].toDouble(),
                 report["p50_ms"].toDouble() / report["host_p50_ms"].toDouble());
        // The host tier has no reference command: its baseline is the bare host's run.
        QCOMPARE(report["baseline"].toString(), report["host_baseline"].toString());
        QCOMPARE(report["reference_problem"].toString(), QString());
    }
}

void TestCliLab::benchUnknownWorkloadIsAUsageError() {
    const CliRun result = runCli({"bench", "--tier", "host", "--workload", "warp_drive"});
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains("no workload named \"warp_drive\"") && result.err.contains("cpu_loop"),
             result.err.constData());
}

void TestCliLab::containerBenchHasColdAndWarmRows() {
    const CliRun probe = runCli({"tiers", "--json"});
    for (const QJsonValue& tier : QJsonDocument::fromJson(probe.out).array()) {
        const QJsonObject object = tier.toObject();
        if (object["name"] == "container" && !object["available"].toBool())
            QSKIP(qPrintable("the container tier is not usable here: " + object["reason"].toString()));
    }
    const CliRun result = runCli({"bench", "--tier", "container", "--runs", "2", "--json"}, {}, 180000);
    QVERIFY2(result.exitCode == 0, result.err.constData());
    const QJsonArray reports = QJsonDocument::fromJson(result.out).array();
    QCOMPARE(reports.size(), 2);
    QCOMPARE(reports[0].toObject()["mode"].toString(), QString("cold"));
    QCOMPARE(reports[1].toObject()["mode"].toString(), QString("warm"));
    for (const QJsonValue& value : reports) {
        const QJsonObject report = value.toObject();
        // The baseline is the reference design's own hardened docker/podman run line, print(1) on stdin.
        const QString baseline = report["baseline"].toString();
        QVERIFY2(baseline.contains(" run --rm -i --name ") && baseline.contains("--network none") &&
                     baseline.contains("--memory 256m --memory-swap 256m") &&
                     baseline.endsWith(" python3 -I -"),
                 qPrintable(baseline));
        QVERIFY(report["p50_ms"].toDouble() > 0 && report["baseline_p50_ms"].toDouble() > 0);
        QCOMPARE(report["ratio"].toDouble(),
                 report["p50_ms"].toDouble() / report["baseline_p50_ms"].toDouble());
    }
}

QTEST_GUILESS_MAIN(TestCliLab)
#include "tst_cli_lab.moc"
