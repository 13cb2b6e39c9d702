// The Attack Lab tab driven offscreen: the matrix model under QAbstractItemModelTester, expected and
// unexpected ALLOWED drawn apart, leftovers shown and counted as failures, the layer in cells and details,
// a run of the bundled suite on the real subprocess tier (a verdict per attack, in the matrix, the bar chart
// and the counts table alike), Stop ending a lab within a second with nothing left running, a superseded
// lab run's results dropped, and lab runs exported (JSON with the new keys, CSV, the HTML report),
// re-opened (older files too, malformed ones refused) and charts saved as PNG.

#include "gui/attack_lab_page.h"
#include "gui/attack_matrix_model.h"
#include "gui/lab_charts.h"
#include "gui/lab_controller.h"
#include "gui/lab_run_file.h"
#include "gui/language.h"
#include "gui/theme.h"
#include "process_census.h"
#include "tiers/builtin_tiers.h"
#include "tiers/e2b/e2b_tier.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QCheckBox>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPalette>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <algorithm>
#include <cmath>
#include <dirent.h>
#include <fstream>

using namespace sandbench;

using test_support::countProcessesNamed;

namespace {

AttackLabPage::Tiers allTiers() {
    const TierRegistry registry = builtinTiers();
    AttackLabPage::Tiers tiers;
    for (const auto& name : registry.names())
        tiers.emplace_back(name, std::shared_ptr<Tier>(registry.create(name)));
    return tiers;
}

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

void writeFile(const QString& path, const std::string& text) {
    std::ofstream file(path.toStdString(), std::ios::binary | std::ios::trunc);
    file << text;
}

AttackOutcome fakeOutcome(const std::string& attack, Verdict verdict, double seconds) {
    AttackOutcome outcome;
    outcome.attack = attack;
    outcome.tier = "subprocess";
    outcome.verdict = verdict;
    outcome.evidence = "evidence for " + attack;
    outcome.seconds = seconds;
    return outcome;
}

// An outcome as the judge now fills it: the layer that decided, whether it was expected, leftovers.
AttackOutcome judgedOutcome(const std::string& attack, const std::string& tier, Verdict verdict,
                            const std::string& layer, bool expected,
                            std::vector<std::string> leftovers = {}) {
    AttackOutcome outcome = fakeOutcome(attack, verdict, 0.4);
    outcome.tier = tier;
    outcome.fileName = attack + ".py";
    outcome.category = "processes";
    outcome.layer = layer;
    outcome.expected = expected;
    outcome.leftovers = std::move(leftovers);
    outcome.result.tier = tier;
    return outcome;
}

// WCAG 2 contrast ratio of two colours.
double contrast(const QColor& a, const QColor& b) {
    auto luminance = [](const QColor& c) {
        auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
    };
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// How many pixels of `image` inside `rect` have exactly `colour`.
int pixelsOf(const QImage& image, const QRect& rect, const QColor& colour) {
    int count = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y) {
        for (int x = rect.left(); x <= rect.right(); ++x) {
            if (image.pixelColor(x, y).rgb() == colour.rgb())
                ++count;
        }
    }
    return count;
}

// A page with no tier probed: enough to show, export and re-open lab runs.
std::unique_ptr<AttackLabPage> idlePage() {
    auto page = std::make_unique<AttackLabPage>(allTiers());
    page->resize(1000, 700);
    page->show();
    return page;
}

// What a cell shows and holds, for comparing two matrices.
QStringList cellsOf(const AttackMatrixModel& model) {
    QStringList cells;
    for (int row = 0; row < model.rowCount(); ++row) {
        for (int column = 0; column < model.columnCount(); ++column) {
            const AttackOutcome* cell = model.outcome(row, column);
            if (!cell) {
                cells.append(
                    QStringLiteral("%1|%2|-").arg(model.attacks().at(row), model.tiers().at(column)));
                continue;
            }
            const RunResult& r = cell->result;
            cells.append(
                QStringLiteral("%1|%2|%3|%4|%5|%6|%7|%8|%9")
                    .arg(model.attacks().at(row), model.tiers().at(column),
                         model.data(model.index(row, column)).toString(),
                         QString::fromStdString(cell->evidence), QString::fromStdString(cell->category),
                         QString::fromStdString(cell->fileName), cell->control ? "control" : "isolated",
                         QString::fromStdString(r.stdoutBytes + "/" + r.stderrBytes + "/" + r.evidence),
                         QStringLiteral("%1 %2 %3 %4 %5 %6")
                             .arg(r.exitCode.value_or(-1))
                             .arg(r.termSignal.value_or(-1))
                             .arg(r.wallSeconds)
                             .arg(QString::fromUtf8(toString(r.stoppedBy)))
                             .arg(r.peakMemoryKb.value_or(-1))
                             .arg(r.timedOut)));
        }
    }
    return cells;
}

// What the bar chart and the counts table beside it show for `tier`.
VerdictCounts barCounts(AttackLabPage& page, const QString& tier) {
    const int category = page.verdictChart()->category(tier);
    auto at = [&](CellKind kind) {
        return static_cast<int>(page.verdictChart()->barSet(kind)->at(category));
    };
    const VerdictCounts bars{at(CellKind::Blocked),
                             at(CellKind::AllowedExpected) + at(CellKind::AllowedUnexpected),
                             at(CellKind::Error),
                             at(CellKind::AllowedUnexpected),
                             page.countsTable()->count(tier, VerdictCountsTable::LeftoversColumn),
                             page.countsTable()->count(tier, VerdictCountsTable::FailuresColumn)};
    const VerdictCountsTable* table = page.countsTable();
    const VerdictCounts rows{table->count(tier, VerdictCountsTable::BlockedColumn),
                             table->count(tier, VerdictCountsTable::AllowedColumn),
                             table->count(tier, VerdictCountsTable::ErrorColumn),
                             table->count(tier, VerdictCountsTable::UnexpectedColumn),
                             bars.leftovers,
                             bars.failures};
    return bars == rows ? bars : VerdictCounts{-1, -1, -1, -1, -1, -1}; // the chart and table disagree
}

// As `sandbench-cli attacks --json` prints it (docs/cli-json.md), written by hand: host (control) first.
const char* const kCliJson = R"([
  {
    "attack": "Read host secret", "file": "05_read_host_secret.py", "category": "filesystem",
    "tier": "host", "control": true, "verdict": "ALLOWED", "evidence": "secret in stdout",
    "seconds": 0.03, "stopped_by": "none", "exit_code": 0, "signal": null,
    "result": {"tier": "host", "stdout": "s3cret\n", "stderr": "", "stdout_truncated": false,
               "stderr_truncated": false, "exit_code": 0, "signal": null, "timed_out": false,
               "wall_seconds": 0.03, "cpu_seconds": 0.02, "peak_memory_kb": 9000, "stopped_by": "none",
               "evidence": ""}
  },
  {
    "attack": "CPU loop", "file": "01_cpu_loop.py", "category": "cpu",
    "tier": "subprocess", "control": false, "verdict": "BLOCKED", "evidence": "killed at 2.0 s CPU limit",
    "seconds": 2.1, "stopped_by": "cpu_limit", "exit_code": null, "signal": 9,
    "result": {"tier": "subprocess", "stdout": "", "stderr": "", "stdout_truncated": false,
               "stderr_truncated": false, "exit_code": null, "signal": 9, "timed_out": false,
               "wall_seconds": 2.1, "cpu_seconds": 2.0, "peak_memory_kb": null, "stopped_by": "cpu_limit",
               "evidence": "killed at 2.0 s CPU limit"}
  },
  {
    "attack": "Read host secret", "file": "05_read_host_secret.py", "category": "filesystem",
    "tier": "subprocess", "control": false, "verdict": "BLOCKED", "evidence": "path not present",
    "seconds": 0.04, "stopped_by": "filesystem_hidden", "exit_code": 1, "signal": null,
    "result": {"tier": "subprocess", "stdout": "", "stderr": "Traceback ...", "stdout_truncated": false,
               "stderr_truncated": false, "exit_code": 1, "signal": null, "timed_out": false,
               "wall_seconds": 0.04, "cpu_seconds": 0.01, "peak_memory_kb": 8000,
               "stopped_by": "filesystem_hidden", "evidence": "path not present"}
  }
])";

} // namespace

class TestAttackLab : public QObject {
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
        QVERIFY(model.data(cell, Qt::ToolTipRole).toString().contains("evidence for Fork flood"));
        QCOMPARE(model.data(cell, AttackMatrixModel::EvidenceRole).toString(),
                 QStringLiteral("evidence for Fork flood"));
        const auto whole = model.data(cell, AttackMatrixModel::OutcomeRole).value<AttackOutcome>();
        QCOMPARE(whole.attack, std::string("Fork flood"));
        QCOMPARE(whole.seconds, 0.42);

        model.addOutcome("subprocess", fakeOutcome("CPU loop", Verdict::Blocked, 2.0));
        model.addOutcome("subprocess", fakeOutcome("Read host secret", Verdict::Error, 0.1));
        model.addOutcome("host", fakeOutcome("Read host secret", Verdict::Allowed, 0.1));
        QCOMPARE(model.counts("subprocess"), (VerdictCounts{2, 0, 1}));
        QCOMPARE(model.counts("host"), (VerdictCounts{0, 1, 0, 1, 0, 1})); // not expected: a failure
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

    void expectedAndUnexpectedAllowedAreDrawnApart() {
        AttackMatrixModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSuite({"Ptrace the canary", "Read host secret"});
        model.setTiers({"subprocess", "container"});
        AttackOutcome expected =
            judgedOutcome("Ptrace the canary", "subprocess", Verdict::Allowed, "none", true);
        AttackOutcome unexpected =
            judgedOutcome("Ptrace the canary", "container", Verdict::Allowed, "none", false);
        AttackOutcome blocked =
            judgedOutcome("Read host secret", "container", Verdict::Blocked, "seccomp", false);
        blocked.layerDetail = "ptrace";
        blocked.layerInferred = true;
        QVERIFY(model.addOutcome("subprocess", expected));
        QVERIFY(model.addOutcome("container", unexpected));
        QVERIFY(model.addOutcome("container", blocked));
        const QModelIndex expectedCell = model.index(0, 0);
        const QModelIndex unexpectedCell = model.index(0, 1);
        const QModelIndex blockedCell = model.index(1, 1);

        // Labelled apart…
        QCOMPARE(model.data(expectedCell).toString(), QStringLiteral("ALLOWED (expected) 0.4 s"));
        QCOMPARE(model.data(unexpectedCell).toString(), QStringLiteral("ALLOWED 0.4 s"));
        QCOMPARE(model.data(expectedCell, AttackMatrixModel::VerdictRole).toString(),
                 QStringLiteral("ALLOWED"));
        QCOMPARE(model.data(unexpectedCell, AttackMatrixModel::VerdictRole).toString(),
                 QStringLiteral("ALLOWED"));
        QCOMPARE(model.data(expectedCell, AttackMatrixModel::KindRole).toInt(),
                 int(CellKind::AllowedExpected));
        QCOMPARE(model.data(unexpectedCell, AttackMatrixModel::KindRole).toInt(),
                 int(CellKind::AllowedUnexpected));
        QCOMPARE(model.data(expectedCell, AttackMatrixModel::ExpectedRole).toBool(), true);
        QCOMPARE(model.data(unexpectedCell, AttackMatrixModel::ExpectedRole).toBool(), false);
        QCOMPARE(model.data(expectedCell, AttackMatrixModel::FailureRole).toBool(), false);
        QCOMPARE(model.data(unexpectedCell, AttackMatrixModel::FailureRole).toBool(), true);
        QVERIFY(model.data(unexpectedCell, Qt::ToolTipRole).toString().contains("a failure"));
        // …and coloured apart, each colour with text readable on it whatever the theme.
        const QColor amber = model.data(expectedCell, Qt::BackgroundRole).value<QColor>();
        const QColor red = model.data(unexpectedCell, Qt::BackgroundRole).value<QColor>();
        const QColor green = model.data(blockedCell, Qt::BackgroundRole).value<QColor>();
        QVERIFY(amber != red && red != green && green != amber);
        for (CellKind kind :
             {CellKind::Blocked, CellKind::AllowedExpected, CellKind::AllowedUnexpected, CellKind::Error}) {
            const double ratio =
                contrast(AttackMatrixModel::foreground(kind), AttackMatrixModel::background(kind));
            QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("kind %1: %2:1").arg(int(kind)).arg(ratio)));
        }

        // The layer that decided is named in the cell, and in full (detail, inferred) in its tooltip.
        QCOMPARE(model.data(blockedCell).toString(), QStringLiteral("BLOCKED · seccomp 0.4 s"));
        QCOMPARE(model.data(blockedCell, AttackMatrixModel::LayerRole).toString(),
                 QStringLiteral("seccomp: ptrace (inferred)"));
        QVERIFY(model.data(blockedCell, Qt::ToolTipRole)
                    .toString()
                    .startsWith("BLOCKED · seccomp: ptrace (inferred)"));
        QVERIFY(model.data(blockedCell, Qt::ToolTipRole).toString().contains("Leftovers: none"));
        QCOMPARE(model.data(blockedCell, AttackMatrixModel::FailureRole).toBool(), false);

        QCOMPARE(model.counts("subprocess"), (VerdictCounts{0, 1, 0, 0, 0, 0}));
        QCOMPARE(model.counts("container"), (VerdictCounts{1, 1, 0, 1, 0, 1}));
    }

    void leftoversMakeAnyCellAFailure() {
        auto page = idlePage();
        AttackMatrixModel* model = page->model();
        model->setSuite({"Fork and stay", "Read host secret"});
        model->setTiers({"subprocess"});
        const std::vector<std::string> leftovers{"process sbx-ab12 (pid 4242)", "folder /tmp/sbx-ab12"};
        QVERIFY(model->addOutcome("subprocess", judgedOutcome("Fork and stay", "subprocess", Verdict::Blocked,
                                                              "cgroup", false, leftovers)));
        QVERIFY(model->addOutcome("subprocess", judgedOutcome("Read host secret", "subprocess",
                                                              Verdict::Blocked, "landlock", false)));
        const QModelIndex dirty = model->index(0, 0);
        const QModelIndex clean = model->index(1, 0);
        QCOMPARE(model->data(dirty, AttackMatrixModel::VerdictRole).toString(), QStringLiteral("BLOCKED"));
        QCOMPARE(model->data(dirty).toString(), QStringLiteral("BLOCKED · cgroup 0.4 s\n⚠ leftovers: 2"));
        QCOMPARE(model->data(dirty, AttackMatrixModel::LeftoversRole).toStringList(),
                 (QStringList{"process sbx-ab12 (pid 4242)", "folder /tmp/sbx-ab12"}));
        QCOMPARE(model->data(dirty, AttackMatrixModel::FailureRole).toBool(), true);
        QVERIFY(model->data(dirty, Qt::ToolTipRole).toString().contains("folder /tmp/sbx-ab12"));
        QCOMPARE(model->data(clean, AttackMatrixModel::FailureRole).toBool(), false);
        QCOMPARE(model->counts("subprocess"), (VerdictCounts{2, 0, 0, 0, 1, 1}));

        // The page counts it as a failure of the tier, in the table beside the chart.
        QCOMPARE(barCounts(*page, "subprocess"), (VerdictCounts{2, 0, 0, 0, 1, 1}));

        // Drawn with the hazard frame, on the light and the dark theme alike; the clean cell has none.
        for (const QPalette& palette : {lightPalette(), darkPalette()}) {
            page->setPalette(palette);
            QApplication::processEvents();
            const QImage image = page->matrixView()->viewport()->grab().toImage();
            const QRect dirtyRect = page->matrixView()->visualRect(dirty);
            const QRect cleanRect = page->matrixView()->visualRect(clean);
            QVERIFY(pixelsOf(image, dirtyRect, AttackMatrixModel::leftoversFrame()) > 20);
            QCOMPARE(pixelsOf(image, cleanRect, AttackMatrixModel::leftoversFrame()), 0);
            // The cell's own colour, not the theme's, fills it.
            QVERIFY(pixelsOf(image, cleanRect, AttackMatrixModel::background(CellKind::Blocked)) >
                    cleanRect.width() * cleanRect.height() / 2);
        }
    }

    void detailsShowVerdictLayerAndLeftovers() {
        auto page = idlePage();
        AttackMatrixModel* model = page->model();
        model->setSuite({"Ptrace the canary", "Fork and stay"});
        model->setTiers({"host", "subprocess"}, {"host"});
        AttackOutcome inferred =
            judgedOutcome("Ptrace the canary", "subprocess", Verdict::Blocked, "seccomp", false);
        inferred.layerDetail = "ptrace";
        inferred.layerInferred = true;
        inferred.evidence = "DENIED ptrace EPERM";
        AttackOutcome root =
            judgedOutcome("Ptrace the canary", "host", Verdict::Blocked, "capabilities", true);
        root.control = true;
        root.needsRoot = true;
        root.unmetNeeds = "not running as root";
        AttackOutcome dirty = judgedOutcome("Fork and stay", "subprocess", Verdict::Allowed, "none", false,
                                            {"process sbx-ab12 (pid 4242)"});
        model->addOutcome("subprocess", inferred);
        model->addOutcome("host", root);
        model->addOutcome("subprocess", dirty);

        page->showDetails(model->index(0, 1));
        QString details = page->detailText("evidence");
        QVERIFY2(details.contains("Ptrace the canary on subprocess: BLOCKED in 0.40 s"), qPrintable(details));
        QVERIFY2(details.contains("Expected: no"), qPrintable(details));
        QVERIFY2(details.contains("Layer: seccomp: ptrace (inferred)"), qPrintable(details));
        QVERIFY2(details.contains("Leftovers: none"), qPrintable(details));
        QVERIFY2(!details.contains("Needs root"), qPrintable(details));
        QVERIFY2(details.contains("Evidence: DENIED ptrace EPERM"), qPrintable(details));

        page->showDetails(model->index(0, 0));
        details = page->detailText("evidence");
        QVERIFY2(details.contains("Expected: yes"), qPrintable(details));
        QVERIFY2(details.contains("Layer: capabilities\n"), qPrintable(details)); // reported, not inferred
        QVERIFY2(details.contains("Needs root"), qPrintable(details));
        QVERIFY2(details.contains("Unmet on this machine: not running as root"), qPrintable(details));

        page->showDetails(model->index(1, 1));
        details = page->detailText("evidence");
        QVERIFY2(details.contains("ALLOWED in 0.40 s"), qPrintable(details));
        QVERIFY2(details.contains("a failure of the tier"), qPrintable(details));
        QVERIFY2(details.contains("Layer: none"), qPrintable(details));
        QVERIFY2(
            details.contains("Leftovers, a failure whatever the verdict:\n  • process sbx-ab12 (pid 4242)"),
            qPrintable(details));
    }

    void newKeysRoundTripAndOldFilesStillOpen() {
        AttackOutcome full = judgedOutcome("Ptrace the canary", "container", Verdict::Blocked, "seccomp",
                                           true, {"container sbx-ab12", "socket 127.0.0.1:4444"});
        full.layerDetail = "ptrace";
        full.layerInferred = true;
        full.needsRoot = true;
        full.unmetNeeds = "not running as root";
        AttackOutcome plain = judgedOutcome("Read host secret", "container", Verdict::Allowed, "none", false);
        const QByteArray json = QByteArray::fromStdString(dumpJson(outcomesToJson({full, plain})));

        // The CLI's key names and types (`attacks --json`).
        const QJsonObject first = QJsonDocument::fromJson(json).array().at(0).toObject();
        QCOMPARE(first.value("layer").toString(), QStringLiteral("seccomp"));
        QCOMPARE(first.value("layer_detail").toString(), QStringLiteral("ptrace"));
        QCOMPARE(first.value("layer_inferred").toBool(), true);
        QCOMPARE(first.value("expected").toBool(), true);
        QCOMPARE(first.value("needs_root").toBool(), true);
        QCOMPARE(first.value("unmet_needs").toString(), QStringLiteral("not running as root"));
        QCOMPARE(first.value("leftovers").toArray(),
                 (QJsonArray{QStringLiteral("container sbx-ab12"), QStringLiteral("socket 127.0.0.1:4444")}));

        QString error;
        const auto back = labrun::fromJson(json, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->run.outcomes.size(), std::size_t(2));
        for (std::size_t i = 0; i < 2; ++i) {
            const AttackOutcome& before = i == 0 ? full : plain;
            const AttackOutcome& after = back->run.outcomes.at(i);
            QCOMPARE(after.layer, before.layer);
            QCOMPARE(after.layerDetail, before.layerDetail);
            QCOMPARE(after.layerInferred, before.layerInferred);
            QCOMPARE(after.expected, before.expected);
            QCOMPARE(after.needsRoot, before.needsRoot);
            QCOMPARE(after.unmetNeeds, before.unmetNeeds);
            QCOMPARE(after.leftovers, before.leftovers);
            QVERIFY(after.verdict == before.verdict);
        }
        // Saved and re-opened by the page, the matrix shows the same.
        auto page = idlePage();
        page->model()->setSuite({"Ptrace the canary", "Read host secret"});
        page->model()->setTiers({"container"});
        page->model()->addOutcome("container", full);
        page->model()->addOutcome("container", plain);
        QTemporaryDir dir;
        QVERIFY2(page->exportRun(dir.filePath("new.json"), &error), qPrintable(error));
        auto reopened = idlePage();
        QVERIFY2(reopened->openRun(dir.filePath("new.json"), &error), qPrintable(error));
        for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(AttackMatrixModel::LayerRole),
                         int(AttackMatrixModel::LeftoversRole), int(AttackMatrixModel::KindRole),
                         int(AttackMatrixModel::FailureRole)}) {
            for (int row = 0; row < 2; ++row)
                QCOMPARE(reopened->model()->index(row, 0).data(role),
                         page->model()->index(row, 0).data(role));
        }
        QCOMPARE(barCounts(*reopened, "container"), (VerdictCounts{1, 1, 0, 1, 1, 2}));

        // A file from before the keys opens with the engine's defaults; the control is expected.
        const auto old = labrun::fromJson(kCliJson, &error);
        QVERIFY2(old, qPrintable(error));
        for (const AttackOutcome& outcome : old->run.outcomes) {
            QVERIFY(outcome.layer.empty() && outcome.layerDetail.empty() && !outcome.layerInferred);
            QVERIFY(outcome.leftovers.empty() && !outcome.needsRoot && outcome.unmetNeeds.empty());
            QCOMPARE(outcome.expected, outcome.control);
        }
        // New keys of the wrong type are refused, naming them.
        auto withKey = [&](const char* key, const QJsonValue& value) {
            QJsonArray list = QJsonDocument::fromJson(json).array();
            QJsonObject object = list.at(0).toObject();
            object.insert(QLatin1String(key), value);
            list.replace(0, object);
            return QJsonDocument(list).toJson();
        };
        QVERIFY(!labrun::fromJson(withKey("leftovers", QJsonArray{1, QStringLiteral("x")}), &error));
        QVERIFY2(error.contains("\"leftovers\" must be an array of strings"), qPrintable(error));
        QVERIFY(!labrun::fromJson(withKey("layer_inferred", QStringLiteral("yes")), &error));
        QVERIFY2(error.contains("\"layer_inferred\" must be true or false"), qPrintable(error));
    }

    void htmlReportHasACellPerMatrixCell() {
        auto page = idlePage();
        QVERIFY(!page->exportReportAction()->isEnabled());
        AttackMatrixModel* model = page->model();
        model->setSuite({"Ptrace the canary", "Fork and stay", "Read host secret"});
        model->setTiers({"host", "subprocess"}, {"host"});
        AttackOutcome control = judgedOutcome("Ptrace the canary", "host", Verdict::Allowed, "none", true);
        control.control = true;
        model->addOutcome("host", control);
        model->addOutcome("subprocess", judgedOutcome("Ptrace the canary", "subprocess", Verdict::Blocked,
                                                      "seccomp", false));
        model->addOutcome("subprocess", judgedOutcome("Fork and stay", "subprocess", Verdict::Allowed, "none",
                                                      false, {"process <sbx> & co"}));
        model->addOutcome("subprocess",
                          judgedOutcome("Read host secret", "subprocess", Verdict::Error, "", false));
        QVERIFY(page->exportReportAction()->isEnabled());

        const LabRun run = page->labRun();
        QCOMPARE(run.suite.size(), std::size_t(3));
        QCOMPARE(run.tiers.size(), std::size_t(2));
        QCOMPARE(run.tiers.at(0).info.control, true);
        QCOMPARE(run.outcomes.size(), std::size_t(4));

        QTemporaryDir dir;
        QString error;
        const QString path = dir.filePath("report.html");
        QVERIFY2(page->exportRun(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(file.readAll());
        QCOMPARE(html.count(QStringLiteral("class=\"cell\"")),
                 3 * 2);                                        // two host cells never ran: still cells
        QVERIFY(html.contains("process &lt;sbx&gt; &amp; co")); // escaped
        QVERIFY(!html.contains("process <sbx>"));

        // A re-opened run (no code, no suite) makes a report too.
        const QString cli = dir.filePath("cli.json");
        writeFile(cli, kCliJson);
        QVERIFY2(page->openRun(cli, &error), qPrintable(error));
        QVERIFY2(page->exportRun(dir.filePath("cli.htm"), &error), qPrintable(error));
        QFile reopened(dir.filePath("cli.htm"));
        QVERIFY(reopened.open(QIODevice::ReadOnly));
        const QString second = QString::fromUtf8(reopened.readAll());
        QCOMPARE(second.count(QStringLiteral("class=\"cell\"")), 2 * 2);
        QVERIFY(second.contains("cli.json"));
    }

    void messagesAreTranslatedWhereTheyAreShown() {
        auto& app = *qobject_cast<QApplication*>(QCoreApplication::instance());
        QVERIFY(installTranslations(app, QStringLiteral("de")));
        QString error;
        QVERIFY(!labrun::fromJson("[]", &error));
        QCOMPARE(error, QStringLiteral("Der Laborlauf enthält keine Ergebnisse"));
        QVERIFY(!labrun::fromJson(R"([{"attack": "x"}])", &error));
        QVERIFY2(error.contains(QStringLiteral("der Schlüssel \"file\" fehlt")), qPrintable(error));
        AttackOutcome outcome = judgedOutcome("x", "subprocess", Verdict::Allowed, "none", true);
        outcome.layerInferred = true;
        QCOMPARE(AttackMatrixModel::layerText(outcome), QStringLiteral("none (abgeleitet)"));
        QCOMPARE(AttackMatrixModel::kindName(CellKind::AllowedExpected),
                 QStringLiteral("ALLOWED (erwartet)"));
        installTranslations(app, QStringLiteral("en"));
        QCOMPARE(AttackMatrixModel::kindName(CellKind::AllowedExpected),
                 QStringLiteral("ALLOWED (expected)"));
    }

    void exportAndReopenRestoreTheSameCells() {
        auto page = idlePage();
        QVERIFY(!page->exportAction()->isEnabled()); // nothing to export yet
        QVERIFY(page->openRunAction()->isEnabled());
        AttackMatrixModel* model = page->model();
        model->setSuite({"CPU loop", "Fork flood", "Read host secret"});
        model->setTiers({"subprocess", "host"}, {"host"});
        QVERIFY(!page->exportAction()->isEnabled());
        AttackOutcome odd = fakeOutcome("Read host secret", Verdict::Error, 0.25);
        odd.evidence = "a comma, a \"quote\" and ünïcödé";
        odd.category = "filesystem";
        odd.fileName = "05_read_host_secret.py";
        odd.result.tier = "subprocess";
        odd.result.stdoutBytes = "out\n";
        odd.result.stderrBytes = "Traceback\nOSError";
        odd.result.exitCode = 1;
        odd.result.wallSeconds = 0.25;
        odd.result.peakMemoryKb = 12345;
        odd.result.stoppedBy = StopReason::FilesystemHidden;
        odd.result.evidence = "hidden";
        model->addOutcome("subprocess", fakeOutcome("CPU loop", Verdict::Blocked, 2.0));
        model->addOutcome("subprocess", odd);
        AttackOutcome allowed = fakeOutcome("Fork flood", Verdict::Allowed, 1.5);
        allowed.tier = "host";
        allowed.control = true;
        allowed.result.termSignal = 9;
        allowed.result.timedOut = true;
        allowed.result.stoppedBy = StopReason::Timeout;
        model->addOutcome("host", allowed);
        QVERIFY(page->exportAction()->isEnabled());

        QTemporaryDir dir;
        const QString json = dir.filePath("run.json");
        QString error;
        QVERIFY2(page->exportRun(json, &error), qPrintable(error));
        QVERIFY(!page->exportRun(dir.filePath("run.txt"), &error));
        QVERIFY(error.contains(".json"));

        auto reopened = idlePage();
        QVERIFY2(reopened->openRun(json, &error), qPrintable(error));
        // Tiers and attacks in file order: the export lists subprocess's cells first, in row order.
        QCOMPARE(reopened->model()->tiers(), (QStringList{"subprocess", "host"}));
        QCOMPARE(reopened->model()->attacks(), (QStringList{"CPU loop", "Read host secret", "Fork flood"}));
        QCOMPARE(reopened->model()->headerData(1, Qt::Horizontal).toString(),
                 QStringLiteral("host (control)"));
        QStringList before = cellsOf(*model);
        QStringList after = cellsOf(*reopened->model());
        std::sort(before.begin(), before.end());
        std::sort(after.begin(), after.end());
        QCOMPARE(after, before);
        for (const QString tier : {"subprocess", "host"}) {
            QCOMPARE(reopened->model()->counts(tier), model->counts(tier));
            QCOMPARE(barCounts(*reopened, tier), model->counts(tier));
        }
        QCOMPARE(reopened->model()->counts("subprocess"), (VerdictCounts{1, 0, 1}));
        QVERIFY(reopened->exportAction()->isEnabled());
        QVERIFY(reopened->saveVerdictChartAction()->isEnabled());
        // The detail pane works on a re-opened cell.
        reopened->showDetails(reopened->model()->index(1, 0));
        QVERIFY(reopened->detailText("evidence").contains("a comma"));
        QCOMPARE(reopened->detailText("stdout"), QStringLiteral("out\n"));

        // The export is the lab-run document, its outcomes with the CLI's keys, `result` included.
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto exported = labrun::fromJson(file.readAll(), &error);
        QVERIFY2(exported, qPrintable(error));
        QVERIFY(!exported->outcomesOnly);
        QCOMPARE(exported->run.outcomes.size(), std::size_t(3));
    }

    void csvHasAHeaderAndOneQuotedLinePerOutcome() {
        auto page = idlePage();
        page->model()->setSuite({"CPU loop", "Read host secret"});
        page->model()->setTiers({"subprocess"});
        AttackOutcome odd = fakeOutcome("Read host secret", Verdict::Blocked, 0.04);
        odd.category = "filesystem";
        odd.evidence = "no such file, said \"open\"";
        page->model()->addOutcome("subprocess", fakeOutcome("CPU loop", Verdict::Blocked, 2.0));
        page->model()->addOutcome("subprocess", odd);
        QTemporaryDir dir;
        const QString csv = dir.filePath("run.csv");
        QString error;
        QVERIFY2(page->exportRun(csv, &error), qPrintable(error));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        QCOMPARE(lines.size(), 4); // header, two outcomes, the empty rest after the last newline
        QCOMPARE(lines.at(0), QByteArray("attack,category,tier,control,verdict,seconds,evidence"));
        QCOMPARE(lines.at(1), QByteArray("CPU loop,,subprocess,false,BLOCKED,2.0,evidence for CPU loop"));
        QCOMPARE(lines.at(2), QByteArray("Read host secret,filesystem,subprocess,false,BLOCKED,0.0,"
                                         "\"no such file, said \"\"open\"\"\""));
        QVERIFY(lines.at(3).isEmpty());
    }

    void aCliJsonReopens() {
        QTemporaryDir dir;
        const QString path = dir.filePath("cli.json");
        writeFile(path, kCliJson);
        auto page = idlePage();
        QString error;
        QVERIFY2(page->openRun(path, &error), qPrintable(error));
        const AttackMatrixModel* model = page->model();
        QCOMPARE(model->tiers(), (QStringList{"host", "subprocess"}));
        QCOMPARE(model->attacks(), (QStringList{"Read host secret", "CPU loop"}));
        QCOMPARE(model->headerData(0, Qt::Horizontal).toString(), QStringLiteral("host (control)"));
        // A file from before `expected`: the control is expected to let everything through.
        QCOMPARE(model->data(model->index(0, 0)).toString(), QStringLiteral("ALLOWED (expected) 0.0 s"));
        QCOMPARE(model->data(model->index(1, 1)).toString(), QStringLiteral("BLOCKED 2.1 s"));
        QVERIFY(!model->outcome(1, 0)); // CPU loop never ran on host
        QCOMPARE(model->outcome(1, 1)->result.termSignal, std::optional<int>(9));
        QVERIFY(model->outcome(1, 1)->result.stoppedBy == StopReason::CpuLimit);
        QCOMPARE(model->outcome(0, 1)->result.peakMemoryKb, std::optional<std::int64_t>(8000));
        QCOMPARE(model->counts("host"), (VerdictCounts{0, 1, 0}));
        QCOMPARE(model->counts("subprocess"), (VerdictCounts{2, 0, 0}));
        QCOMPARE(barCounts(*page, "host"), (VerdictCounts{0, 1, 0}));
        QCOMPARE(barCounts(*page, "subprocess"), (VerdictCounts{2, 0, 0}));
    }

    void aMalformedRunIsRefusedAndTheMatrixStays() {
        QTemporaryDir dir;
        const QString good = dir.filePath("good.json");
        writeFile(good, kCliJson);
        auto page = idlePage();
        QString error;
        QVERIFY2(page->openRun(good, &error), qPrintable(error));
        const QStringList cells = cellsOf(*page->model());
        const QStringList tiers = page->model()->tiers();

        const std::string cli = kCliJson;
        auto replaced = [&](const std::string& from, const std::string& to) {
            std::string text = cli;
            text.replace(text.find(from), from.size(), to);
            return text;
        };
        const std::vector<std::pair<std::string, QString>> cases{
            {"[ {\"attack\": ", "Not valid JSON"},
            {"{\"attack\": \"x\"}", "expected an array"},
            {"[]", "no outcomes"},
            {"[1]", "outcome 1: must be an object"},
            {replaced("\"verdict\": \"BLOCKED\", ", ""), "outcome 2: the key \"verdict\" is missing"},
            {replaced("\"seconds\": 2.1", "\"seconds\": \"2.1\""), "outcome 2: \"seconds\" must be a number"},
            {replaced("\"verdict\": \"ALLOWED\"", "\"verdict\": \"MAYBE\""), "\"MAYBE\""},
            {replaced("\"control\": true", "\"control\": 1"), "outcome 1: \"control\" must be true or false"},
            {replaced("\"cpu_seconds\": 2.0, ", ""), "outcome 2, result: the key \"cpu_seconds\" is missing"},
            {replaced("\"signal\": 9, \"timed_out\"", "\"signal\": \"KILL\", \"timed_out\""),
             "outcome 2, result: \"signal\" must be a whole number or null"},
        };
        for (const auto& [text, expected] : cases) {
            const QString bad = dir.filePath("bad.json");
            writeFile(bad, text);
            QSignalSpy status(page.get(), &AttackLabPage::statusChanged);
            error.clear();
            QVERIFY2(!page->openRun(bad, &error), text.c_str());
            QVERIFY2(error.contains(expected), qPrintable(error));
            QVERIFY(error.contains("bad.json"));
            QCOMPARE(status.count(), 1); // the page says so too
            QCOMPARE(cellsOf(*page->model()), cells);
            QCOMPARE(page->model()->tiers(), tiers);
            QCOMPARE(barCounts(*page, "subprocess"), (VerdictCounts{2, 0, 0}));
        }
        QVERIFY(!page->openRun(dir.filePath("missing.json"), &error));
        QCOMPARE(cellsOf(*page->model()), cells);
    }

    void aChartIsSavedAsAPngOfTheRequestedWidth() {
        QTemporaryDir dir;
        const QString path = dir.filePath("cli.json");
        writeFile(path, kCliJson);
        auto page = idlePage();
        QVERIFY(!page->saveVerdictChartAction()->isEnabled());
        QVERIFY(!page->saveLatencyChartAction()->isEnabled());
        QVERIFY(page->openRun(path));
        QVERIFY(page->saveVerdictChartAction()->isEnabled());
        const QSize shown = page->verdictChart()->size();
        QString error;
        for (int width : {1200, 1600}) {
            const QString png = dir.filePath(QStringLiteral("verdicts-%1.png").arg(width));
            QVERIFY2(saveChartPng(page->verdictChart(), png, width, &error), qPrintable(error));
            QImageReader reader(png);
            QCOMPARE(reader.format(), QByteArray("png"));
            const QImage image = reader.read();
            QVERIFY(!image.isNull());
            QCOMPARE(image.width(), width);
            QVERIFY(image.height() > 100);
            // Not blank: the chart has more than one colour.
            QSet<QRgb> colours;
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, image.height() / 2));
            QVERIFY(colours.size() > 1);
        }
        QCOMPARE(page->verdictChart()->size(), shown); // the view is back as it was
        QVERIFY(!saveChartPng(page->verdictChart(), dir.filePath("no/such/folder/x.png"), 1200, &error));
        QVERIFY(!error.isEmpty());
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
        const auto suite = loadAttackSuite(SANDBENCH_SOURCE_ATTACKS_DIR);
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
    TestAttackLab test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_attack_lab.moc"
