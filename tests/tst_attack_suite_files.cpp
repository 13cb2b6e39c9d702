// Attack files and suites: the metadata header parsed (and malformed ones refused with file and line), the
// bundled suite loaded whole, bad folders refused, include/ files spliced after the header and run as one
// program, and the newer keys (expected, needs, surface, protection).

#include "core/attack_harness.h"
#include "core/attack_lab.h"
#include "core/attack_suite.h"
#include "support/source_paths.h"
#include "tiers/host/host_tier.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace sandbench;

namespace {

// Enums compared by name (QCOMPARE cannot print a value whose toString is core's), so a failure reads
// "stopped" vs "marker".
QString nameOf(Expectation expectation) {
    return QString::fromStdString(std::string(toString(expectation)));
}

} // namespace

class TestAttackSuiteFiles : public QObject {
    Q_OBJECT

private slots:
    void parse_data();
    void parse();
    void loadBundledSuite();
    void loadRejectsBadFolders_data();
    void loadRejectsBadFolders();
    void includesAreSplicedAfterTheHeader();
    void newMetadata();
    void whatRunsAlone();
    void networkAttacks();
};

void TestAttackSuiteFiles::parse_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error"); // empty: must parse
    QTest::addColumn<int>("errorLine");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("category");
    QTest::addColumn<QString>("marker"); // empty: expect stopped

    QTest::newRow("good marker header")
        << "# name: Read host secret\n# category: filesystem\n# expect: marker LEAKED\n# needs: root\n"
           "# Free prose after the header.\nprint('x')\n"
        << "" << 0 << "Read host secret"
        << "filesystem"
        << "LEAKED";
    QTest::newRow("stopped, no category") << "# name: Loop\n# expect: stopped\nwhile True: pass\n"
                                          << "" << 0 << "Loop"
                                          << "uncategorized"
                                          << "";
    QTest::newRow("CRLF line ends") << "# name: Windows\r\n# expect: marker OK\r\nprint('OK')\r\n"
                                    << "" << 0 << "Windows"
                                    << "uncategorized"
                                    << "OK";
    QTest::newRow("missing name") << "# category: cpu\n# expect: stopped\n"
                                  << "no \"# name: ...\"" << 0 << ""
                                  << ""
                                  << "";
    QTest::newRow("missing expect") << "# name: X\nprint(1)\n"
                                    << "no \"# expect: ...\"" << 0 << ""
                                    << ""
                                    << "";
    QTest::newRow("expect not in header") << "# name: X\nprint(1)\n# expect: stopped\n"
                                          << "no \"# expect" << 0 << ""
                                          << ""
                                          << "";
    QTest::newRow("unknown expect form") << "# name: X\n# category: y\n# expect: sometimes\n"
                                         << "unknown expect form \"sometimes\"" << 3 << ""
                                         << ""
                                         << "";
    QTest::newRow("marker without word") << "# name: X\n# expect: marker\n"
                                         << "unknown expect form" << 2 << ""
                                         << ""
                                         << "";
    QTest::newRow("starves an unknown quota") << "# name: X\n# expect: starves memory\n"
                                              << "unknown expect form" << 2 << ""
                                              << ""
                                              << "";
    QTest::newRow("marker with two words") << "# name: X\n# expect: marker A B\n"
                                           << "unknown expect form" << 2 << ""
                                           << ""
                                           << "";
    QTest::newRow("no header") << "print(1)\n"
                               << "missing the metadata header" << 1 << ""
                               << ""
                               << "";
    QTest::newRow("duplicate key") << "# name: X\n# name: Y\n# expect: stopped\n"
                                   << "appears twice" << 2 << ""
                                   << ""
                                   << "";
    QTest::newRow("empty value") << "# name: X\n# expect:\n"
                                 << "has no value" << 2 << ""
                                 << ""
                                 << "";
}

void TestAttackSuiteFiles::parse() {
    QFETCH(QString, text);
    QFETCH(QString, error);
    QFETCH(int, errorLine);
    QFETCH(QString, name);
    QFETCH(QString, category);
    QFETCH(QString, marker);

    try {
        const Attack attack = parseAttack("attack.py", text.toStdString());
        QVERIFY2(error.isEmpty(), "a malformed file was accepted");
        QCOMPARE(QString::fromStdString(attack.name), name);
        QCOMPARE(QString::fromStdString(attack.category), category);
        QCOMPARE(nameOf(attack.expectation),
                 nameOf(marker.isEmpty() ? Expectation::Stopped : Expectation::Marker));
        QCOMPARE(QString::fromStdString(attack.marker), marker);
        QCOMPARE(attack.code, text.toStdString()); // kept whole: the header stays, so line numbers match
        if (QTest::currentDataTag() == QByteArray("good marker header")) {
            QCOMPARE(attack.metadata.at("needs"), std::string("root"));
            QCOMPARE(attack.metadata.size(), std::size_t(4));
        }
    } catch (const AttackSuiteError& failure) {
        QVERIFY2(!error.isEmpty(), failure.what());
        const QString message = QString::fromUtf8(failure.what());
        QVERIFY2(message.contains(error), qPrintable(message));
        QVERIFY2(message.startsWith("attack.py"), qPrintable("the file is not named: " + message));
        QCOMPARE(failure.line(), errorLine);
        if (errorLine > 0)
            QVERIFY(message.startsWith("attack.py:" + QString::number(errorLine) + ": "));
    }
}

void TestAttackSuiteFiles::loadBundledSuite() {
    const std::vector<Attack> suite = loadAttackSuite(test_support::attacksSourceDir());
    QStringList names;
    for (const auto& attack : suite)
        names << QString::fromStdString(attack.name);
    QVERIFY2(suite.size() >= 25, "the issue asks for at least 25 attacks");
    QCOMPARE(names.mid(0, 6),
             QStringList({"CPU loop", "Memory grab (512 MB)", "Fork flood (200 procs)", "Disk fill (50 MB)",
                          "Read host secret", "Reach internal service"}));
    QCOMPARE(QSet<QString>(names.begin(), names.end()).size(), names.size());
    // Every category the issue names has at least one attack.
    QSet<QString> categories;
    for (const auto& attack : suite)
        categories << QString::fromStdString(attack.category);
    for (const char* category :
         {"secrets", "network", "filesystem", "resources", "processes", "kernel", "host-info"})
        QVERIFY2(categories.contains(category), category);
    QCOMPARE(nameOf(suite.front().expectation), nameOf(Expectation::Stopped));
    QCOMPARE(suite.front().category, std::string("cpu"));
    QCOMPARE(suite[5].marker, std::string("REACHED"));
    QVERIFY(suite[5].code.find("@SERVICE_PORT@") != std::string::npos);
}

void TestAttackSuiteFiles::loadRejectsBadFolders_data() {
    QTest::addColumn<QStringList>("files"); // name=content pairs, "|" separated
    QTest::addColumn<QString>("error");
    QTest::newRow("no attacks") << QStringList{"notes.txt|hello"} << "holds no *.py attacks";
    QTest::newRow("one bad file") << QStringList{"a.py|# name: A\n# expect: stopped\n", "b.py|# name: B\n"}
                                  << "b.py: the header has no \"# expect";
    QTest::newRow("same name twice") << QStringList{"a.py|# name: A\n# expect: stopped\n",
                                                    "b.py|# name: A\n# expect: stopped\n"}
                                     << "already used by a.py";
    QTest::newRow("missing include") << QStringList{"a.py|# name: A\n# expect: stopped\n# include: absent\n"}
                                     << "a.py: cannot read the include";
    QTest::newRow("include as a path") << QStringList{"a.py|# name: A\n# expect: stopped\n# include: ../a\n"}
                                       << "\"include\" lists names of files in include/";
}

void TestAttackSuiteFiles::loadRejectsBadFolders() {
    QFETCH(QStringList, files);
    QFETCH(QString, error);
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    for (const QString& entry : files) {
        QFile file(folder.filePath(entry.section('|', 0, 0)));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(entry.section('|', 1).toUtf8());
    }
    try {
        loadAttackSuite(folder.path().toStdString());
        QFAIL("a bad suite was accepted");
    } catch (const AttackSuiteError& failure) {
        const QString message = QString::fromUtf8(failure.what());
        QVERIFY2(message.contains(error), qPrintable(message));
        QVERIFY2(message.contains(folder.path()), qPrintable("the path is not named: " + message));
    }
    QVERIFY_THROWS_EXCEPTION(AttackSuiteError, loadAttackSuite("/nonexistent/attacks"));
}

void TestAttackSuiteFiles::includesAreSplicedAfterTheHeader() {
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QVERIFY(QDir(folder.path()).mkdir("include"));
    const auto write = [&](const QString& name, const QByteArray& text) {
        QFile file(folder.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text);
    };
    write("include/answer.py", "def answer():\n    return 42"); // no final newline
    write("include/greeting.py", "GREETING = 'hello'\n");
    write("a.py", "# name: A\n# expect: marker 42\n# include: answer greeting\nprint(GREETING, answer())\n");
    write("include/not-an-attack.py", "this is no attack and has no header\n"); // subfolders are not loaded

    const std::vector<Attack> suite = loadAttackSuite(folder.path().toStdString());
    QCOMPARE(suite.size(), std::size_t(1));
    const Attack& attack = suite.front();
    QCOMPARE(attack.includes, (std::vector<std::string>{"answer", "greeting"}));
    QCOMPARE(
        QString::fromStdString(attack.code),
        QString(
            "# name: A\n# expect: marker 42\n# include: answer greeting\n"
            "# ---- include/answer.py ----\ndef answer():\n    return 42\n# ---- end of include/answer.py "
            "----\n"
            "# ---- include/greeting.py ----\nGREETING = 'hello'\n# ---- end of include/greeting.py ----\n"
            "print(GREETING, answer())\n"));

    // What runs is the spliced program, started like any other attack (sentinel on the header's line 1).
    HostTier host;
    const AttackHarness harness;
    const LabOptions options;
    const LabReport report = runAttackLab(host, suite, harness, options, {});
    QCOMPARE(report.outcomes.size(), std::size_t(1));
    const AttackOutcome& outcome = report.outcomes.front();
    QVERIFY2(outcome.verdict == Verdict::Allowed, outcome.evidence.c_str());
    QVERIFY(outcome.result.stdoutBytes.find("hello 42") != std::string::npos);

    // The bundled kernel probes share raw_syscall: each runs a program that defines it exactly once.
    int sharing = 0;
    for (const Attack& bundled : loadAttackSuite(test_support::attacksSourceDir())) {
        const QString code = QString::fromStdString(bundled.code);
        if (std::find(bundled.includes.begin(), bundled.includes.end(), "raw_syscall") !=
            bundled.includes.end()) {
            ++sharing;
            QCOMPARE(code.count("def raw_syscall("), 1);
        } else {
            QVERIFY2(!code.contains("def raw_syscall("),
                     bundled.fileName.c_str()); // written once, in include/
        }
    }
    QVERIFY(sharing >= 7);
}

void TestAttackSuiteFiles::newMetadata() {
    const Attack attack =
        parseAttack("a.py", "# name: A\n# expect: survivor\n# expected: shared-kernel microvm\n"
                            "# needs: root\n# surface: kernel\nprint(1)\n");
    QCOMPARE(nameOf(attack.expectation), nameOf(Expectation::Survivor));
    QCOMPARE(attack.expectedOn, (std::vector<std::string>{"subprocess", "container", "microvm"}));
    QVERIFY(attack.needsRoot && attack.kernelSurface);
    QVERIFY(isExpectedOn(attack, "container", false));
    QVERIFY(!isExpectedOn(attack, "e2b", false));
    QVERIFY(isExpectedOn(attack, "host", true)); // the control always is
    const Attack plain = parseAttack("b.py", "# name: B\n# expect: marker X\nprint(1)\n");
    QVERIFY(plain.expectedOn.empty() && !plain.needsRoot && !plain.kernelSurface);
    QVERIFY(!isExpectedOn(plain, "subprocess", false));
    QVERIFY(parseAttack("m.py", "# name: M\n# expect: marker X\n# needs: root modules\nx=1\n").needsModules);
    for (const char* bad : {"# needs: wheel\n", "# surface: user\n", "# expected: sub/process\n"}) {
        QVERIFY_THROWS_EXCEPTION(
            AttackSuiteError,
            parseAttack("c.py", std::string("# name: C\n# expect: marker X\n") + bad + "x=1\n"));
    }
}

// `network: allow` and `expect: egress` go together; `egress works` is a function check, expected to get
// through on every tier.
void TestAttackSuiteFiles::networkAttacks() {
    const Attack attack = parseAttack("n.py", "# name: N\n# expect: egress\n# network: allow\nx=1\n");
    QVERIFY(attack.expectation == Expectation::Egress);
    QVERIFY(attack.allowListedNetwork && !attack.functionCheck);
    QVERIFY(!isExpectedOn(attack, "subprocess", false));
    const Attack check = parseAttack("w.py", "# name: W\n# expect: egress works\n# network: allow\nx=1\n");
    QVERIFY(check.functionCheck);
    QVERIFY(isExpectedOn(check, "subprocess", false) && isExpectedOn(check, "microvm", false));
    for (const char* bad :
         {"# expect: egress\n", "# expect: marker X\n# network: allow\n",
          "# expect: egress sometimes\n# network: allow\n", "# expect: egress\n# network: open\n"}) {
        QVERIFY_THROWS_EXCEPTION(AttackSuiteError,
                                 parseAttack("c.py", std::string("# name: C\n") + bad + "x=1\n"));
    }
    // The bundled suite: one function check, and every other network attack judged by the harness.
    int checks = 0, attacks = 0;
    for (const Attack& bundled : loadAttackSuite(test_support::attacksSourceDir())) {
        if (!bundled.allowListedNetwork)
            continue;
        (bundled.functionCheck ? checks : attacks) += 1;
    }
    QCOMPARE(checks, 1);
    QCOMPARE(attacks, 9);
}

// Which attacks the lab never runs beside another on the same tier: "# runs: alone", and every attack whose
// verdict is a matter of time or of the whole host (stopped, survivor, starves).
void TestAttackSuiteFiles::whatRunsAlone() {
    QVERIFY(parseAttack("a.py", "# name: A\n# expect: marker X\n# runs: alone\nx=1\n").runsAlone);
    QVERIFY(!parseAttack("b.py", "# name: B\n# expect: marker X\nx=1\n").runsAlone);
    QVERIFY(parseAttack("c.py", "# name: C\n# expect: stopped\nx=1\n").runsAlone);
    QVERIFY(parseAttack("d.py", "# name: D\n# expect: survivor\nx=1\n").runsAlone);
    QVERIFY(!parseAttack("f.py", "# name: F\n# expect: artifacts names\nx=1\n").runsAlone);
    QVERIFY(!parseAttack("g.py", "# name: G\n# expect: egress\n# network: allow\nx=1\n").runsAlone);
    QVERIFY_THROWS_EXCEPTION(AttackSuiteError,
                             parseAttack("e.py", "# name: E\n# expect: marker X\n# runs: together\nx=1\n"));
    // In the bundled suite: the resource attacks (CPU, memory, disk, processes, output) all run alone, and
    // the quick probes of secrets, the network, the kernel and the host's identity may share a tier.
    int alone = 0;
    for (const Attack& attack : loadAttackSuite(test_support::attacksSourceDir())) {
        const bool resource = attack.category == "resources" || attack.category == "cpu" ||
                              attack.category == "memory" || attack.category == "disk";
        // An artifacts attack is judged on its own sandbox's /tmp/outputs: alone only when resources matter.
        if (resource ||
            (attack.expectation != Expectation::Marker && attack.expectation != Expectation::Artifacts &&
             attack.expectation != Expectation::Egress))
            QVERIFY2(attack.runsAlone, attack.fileName.c_str());
        if (attack.category == "secrets" || attack.category == "network" || attack.category == "kernel" ||
            attack.category == "host-info")
            QVERIFY2(!attack.runsAlone, attack.fileName.c_str());
        alone += attack.runsAlone ? 1 : 0;
    }
    QVERIFY(alone > 0);
}

QTEST_GUILESS_MAIN(TestAttackSuiteFiles)
#include "tst_attack_suite_files.moc"
