// Input files in the workbench (issue 19): the Tier and policy pane lists them and puts them into the
// policy; files dropped on the agent chat are attached (never typed into its input box as text); a preset
// keeps them; a loaded policy's keys the pane has no field for survive; File ▸ Examples ▸ Agent tasks sets a
// task's data as the input files and waits with its request in the chat. Offscreen.

#include "core/agent/agent_task.h"
#include "gui/agent_chat_dock.h"
#include "gui/chat_input.h"
#include "gui/input_files_list.h"
#include "gui/main_window.h"
#include "gui/run_history.h"
#include "gui/run_panel.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QListWidget>
#include <QMenu>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace sandbench;

namespace {

QStringList inputsOf(RunPanel& panel) {
    QStringList paths;
    const Policy policy = panel.policy().value();
    for (const std::string& path : policy.inputs)
        paths << QString::fromStdString(path);
    return paths;
}

// Drops `paths` as file URLs on `target`, as a file manager would.
bool dropFiles(QWidget* target, const QStringList& paths) {
    QMimeData data;
    QList<QUrl> urls;
    for (const QString& path : paths)
        urls << QUrl::fromLocalFile(path);
    data.setUrls(urls);
    data.setText(paths.join('\n'));
    const QPoint at = target->rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent drop(at, Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
    return drop.isAccepted();
}

} // namespace

class TestGuiInputs : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_inputs"));
        QSettings().clear();
        QFile::remove(RunHistory::defaultPath());
    }

    void panelPutsInputsIntoThePolicy() {
        RunPanel panel({}, "subprocess");
        QTemporaryDir folder;
        const QString csv = folder.filePath("sales.csv");
        QVERIFY(QFile(csv).open(QIODevice::WriteOnly));
        QCOMPARE(panel.inputFiles()->addPaths({csv, csv}), 1);
        QCOMPARE(inputsOf(panel), QStringList{csv});
        QCOMPARE(panel.inputFiles()->list()->item(0)->text(), QString("/data/sales.csv"));

        // Dropped on the list, as from a file manager.
        QVERIFY(dropFiles(panel.inputFiles()->list()->viewport(), {folder.path()}));
        QCOMPARE(inputsOf(panel), (QStringList{csv, folder.path()}));

        // A preset sets limits and keeps the files; a loaded file's keys without a field survive.
        panel.applyPreset("strict");
        QCOMPARE(inputsOf(panel), (QStringList{csv, folder.path()}));
        Policy loaded;
        loaded.cpuSeconds = 7;
        loaded.inputsMb = 3;
        loaded.artifactsMax = 5;
        loaded.environment["MPLBACKEND"] = "Agg";
        panel.setPolicy(loaded);
        const Policy read = panel.policy().value();
        QCOMPARE(read.cpuSeconds, 7);
        QCOMPARE(read.inputsMb, std::int64_t(3));
        QCOMPARE(read.artifactsMax, 5);
        QCOMPARE(read.environment.at("MPLBACKEND"), std::string("Agg"));
        QVERIFY(read.inputs.empty());
        QCOMPARE(panel.inputFiles()->list()->count(), 1); // the hint line, not selectable
        QCOMPARE(panel.inputFiles()->list()->item(0)->flags(), Qt::NoItemFlags);
    }

    void droppedOnTheChatBecomeInputs() {
        MainWindow window;
        window.show();
        QTemporaryDir folder;
        const QString csv = folder.filePath("prices.csv");
        QVERIFY(QFile(csv).open(QIODevice::WriteOnly));
        ChatInput* input = window.agentChat()->input();
        input->setPlainText("look at this");
        QVERIFY(dropFiles(input->viewport(), {csv}));
        QCOMPARE(input->toPlainText(), QString("look at this")); // attached, not pasted as text
        QCOMPARE(inputsOf(*window.runPanel()), QStringList{csv});
        // The chat's line says what its programs run with, inputs included, once the tiers answered.
        if (!window.tiersProbed())
            QVERIFY(QSignalSpy(&window, &MainWindow::tiersReady).wait(30000));
        QTRY_VERIFY2(window.agentChat()->tierLine().contains("1 input"),
                     qPrintable(window.agentChat()->tierLine()));
        window.close();
    }

    void examplesMenuOffersTasks() {
        MainWindow window;
        window.show();
        QMenu* tasks = window.findChild<QMenu*>("menu.agentTasks");
        QVERIFY(tasks);
        const auto bundled = agent::agentTasksIn(agent::bundledTasksFolder());
        QCOMPARE(tasks->actions().size(), static_cast<qsizetype>(bundled.size()));
        QVERIFY(bundled.size() >= 2);
        QAction* first = tasks->actions().first();
        QCOMPARE(first->text(), QString::fromStdString(bundled.front().title));
        first->trigger();
        QStringList expected;
        for (const std::string& path : bundled.front().inputs)
            expected << QString::fromStdString(path);
        QCOMPARE(inputsOf(*window.runPanel()), expected);
        QCOMPARE(window.agentChat()->input()->toPlainText(), QString::fromStdString(bundled.front().prompt));
        // The chat offers the same menu.
        QCOMPARE(window.agentChat()->findChild<QPushButton*>("agent.tasks")->menu(), tasks);
        window.close();
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestGuiInputs test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_gui_inputs.moc"
