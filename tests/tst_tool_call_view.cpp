// A tool call's view in the chat: its output box as tall as the output, and its result line in the
// colours of the theme of the moment.

#include "gui/theme.h"
#include "gui/tool_call_view.h"

#include <QApplication>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTest>

class TestToolCallView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // A result line coloured under the dark theme turns the light theme's colour when the theme changes:
    // pale grey on white was what the light screenshot showed.
    void toolResultLineFollowsTheTheme() {
        auto& app = *qobject_cast<QApplication*>(QCoreApplication::instance());
        applyTheme(app, Theme::Dark);
        sandbench::agent::ToolRun run;
        run.call.id = "call_1";
        run.call.name = "run_python";
        ToolCallView view(run);
        view.show();
        run.result = sandbench::RunResult{};
        run.result->exitCode = 0;
        view.finish(run);
        applyTheme(app, Theme::Light);
        QApplication::processEvents();
        QLabel* line = nullptr;
        for (QLabel* label : view.findChildren<QLabel*>())
            if (label->text() == view.resultText())
                line = label;
        QVERIFY(line);
        QCOMPARE(line->palette().color(QPalette::WindowText), view.palette().color(QPalette::WindowText));
    }

    void toolOutputBoxShowsItsOutput_data() {
        QTest::addColumn<int>("lines");
        QTest::addColumn<bool>("scrolls");
        QTest::newRow("one line") << 1 << false;
        QTest::newRow("eight lines") << 8 << false;
        QTest::newRow("twelve lines") << 12 << false;
        QTest::newRow("forty lines") << 40 << true;
    }

    void toolOutputBoxShowsItsOutput() {
        QFETCH(int, lines);
        QFETCH(bool, scrolls);
        sandbench::agent::ToolRun run;
        run.call.id = "call_1";
        run.call.name = "run_python";
        ToolCallView view(run);
        view.resize(600, 800);
        view.show();
        QByteArray output;
        for (int line = 1; line <= lines; ++line)
            output += "line " + QByteArray::number(line) + '\n';
        view.appendOutput(sandbench::Stream::Stdout, output.chopped(1));
        QApplication::processEvents();
        auto* box = view.findChildren<QPlainTextEdit*>().value(1);
        QVERIFY(box);
        QCOMPARE(box->toPlainText(), QString::fromUtf8(output.chopped(1)));
        QScrollBar* bar = box->verticalScrollBar();
        QCOMPARE(bar->maximum() > 0, scrolls);
        const int shown = std::min(lines, 12);
        QVERIFY2(box->viewport()->height() >= shown * box->fontMetrics().lineSpacing(),
                 qPrintable(QStringLiteral("%1 px for %2 lines").arg(box->viewport()->height()).arg(shown)));
        QCOMPARE(bar->value(), bar->maximum()); // the end of a long output, where its answer is
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestToolCallView test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_tool_call_view.moc"
