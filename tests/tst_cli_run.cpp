// The CLI's run and tiers commands: a program's exit code, bytes and result line from standard input or a
// file, the errors Sandbench refuses a run with (exit 125), the interpreter option, the older names
// (backends, --backend) and what a run killed at its timeout reports it used.

#include "support/cli_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using test_support::CliRun;
using test_support::runCli;

class TestCliRun : public QObject {
    Q_OBJECT

private slots:
    void tiers();
    void olderNamesStillWork();
    void run_data();
    void run();
    void runErrors_data();
    void runErrors();
    void interpreterOption();
    void killedRunsReportWhatTheyUsed_data();
    void killedRunsReportWhatTheyUsed();
    void inputsAndArtifacts_data();
    void inputsAndArtifacts();
};

void TestCliRun::tiers() {
    const CliRun result = runCli({"tiers"});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains("host (control)"), result.out.constData());

    const CliRun json = runCli({"tiers", "--json"});
    QCOMPARE(json.exitCode, 0);
    const QJsonArray list = QJsonDocument::fromJson(json.out).array();
    QVERIFY(!list.isEmpty());
    const QJsonObject host = list.first().toObject();
    QCOMPARE(host["name"].toString(), QString("host"));
    QCOMPARE(host["control"].toBool(), true);
    QCOMPARE(host["available"].toBool(), true);
}

// Scripts written before tiers were called tiers: the `backends` command, the --backend option and the
// "backend" key of a result.
void TestCliRun::olderNamesStillWork() {
    const CliRun tiers = runCli({"tiers", "--json"});
    const CliRun backends = runCli({"backends", "--json"});
    QCOMPARE(backends.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(backends.out).array().size(),
             QJsonDocument::fromJson(tiers.out).array().size());

    const CliRun run = runCli({"run", "--backend", "host", "--json", "-"}, "print('hi')\n");
    QCOMPARE(run.exitCode, 0);
    const QJsonObject result = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(result["tier"].toString(), QString("host"));
    QCOMPARE(result["backend"].toString(), QString("host"));
    QCOMPARE(result["stdout"].toString(), QString("hi\n"));

    // The same tier under both names is one choice; two tiers are a mistake, not a silent pick.
    QCOMPARE(runCli({"run", "--tier", "host", "--backend", "host", "-"}, "print(1)\n").exitCode, 0);
    const CliRun both = runCli({"run", "--tier", "host", "--backend", "subprocess", "-"}, "print('ran')\n");
    QCOMPARE(both.exitCode, 125);
    QVERIFY(!both.out.contains("ran"));
    QVERIFY2(both.err.contains("name two tiers"), both.err.constData());
}

void TestCliRun::run_data() {
    QTest::addColumn<QByteArray>("program");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QByteArray>("stdoutBytes");
    QTest::addColumn<QByteArray>("resultLine");

    QTest::newRow("exit code passes through") << QByteArray("import sys\nprint('hi')\nsys.exit(7)\n") << 7
                                              << QByteArray("hi\n") << QByteArray("exit 7 in");
    QTest::newRow("success") << QByteArray("print('ok')\n") << 0 << QByteArray("ok\n")
                             << QByteArray("exit 0 in");
    QTest::newRow("killed by a signal is 128+N")
        << QByteArray("import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\n") << 128 + 15 << QByteArray()
        << QByteArray("killed by SIGTERM");
    QByteArray everyByte;
    for (int value = 0; value < 256; ++value)
        everyByte.append(static_cast<char>(value));
    QTest::newRow("binary-safe stdout")
        << QByteArray("import sys\nsys.stdout.buffer.write(bytes(range(256)))\n") << 0 << everyByte
        << QByteArray("exit 0 in");
    QTest::newRow("uncaught exception")
        << QByteArray("raise SystemExit(3)\n") << 3 << QByteArray() << QByteArray("exit 3 in");
}

void TestCliRun::run() {
    QFETCH(QByteArray, program);
    QFETCH(int, exitCode);
    QFETCH(QByteArray, stdoutBytes);
    QFETCH(QByteArray, resultLine);

    // From standard input ("-") ...
    const CliRun fromStdin = runCli({"run", "--tier", "host", "-"}, program);
    QCOMPARE(fromStdin.exitCode, exitCode);
    QCOMPARE(fromStdin.out, stdoutBytes);
    QVERIFY2(fromStdin.err.contains("[host (control)] " + resultLine), fromStdin.err.constData());

    // ... and from a file, with a policy option.
    QTemporaryDir folder;
    const QString path = folder.filePath("program.py");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(program);
    file.close();
    const CliRun fromFile = runCli({"run", "--tier=host", "--timeout", "10", path});
    QCOMPARE(fromFile.exitCode, exitCode);
    QCOMPARE(fromFile.out, stdoutBytes);
}

void TestCliRun::runErrors_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QByteArray>("policyJson"); // written to a file passed as --policy when not empty
    QTest::addColumn<QByteArray>("message");

    QTest::newRow("unknown tier lists the known ones")
        << QStringList{"run", "--tier", "nope", "-"} << QByteArray() << QByteArray("known: host");
    QTest::newRow("unreadable file") << QStringList{"run", "--tier", "host", "/nonexistent/x.py"}
                                     << QByteArray() << QByteArray("cannot read /nonexistent/x.py");
    QTest::newRow("bad policy key") << QStringList{"run", "--tier", "host"}
                                    << QByteArray(R"({"memory_mb": "a"})")
                                    << QByteArray("\"memory_mb\" must be a whole number");
    QTest::newRow("malformed policy")
        << QStringList{"run", "--tier", "host"} << QByteArray("{") << QByteArray("not valid JSON");
    QTest::newRow("timeout out of range") << QStringList{"run", "--tier", "host", "--timeout", "0", "-"}
                                          << QByteArray() << QByteArray("--timeout");
    QTest::newRow("unknown option") << QStringList{"run", "--frobnicate", "-"} << QByteArray()
                                    << QByteArray("unknown option --frobnicate");
    QTest::newRow("no program") << QStringList{"run", "--tier", "host"} << QByteArray()
                                << QByteArray("run needs a program");
    QTest::newRow("missing interpreter")
        << QStringList{"run", "--tier", "subprocess", "--interpreter", "/usr/bin/python-nope -I", "-"}
        << QByteArray() << QByteArray("/usr/bin/python-nope does not exist");
    QTest::newRow("empty interpreter")
        << QStringList{"run", "--interpreter", " ", "-"} << QByteArray() << QByteArray("--interpreter");
}

void TestCliRun::runErrors() {
    QFETCH(QStringList, arguments);
    QFETCH(QByteArray, policyJson);
    QFETCH(QByteArray, message);
    QTemporaryDir folder;
    if (!policyJson.isEmpty()) {
        QFile policy(folder.filePath("policy.json"));
        QVERIFY(policy.open(QIODevice::WriteOnly));
        policy.write(policyJson);
        policy.close();
        arguments << "--policy" << policy.fileName() << "-";
    }
    const CliRun result = runCli(arguments, "print('must not run')\n");
    QCOMPARE(result.exitCode, 125); // sandbench's own failure, never confused with the program's code
    QVERIFY(!result.out.contains("must not run"));
    QVERIFY2(result.err.contains(message), result.err.constData());
}

// The interpreter and its flags are the user's to choose: without -u, stdout is not write-through.
void TestCliRun::interpreterOption() {
    const CliRun result = runCli({"run", "--tier", "subprocess", "--interpreter", "/usr/bin/python3 -I", "-"},
                                 "import sys\nprint(sys.flags.isolated, sys.stdout.write_through)\n");
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.out, QByteArray("1 False\n"));
}

// A busy loop ended by the timeout used its CPU: the result says how much, or that it was not measured,
// never a zero the kernel did not count.
void TestCliRun::killedRunsReportWhatTheyUsed_data() {
    QTest::addColumn<QString>("tier");
    QTest::newRow("subprocess") << QString("subprocess");
    QTest::newRow("container") << QString("container");
    QTest::newRow("microvm") << QString("microvm");
}

void TestCliRun::killedRunsReportWhatTheyUsed() {
    QFETCH(QString, tier);
    const CliRun probe = runCli({"tiers", "--json"});
    bool measuredByCgroups = false;
    for (const QJsonValue& listed : QJsonDocument::fromJson(probe.out).array()) {
        const QJsonObject object = listed.toObject();
        if (object["name"].toString() != tier)
            continue;
        if (!object["available"].toBool())
            QSKIP(qPrintable(tier + " cannot run here: " + object["reason"].toString()));
        for (const QJsonValue& note : object["notes"].toArray())
            measuredByCgroups |= note.toString().startsWith("cgroup memory:");
    }
    const CliRun run =
        runCli({"run", "--tier", tier, "--timeout", "2", "--json", "-"}, "while True:\n    pass\n");
    const QJsonObject result = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(result["stopped_by"].toString(), QString("timeout"));
    const QJsonValue cpu = result["cpu_seconds"];
    QVERIFY2(cpu.isNull() || cpu.toDouble() >= 1.0, run.out.constData());
    QVERIFY2(result["peak_memory_kb"].isNull() || result["peak_memory_kb"].toDouble() > 0,
             run.out.constData());
    if (measuredByCgroups) { // the subprocess tier's run cgroups count it after the kill
        QVERIFY2(cpu.isDouble() && cpu.toDouble() >= 1.0, run.out.constData());
        QVERIFY2(result["peak_memory_kb"].toDouble() > 0, run.out.constData());
    }
}

// --input shows a host file at /data; --artifacts DIR receives what the program left in /tmp/outputs, listed
// on standard error; --json carries the artifacts' metadata; a missing input refuses the run, naming it.
void TestCliRun::inputsAndArtifacts_data() {
    QTest::addColumn<QString>("tier");
    QTest::newRow("subprocess") << QString("subprocess");
    QTest::newRow("container") << QString("container");
    QTest::newRow("microvm") << QString("microvm");
}

void TestCliRun::inputsAndArtifacts() {
    QFETCH(QString, tier);
    for (const QJsonValue& listed : QJsonDocument::fromJson(runCli({"tiers", "--json"}).out).array()) {
        const QJsonObject object = listed.toObject();
        if (object["name"].toString() == tier && !object["available"].toBool())
            QSKIP(qPrintable(tier + " cannot run here: " + object["reason"].toString()));
    }
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QFile::setPermissions(folder.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                             QFile::ReadOther | QFile::ExeOther | QFile::ReadGroup |
                                             QFile::ExeGroup);
    QFile input(folder.filePath("numbers.csv"));
    QVERIFY(input.open(QIODevice::WriteOnly));
    input.write("n,square\n2,4\n");
    input.close();
    QFile::setPermissions(input.fileName(),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther | QFile::ReadGroup);
    const QByteArray program = "import shutil\nshutil.copy('/data/numbers.csv', '/tmp/outputs/copy.csv')\n"
                               "open('/tmp/outputs/note.txt', 'w').write('done')\n";
    const QString outputs = folder.filePath("outputs");
    const CliRun saved =
        runCli({"run", "--tier", tier, "--input", input.fileName(), "--artifacts", outputs, "-"}, program);
    QVERIFY2(saved.exitCode == 0, saved.err.constData());
    QFile copy(outputs + "/copy.csv");
    QVERIFY2(copy.open(QIODevice::ReadOnly), saved.err.constData());
    QCOMPARE(copy.readAll(), QByteArray("n,square\n2,4\n"));
    QVERIFY2(saved.err.contains("artifact: copy.csv (13 bytes, text/csv) saved as"), saved.err.constData());
    QVERIFY2(saved.err.contains("artifact: note.txt (4 bytes, text/plain)"), saved.err.constData());

    const CliRun json = runCli({"run", "--tier", tier, "--input", input.fileName(), "--json", "-"}, program);
    const QJsonArray artifacts = QJsonDocument::fromJson(json.out).object()["artifacts"].toArray();
    QCOMPARE(artifacts.size(), 2);
    const QJsonObject first = artifacts[0].toObject();
    QCOMPARE(first["name"].toString(), QString("copy.csv"));
    QCOMPARE(first["size"].toInt(), 13);
    QCOMPARE(first["type"].toString(), QString("text/csv"));
    QVERIFY(!first.contains("bytes"));

    const QString missing = folder.filePath("absent.csv");
    const CliRun refused = runCli({"run", "--tier", tier, "--input", missing, "-"}, "print('ran')\n");
    QCOMPARE(refused.exitCode, 125);
    QVERIFY2(refused.err.contains(missing.toUtf8()), refused.err.constData());
    QVERIFY(!refused.out.contains("ran"));
}

QTEST_GUILESS_MAIN(TestCliRun)
#include "tst_cli_run.moc"
