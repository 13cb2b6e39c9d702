// The workbench window driven as a user would, offscreen: code runs on the real subprocess tier, Stop ends
// a busy loop at once, a flood leaves the event loop responsive, bad policy values are refused, and
// settings survive a restart of the window. The container tier's settings are checked against a stand-in
// engine CLI, so no Docker or Podman is needed.

#include "gui/code_editor.h"
#include "gui/main_window.h"
#include "gui/output_pane.h"
#include "gui/run_history.h"
#include "gui/run_panel.h"
#include "process_census.h"
#include "support/source_paths.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QListWidget>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <dirent.h>
#include <fstream>
#include <optional>
#include <vector>

using test_support::countProcessesNamed;

// Puts the named environment variables back as they were (set or not) when it goes out of scope.
class EnvironmentRestorer {
public:
    explicit EnvironmentRestorer(std::initializer_list<const char*> names) {
        for (const char* name : names)
            m_saved.emplace_back(name, qEnvironmentVariableIsSet(name) ? std::optional(qgetenv(name))
                                                                       : std::nullopt);
    }
    ~EnvironmentRestorer() {
        for (const auto& [name, value] : m_saved) {
            if (value)
                qputenv(name, *value);
            else
                qunsetenv(name);
        }
    }
    EnvironmentRestorer(const EnvironmentRestorer&) = delete;
    EnvironmentRestorer& operator=(const EnvironmentRestorer&) = delete;

private:
    std::vector<std::pair<const char*, std::optional<QByteArray>>> m_saved;
};

class TestGuiWorkbench : public QObject {
    Q_OBJECT

private:
    // A tier's setting as the window or pane has it, empty when it has none.
    static std::string setting(const sandbench::TierSettings& settings, const std::string& key) {
        const auto found = settings.find(key);
        return found == settings.end() ? std::string() : found->second;
    }

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

    static double cpusInJson(const std::string& json) {
        return QJsonDocument::fromJson(QByteArray::fromStdString(json)).object().value("cpus").toDouble(-1);
    }

    // A stand-in `podman` that answers the container tier's probe (info, image inspect) and knows exactly one
    // image, made without Sandbench's labels (so the probe says it cannot tell its Python packages);
    // anything else fails loudly. Nothing ever runs in it.
    static void writeFakePodman(const QString& path, const QString& knownImage) {
        QFile script(path);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(
            QStringLiteral(
                "#!/bin/sh\n"
                "for argument; do last=$argument; done\n"
                "while [ $# -gt 0 ]; do\n"
                "  case $1 in\n"
                "    --runtime|--events-backend) shift 2 ;;\n"
                "    info) echo 9.9.9-fake; exit 0 ;;\n"
                "    image) [ \"$last\" = '%1' ] && { printf '<no value>\\n<no value>\\n'; exit 0; }\n"
                "           echo \"Error: $last: image not known\" >&2; exit 1 ;;\n"
                "    *) echo \"fake podman: unexpected $*\" >&2; exit 125 ;;\n"
                "  esac\n"
                "done\n"
                "exit 125\n")
                .arg(knownImage)
                .toUtf8());
        script.close();
        QVERIFY(
            script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));
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
            QSKIP("the subprocess tier is unavailable here (see sandbench-cli tiers)");
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

    void cpusFieldRoundTripsIntoThePolicyJson() {
        auto window = readyWindow();
        RunPanel* panel = window->runPanel();
        auto* cpus = panel->findChild<QDoubleSpinBox*>(QStringLiteral("policy.cpus"));
        QVERIFY(cpus);
        panel->setPolicy(sandbench::Policy{}); // an earlier test's window may have saved another one
        QCOMPARE(cpus->value(), 1.0);          // the policy's default
        QCOMPARE(cpus->minimum(), 0.1);
        QCOMPARE(cpus->maximum(), 64.0);
        cpus->setValue(2.5); // as the user sets it
        QCOMPARE(panel->policy()->cpus, 2.5);
        QCOMPARE(cpusInJson(panel->policy()->toJson()), 2.5);

        QTemporaryDir folder;
        const QString saved = folder.filePath(QStringLiteral("cpus.json"));
        QCOMPARE(panel->savePolicyFile(saved), QString());
        QFile file(saved);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(cpusInJson(file.readAll().toStdString()), 2.5);
        file.close();
        panel->applyPreset(QStringLiteral("strict"));
        QCOMPARE(cpus->value(), 0.5);
        panel->applyPreset(QStringLiteral("default"));
        QCOMPARE(cpus->value(), 1.0);
        QCOMPARE(panel->loadPolicyFile(saved), QString());
        QCOMPARE(cpus->value(), 2.5);

        // Out of range in a policy file: refused, naming the key, and the field keeps its value.
        const QString bad = folder.filePath(QStringLiteral("bad.json"));
        QFile badFile(bad);
        QVERIFY(badFile.open(QIODevice::WriteOnly));
        badFile.write(R"({"cpus": 0})");
        badFile.close();
        const QString error = panel->loadPolicyFile(bad);
        QVERIFY2(error.contains("cpus"), qPrintable(error));
        QCOMPARE(cpus->value(), 2.5);

        sandbench::Policy policy;
        policy.cpus = 3.5;
        panel->setPolicy(policy);
        QCOMPARE(cpus->value(), 3.5);
        closeWithoutPrompt(*window);
    }

    void theResultLineAndHistoryTellAWarmStart() {
        OutputPane pane;
        sandbench::RunResult result;
        result.tier = "container";
        result.exitCode = 0;
        pane.showResult(result);
        QVERIFY2(!pane.resultLine().contains("warm start"), qPrintable(pane.resultLine()));
        result.warmStart = true;
        pane.showResult(result);
        QVERIFY2(pane.resultLine().contains("warm start"), qPrintable(pane.resultLine()));

        QTemporaryDir folder;
        const QString path = folder.filePath(QStringLiteral("history.json"));
        RunHistory history(path);
        QCOMPARE(history.add(HistoryEntry{QDateTime::currentDateTime(), QStringLiteral("container"),
                                          QStringLiteral("print(1)\n"), sandbench::Policy{}, result}),
                 QString());
        RunHistory reloaded(path);
        QCOMPARE(reloaded.load(), QString());
        QCOMPARE(reloaded.entries().size(), std::size_t(1));
        QVERIFY(reloaded.entries().front().result.warmStart);
    }

    void containerSettingsPersistAndReachTheTier() {
        QSettings().remove(QStringLiteral("tiers/container"));
        const QByteArray path = qgetenv("PATH");
        const EnvironmentRestorer environment(
            {"PATH", "SANDBENCH_CONTAINER_ENGINE", "SANDBENCH_CONTAINER_IMAGE", "SANDBENCH_WARM_POOL"});
        const auto forget = qScopeGuard([] { QSettings().remove(QStringLiteral("tiers/container")); });
        QTemporaryDir bin;
        writeFakePodman(bin.filePath(QStringLiteral("podman")), QStringLiteral("sandbench/gui-test:1"));
        qputenv("PATH", bin.path().toLocal8Bit() + ':' + path);

        // Nothing saved yet: the environment's settings.
        qputenv("SANDBENCH_CONTAINER_ENGINE", "podman");
        qputenv("SANDBENCH_CONTAINER_IMAGE", "from/the-environment:7");
        qputenv("SANDBENCH_WARM_POOL", "3");
        {
            auto window = readyWindow();
            QCOMPARE(setting(window->runPanel()->tierSettings(QStringLiteral("container")), "image"),
                     std::string("from/the-environment:7"));
            QCOMPARE(setting(window->runPanel()->tierSettings(QStringLiteral("container")), "engine"),
                     std::string("podman"));
            QCOMPARE(setting(window->runPanel()->tierSettings(QStringLiteral("container")), "warmPool"),
                     std::string("3"));
            const QString notes = window->runPanel()->tierNotes(QStringLiteral("container"));
            QVERIFY2(notes.contains("from/the-environment:7"), qPrintable(notes)); // fake podman: not found
            closeWithoutPrompt(*window);
        }
        qunsetenv("SANDBENCH_CONTAINER_ENGINE");
        qunsetenv("SANDBENCH_CONTAINER_IMAGE");
        qunsetenv("SANDBENCH_WARM_POOL");
        QVERIFY2(!QSettings().contains(QStringLiteral("tiers/container/image")),
                 "unchanged settings are not saved");

        {
            auto window = readyWindow();
            RunPanel* panel = window->runPanel();
            auto* engine = panel->findChild<QComboBox*>(QStringLiteral("container.engine"));
            auto* image = panel->findChild<QLineEdit*>(QStringLiteral("container.image"));
            auto* pool = panel->findChild<QSpinBox*>(QStringLiteral("container.warmPool"));
            QVERIFY(engine && image && pool);
            QVERIFY(engine->isEnabled());
            const std::shared_ptr<sandbench::Tier> before = window->tier(QStringLiteral("container"));
            QVERIFY(before);

            engine->setCurrentIndex(engine->findData(QStringLiteral("podman")));
            image->selectAll();
            QTest::keyClicks(image, QStringLiteral("sandbench/gui-test:1"));
            QTest::keyClick(image, Qt::Key_Return);
            pool->setValue(2);
            QCOMPARE(setting(window->tierSettings(QStringLiteral("container")), "engine"),
                     std::string("podman"));
            QCOMPARE(setting(window->tierSettings(QStringLiteral("container")), "image"),
                     std::string("sandbench/gui-test:1"));
            QCOMPARE(setting(window->tierSettings(QStringLiteral("container")), "warmPool"),
                     std::string("2"));
            const std::shared_ptr<sandbench::Tier> after = window->tier(QStringLiteral("container"));
            QVERIFY(after != before); // recreated with the new settings
            QVERIFY2(QString::fromStdString(after->info().description).contains("podman"),
                     after->info().description.c_str());
            // The new tier's own probe: the stand-in podman, the chosen image, the pool.
            QTRY_VERIFY_WITH_TIMEOUT(panel->tierNotes(QStringLiteral("container")).contains("warm pool of 2"),
                                     20000);
            const QString notes = panel->tierNotes(QStringLiteral("container"));
            QVERIFY2(notes.contains("podman 9.9.9-fake"), qPrintable(notes));
            QVERIFY2(notes.contains("image sandbench/gui-test:1"), qPrintable(notes));
            closeWithoutPrompt(*window);
        }

        // After a restart: the saved settings win over the environment and reach the tier's probe.
        qputenv("SANDBENCH_CONTAINER_IMAGE", "from/the-environment:7");
        auto window = readyWindow();
        const sandbench::TierSettings shown = window->runPanel()->tierSettings(QStringLiteral("container"));
        QCOMPARE(setting(shown, "engine"), std::string("podman"));
        QCOMPARE(setting(shown, "image"), std::string("sandbench/gui-test:1"));
        QCOMPARE(setting(shown, "warmPool"), std::string("2"));
        QVERIFY(QString::fromStdString(window->tier(QStringLiteral("container"))->info().description)
                    .contains("podman"));
        const QString notes = window->runPanel()->tierNotes(QStringLiteral("container"));
        QVERIFY2(notes.contains("image sandbench/gui-test:1") && notes.contains("warm pool of 2"),
                 qPrintable(notes));

        // While a run goes on the settings wait: the tier it might use is not swapped under it.
        auto* image = window->runPanel()->findChild<QLineEdit*>(QStringLiteral("container.image"));
        const std::shared_ptr<sandbench::Tier> before = window->tier(QStringLiteral("container"));
        QSignalSpy finished(window.get(), &MainWindow::runFinished);
        run(*window, QStringLiteral("import time\ntime.sleep(1)\n"));
        QVERIFY(!image->isEnabled());
        image->setText(QStringLiteral("sandbench/while-running:1"));
        image->setModified(true);
        Q_EMIT image->editingFinished();
        QCOMPARE(setting(window->tierSettings(QStringLiteral("container")), "image"),
                 std::string("sandbench/gui-test:1"));
        QCOMPARE(window->tier(QStringLiteral("container")), before);
        QVERIFY(finished.wait(10000));
        QVERIFY(image->isEnabled());
        QCOMPARE(setting(window->tierSettings(QStringLiteral("container")), "image"),
                 std::string("sandbench/while-running:1"));
        QVERIFY(window->tier(QStringLiteral("container")) != before);
        closeWithoutPrompt(*window);
    }

    // The MicroVM tier group: the accelerator and warm pool reach the tier (recreated for a new accelerator),
    // persist across a restart over the environment's, and the pool's VMs go when the window does.
    void microvmSettingsPersistAndReachTheTier() {
        QSettings().remove(QStringLiteral("tiers/microvm"));
        const EnvironmentRestorer environment({"SANDBENCH_ACCELERATOR", "SANDBENCH_WARM_POOL"});
        const auto forget = qScopeGuard([] { QSettings().remove(QStringLiteral("tiers/microvm")); });
        const std::string qemu = "qemu-system-x86"; // the command name, cut to 15 characters

        qputenv("SANDBENCH_ACCELERATOR", "tcg");
        qunsetenv("SANDBENCH_WARM_POOL");
        {
            auto window = readyWindow();
            RunPanel* panel = window->runPanel();
            QCOMPARE(setting(panel->tierSettings(QStringLiteral("microvm")), "accelerator"),
                     std::string("tcg"));
            QCOMPARE(setting(panel->tierSettings(QStringLiteral("microvm")), "warmPool"), std::string("0"));
            const QString notes = panel->tierNotes(QStringLiteral("microvm"));
            if (!notes.contains("TCG emulation (chosen in the settings)"))
                QSKIP(qPrintable("the microVM tier cannot run here: " + notes));
            auto* accelerator = panel->findChild<QComboBox*>(QStringLiteral("microvm.accelerator"));
            auto* pool = panel->findChild<QSpinBox*>(QStringLiteral("microvm.warmPool"));
            QVERIFY(accelerator && pool);
            QVERIFY(accelerator->isEnabled());
            // The group shows while its tier is chosen (this one can run here), and only then.
            window->show();
            QVERIFY(!accelerator->isVisible());
            panel->setCurrentTier(QStringLiteral("microvm"));
            QVERIFY(accelerator->isVisible());
            QVERIFY(!panel->findChild<QComboBox*>(QStringLiteral("container.engine"))->isVisible());
            panel->setCurrentTier(QStringLiteral("subprocess"));
            QVERIFY(!accelerator->isVisible());

            // KVM: a new tier, whose own probe answers for KVM (usable or not, as this host decides).
            const std::shared_ptr<sandbench::Tier> before = window->tier(QStringLiteral("microvm"));
            QSignalSpy reprobed(window.get(), &MainWindow::tierReprobed);
            accelerator->setCurrentIndex(accelerator->findData(QStringLiteral("kvm")));
            QCOMPARE(setting(window->tierSettings(QStringLiteral("microvm")), "accelerator"),
                     std::string("kvm"));
            QVERIFY(window->tier(QStringLiteral("microvm")) != before);
            QTRY_VERIFY_WITH_TIMEOUT(!reprobed.isEmpty(), 60000);
            QCOMPARE(reprobed.first().first().toString(), QStringLiteral("microvm"));
            const QString kvmNotes = panel->tierNotes(QStringLiteral("microvm"));
            QVERIFY2(kvmNotes.contains("KVM (chosen in the settings)") ||
                         kvmNotes.contains("KVM was chosen but is not usable"),
                     qPrintable(kvmNotes));

            // Back to TCG with a pool of one: the pool boots its VM, which goes with the window.
            reprobed.clear();
            accelerator->setCurrentIndex(accelerator->findData(QStringLiteral("tcg")));
            pool->setValue(1);
            QTRY_VERIFY_WITH_TIMEOUT(panel->tierNotes(QStringLiteral("microvm")).contains("warm pool of 1"),
                                     30000);
            QVERIFY(panel->tierNotes(QStringLiteral("microvm")).contains("TCG emulation"));
            QTRY_COMPARE_WITH_TIMEOUT(test_support::countChildrenNamed(qemu), 1, 30000);
            closeWithoutPrompt(*window);
        }
        QTRY_COMPARE_WITH_TIMEOUT(test_support::countChildrenNamed(qemu), 0, 10000);

        // After a restart the saved settings win over the environment's.
        qputenv("SANDBENCH_ACCELERATOR", "kvm");
        qputenv("SANDBENCH_WARM_POOL", "3");
        {
            auto window = readyWindow();
            QCOMPARE(setting(window->tierSettings(QStringLiteral("microvm")), "accelerator"),
                     std::string("tcg"));
            QCOMPARE(setting(window->tierSettings(QStringLiteral("microvm")), "warmPool"), std::string("1"));
            QCOMPARE(setting(window->runPanel()->tierSettings(QStringLiteral("microvm")), "accelerator"),
                     std::string("tcg"));
            QCOMPARE(setting(window->runPanel()->tierSettings(QStringLiteral("microvm")), "warmPool"),
                     std::string("1"));
            const QString notes = window->runPanel()->tierNotes(QStringLiteral("microvm"));
            QVERIFY2(notes.contains("TCG emulation (chosen in the settings)") &&
                         notes.contains("warm pool of 1"),
                     qPrintable(notes));
            closeWithoutPrompt(*window);
        }
        QTRY_COMPARE_WITH_TIMEOUT(test_support::countChildrenNamed(qemu), 0, 10000);
    }

    // The E2B tier group: a key typed there makes the tier usable at once, is held in memory only (never in
    // the settings, whatever else is saved), and is gone after a restart; the template is remembered.
    void e2bKeyIsHeldInMemoryOnly() {
        QSettings().remove(QStringLiteral("tiers/e2b"));
        const EnvironmentRestorer environment({"E2B_API_KEY", "SANDBENCH_E2B_TEMPLATE"});
        const auto forget = qScopeGuard([] { QSettings().remove(QStringLiteral("tiers/e2b")); });
        qunsetenv("E2B_API_KEY");
        qunsetenv("SANDBENCH_E2B_TEMPLATE");
        const QString key = QStringLiteral("e2b_") +
                            QByteArray::number(QRandomGenerator::global()->generate64(), 16) +
                            QStringLiteral("c0ffee0123456789abcdef");
        const auto savedAnywhere = [&key] {
            QSettings settings;
            settings.sync();
            for (const QString& name : settings.allKeys()) {
                if (settings.value(name).toString().contains(key) || name.contains(key))
                    return true;
            }
            QFile file(settings.fileName());
            return file.open(QIODevice::ReadOnly) && file.readAll().contains(key.toUtf8());
        };
        {
            auto window = readyWindow();
            RunPanel* panel = window->runPanel();
            QVERIFY2(panel->tierNotes(QStringLiteral("e2b")).contains("E2B_API_KEY"),
                     qPrintable(panel->tierNotes(QStringLiteral("e2b"))));
            auto* keyField = panel->findChild<QLineEdit*>(QStringLiteral("e2b.apiKey"));
            auto* templateField = panel->findChild<QLineEdit*>(QStringLiteral("e2b.template"));
            QVERIFY(keyField && templateField);
            QCOMPARE(keyField->echoMode(), QLineEdit::Password);
            QCOMPARE(templateField->text(), QStringLiteral("code-interpreter-v1"));
            const std::shared_ptr<sandbench::Tier> before = window->tier(QStringLiteral("e2b"));

            QTest::keyClicks(keyField, key);
            QTest::keyClick(keyField, Qt::Key_Return);
            QCOMPARE(QString::fromStdString(setting(window->tierSettings(QStringLiteral("e2b")), "apiKey")),
                     key);
            QVERIFY(window->tier(QStringLiteral("e2b")) != before); // recreated with the key
            QTRY_VERIFY_WITH_TIMEOUT(
                panel->tierNotes(QStringLiteral("e2b")).contains("template code-interpreter-v1"), 10000);

            templateField->selectAll();
            QTest::keyClicks(templateField, QStringLiteral("my-template"));
            QTest::keyClick(templateField, Qt::Key_Return);
            QTRY_VERIFY_WITH_TIMEOUT(panel->tierNotes(QStringLiteral("e2b")).contains("template my-template"),
                                     10000);
            QVERIFY(!savedAnywhere());
            closeWithoutPrompt(*window);
        }
        QVERIFY(!savedAnywhere()); // nor when the window saved its state on closing

        auto window = readyWindow();
        QVERIFY(setting(window->tierSettings(QStringLiteral("e2b")), "apiKey").empty());
        QCOMPARE(setting(window->tierSettings(QStringLiteral("e2b")), "template"),
                 std::string("my-template"));
        QVERIFY(window->runPanel()->findChild<QLineEdit*>(QStringLiteral("e2b.apiKey"))->text().isEmpty());
        QCOMPARE(window->runPanel()->findChild<QLineEdit*>(QStringLiteral("e2b.template"))->text(),
                 QStringLiteral("my-template"));
        QVERIFY(window->runPanel()->tierNotes(QStringLiteral("e2b")).contains("E2B_API_KEY"));
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
        window->openAttack(QString::fromUtf8(test_support::attacksSourceDir()) +
                           QStringLiteral("/05_read_host_secret.py"));
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
            policy.cpus = 3.5;
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
        QCOMPARE(policy->cpus, 3.5);
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
