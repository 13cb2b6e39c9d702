// A tier's settings group in the Tier and policy pane stays while its tier is chosen, however the tiers'
// probes answer (issue 16, item 7), offscreen. The Container tier group went missing after switching
// subprocess → container: an answer that found the tier briefly unable to run moved the choice to the default
// tier, and the next answer left it there, the group hidden. Here tiers of the test's own answer their probes
// as a script says (late, early, unavailable), while the test switches tiers many times.

#include "gui/code_editor.h"
#include "gui/main_window.h"
#include "gui/run_panel.h"
#include "tiers/host/host_tier.h"

#include <QApplication>
#include <QComboBox>
#include <QGroupBox>
#include <QRandomGenerator>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

using namespace sandbench;

namespace {

// How each tier's next probes answer; a tier with nothing scripted answers "available" at once.
struct ProbeAnswer {
    bool available = true;
    int delayMs = 0;
};

class ProbeScript {
public:
    static ProbeScript& instance() {
        static ProbeScript script;
        return script;
    }
    void push(const std::string& tier, ProbeAnswer answer) {
        std::lock_guard lock(m_mutex);
        m_answers[tier].push_back(answer);
    }
    ProbeAnswer next(const std::string& tier) {
        std::lock_guard lock(m_mutex);
        std::deque<ProbeAnswer>& queue = m_answers[tier];
        if (queue.empty())
            return {};
        const ProbeAnswer answer = queue.front();
        queue.pop_front();
        return answer;
    }
    void clear() {
        std::lock_guard lock(m_mutex);
        m_answers.clear();
    }

private:
    std::mutex m_mutex;
    std::map<std::string, std::deque<ProbeAnswer>> m_answers;
};

// A tier with one setting (so it has a group in the pane), recreated when it changes, and probes that answer
// as the script says. Runs nothing the test needs.
class ScriptedTier final : public Tier {
public:
    static TierInfo describe(const std::string& name) {
        TierInfo info;
        info.name = name;
        info.label = name;
        info.description = "a tier whose probe answers as the test's script says";
        TierSetting round;
        round.key = "round";
        round.label = "&Round";
        round.kind = SettingKind::Integer;
        round.minimum = 0;
        round.maximum = 1000;
        round.defaultValue = "0";
        round.option = "--round";
        info.settings = {round};
        return info;
    }
    explicit ScriptedTier(const std::string& name)
        : m_info(describe(name)) {}
    const TierInfo& info() const override { return m_info; }
    ProbeResult probe() override {
        const ProbeAnswer answer = ProbeScript::instance().next(m_info.name);
        std::this_thread::sleep_for(std::chrono::milliseconds(answer.delayMs));
        if (!answer.available)
            return {false, "scripted: not now", {}, {}};
        return {true, {}, {"scripted: ready"}, {}};
    }
    RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) override {
        return m_host.run(request, sink, stop);
    }

private:
    TierInfo m_info;
    HostTier m_host;
};

TierRegistry scriptedRegistry() {
    TierRegistry registry;
    TierInfo plain; // the default tier: first, not the control, no settings
    plain.name = "plain";
    plain.label = "Plain";
    plain.description = "a tier without settings";
    registry.add(plain, [](const TierSettings&) { return std::make_unique<ScriptedTier>("plain"); });
    for (const char* name : {"boxed", "vm"})
        registry.add(ScriptedTier::describe(name),
                     [name](const TierSettings&) { return std::make_unique<ScriptedTier>(name); });
    return registry;
}

} // namespace

class TestGuiTierGroups : public QObject {
    Q_OBJECT

private:
    static std::unique_ptr<MainWindow> probedWindow() {
        auto window = std::make_unique<MainWindow>(scriptedRegistry());
        window->show();
        if (!window->tiersProbed())
            QSignalSpy(window.get(), &MainWindow::tiersReady).wait(20000);
        return window;
    }

    static void closeWithoutPrompt(MainWindow& window) {
        window.editor()->document()->setModified(false);
        window.close();
    }

    static QComboBox* tierSelector(RunPanel* panel) {
        return panel->findChild<QComboBox*>(QStringLiteral("tier"));
    }

    // As a user picks a tier from the list.
    static void choose(RunPanel* panel, const QString& tier) {
        QComboBox* selector = tierSelector(panel);
        for (int row = 0; row < selector->count(); ++row) {
            if (selector->itemData(row).toString() == tier) {
                selector->setCurrentIndex(row);
                Q_EMIT selector->activated(row); // as a pick from the list does, even of the row shown
            }
        }
    }

    static QGroupBox* group(RunPanel* panel, const QString& tier) {
        QWidget* field = panel->findChild<QWidget*>(tier + QStringLiteral(".round"));
        return field ? qobject_cast<QGroupBox*>(field->parentWidget()) : nullptr;
    }

    // A new round for `tier` recreates it, and its probe answers as scripted; returns once it has.
    static bool reprobe(MainWindow& window, const QString& tier, int round) {
        QSignalSpy answered(&window, &MainWindow::tierReprobed);
        QWidget* field = window.runPanel()->findChild<QWidget*>(tier + QStringLiteral(".round"));
        auto* spin = qobject_cast<QSpinBox*>(field);
        if (!spin)
            return false;
        spin->setValue(round);
        return answered.wait(5000);
    }

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // settings go to a test location, not the user's
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_tier_groups"));
        QSettings().clear();
    }

    void cleanup() {
        QSettings().clear();
        ProbeScript::instance().clear();
    }

    // Another tier's answer used to empty and refill the list: the choice passed through "no tier" and the
    // first row, each announced as a change of tier, before it came back.
    void anotherTiersAnswerLeavesTheChoiceAlone() {
        auto window = probedWindow();
        RunPanel* panel = window->runPanel();
        choose(panel, QStringLiteral("boxed"));
        QCOMPARE(panel->currentTier(), QStringLiteral("boxed"));
        QSignalSpy changed(panel, &RunPanel::tierChanged);
        QVERIFY(reprobe(*window, QStringLiteral("vm"), 1));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(panel->currentTier(), QStringLiteral("boxed"));
        QVERIFY(group(panel, QStringLiteral("boxed"))->isVisible());
        closeWithoutPrompt(*window);
    }

    // Many switches plain ↔ boxed, with both scripted tiers probed again in between, answering late or early
    // and now and then "not now" (so boxed, chosen, goes down and comes back up before the user picks again).
    // After every answer: the chosen tier is the user's whenever it can run, and a group shows exactly while
    // its tier is chosen or cannot run.
    void switchingManyTimesWhileProbesAnswerInAnyOrder() {
        auto window = probedWindow();
        RunPanel* panel = window->runPanel();
        QRandomGenerator random(16);              // the same sequence every run
        QString chosen = QStringLiteral("plain"); // what the user last picked
        std::map<QString, bool> available{{QStringLiteral("boxed"), true}, {QStringLiteral("vm"), true}};
        int round = 0;
        for (int step = 0; step < 40; ++step) {
            const QString wanted = random.bounded(3) ? QStringLiteral("boxed") : QStringLiteral("plain");
            if (wanted == QLatin1String("plain") || available[wanted]) { // a greyed row cannot be picked
                choose(panel, wanted);
                chosen = wanted;
            }
            // Both tiers probed again, their answers arriving in either order.
            const bool boxedUp = random.bounded(4) != 0;
            const int boxedDelay = random.bounded(40);
            const int vmDelay = random.bounded(40);
            ProbeScript::instance().push("boxed", {boxedUp, boxedDelay});
            ProbeScript::instance().push("vm", {true, vmDelay});
            QSignalSpy answered(window.get(), &MainWindow::tierReprobed);
            ++round;
            for (const char* tier : {"boxed", "vm"})
                qobject_cast<QSpinBox*>(panel->findChild<QWidget*>(QString::fromLatin1(tier) + ".round"))
                    ->setValue(round);
            QTRY_COMPARE_WITH_TIMEOUT(answered.count(), 2, 5000);
            available[QStringLiteral("boxed")] = boxedUp;

            const QString shouldRun =
                chosen == QLatin1String("plain") || available[chosen] ? chosen : QStringLiteral("plain");
            const QString context = QStringLiteral("step %1: chosen %2, boxed %3, shown %4")
                                        .arg(step)
                                        .arg(chosen, boxedUp ? QStringLiteral("up") : QStringLiteral("down"),
                                             panel->currentTier());
            QVERIFY2(panel->currentTier() == shouldRun, qPrintable(context));
            for (const char* tier : {"boxed", "vm"}) {
                const QString name = QString::fromLatin1(tier);
                const bool shown = panel->currentTier() == name || !available[name];
                QVERIFY2(group(panel, name)->isVisible() == shown,
                         qPrintable(context + QStringLiteral(" / ") + name));
            }
        }
        closeWithoutPrompt(*window);
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestGuiTierGroups test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_gui_tier_groups.moc"
