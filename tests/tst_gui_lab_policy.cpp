// The Attack Lab runs the policy it shows (issue 16, item 6), offscreen: by default the Workbench's, as the
// Tier and policy pane sets it; or one set for the lab apart from it. The lab-run JSON and the HTML report
// say which one ran, and the choice survives a restart.

#include "core/lab_run.h"
#include "gui/attack_lab_page.h"
#include "gui/code_editor.h"
#include "gui/lab_policy_bar.h"
#include "gui/main_window.h"
#include "gui/run_history.h"
#include "gui/run_panel.h"

#include <QApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

class TestGuiLabPolicy : public QObject {
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

    static sandbench::Policy workbenchPolicy() {
        sandbench::Policy policy;
        policy.timeoutSeconds = 2;
        policy.memoryMb = 1024;
        return policy;
    }

    // Runs a one-attack suite on the subprocess tier and returns what the lab ran with.
    static sandbench::LabRun runQuickLab(AttackLabPage& lab, const QString& folder) {
        QFile file(folder + QStringLiteral("/01_hello.py"));
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write("# name: Say hello\n# category: filesystem\n# expect: marker LEAKED\nprint('hello')\n");
        file.close();
        lab.setSuiteFolder(folder);
        lab.setCheckedTiers({QStringLiteral("subprocess")});
        QSignalSpy finished(&lab, &AttackLabPage::labFinished);
        if (!lab.startLab() || !finished.wait(60000))
            return {};
        return lab.labRun();
    }

    static QByteArray exported(AttackLabPage& lab, const QString& path) {
        QString error;
        if (!lab.exportRun(path, &error))
            return error.toUtf8();
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // settings go to a test location, not the user's
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_lab_policy"));
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

    // The Workbench at 2 s / 1024 MB, and the lab ran 5 s / 256 MB without a word: now it follows, says so on
    // its tab, and its report and JSON name the policy's source.
    void theLabFollowsTheWorkbenchPolicyByDefault() {
        auto window = probedWindow();
        AttackLabPage* lab = window->attackLab();
        window->runPanel()->setPolicy(workbenchPolicy());
        const QString summary = QString::fromStdString(workbenchPolicy().summary());
        QCOMPARE(lab->policyBar()->source(), LabPolicyBar::Source::Workbench);
        QCOMPARE(lab->policyBar()->shownText(), summary);

        QTemporaryDir folder;
        const sandbench::LabRun run = runQuickLab(*lab, folder.path());
        QCOMPARE(run.policy.timeoutSeconds, 2.0);
        QCOMPARE(run.policy.memoryMb, std::int64_t(1024));
        QCOMPARE(run.policySource, std::string(sandbench::kPolicyFromWorkbench));

        const QJsonObject json =
            QJsonDocument::fromJson(exported(*lab, folder.filePath(QStringLiteral("run.json")))).object();
        QCOMPARE(json.value(QStringLiteral("policy_source")).toString(), QStringLiteral("workbench"));
        QCOMPARE(
            json.value(QStringLiteral("policy")).toObject().value(QStringLiteral("timeout_s")).toDouble(),
            2.0);
        const QByteArray html = exported(*lab, folder.filePath(QStringLiteral("report.html")));
        QVERIFY2(html.contains("The lab followed the Workbench&#39;s policy.") ||
                     html.contains("The lab followed the Workbench's policy."),
                 html.left(400).constData());
        closeWithoutPrompt(*window);
    }

    // Set for the lab: the Workbench's changes no longer reach it, the run and its report say so, and both
    // the choice and the lab's policy are there after a restart.
    void aPolicySetForTheLabIsUsedSaidAndRemembered() {
        sandbench::Policy own;
        own.timeoutSeconds = 3;
        own.memoryMb = 512;
        {
            auto window = probedWindow();
            AttackLabPage* lab = window->attackLab();
            lab->policyBar()->setSource(LabPolicyBar::Source::Lab);
            lab->policyBar()->setLabPolicy(own);
            window->runPanel()->setPolicy(workbenchPolicy()); // does not reach the lab now
            QCOMPARE(lab->policyBar()->shownText(), QString::fromStdString(own.summary()));

            QTemporaryDir folder;
            const sandbench::LabRun run = runQuickLab(*lab, folder.path());
            QCOMPARE(run.policy.timeoutSeconds, 3.0);
            QCOMPARE(run.policySource, std::string(sandbench::kPolicyForLab));
            const QByteArray html = exported(*lab, folder.filePath(QStringLiteral("report.html")));
            QVERIFY(html.contains("The policy was set for the lab, apart from the Workbench"));

            // A re-opened document says what it ran with, not what the lab is set to now.
            lab->policyBar()->setSource(LabPolicyBar::Source::Workbench);
            const QString path = folder.filePath(QStringLiteral("run.json"));
            exported(*lab, path);
            QString error;
            QVERIFY2(lab->openRun(path, &error), qPrintable(error));
            QCOMPARE(lab->labRun().policySource, std::string(sandbench::kPolicyForLab));
            lab->policyBar()->setSource(LabPolicyBar::Source::Lab);
            closeWithoutPrompt(*window);
        }
        auto window = probedWindow();
        QCOMPARE(window->attackLab()->policyBar()->source(), LabPolicyBar::Source::Lab);
        QCOMPARE(window->attackLab()->policy().timeoutSeconds, 3.0);
        QCOMPARE(window->attackLab()->policy().memoryMb, std::int64_t(512));
        closeWithoutPrompt(*window);
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestGuiLabPolicy test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_gui_lab_policy.moc"
