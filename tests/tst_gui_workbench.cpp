// The workbench window driven as a user would, offscreen: code runs on the real subprocess tier, Stop ends
// a busy loop at once, a flood leaves the event loop responsive, bad policy values are refused, and
// settings survive a restart of the window.

#include "gui/code_editor.h"
#include "gui/main_window.h"
#include "gui/output_pane.h"
#include "gui/run_history.h"
#include "gui/run_panel.h"
#include "process_census.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QListWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <dirent.h>
#include <fstream>

using test_support::countProcessesNamed;


class TestGuiWorkbench : public QObject {
    Q_OBJECT

private:
    // A window whose tiers have all answered probe().
    static std::unique_ptr<MainWindow> probedWindow() {
        auto window = std::make_unique<MainWindow>();
        window->show();
        if (!window->tiersProbed())
            QSignalSpy(window.get(), &MainWindow::tiersReady).wait(20000);
        return window;
    }

    // The same, on the subprocess tier.
    static std::unique_ptr<MainWindow> readyWindow() {
        auto window = probedWindow();
        window->runPanel()->setCurrentTier(QStringLiteral("subprocess"));
        return window;
    }

    static void run(MainWindow& window, const QString& code) {
        window.editor()->setPlainText(code);
        QVERIFY(window.runAction()->isEnabled());
        window.runAction()->trigger();
    }

    static void closeWithoutPrompt(MainWindow& window) {
        window.editor()->document()->setModified(false);
        window.close();
    }

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // settings go to a test location, not the user's
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_workbench"));
        QSettings().clear(); // every run starts from the defaults, whatever an earlier run saved
        QFile::remove(RunHistory::defaultPath());
        auto window = readyWindow();
        if (window->runPanel()->currentTier() != QLatin1String("subprocess"))
            QSKIP("the subprocess tier is unavailable here (see sandbench-cli backends)");
        closeWithoutPrompt(*window);
    }

    void runShowsStdoutAndTheResultLine() {
        auto window = readyWindow();
        QSignalSpy finished(window.get(), &MainWindow::runFinished);
        run(*window,
            QStringLiteral(
                "print('hello from the sandbox')\nimport sys; print('to stderr', file=sys.stderr)\n"));
        QVERIFY(finished.wait(10000));
        QVERIFY2(window->output()->text().contains("hello from the sandbox"),
                 qPrintable(window->output()->text()));
        QVERIFY(window->output()->text().contains("to stderr"));
        QVERIFY2(window->output()->resultLine().startsWith("exit 0"),
                 qPrintable(window->output()->resultLine()));
        QVERIFY(window->runAction()->isEnabled());
        QVERIFY(!window->stopAction()->isEnabled());
        closeWithoutPrompt(*window);
    }

    void stopEndsABusyLoopWithinASecond() {
        auto window = readyWindow();
        const std::string name = "sbx-gui-" + std::to_string(QCoreApplication::applicationPid() % 100000);
        sandbench::Policy policy;
        policy.timeoutSeconds = 60;
        policy.cpuSeconds = 60;
        window->runPanel()->setPolicy(policy);
        QSignalSpy finished(window.get(), &MainWindow::runFinished);
        run(*window,
            QString::fromStdString("import ctypes, sys\nctypes.CDLL(None).prctl(15, b'" + name +
                                   "', 0, 0, 0)\nprint('spinning', flush=True)\nwhile True: pass\n"));
        QTRY_VERIFY_WITH_TIMEOUT(window->output()->text().contains("spinning"), 10000);
        QCOMPARE(countProcessesNamed(name), 1);
        QVERIFY(window->stopAction()->isEnabled());
        QElapsedTimer clock;
        clock.start();
        window->stopAction()->trigger();
        QVERIFY(finished.wait(1000));
        QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY2(window->output()->resultLine().contains("cancelled"),
                 qPrintable(window->output()->resultLine()));
        QCOMPARE(countProcessesNamed(name), 0); // nothing left behind
        closeWithoutPrompt(*window);
    }

    void aFloodLeavesTheEventLoopResponsive() {
        auto window = readyWindow();
        sandbench::Policy policy;
        policy.outputCapBytes = 16 << 20; // let all 10 MB through to the window
        window->runPanel()->setPolicy(policy);
        QElapsedTimer sinceTick;
        qint64 longestGap = 0;
        QTimer ticker;
        ticker.setInterval(10);
        QObject::connect(&ticker, &QTimer::timeout,
                         [&] { longestGap = std::max(longestGap, sinceTick.restart()); });
        QSignalSpy finished(window.get(), &MainWindow::runFinished);
        sinceTick.start();
        ticker.start();
        run(*window, QStringLiteral("import sys\nline = 'x' * 99 + '\\n'\nfor _ in range(100_000):\n"
                                    "    sys.stdout.write(line)\n"));
        QVERIFY(finished.wait(30000));
        ticker.stop();
        QVERIFY2(window->output()->resultLine().startsWith("exit 0"),
                 qPrintable(window->output()->resultLine()));
        QVERIFY(!window->output()->text().isEmpty());
        QVERIFY2(longestGap < 200, qPrintable(QStringLiteral("longest gap %1 ms").arg(longestGap)));
        closeWithoutPrompt(*window);
    }

    void policyValidationRejectsBadValues_data() {
        QTest::addColumn<QString>("field");
        QTest::newRow("memory below the minimum") << "memory_mb";
        QTest::newRow("no processes") << "processes";
        QTest::newRow("zero timeout") << "timeout_s";
    }

    void policyValidationRejectsBadValues() {
        QFETCH(QString, field);
        auto window = readyWindow();
        sandbench::Policy policy;
        if (field == "memory_mb")
            policy.memoryMb = 0;
        else if (field == "processes")
            policy.processes = 0;
        else
            policy.timeoutSeconds = 0;
        window->runPanel()->setPolicy(policy);
        QVERIFY(!window->runPanel()->policy().has_value());
        QVERIFY2(window->runPanel()->validationMessage().contains(field),
                 qPrintable(window->runPanel()->validationMessage()));
        window->runAction()->trigger(); // refused: nothing starts
        QVERIFY(!window->stopAction()->isEnabled());
        closeWithoutPrompt(*window);
    }

    void historyRemembersRunsAcrossARestart() {
        QFile::remove(RunHistory::defaultPath());
        const QString code = QStringLiteral("print('remember me')\n");
        {
            auto window = readyWindow();
            QSignalSpy finished(window.get(), &MainWindow::runFinished);
            run(*window, code);
            QVERIFY(finished.wait(10000));
            QCOMPARE(window->historyList()->count(), 1);
            closeWithoutPrompt(*window);
        }
        auto window = readyWindow();
        QCOMPARE(window->history().entries().size(), std::size_t(1));
        QCOMPARE(window->history().entries().front().code, code);
        QCOMPARE(window->history().entries().front().result.stdoutBytes, std::string("remember me\n"));
        window->editor()->setPlainText(QStringLiteral("something else"));
        window->reopenHistoryEntry(0);
        QCOMPARE(window->editor()->toPlainText(), code);
        QVERIFY(window->output()->text().contains("remember me"));
        QVERIFY(window->output()->resultLine().startsWith("exit 0"));
        closeWithoutPrompt(*window);
    }

    void anUnreadableHistoryIsKeptAsideNotLost() {
        const QString path = RunHistory::defaultPath();
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("{ this is not JSON");
        file.close();
        const QStringList before =
            QDir(QFileInfo(path).absolutePath()).entryList({"history.json.unreadable-*"});
        auto window = readyWindow();
        QCOMPARE(window->history().entries().size(), std::size_t(0));
        const QStringList after =
            QDir(QFileInfo(path).absolutePath()).entryList({"history.json.unreadable-*"});
        QCOMPARE(after.size(), before.size() + 1);
        QFile kept(QFileInfo(path).absolutePath() + "/" + after.last());
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("{ this is not JSON")); // the user's bytes, untouched
        closeWithoutPrompt(*window);
        for (const QString& name :
             QDir(QFileInfo(path).absolutePath()).entryList({"history.json.unreadable-*"}))
            QFile::remove(QFileInfo(path).absolutePath() + "/" + name);
    }

    void presetsAndPolicyFiles() {
        auto window = readyWindow();
        RunPanel* panel = window->runPanel();
        panel->applyPreset(QStringLiteral("strict"));
        QCOMPARE(panel->policy()->timeoutSeconds, 2.0);
        QCOMPARE(panel->policy()->processes, 5);
        QTemporaryDir folder;
        const QString saved = folder.filePath(QStringLiteral("strict.json"));
        QCOMPARE(panel->savePolicyFile(saved), QString());
        panel->applyPreset(QStringLiteral("generous"));
        QCOMPARE(panel->policy()->memoryMb, 1024);
        QCOMPARE(panel->loadPolicyFile(saved), QString());
        QCOMPARE(panel->policy()->memoryMb, 128);

        // A bad file is refused with the reason and changes nothing.
        const QString bad = folder.filePath(QStringLiteral("bad.json"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"memory_mb": 128, "colour": "blue"})");
        file.close();
        const QString error = panel->loadPolicyFile(bad);
        QVERIFY2(error.contains("colour"), qPrintable(error));
        QCOMPARE(panel->policy()->memoryMb, 128);
        QCOMPARE(panel->policy()->timeoutSeconds, 2.0);
        closeWithoutPrompt(*window);
    }

    void stderrInAPaneOfItsOwnWhenChosen() {
        auto window = readyWindow();
        window->output()->setSeparateStreams(true);
        QSignalSpy finished(window.get(), &MainWindow::runFinished);
        run(*window, QStringLiteral("import sys\nprint('out')\nprint('err', file=sys.stderr)\n"));
        QVERIFY(finished.wait(10000));
        QCOMPARE(window->output()->text().trimmed(), QStringLiteral("out"));
        QCOMPARE(window->output()->errorText().trimmed(), QStringLiteral("err"));
        window->output()->setSeparateStreams(false);
        closeWithoutPrompt(*window);
        auto reopened = readyWindow(); // the choice is remembered
        QVERIFY(!reopened->output()->separateStreams());
        closeWithoutPrompt(*reopened);
    }

    void attackProgramsOpenInTheEditor() {
        auto window = readyWindow();
        window->tabs()->setCurrentIndex(1);
        window->openAttack(QStringLiteral(SANDBENCH_SOURCE_ATTACKS_DIR "/05_read_host_secret.py"));
        QCOMPARE(window->tabs()->currentIndex(), 0);
        QVERIFY(window->editor()->toPlainText().contains("LEAKED"));
        QVERIFY(window->editor()->currentFile().endsWith("05_read_host_secret.py"));
        closeWithoutPrompt(*window);
    }

    void settingsPersistAcrossARestart() {
        {
            auto window = readyWindow();
            sandbench::Policy policy;
            policy.timeoutSeconds = 7.5;
            policy.processes = 33;
            window->runPanel()->setPolicy(policy);
            window->runPanel()->setCurrentTier(QStringLiteral("host"));
            window->resize(1300, 950);
            auto* chat = window->findChild<QDockWidget*>(QStringLiteral("dock.chat"));
            QVERIFY(chat && chat->toggleViewAction()->isChecked()); // open (perhaps behind another tab)
            chat->close();                                          // a pane the user closed stays closed
            closeWithoutPrompt(*window);
        }
        auto window = probedWindow();
        QCOMPARE(window->runPanel()->currentTier(), QStringLiteral("host"));
        const std::optional<sandbench::Policy> policy = window->runPanel()->policy();
        QVERIFY(policy.has_value());
        QCOMPARE(policy->timeoutSeconds, 7.5);
        QCOMPARE(policy->processes, 33);
        QCOMPARE(window->size(), QSize(1300, 950));
        QVERIFY(
            !window->findChild<QDockWidget*>(QStringLiteral("dock.chat"))->toggleViewAction()->isChecked());
        QVERIFY(
            window->findChild<QDockWidget*>(QStringLiteral("dock.output"))->toggleViewAction()->isChecked());
        closeWithoutPrompt(*window);
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestGuiWorkbench test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_gui_workbench.moc"
