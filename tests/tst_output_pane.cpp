// The Output pane under a flood: it keeps its last lines, says how many of the first ones it no longer
// shows, and saves the run's whole kept output once the run has ended. Offscreen.

#include "gui/output_pane.h"

#include <QApplication>
#include <QFile>
#include <QPlainTextEdit>
#include <QTemporaryDir>
#include <QTest>

using namespace sandbench;

class TestOutputPane : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void floodSaysWhatItDropped() {
        OutputPane pane;
        std::string all;
        constexpr int kLines = 100000;
        QByteArray chunk;
        for (int line = 1; line <= kLines; ++line) {
            chunk += "line " + QByteArray::number(line) + '\n';
            if (chunk.size() > 4000 || line == kLines) {
                pane.append(Stream::Stdout, chunk);
                all += chunk.toStdString();
                chunk.clear();
            }
        }
        // The view starts where its notice says, and the notice says it at the top.
        // (The view's last line is the empty one after the final newline.)
        const qint64 dropped = kLines - OutputPane::kMaximumLines + 1;
        QCOMPARE(pane.droppedLines(), dropped);
        QVERIFY2(pane.droppedNotice().contains(QLocale().toString(dropped)),
                 qPrintable(pane.droppedNotice()));
        QVERIFY2(pane.text().startsWith(QStringLiteral("line %1\n").arg(dropped + 1)),
                 qPrintable(pane.text().left(30)));

        // Until the run ends there is nothing whole to save; then the result's bytes are.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("out.txt"));
        QString error;
        QVERIFY(!pane.saveKeptOutput(path, &error));
        RunResult result;
        result.stdoutBytes = all;
        result.stderrBytes = "warning\n";
        result.exitCode = 0;
        pane.showResult(result);
        QVERIFY2(pane.saveKeptOutput(path, &error), qPrintable(error));
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QCOMPARE(saved.readAll().toStdString(), all);
        QFile savedErrors(path + QStringLiteral(".stderr"));
        QVERIFY(savedErrors.open(QIODevice::ReadOnly));
        QCOMPARE(savedErrors.readAll(), QByteArray("warning\n"));
        // A folder that does not exist is a clear error, not a silent loss.
        QVERIFY(!pane.saveKeptOutput(dir.filePath(QStringLiteral("no/such/out.txt")), &error));
        QVERIFY(error.contains(QStringLiteral("no/such")));

        // A new run starts with nothing dropped.
        pane.clear();
        QCOMPARE(pane.droppedLines(), qint64(0));
        QVERIFY(pane.droppedNotice().isEmpty());
    }

    // A run behind the egress proxy shows its decisions under the output, as plain text; a run without an
    // allow list shows no Network section, and a new run clears the last one's.
    void networkDecisionsShowUnderTheOutput() {
        OutputPane pane;
        pane.show();
        RunResult result;
        result.exitCode = 1;
        result.egress = {{"allowed", "CONNECT", "api.example.com:443", ""},
                         {"denied", "CONNECT", "203.0.113.9:443", "IP literal"},
                         {"refused", "GET", "https://other.example:443/<b>x</b>",
                          "secret placeholder API_KEY sent to other.example"}};
        pane.showResult(result);
        const QStringList lines = pane.networkText().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0], QStringLiteral("allowed CONNECT api.example.com:443"));
        QCOMPARE(lines[1], QStringLiteral("denied CONNECT 203.0.113.9:443 (IP literal)"));
        QVERIFY2(
            lines[2].startsWith(QStringLiteral("refused: secret placeholder API_KEY sent to other.example")),
            qPrintable(lines[2]));
        QVERIFY(lines[2].contains(QStringLiteral("<b>x</b>"))); // shown as written, never as markup
        const auto* view = pane.findChild<QPlainTextEdit*>(QString(), Qt::FindDirectChildrenOnly);
        QVERIFY(view);
        bool networkShown = false;
        for (const QPlainTextEdit* edit : pane.findChildren<QPlainTextEdit*>())
            networkShown = networkShown || (edit->isVisible() && edit->toPlainText() == pane.networkText());
        QVERIFY(networkShown);

        pane.clear();
        QVERIFY(pane.networkText().isEmpty());
        RunResult plain;
        plain.exitCode = 0;
        pane.showResult(plain);
        for (const QPlainTextEdit* edit : pane.findChildren<QPlainTextEdit*>())
            QVERIFY(!edit->isVisible() || !edit->toPlainText().contains(QStringLiteral("CONNECT")));
    }

    // One delivery larger than the view takes per delivery: its skipped lines count as dropped too.
    void oneHugeDeliveryCountsItsSkippedLines() {
        OutputPane pane;
        QByteArray huge;
        for (int line = 0; line < 20000; ++line)
            huge += "0123456789\n"; // 11 characters a line: 220,000 in all, over the 64 K per delivery
        pane.append(Stream::Stdout, huge);
        QVERIFY(pane.droppedLines() >= 20000 - OutputPane::kMaximumLines);
        QVERIFY(pane.droppedLines() < 20000);
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestOutputPane test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_output_pane.moc"
