// The window's menus and buttons do what they say on every tab (issue 16, item 11), offscreen: the View
// menu's panes on the Attack Lab tab, the tool bar's Run there, a double-clicked cell's tier, the chat's
// Transcript button, result lines that name the tier and say "cancelled" once, and the choices a restart
// keeps (the Lab's tier ticks, the Workbench's policy).

#include "gui/agent_chat_dock.h"
#include "gui/attack_lab_page.h"
#include "gui/attack_matrix_model.h"
#include "gui/code_editor.h"
#include "gui/lab_tier_list.h"
#include "gui/main_window.h"
#include "gui/output_pane.h"
#include "gui/run_history.h"
#include "gui/run_panel.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

class TestGuiMenus : public QObject {
    Q_OBJECT

private:
    static std::unique_ptr<MainWindow> probedWindow() {
        auto window = std::make_unique<MainWindow>();
        window->show();
        if (!window->tiersProbed())
            QSignalSpy(window.get(), &MainWindow::tiersReady).wait(30000);
        return window;
    }

    static void closeWithoutPrompt(MainWindow& window) {
        window.editor()->document()->setModified(false);
        window.close();
    }

    static QMenu* viewMenu(MainWindow& window) {
        for (QAction* action : window.menuBar()->actions()) {
            if (action->menu() && action->text() == QLatin1String("&View"))
                return action->menu();
        }
        return nullptr;
    }

    static QAction* paneAction(MainWindow& window, const QString& title) {
        QMenu* view = viewMenu(window);
        for (QAction* action : view ? view->actions() : QList<QAction*>{}) {
            if (action->text() == title)
                return action;
        }
        return nullptr;
    }

    // A suite of one attack that ends at once, so a lab run is quick.
    static void writeQuickSuite(const QString& folder) {
        QFile file(folder + QStringLiteral("/01_hello.py"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("# name: Say hello\n# category: filesystem\n# expect: marker LEAKED\nprint('hello')\n");
    }

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // settings go to a test location, not the user's
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_menus"));
        QSettings().clear();
        QFile::remove(RunHistory::defaultPath());
        auto window = probedWindow();
        window->runPanel()->setCurrentTier(QStringLiteral("subprocess"));
        if (window->runPanel()->currentTier() != QLatin1String("subprocess"))
            QSKIP("the subprocess tier is unavailable here (see sandbench-cli tiers)");
        closeWithoutPrompt(*window);
    }

    void cleanup() {
        QSettings().clear();
        QFile::remove(RunHistory::defaultPath());
    }

    // On the Attack Lab tab the Workbench's panes were all unticked, and ticking one showed it in the hidden
    // tab. Now the ticks follow the Workbench's layout, and showing a pane brings it into view.
    void theViewMenuShowsPanesFromTheLabTab() {
        auto window = probedWindow();
        auto* output = window->findChild<QDockWidget*>(QStringLiteral("dock.output"));
        QAction* outputPane = paneAction(*window, QStringLiteral("Output"));
        QVERIFY(output && outputPane);
        window->tabs()->setCurrentWidget(window->attackLab());
        QVERIFY(outputPane->isChecked()); // part of the Workbench's layout, though another tab is shown

        outputPane->trigger(); // closes it
        QVERIFY(output->isHidden());
        QVERIFY(!outputPane->isChecked());
        outputPane->trigger(); // and brings it back, in view
        QCOMPARE(window->tabs()->currentIndex(), 0);
        QVERIFY(outputPane->isChecked());
        QVERIFY(output->isVisible());
        closeWithoutPrompt(*window);
    }

    // The tool bar's Run on the Lab tab ran the editor's program; it runs the lab, and Stop stops it.
    void runOnTheLabTabRunsTheLab() {
        QTemporaryDir suite;
        writeQuickSuite(suite.path());
        auto window = probedWindow();
        AttackLabPage* lab = window->attackLab();
        lab->setSuiteFolder(suite.path());
        lab->setCheckedTiers({QStringLiteral("subprocess")});
        window->tabs()->setCurrentWidget(lab);
        QVERIFY(window->runAction()->isEnabled());
        QCOMPARE(window->runAction()->statusTip(), lab->runAction()->statusTip());
        QSignalSpy finished(lab, &AttackLabPage::labFinished);
        QSignalSpy ranEditor(window.get(), &MainWindow::runFinished);
        window->runAction()->trigger();
        QVERIFY(lab->isRunning());
        QVERIFY(finished.wait(60000));
        QCOMPARE(lab->model()->attacks(), QStringList{QStringLiteral("Say hello")});
        QVERIFY(lab->model()->hasOutcomes());
        QCOMPARE(ranEditor.count(), 0);
        QVERIFY(window->output()->resultLine().isEmpty()); // the editor's program never ran
        closeWithoutPrompt(*window);
    }

    // A double-clicked cell opened its attack with the Workbench still on another tier.
    void aDoubleClickedCellSelectsItsTier() {
        QTemporaryDir suite;
        writeQuickSuite(suite.path());
        auto window = probedWindow();
        AttackLabPage* lab = window->attackLab();
        lab->setSuiteFolder(suite.path());
        lab->setCheckedTiers({QStringLiteral("host"), QStringLiteral("subprocess")});
        QSignalSpy finished(lab, &AttackLabPage::labFinished);
        QVERIFY(lab->startLab());
        QVERIFY(finished.wait(60000));
        window->runPanel()->setCurrentTier(QStringLiteral("host"));
        QCOMPARE(window->runPanel()->currentTier(), QStringLiteral("host"));

        const int column = static_cast<int>(lab->model()->tiers().indexOf(QStringLiteral("subprocess")));
        QVERIFY(column >= 0);
        Q_EMIT lab->matrixView()->doubleClicked(lab->model()->index(0, column));
        QCOMPARE(window->tabs()->currentIndex(), 0);
        QVERIFY(window->editor()->currentFile().endsWith(QLatin1String("01_hello.py")));
        QCOMPARE(window->runPanel()->currentTier(), QStringLiteral("subprocess"));
        closeWithoutPrompt(*window);
    }

    // "Transcript" with its menu's arrow drawn over the label: the button has room for both.
    void theTranscriptButtonHasRoomForItsLabelAndArrow() {
        auto window = probedWindow();
        auto* button = window->agentChat()->findChild<QPushButton*>(QStringLiteral("agent.transcript"));
        QVERIFY(button);
        QVERIFY(button->menu());
        const int label = button->fontMetrics().horizontalAdvance(button->text());
        const int arrow = button->style()->pixelMetric(QStyle::PM_MenuButtonIndicator, nullptr, button);
        QVERIFY2(
            button->sizeHint().width() >= label + arrow,
            qPrintable(QStringLiteral("%1 < %2 + %3").arg(button->sizeHint().width()).arg(label).arg(arrow)));
        QCOMPARE(button->minimumSizeHint().width(),
                 button->sizeHint().width()); // a narrow pane cannot cut it
        closeWithoutPrompt(*window);
    }

    // A stopped run said "cancelled: cancelled by the user", and no result line named the tier.
    void theResultLineNamesTheTierAndSaysCancelledOnce() {
        auto window = probedWindow();
        window->runPanel()->setCurrentTier(QStringLiteral("subprocess"));
        QSignalSpy finished(window.get(), &MainWindow::runFinished);
        window->editor()->setPlainText(QStringLiteral("print('spinning', flush=True)\nwhile True: pass\n"));
        window->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(window->output()->text().contains(QLatin1String("spinning")), 10000);
        window->stopAction()->trigger();
        QVERIFY(finished.wait(5000));
        const QString line = window->output()->resultLine();
        QCOMPARE(line.count(QLatin1String("cancelled")), 1);
        QVERIFY2(line.contains(QLatin1String("cancelled by the user")), qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral(" · on subprocess")), qPrintable(line));
        closeWithoutPrompt(*window);
    }

    // The Lab's tier ticks were forgotten at every start; the Workbench's policy was kept only by a window
    // that closed normally. Both are saved as they change.
    void theLabsTicksAndTheWorkbenchPolicySurviveARestart() {
        {
            auto window = probedWindow();
            window->attackLab()->setCheckedTiers({QStringLiteral("host")}); // subprocess unticked
            sandbench::Policy policy;
            policy.timeoutSeconds = 2;
            policy.memoryMb = 1024;
            window->runPanel()->setPolicy(policy);
            window->editor()->document()->setModified(false);
            // Gone without a close event (a killed session): nothing is saved at the end.
        }
        auto window = probedWindow();
        QCOMPARE(window->attackLab()->checkedTiers(), QStringList{QStringLiteral("host")});
        const std::optional<sandbench::Policy> policy = window->runPanel()->policy();
        QVERIFY(policy.has_value());
        QCOMPARE(policy->timeoutSeconds, 2.0);
        QCOMPARE(policy->memoryMb, std::int64_t(1024));
        closeWithoutPrompt(*window);
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestGuiMenus test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_gui_menus.moc"
