// The Attack Lab tab driven offscreen: the matrix model under QAbstractItemModelTester, a run of the
// bundled suite on the real subprocess tier (six BLOCKED, in the matrix and the bar chart alike), Stop
// ending a lab within a second with nothing left running, and a superseded lab run's results dropped.

#include "backends/builtin_backends.h"
#include "gui/attack_lab_page.h"
#include "gui/attack_matrix_model.h"
#include "gui/lab_charts.h"
#include "gui/lab_controller.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QCheckBox>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <algorithm>
#include <dirent.h>
#include <fstream>

using namespace sandbench;

namespace {

int countProcessesNamed(const std::string& name) {
    int count = 0;
    DIR* proc = ::opendir("/proc");
    while (dirent* entry = ::readdir(proc)) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9')
            continue;
        std::ifstream comm(std::string("/proc/") + entry->d_name + "/comm");
        std::string line;
        if (std::getline(comm, line) && line == name)
            ++count;
    }
    ::closedir(proc);
    return count;
}

AttackLabPage::Tiers allTiers() {
    const BackendRegistry registry = builtinBackends();
    AttackLabPage::Tiers tiers;
    for (const auto& name : registry.names())
        tiers.emplace_back(name, std::shared_ptr<Backend>(registry.create(name)));
    return tiers;
}

// A page whose tiers have answered probe(), with only `tier` checked.
std::unique_ptr<AttackLabPage> pageOn(const QString& tier, const Policy& policy) {
    auto tiers = allTiers();
    AttackLabPage::ProbeResults probes;
    for (const auto& [name, backend] : tiers)
        probes.emplace_back(name, backend->probe());
    auto page = std::make_unique<AttackLabPage>(std::move(tiers));
    page->setProbeResults(probes);
    page->setCheckedTiers({tier});
    page->setPolicy(policy);
    page->resize(1200, 800);
    page->show();
    return page;
}

void writeFile(const QString& path, const std::string& text) {
    std::ofstream file(path.toStdString(), std::ios::binary | std::ios::trunc);
    file << text;
}

AttackOutcome fakeOutcome(const std::string& attack, Verdict verdict, double seconds) {
    AttackOutcome outcome;
    outcome.attack = attack;
    outcome.backend = "subprocess";
    outcome.verdict = verdict;
    outcome.evidence = "evidence for " + attack;
    outcome.seconds = seconds;
    return outcome;
}

} // namespace

class TestAttackLab : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<Backend> m_subprocess;

private Q_SLOTS:
    void initTestCase() {
        m_subprocess = std::shared_ptr<Backend>(builtinBackends().create("subprocess"));
        if (!m_subprocess)
            QSKIP("this build has no subprocess tier");
        const ProbeResult probe = m_subprocess->probe();
        if (!probe.available)
            QSKIP(qPrintable(QStringLiteral("the subprocess tier is unavailable here: %1")
                                 .arg(QString::fromStdString(probe.reason))));
    }

    void matrixModelPassesTheModelTester() {
        AttackMatrixModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSuite({"CPU loop", "Fork flood", "Read host secret"});
        model.setTiers({"host", "subprocess"}, {"host"});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), 2);
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("host (control)"));
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("subprocess"));
        QCOMPARE(model.headerData(2, Qt::Vertical).toString(), QStringLiteral("Read host secret"));
        QVERIFY(!model.data(model.index(0, 1)).isValid()); // nothing has run yet

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QVERIFY(model.addOutcome("subprocess", fakeOutcome("Fork flood", Verdict::Blocked, 0.42)));
        QCOMPARE(changed.count(), 1);
        const QModelIndex cell = model.index(1, 1);
        QCOMPARE(changed.at(0).at(0).toModelIndex(), cell); // that cell only
        QCOMPARE(changed.at(0).at(1).toModelIndex(), cell);
        QCOMPARE(model.data(cell).toString(), QStringLiteral("BLOCKED 0.4 s"));
        QCOMPARE(model.data(cell, AttackMatrixModel::VerdictRole).toString(), QStringLiteral("BLOCKED"));
        QCOMPARE(model.data(cell, Qt::ToolTipRole).toString(), QStringLiteral("evidence for Fork flood"));
        QCOMPARE(model.data(cell, AttackMatrixModel::EvidenceRole).toString(),
                 QStringLiteral("evidence for Fork flood"));
        const auto whole = model.data(cell, AttackMatrixModel::OutcomeRole).value<AttackOutcome>();
        QCOMPARE(whole.attack, std::string("Fork flood"));
        QCOMPARE(whole.seconds, 0.42);

        model.addOutcome("subprocess", fakeOutcome("CPU loop", Verdict::Blocked, 2.0));
        model.addOutcome("subprocess", fakeOutcome("Read host secret", Verdict::Error, 0.1));
        model.addOutcome("host", fakeOutcome("Read host secret", Verdict::Allowed, 0.1));
        QCOMPARE(model.counts("subprocess"), (VerdictCounts{2, 0, 1}));
        QCOMPARE(model.counts("host"), (VerdictCounts{0, 1, 0}));
        // Every verdict has its own colour.
        const QColor blocked = model.data(model.index(0, 1), Qt::BackgroundRole).value<QColor>();
        const QColor error = model.data(model.index(2, 1), Qt::BackgroundRole).value<QColor>();
        const QColor allowed = model.data(model.index(2, 0), Qt::BackgroundRole).value<QColor>();
        QVERIFY(blocked != error && error != allowed && allowed != blocked);

        // Unknown attacks and tiers change nothing.
        changed.clear();
        QVERIFY(!model.addOutcome("subprocess", fakeOutcome("No such attack", Verdict::Allowed, 1)));
        QVERIFY(!model.addOutcome("microvm", fakeOutcome("CPU loop", Verdict::Allowed, 1)));
        QCOMPARE(changed.count(), 0);

        model.clearOutcomes();
        QCOMPARE(model.counts("subprocess"), VerdictCounts{});
        model.setTiers({"subprocess"});
        model.setSuite({"only one"});
        QCOMPARE(model.rowCount(), 1);
    }

    void tiersAreCheckedByAvailabilityAndTheControlIsOff() {
        auto tiers = allTiers();
        AttackLabPage::ProbeResults probes;
        for (const auto& [name, backend] : tiers)
            probes.emplace_back(name, backend->probe());
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
        QVERIFY(page.runAction()->isEnabled());
        QCOMPARE(page.suiteFolder(), QStringLiteral(SANDBENCH_SOURCE_ATTACKS_DIR));
    }

    void benchShowsABoxPerTierAndTheBaseline() {
        auto page = pageOn("subprocess", Policy{});
        page->setBenchRuns(3);
        QSignalSpy finished(page.get(), &AttackLabPage::benchFinished);
        QVERIFY(page->startBench());
        QVERIFY(page->stopAction()->isEnabled());
        QVERIFY(finished.wait(60000));
        QBoxPlotSeries* series = page->boxSeries();
        QCOMPARE(series->count(), 2);
        QCOMPARE(series->boxSets().at(0)->label(), QStringLiteral("subprocess"));
        QCOMPARE(series->boxSets().at(1)->label(), LatencyChart::baselineLabel());
        for (QBoxSet* box : series->boxSets()) {
            QVERIFY(box->at(QBoxSet::LowerExtreme) > 0);
            QVERIFY(box->at(QBoxSet::LowerExtreme) <= box->at(QBoxSet::LowerQuartile));
            QVERIFY(box->at(QBoxSet::LowerQuartile) <= box->at(QBoxSet::Median));
            QVERIFY(box->at(QBoxSet::Median) <= box->at(QBoxSet::UpperQuartile));
            QVERIFY(box->at(QBoxSet::UpperQuartile) <= box->at(QBoxSet::UpperExtreme));
        }
        QVERIFY(!page->isRunning());
    }

    void bundledSuiteOnSubprocessIsAllBlocked() {
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
        QVERIFY(page->stopAction()->isEnabled());
        QVERIFY(!page->runAction()->isEnabled());
        QVERIFY(finished.wait(120000));

        AttackMatrixModel* model = page->model();
        QCOMPARE(model->rowCount(), 6);
        QCOMPARE(model->columnCount(), 1);
        for (int row = 0; row < model->rowCount(); ++row) {
            const QModelIndex cell = model->index(row, 0);
            QVERIFY2(model->data(cell, AttackMatrixModel::VerdictRole).toString() == "BLOCKED",
                     qPrintable(model->headerData(row, Qt::Vertical).toString() + ": " +
                                model->data(cell).toString() + ": " +
                                model->data(cell, AttackMatrixModel::EvidenceRole).toString()));
        }
        QCOMPARE(model->counts("subprocess"), (VerdictCounts{6, 0, 0}));

        QStackedBarSeries* series = page->barSeries();
        QCOMPARE(series->count(), 3);
        QMap<QString, QBarSet*> sets;
        for (QBarSet* set : series->barSets())
            sets[set->label()] = set;
        QVERIFY(sets.contains("BLOCKED") && sets.contains("ALLOWED") && sets.contains("ERROR"));
        QCOMPARE(sets["BLOCKED"]->count(), 1); // one category: the one tier
        QCOMPARE(sets["BLOCKED"]->at(0), 6.0);
        QCOMPARE(sets["ALLOWED"]->at(0), 0.0);
        QCOMPARE(sets["ERROR"]->at(0), 0.0);

        QVERIFY(!status.isEmpty());
        QVERIFY2(status.last().at(0).toString().contains("6 blocked"),
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
        const std::vector<LabController::Tier> tiers{{"subprocess", m_subprocess}};
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
    TestAttackLab test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_attack_lab.moc"
