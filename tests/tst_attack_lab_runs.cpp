// The Attack Lab running on the real subprocess tier: tiers ticked by availability (not the control, nor a
// billed tier), a bench's box per tier beside the baseline, the bundled suite filling the matrix, the bar
// chart and the counts table alike, Stop ending a lab within a second with nothing left running, and a
// superseded lab run's results dropped.

#include "gui/attack_lab_page.h"
#include "gui/attack_matrix_model.h"
#include "gui/lab_charts.h"
#include "gui/lab_controller.h"
#include "process_census.h"
#include "support/attack_lab_kit.h"
#include "support/source_paths.h"
#include "tiers/builtin_tiers.h"
#include "tiers/e2b/e2b_tier.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QCheckBox>
#include <QElapsedTimer>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <algorithm>

using namespace sandbench;

using test_support::allTiers;
using test_support::barCounts;
using test_support::countProcessesNamed;
using test_support::writeFile;

namespace {

// A page whose tiers have answered probe(), with only `tier` checked.
std::unique_ptr<AttackLabPage> pageOn(const QString& tier, const Policy& policy) {
    auto tiers = allTiers();
    AttackLabPage::ProbeResults probes;
    for (const auto& [name, listed] : tiers)
        probes.emplace_back(name, listed->probe());
    auto page = std::make_unique<AttackLabPage>(std::move(tiers));
    page->setProbeResults(probes);
    page->setCheckedTiers({tier});
    page->setPolicy(policy);
    page->resize(1200, 800);
    page->show();
    return page;
}

} // namespace

class TestAttackLabRuns : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<Tier> m_subprocess;

private Q_SLOTS:
    void initTestCase() {
        m_subprocess = std::shared_ptr<Tier>(builtinTiers().create("subprocess"));
        if (!m_subprocess)
            QSKIP("this build has no subprocess tier");
        const ProbeResult probe = m_subprocess->probe();
        if (!probe.available)
            QSKIP(qPrintable(QStringLiteral("the subprocess tier is unavailable here: %1")
                                 .arg(QString::fromStdString(probe.reason))));
    }

    void tiersAreCheckedByAvailabilityAndTheControlIsOff() {
        auto tiers = allTiers();
        AttackLabPage::ProbeResults probes;
        for (const auto& [name, tier] : tiers)
            probes.emplace_back(name, tier->probe());
        AttackLabPage page(tiers);
        QVERIFY(page.checkedTiers().isEmpty()); // nothing can run before the probes have answered
        QVERIFY(!page.runAction()->isEnabled());
        page.setProbeResults(probes);
        QVERIFY(page.checkedTiers().contains("subprocess"));
        QVERIFY(!page.checkedTiers().contains("host")); // the control is the user's choice
        const auto boxes = page.findChildren<QCheckBox*>();
        const auto host = std::find_if(boxes.begin(), boxes.end(),
                                       [](QCheckBox* box) { return box->text().startsWith("host"); });
        QVERIFY(host != boxes.end());
        QCOMPARE((*host)->text(), QStringLiteral("host (control, no isolation)"));
        page.setCheckedTiers({"host", "subprocess"});
        QCOMPARE(page.checkedTiers(), (QStringList{"host", "subprocess"}));

        // A billed tier that can run (e2b with a key) is offered but not ticked: every cell is a paid
        // sandbox.
        E2bSettings withKey;
        withKey.apiKey = "e2b_0123456789abcdef0123456789abcdef01234567";
        QCOMPARE(tiers.at(1).first, std::string("subprocess"));
        auto e2b = std::make_shared<E2bTier>(withKey);
        const ProbeResult e2bProbe = e2b->probe();
        QVERIFY2(e2bProbe.available, e2bProbe.reason.c_str());
        AttackLabPage billed({{"subprocess", tiers.at(1).second}, {"e2b", e2b}});
        billed.setProbeResults({{"subprocess", probes.at(1).second}, {"e2b", e2bProbe}});
        QCOMPARE(billed.checkedTiers(), QStringList{"subprocess"});
        const auto billedBoxes = billed.findChildren<QCheckBox*>();
        const auto e2bBox = std::find_if(billedBoxes.begin(), billedBoxes.end(),
                                         [](QCheckBox* box) { return box->text().startsWith("e2b"); });
        QVERIFY(e2bBox != billedBoxes.end());
        QVERIFY((*e2bBox)->isEnabled());
        QVERIFY((*e2bBox)->toolTip().startsWith("Billed for every run"));
        billed.setCheckedTiers({"subprocess", "e2b"});
        QCOMPARE(billed.checkedTiers(), (QStringList{"subprocess", "e2b"}));
        QVERIFY(page.runAction()->isEnabled());
        QCOMPARE(page.suiteFolder(), QString::fromUtf8(test_support::attacksSourceDir()));
    }

    void benchShowsEachTierAgainstItsOwnReference() {
        auto page = pageOn("subprocess", Policy{});
        page->setBenchRuns(3);
        QSignalSpy finished(page.get(), &AttackLabPage::benchFinished);
        QVERIFY(page->startBench());
        QVERIFY(page->stopAction()->isEnabled());
        QVERIFY(finished.wait(60000));
        LatencyChart* chart = page->latencyChart();
        const int rows = chart->rowCount();
        QVERIFY(rows >= 1); // cold, and warm where the tier has a pool
        QCOMPARE(chart->rowLabel(0), QStringLiteral("subprocess · cold\nvs bare python3"));
        QCOMPARE(chart->tierP50()->count(), rows);
        QCOMPARE(chart->referenceP50()->count(), rows);
        // Its figures, p95s too, in the details' tab of their own, brought forward once the bench is done.
        QCOMPARE(page->latencyTable()->rowCount(), rows);
        QVERIFY(page->latencyTable()->isVisibleTo(page.get()));
        QVERIFY(page->latencyTable()->sentence(0).contains(QStringLiteral("bare python3: p50 ")));
        for (int i = 0; i < rows; ++i) {
            QVERIFY(chart->tierP50()->at(i).y() > 0);
            QVERIFY(chart->tierP50()->at(i).y() <= chart->tierP95()->at(i).y());
            QVERIFY(chart->referenceP50()->at(i).y() <= chart->referenceP95()->at(i).y());
        }
        QVERIFY(!page->isRunning());
    }

    void bundledSuiteOnSubprocessFillsTheMatrix() {
        Policy policy;
        policy.timeoutSeconds = 2;
        auto page = pageOn("subprocess", policy);
        QCOMPARE(page->checkedTiers(), QStringList{"subprocess"});
        QAbstractItemModelTester tester(page->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy finished(page.get(), &AttackLabPage::labFinished);
        QSignalSpy status(page.get(), &AttackLabPage::statusChanged);
        QVERIFY(page->runAction()->isEnabled());
        page->runAction()->trigger();
        QVERIFY2(page->stopAction()->isEnabled(), // the lab started; if not, the status says why
                 qPrintable(status.isEmpty() ? QString() : status.last().at(0).toString()));
        QVERIFY(!page->runAction()->isEnabled());
        QVERIFY(finished.wait(120000));

        // Every attack of the suite ran to a verdict. Whether each one is BLOCKED, and whether the harness
        // finds leftovers (its check sees the whole machine, so other work running beside the test shows), is
        // the engine's to test (tst_attack_matrix); here the matrix, chart and table must agree.
        AttackMatrixModel* model = page->model();
        const auto suite = loadAttackSuite(test_support::attacksSourceDir());
        // The lab's last status names a tier that failed (and why) when a run ends early.
        const QString lastStatus = status.isEmpty() ? QString() : status.last().at(0).toString();
        QCOMPARE(model->rowCount(), static_cast<int>(suite.size()));
        QCOMPARE(model->columnCount(), 1);
        int withLeftovers = 0;
        int failures = 0;
        for (int row = 0; row < model->rowCount(); ++row) {
            const QModelIndex cell = model->index(row, 0);
            const QStringList leftovers = model->data(cell, AttackMatrixModel::LeftoversRole).toStringList();
            const QString what = model->headerData(row, Qt::Vertical).toString() + ": " +
                                 model->data(cell).toString() + ": " +
                                 model->data(cell, AttackMatrixModel::EvidenceRole).toString() + " [" +
                                 leftovers.join(QStringLiteral("; ")) + "]";
            QVERIFY2(model->outcome(row, 0), qPrintable(what + " — the lab said: " + lastStatus));
            QVERIFY2(model->data(cell, AttackMatrixModel::VerdictRole).toString() != "ERROR",
                     qPrintable(what));
            if (model->data(cell, AttackMatrixModel::VerdictRole).toString() == "BLOCKED")
                QVERIFY2(!model->data(cell, AttackMatrixModel::LayerRole).toString().isEmpty(),
                         qPrintable(what));
            withLeftovers += leftovers.isEmpty() ? 0 : 1;
            failures += model->data(cell, AttackMatrixModel::FailureRole).toBool() ? 1 : 0;
            if (!leftovers.isEmpty())
                QVERIFY2(model->data(cell).toString().contains(QStringLiteral("⚠ leftovers")),
                         qPrintable(what));
        }
        const VerdictCounts counts = model->counts("subprocess");
        QCOMPARE(counts.total(), static_cast<int>(suite.size()));
        QCOMPARE(counts.error, 0);
        QCOMPARE(counts.leftovers, withLeftovers);
        QCOMPARE(counts.failures, failures);
        QVERIFY(counts.blocked > counts.allowed);

        QStackedBarSeries* series = page->barSeries();
        QCOMPARE(series->count(), 4);
        QMap<QString, QBarSet*> sets;
        for (QBarSet* set : series->barSets())
            sets[set->label()] = set;
        QCOMPARE(sets.keys(), (QStringList{"ALLOWED", "ALLOWED (expected)", "BLOCKED", "ERROR"}));
        QCOMPARE(sets["BLOCKED"]->count(), 1); // one category: the one tier
        QCOMPARE(barCounts(*page, "subprocess"), counts);

        QVERIFY(!status.isEmpty());
        QVERIFY2(status.last().at(0).toString().contains(QStringLiteral("%1 blocked").arg(counts.blocked)),
                 qPrintable(status.last().at(0).toString()));
        QVERIFY(page->runAction()->isEnabled());
        QVERIFY(!page->stopAction()->isEnabled());

        // Clicking a cell shows that attack's code, its output and the evidence.
        const QModelIndex secret = model->index(4, 0); // 05_read_host_secret.py
        page->matrixView()->scrollTo(secret);
        QTest::mouseClick(page->matrixView()->viewport(), Qt::LeftButton, {},
                          page->matrixView()->visualRect(secret).center());
        QVERIFY2(page->detailText("code").contains("@SECRET_PATH@"), qPrintable(page->detailText("code")));
        QVERIFY(page->detailText("evidence")
                    .contains(model->data(secret, AttackMatrixModel::EvidenceRole).toString()));
        QVERIFY(page->detailText("evidence").contains("BLOCKED"));
    }

    void stopEndsTheLabWithinASecondAndLeavesNothing() {
        QTemporaryDir suite;
        QVERIFY(suite.isValid());
        const std::string name = "sbx-lab-" + std::to_string(QCoreApplication::applicationPid() % 100000);
        writeFile(suite.filePath("01_spin.py"),
                  "# name: Spin\n# expect: stopped\nimport ctypes\nctypes.CDLL(None).prctl(15, b'" + name +
                      "', 0, 0, 0)\nwhile True:\n    pass\n");
        writeFile(suite.filePath("02_never.py"),
                  "# name: Never reached\n# expect: marker LEAKED\nprint(1)\n");
        Policy policy;
        policy.timeoutSeconds = 60;
        policy.cpuSeconds = 60;
        auto page = pageOn("subprocess", policy);
        page->setSuiteFolder(suite.path());
        QSignalSpy finished(page->controller(), &LabController::labFinished);
        QVERIFY(page->startLab());
        QTRY_COMPARE_WITH_TIMEOUT(countProcessesNamed(name), 1, 15000);

        QElapsedTimer clock;
        clock.start();
        page->stopAction()->trigger();
        QVERIFY(finished.wait(1000));
        QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(finished.at(0).at(1).toBool(), true);                  // cancelled
        QCOMPARE(countProcessesNamed(name), 0);                         // nothing left behind
        QCOMPARE(page->model()->counts("subprocess"), VerdictCounts{}); // a half-run attack proves nothing
        QVERIFY(!page->isRunning());
        QVERIFY(page->runAction()->isEnabled());
    }

    void aSupersededLabRunsResultsAreDropped() {
        QTemporaryDir first;
        QTemporaryDir second;
        for (int i = 1; i <= 3; ++i)
            writeFile(first.filePath(QStringLiteral("0%1.py").arg(i)),
                      "# name: stale " + std::to_string(i) + "\n# expect: marker LEAKED\nprint('ok')\n");
        writeFile(second.filePath("01.py"), "# name: fresh\n# expect: marker LEAKED\nprint('ok')\n");

        LabController controller;
        QSignalSpy attacks(&controller, &LabController::attackFinished);
        QSignalSpy finished(&controller, &LabController::labFinished);
        const std::vector<LabController::NamedTier> tiers{{"subprocess", m_subprocess}};
        const LabOptions options; // named: GCC 12 at -O2 misreads a temporary's map as uninitialised
        const quint64 stale = controller.start(tiers, loadAttackSuite(first.path().toStdString()), options);
        // Without turning the event loop, the first run finishes its attacks and queues their results.
        QThread::sleep(4);
        const quint64 fresh = controller.start(tiers, loadAttackSuite(second.path().toStdString()), options);
        QVERIFY(fresh != stale);
        QVERIFY(finished.wait(30000));
        QTest::qWait(200); // anything else still queued

        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.at(0).at(0).value<quint64>(), fresh);
        QCOMPARE(attacks.count(), 1);
        QCOMPARE(attacks.at(0).at(0).value<quint64>(), fresh);
        QCOMPARE(attacks.at(0).at(2).value<AttackOutcome>().attack, std::string("fresh"));
        QVERIFY(!controller.isRunning());
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestAttackLabRuns test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_attack_lab_runs.moc"
