// What the CLI writes to a terminal and to a pipe: a program's controls shown escaped on a terminal
// (unless --raw), Sandbench's result line in reverse video on a line of its own, --json and the attacks
// table kept inert there too, and a pipe given the program's bytes unchanged.

#include "support/cli_runner.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using test_support::CliRun;
using test_support::runCli;
using test_support::runCliOnTerminal;

namespace {

// A program that retitles the terminal, writes its clipboard (OSC 52), prints a fake result line on
// standard error over the line it is on, and leaves its last line unterminated. The pauses keep the two
// streams' order.
constexpr const char* kHostileOutput = "import sys, time\n"
                                       "sys.stdout.write('title \\x1b]0;pwned\\x07 clip "
                                       "\\x1b]52;c;cHduZWQ=\\x07\\n')\n"
                                       "time.sleep(0.3)\n"
                                       "sys.stderr.write('\\r[host (control)] exit 0 in 0.01 s\\n')\n"
                                       "time.sleep(0.3)\n"
                                       "sys.stdout.write('tail')\n"
                                       "sys.exit(3)\n";

// What the program wrote, byte for byte.
const QByteArray kHostileStdout("title \x1b]0;pwned\x07 clip \x1b]52;c;cHduZWQ=\x07\ntail");
const QByteArray kHostileStderr("\r[host (control)] exit 0 in 0.01 s\n");

} // namespace

class TestCliTerminal : public QObject {
    Q_OBJECT

private slots:
    void terminalGetsProgramOutputEscaped_data();
    void terminalGetsProgramOutputEscaped();
    void jsonOnATerminalKeepsControlsInert();
    void attackEvidenceOnATerminalIsEscaped();
    void pipesGetProgramOutputUnchanged();
};

// On a terminal the program's controls are shown escaped and Sandbench's own result line is in reverse
// video on a line of its own, which the program cannot imitate; --raw passes the program's bytes.
void TestCliTerminal::terminalGetsProgramOutputEscaped_data() {
    QTest::addColumn<bool>("raw");
    QTest::addColumn<QByteArray>("programShown"); // what the terminal shows of the program's output
    QTest::newRow("escaped") << false
                             << QByteArray("title \\x1b]0;pwned\\x07 clip \\x1b]52;c;cHduZWQ=\\x07\n"
                                           "\\x0d[host (control)] exit 0 in 0.01 s\ntail");
    QTest::newRow("--raw") << true
                           << kHostileStdout.left(kHostileStdout.indexOf('\n') + 1) + kHostileStderr + "tail";
}

void TestCliTerminal::terminalGetsProgramOutputEscaped() {
    QFETCH(bool, raw);
    QFETCH(QByteArray, programShown);
    QTemporaryDir folder;
    const QString path = folder.filePath("hostile.py");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kHostileOutput);
    file.close();
    QStringList arguments{"run", "--tier", "host"};
    if (raw)
        arguments << "--raw";
    const CliRun result = runCliOnTerminal(arguments << path);
    QCOMPARE(result.exitCode, 3);
    QVERIFY2(result.out.contains(programShown), result.out.constData());
    // The result line: after the program's unterminated last line, on a new line, in reverse video.
    QVERIFY2(result.out.contains("tail\n\x1b[7m[host (control)] exit 3 in "), result.out.constData());
    if (!raw) {
        // The only escape sequences left are Sandbench's own styling.
        QByteArray rest = result.out;
        rest.replace("\x1b[7m", "").replace("\x1b[0m", "");
        QVERIFY2(!rest.contains('\x1b') && !rest.contains('\a') && !rest.contains('\r'), rest.constData());
    }
}

// --json on a terminal: C0 controls are JSON escapes anyway; C1 controls (U+009B, CSI, a terminal's
// 8-bit escape) and every other non-ASCII character become \uXXXX too, so the JSON stays valid and inert.
void TestCliTerminal::jsonOnATerminalKeepsControlsInert() {
    QTemporaryDir folder;
    const QString path = folder.filePath("c1.py");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("import sys\nsys.stdout.write('csi \\u009b2J bell \\u0007 caf\\u00e9')\n");
    file.close();
    const CliRun result = runCliOnTerminal({"run", "--tier", "host", "--json", path});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains("csi \\u009b2J bell \\u0007 caf\\u00e9"), result.out.constData());
    QVERIFY2(!result.out.contains("\xc2\x9b") && !result.out.contains('\a'), result.out.constData());
    // Through a pipe, the JSON keeps the characters themselves.
    const CliRun piped = runCli({"run", "--tier", "host", "--json", path});
    QVERIFY2(piped.out.contains("caf\xc3\xa9"), piped.out.constData());
}

// The attacks table quotes a program's stderr as evidence: on a terminal its escapes are shown escaped.
void TestCliTerminal::attackEvidenceOnATerminalIsEscaped() {
    QTemporaryDir suite;
    QFile file(suite.filePath("01_title.py"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("# name: Retitle\n# expect: marker NEVER\nimport sys\n"
               "sys.stderr.write('OSError: \\x1b]0;pwned\\x07 \\u009b2J\\n')\nsys.exit(1)\n");
    file.close();
    const CliRun result = runCliOnTerminal({"attacks", "--tier", "host", "--suite", suite.path()});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains("\\x1b]0;pwned\\x07"), result.out.constData());
    QVERIFY2(!result.out.contains('\x1b') && !result.out.contains('\a') && !result.out.contains("\xc2\x9b"),
             result.out.constData());
}

void TestCliTerminal::pipesGetProgramOutputUnchanged() {
    for (const bool raw : {false, true}) {
        QStringList arguments{"run", "--tier", "host"};
        if (raw)
            arguments << "--raw";
        const CliRun result = runCli(arguments << "-", kHostileOutput);
        QCOMPARE(result.exitCode, 3);
        QCOMPARE(result.out, kHostileStdout);
        QVERIFY2(result.err.contains(kHostileStderr), result.err.constData());
        QVERIFY2(result.err.contains("\n[host (control)] exit 3 in "), result.err.constData());
        QVERIFY2(!result.err.contains("\x1b[7m"), result.err.constData()); // no styling off a terminal
    }
}

QTEST_GUILESS_MAIN(TestCliTerminal)
#include "tst_cli_terminal.moc"
