// The bench's workloads: the bundled folder, what a malformed or missing workload says, --workload's
// choices, a workload's policy keys, and a workload timed on the subprocess tier with its output checked,
// so a workload that did not do its work fails the bench instead of giving a time.

#include "core/bench_workload.h"
#include "core/latency_bench.h"
#include "support/source_paths.h"
#include "support/temp_folder_watch.h"
#include "tiers/subprocess/subprocess_tier.h"

#include <QTemporaryDir>
#include <QTest>
#include <fstream>

using namespace sandbench;

class TestBenchWorkloads : public QObject {
    Q_OBJECT

private slots:
    void bundledWorkloadsLoad();
    void malformedHeaders_data();
    void malformedHeaders();
    void missingFileIsAClearError();
    void choices();
    void unknownNameListsTheKnownOnes();
    void workloadPolicyLaysOverTheBenchPolicy();
    void workloadOnSubprocess();
    void workloadThatDidNotDoItsWorkFailsTheBench();
};

namespace {

std::string writeFile(const QTemporaryDir& folder, const char* name, const std::string& text) {
    const std::string path = folder.filePath(name).toStdString();
    std::ofstream(path) << text;
    return path;
}

} // namespace

void TestBenchWorkloads::bundledWorkloadsLoad() {
    const std::vector<Workload> workloads = loadWorkloadFolder(test_support::workloadsSourceDir());
    QStringList names;
    for (const Workload& workload : workloads) {
        names << QString::fromStdString(workload.name);
        QVERIFY(!workload.measures.empty());
        QVERIFY(!workload.prints.empty());
        // Every policy a bundled workload asks for is one the bench can run it with.
        workloadPolicy(Policy{}, workload);
    }
    QCOMPARE(names, QStringList({"print", "imports", "cpu_loop", "stat_calls", "file_io", "children"}));
}

void TestBenchWorkloads::malformedHeaders_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("no header") << "print(1)\n"
                               << "w.py:1: missing the metadata header";
    QTest::newRow("no prints") << "# name: w\n# measures: something\nprint(1)\n"
                               << "w.py: the header has no \"# prints: ...\" line";
    QTest::newRow("no measures") << "# name: w\n# prints: 1\nprint(1)\n"
                                 << "w.py: the header has no \"# measures: ...\" line";
    QTest::newRow("twice") << "# name: w\n# name: v\n"
                           << "w.py:2: header key \"name\" appears twice";
    QTest::newRow("unknown key") << "# name: w\n# expect: marker X\n"
                                 << "w.py:2: unknown header key \"expect\"";
    QTest::newRow("empty value") << "# name:\n"
                                 << "w.py:1: header key \"name\" has no value";
    QTest::newRow("bad name") << "# name: two words\n# measures: m\n# prints: 1\n"
                              << "w.py: the name \"two words\" may hold only";
    QTest::newRow("policy not json") << "# name: w\n# measures: m\n# prints: 1\n# policy: timeout 60\n"
                                     << "w.py: \"# policy:\" must be a JSON object";
    QTest::newRow("policy key unknown") << "# name: w\n# measures: m\n# prints: 1\n# policy: {\"speed\": 2}\n"
                                        << "w.py: its policy: ";
}

void TestBenchWorkloads::malformedHeaders() {
    QFETCH(QString, text);
    QFETCH(QString, error);
    try {
        parseWorkload("w.py", text.toStdString());
        QFAIL("a malformed workload was accepted");
    } catch (const WorkloadError& caught) {
        QVERIFY2(QString(caught.what()).startsWith(error), caught.what());
    }
}

void TestBenchWorkloads::missingFileIsAClearError() {
    QTemporaryDir folder;
    const std::string missing = folder.filePath("nowhere.py").toStdString();
    try {
        chooseWorkloads({missing}, test_support::workloadsSourceDir());
        QFAIL("a missing file was accepted");
    } catch (const WorkloadError& caught) {
        QCOMPARE(QString(caught.what()), QString::fromStdString(missing + ": no such workload file"));
    }
    try {
        loadWorkloadFolder(folder.path().toStdString());
        QFAIL("an empty folder was accepted");
    } catch (const WorkloadError& caught) {
        QVERIFY2(QString(caught.what()).endsWith("holds no *.py workloads"), caught.what());
    }
}

void TestBenchWorkloads::choices() {
    QTemporaryDir folder;
    const std::string own =
        writeFile(folder, "mine.py", "# name: mine\n# measures: my own\n# prints: 3\nprint(1 + 2)\n");
    const auto chosen = chooseWorkloads({"cpu_loop,print", own, "print"}, test_support::workloadsSourceDir());
    QCOMPARE(chosen.size(), std::size_t(3)); // print once
    QCOMPARE(chosen[0].name, std::string("cpu_loop"));
    QCOMPARE(chosen[1].name, std::string("print"));
    QCOMPARE(chosen[2].name, std::string("mine"));
    QCOMPARE(chosen[2].expectedStdout(), std::string("3\n"));
    QCOMPARE(chooseWorkloads({"all"}, test_support::workloadsSourceDir()).size(), std::size_t(6));
}

void TestBenchWorkloads::unknownNameListsTheKnownOnes() {
    try {
        chooseWorkloads({"fastest"}, test_support::workloadsSourceDir());
        QFAIL("an unknown workload was accepted");
    } catch (const WorkloadError& caught) {
        const QString what = caught.what();
        QVERIFY2(what.startsWith("no workload named \"fastest\"") && what.contains("cpu_loop, stat_calls"),
                 caught.what());
    }
}

void TestBenchWorkloads::workloadPolicyLaysOverTheBenchPolicy() {
    Policy base;
    base.memoryMb = 300;
    const Workload workload = parseWorkload(
        "w.py", "# name: w\n# measures: m\n# prints: 1\n# policy: {\"workdir_mb\": 64, \"timeout_s\": 90}\n");
    const Policy policy = workloadPolicy(base, workload);
    QCOMPARE(policy.workdirMb, std::int64_t(64));
    QCOMPARE(policy.timeoutSeconds, 90.0);
    QCOMPARE(policy.memoryMb, std::int64_t(300)); // untouched keys are the bench's
}

void TestBenchWorkloads::workloadOnSubprocess() {
    auto tier = std::make_unique<SubprocessTier>();
    if (const ProbeResult probe = tier->probe(); !probe.available)
        QSKIP(qPrintable("the subprocess tier is not usable here: " + QString::fromStdString(probe.reason)));
    const test_support::TempFolderWatch scratch({"sandbench-bench-*"});
    BenchOptions options;
    options.runs = 2;
    options.workload = chooseWorkloads({"file_io"}, test_support::workloadsSourceDir()).front();
    const auto report = runLatencyBench(*tier, options, {});
    QVERIFY(report);
    QCOMPARE(report->workload, std::string("file_io"));
    QCOMPARE(report->workloadFile, std::string("05_file_io.py"));
    QCOMPARE(report->timed.samplesMs.size(), std::size_t(2));
    QCOMPARE(report->host.samplesMs.size(), std::size_t(2));
    QCOMPARE(report->hostCommand, std::string("/usr/bin/python3 -I - < 05_file_io.py"));
    // The subprocess tier has no reference command: its reference is the bare host itself.
    QVERIFY(!report->hasOwnReference());
    QCOMPARE(report->hostRatio, report->timed.p50Ms / report->host.p50Ms);
    QCOMPARE(report->ratio, report->hostRatio);
    // Each bare run had a folder of its own, and none is left.
    QCOMPARE(scratch.leftSince(), QStringList());
}

void TestBenchWorkloads::workloadThatDidNotDoItsWorkFailsTheBench() {
    auto tier = std::make_unique<SubprocessTier>();
    if (const ProbeResult probe = tier->probe(); !probe.available)
        QSKIP(qPrintable("the subprocess tier is not usable here: " + QString::fromStdString(probe.reason)));
    // Writes its answer only where the sandbox's working folder is big enough: with the bench's own
    // policy (16 MB) it cannot, so it prints something else, and the bench must not time it as if it had.
    const Workload workload =
        parseWorkload("big.py", "# name: big\n# measures: m\n# prints: done\n"
                                "try:\n    open('f', 'wb').write(bytes(40 << 20))\n    print('done')\n"
                                "except OSError as error:\n    print('failed', error.errno)\n");
    BenchOptions options;
    options.runs = 1;
    options.workload = workload;
    try {
        runLatencyBench(*tier, options, {});
        QFAIL("a workload that failed was timed");
    } catch (const BenchError& error) {
        QVERIFY2(QString(error.what())
                     .startsWith("the subprocess tier could not run the workload big: its "
                                 "stdout was \"failed "),
                 error.what());
    }
}

QTEST_GUILESS_MAIN(TestBenchWorkloads)
#include "tst_bench_workloads.moc"
