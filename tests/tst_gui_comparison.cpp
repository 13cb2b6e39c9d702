// The workbench's Run on all tiers and Replay on tier, offscreen, on real tiers (subprocess and container,
// skipped with the probe's reason where they cannot run): a column per tier, the tier that differs
// highlighted and marked, Stop cancelling every tier at once with nothing left behind, and a replayed
// session's differing call.

#include "gui/code_editor.h"
#include "gui/comparison_dialog.h"
#include "gui/main_window.h"
#include "gui/replay_dialog.h"
#include "support/compared_tiers.h"
#include "support/enum_name.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>

using namespace sandbench;

class TestGuiComparison : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void aColumnPerTierTheDifferingOneMarked();
    void stopCancelsEveryTier();
    void replayMarksTheDifferingCall();
    void workbenchRunsOnTheTickedTiers();

private:
    std::unique_ptr<ComparisonDialog> dialog(const QByteArray& code) {
        LabTierList::Tiers tiers{{"subprocess", m_subprocess}, {"container", m_container}};
        auto made = std::make_unique<ComparisonDialog>(tiers, [code](QString&) -> std::optional<RunRequest> {
            RunRequest request;
            request.code = code.toStdString();
            request.policy.timeoutSeconds = 120;
            return request;
        });
        made->setProbeResults({{"subprocess", m_subprocess->probe()}, {"container", m_container->probe()}});
        return made;
    }
    QByteArray hostOnlyImport() const {
        return QByteArray("print('start')\nimport ") + test_support::kHostOnlyModule +
               "\nprint('imported')\n";
    }

    std::shared_ptr<Tier> m_subprocess;
    std::shared_ptr<Tier> m_container;
};

void TestGuiComparison::initTestCase() {
    QStandardPaths::setTestModeEnabled(true); // settings go to a test location, not the user's
    QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_gui_comparison"));
    std::string reason;
    m_subprocess = test_support::usableTier("subprocess", reason);
    if (m_subprocess)
        m_container = test_support::usableTier("container", reason);
    if (!m_subprocess || !m_container)
        QSKIP(reason.c_str());
    if (!test_support::hostHasModule(test_support::kHostOnlyModule))
        QSKIP("this host's python3 lacks apt_pkg (python3-apt), the module the test relies on");
}

void TestGuiComparison::aColumnPerTierTheDifferingOneMarked() {
    const auto compare = dialog(hostOnlyImport());
    compare->show();
    QSignalSpy finished(compare.get(), &ComparisonDialog::comparisonFinished);
    QVERIFY(compare->runButton()->isEnabled());
    QTest::mouseClick(compare->runButton(), Qt::LeftButton);
    QVERIFY(compare->stopButton()->isEnabled());
    QVERIFY(finished.wait(120000));
    QTableWidget* figures = compare->figures();
    QCOMPARE(figures->columnCount(), 2);
    QCOMPARE(figures->horizontalHeaderItem(0)->text(), QString("subprocess"));
    QCOMPARE(figures->horizontalHeaderItem(1)->text(), QString("container"));
    // With two tiers apart, the second is the one marked: its ending, its outputs; not its timing.
    const QColor highlight = ComparisonDialog::differenceColour(compare->palette());
    const QTableWidgetItem* ending = figures->item(ComparisonDialog::Ending, 1);
    QVERIFY2(ending->text().startsWith(QStringLiteral("\u2260 ")), qPrintable(ending->text()));
    QCOMPARE(ending->background().color(), highlight);
    QVERIFY(!figures->item(ComparisonDialog::Ending, 0)->text().contains(QStringLiteral("\u2260")));
    QVERIFY(figures->item(ComparisonDialog::Ending, 0)->background().style() == Qt::NoBrush);
    QVERIFY(!figures->item(ComparisonDialog::Wall, 1)->text().contains(QStringLiteral("\u2260")));
    QVERIFY(figures->item(ComparisonDialog::StderrLines, 1)->text().startsWith(QStringLiteral("\u2260")));
    // The container's output marks the traceback's lines, highlighted too.
    const QPlainTextEdit* output = compare->outputView(1);
    QVERIFY(output);
    QVERIFY2(output->toPlainText().contains(QStringLiteral("\u2260 ModuleNotFoundError")),
             qPrintable(output->toPlainText()));
    QVERIFY(!output->extraSelections().isEmpty());
    QCOMPARE(output->extraSelections().first().format.background().color(), highlight);
    QVERIFY(compare->statusText().contains(QStringLiteral("\u2260")));

    // The highlight follows the theme: a dark palette gives a dark highlight, re-applied at once.
    QPalette dark = compare->palette();
    dark.setColor(QPalette::Base, Qt::black);
    compare->setPalette(dark);
    QCOMPARE(figures->item(ComparisonDialog::Ending, 1)->background().color(),
             ComparisonDialog::differenceColour(dark));
    QVERIFY(ComparisonDialog::differenceColour(dark) != highlight);
}

void TestGuiComparison::stopCancelsEveryTier() {
    test_support::TempFolderWatch folders(test_support::kTierFolders);
    const auto compare = dialog("import time\nprint('started', flush=True)\ntime.sleep(60)\n");
    QSignalSpy finished(compare.get(), &ComparisonDialog::comparisonFinished);
    QVERIFY(compare->start());
    QTest::qWait(1500); // both under way
    QVERIFY(compare->isRunning());
    QTest::mouseClick(compare->stopButton(), Qt::LeftButton);
    QVERIFY(finished.wait(60000));
    QVERIFY(compare->comparison()->cancelled);
    QCOMPARE(compare->figures()->columnCount(), 2);
    for (const ComparedRun& run : compare->comparison()->runs)
        QCOMPARE(test_support::nameOf(run.result.stoppedBy), test_support::nameOf(StopReason::Cancelled));
    QVERIFY(!compare->isRunning());
    QVERIFY(compare->runButton()->isEnabled());
    QString problem;
    QVERIFY2(test_support::leftNothing({m_subprocess.get(), m_container.get()}, folders, problem),
             qPrintable(problem));
}

void TestGuiComparison::replayMarksTheDifferingCall() {
    ProbeResult hostProbe;
    hostProbe.available = true;
    agent::Transcript session;
    session.task = "two programs";
    session.tier = "subprocess";
    for (const QByteArray& code : {QByteArray("print(6 * 7)\n"), hostOnlyImport()}) {
        agent::ToolRun call;
        call.call = {"call_" + std::to_string(session.runs.size() + 1), "run_python", {}, {}};
        call.code = code.toStdString();
        call.tier = "subprocess";
        RunRequest request;
        request.code = call.code;
        call.result = m_subprocess->run(request, {}, {});
        session.runs.push_back(call);
    }
    ReplayDialog replay(
        session,
        {{"host", builtinTiers().create("host")}, {"subprocess", m_subprocess}, {"container", m_container}},
        {{"host", hostProbe}, {"subprocess", m_subprocess->probe()}, {"container", m_container->probe()}});
    // The control is never offered, and another tier than the session's is chosen first.
    QCOMPARE(replay.tierChoice()->findData("host"), -1);
    QCOMPARE(replay.tierChoice()->currentData().toString(), QString("container"));
    QSignalSpy finished(&replay, &ReplayDialog::replayFinished);
    QTest::mouseClick(replay.replayButton(), Qt::LeftButton);
    QVERIFY(finished.wait(120000));
    QTableWidget* calls = replay.calls();
    QCOMPARE(calls->rowCount(), 2);
    QVERIFY(calls->item(0, ReplayDialog::Differs)->background().style() == Qt::NoBrush);
    QVERIFY(calls->item(1, ReplayDialog::Differs)->text().startsWith(QStringLiteral("\u2260")));
    QCOMPARE(calls->item(1, ReplayDialog::Differs)->background().color(),
             ComparisonDialog::differenceColour(replay.palette()));
    // The differing call is chosen, its lines shown.
    QCOMPARE(calls->currentRow(), 1);
    QVERIFY2(replay.details()->toPlainText().contains("ModuleNotFoundError"),
             qPrintable(replay.details()->toPlainText()));
}

// The window's Run on All Tiers: every tier that can run here but the host control, which runs only
// once ticked, and then in a column labelled as the control.
void TestGuiComparison::workbenchRunsOnTheTickedTiers() {
    TierRegistry registry;
    const TierRegistry builtin = builtinTiers();
    for (const char* name : {"host", "subprocess", "container"})
        registry.add(*builtin.info(name),
                     [name](const TierSettings& settings) { return builtinTiers().create(name, settings); });
    MainWindow window(std::move(registry));
    window.show();
    if (!window.tiersProbed())
        QVERIFY(QSignalSpy(&window, &MainWindow::tiersReady).wait(60000));
    window.editor()->setPlainText(QStringLiteral("print('same everywhere')\n"));
    QVERIFY(window.runOnAllTiersAction()->isEnabled());
    window.runOnAllTiersAction()->trigger();
    auto* compare = window.findChild<ComparisonDialog*>();
    QVERIFY(compare);
    QCOMPARE(compare->tierList()->checkedTiers(), (QStringList{"subprocess", "container"}));
    QVERIFY(compare->isRunning());
    QSignalSpy finished(compare, &ComparisonDialog::comparisonFinished);
    QVERIFY(finished.wait(120000));
    QCOMPARE(compare->figures()->columnCount(), 2);
    QVERIFY(compare->comparison()->differences.empty());

    for (QCheckBox* box : compare->tierList()->findChildren<QCheckBox*>())
        if (box->text().startsWith(QStringLiteral("host")))
            box->click();
    QCOMPARE(compare->tierList()->checkedTiers(), (QStringList{"host", "subprocess", "container"}));
    QVERIFY(compare->start());
    QVERIFY(finished.wait(120000));
    QCOMPARE(compare->figures()->columnCount(), 3);
    QCOMPARE(compare->figures()->horizontalHeaderItem(0)->text(), QStringLiteral("host (control)"));
    window.editor()->document()->setModified(false);
    window.close();
}

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestGuiComparison test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_gui_comparison.moc"
