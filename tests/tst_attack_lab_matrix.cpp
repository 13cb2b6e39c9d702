// The Attack Lab's matrix: its model under QAbstractItemModelTester, a verdict per cell with its own
// colour, expected and unexpected ALLOWED drawn apart (each readable whatever the theme), the layer named in
// cells and details, and leftovers making any cell a failure, framed and counted beside the chart.

#include "gui/attack_lab_page.h"
#include "gui/attack_matrix_model.h"
#include "gui/theme.h"
#include "support/attack_lab_kit.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QImage>
#include <QLabel>
#include <QPalette>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <algorithm>
#include <cmath>

using namespace sandbench;

using test_support::barCounts;
using test_support::fakeOutcome;
using test_support::idlePage;
using test_support::judgedOutcome;

namespace {

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

} // namespace

class TestAttackLabMatrix : public QObject {
    Q_OBJECT

private Q_SLOTS:
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

    // A control cell whose attack cannot work on this machine (its needs unmet) is no green BLOCKED: grey,
    // "not possible here", no layer, and in none of the counts, the bars or the table's other columns.
    void controlCellNotPossibleHere() {
        auto page = idlePage();
        AttackMatrixModel* model = page->model();
        model->setSuite({"Load a kernel module", "Read host secret"});
        model->setTiers({"host", "subprocess"}, {"host"});
        AttackOutcome unmet = judgedOutcome("Load a kernel module", "host", Verdict::Blocked, "kernel", true);
        unmet.control = true;
        unmet.unmetNeeds = "this kernel has no loadable modules (no /proc/modules)";
        AttackOutcome through = judgedOutcome("Read host secret", "host", Verdict::Allowed, "none", true);
        through.control = true;
        through.unmetNeeds = "not running as root"; // it got through anyway: an ALLOWED like any other
        QVERIFY(model->addOutcome("host", unmet));
        QVERIFY(model->addOutcome("host", through));
        QVERIFY(model->addOutcome("subprocess", judgedOutcome("Load a kernel module", "subprocess",
                                                              Verdict::Blocked, "seccomp", false)));
        const QModelIndex cell = model->index(0, 0);
        QCOMPARE(model->data(cell, AttackMatrixModel::KindRole).toInt(), int(CellKind::NotPossible));
        QCOMPARE(model->data(cell).toString(), QStringLiteral("not possible here 0.4 s"));
        QVERIFY(!model->data(cell).toString().contains("BLOCKED"));
        QVERIFY(!model->data(cell).toString().contains("kernel"));
        QVERIFY(model->data(cell, Qt::ToolTipRole).toString().contains("left out of the counts"));
        const QColor grey = model->data(cell, Qt::BackgroundRole).value<QColor>();
        QCOMPARE(grey, AttackMatrixModel::background(CellKind::NotPossible));
        QVERIFY(grey.hsvSaturation() < 20); // grey, not the green of a BLOCKED
        QVERIFY(grey != AttackMatrixModel::background(CellKind::Blocked));
        QVERIFY(grey != AttackMatrixModel::background(CellKind::Error));
        QVERIFY(contrast(AttackMatrixModel::foreground(CellKind::NotPossible), grey) >= 4.5);
        // The other tiers' cells of that attack stay what they are.
        QCOMPARE(model->data(model->index(0, 1), AttackMatrixModel::KindRole).toInt(),
                 int(CellKind::Blocked));
        QCOMPARE(model->data(model->index(1, 0), AttackMatrixModel::KindRole).toInt(),
                 int(CellKind::AllowedExpected));

        // Left out of the counts, in the chart and the table alike; the table says how many apart.
        VerdictCounts host = model->counts("host");
        QCOMPARE(host.blocked, 0);
        QCOMPARE(host.notPossible, 1);
        QCOMPARE(host.allowed, 1);
        QCOMPARE(barCounts(*page, "host"), (VerdictCounts{0, 1, 0, 0, 0, 0}));
        QCOMPARE(page->countsTable()->count("host", VerdictCountsTable::NotPossible), 1);
        QVERIFY2(page->countsTable()->countsText("host").contains("1 not possible here"),
                 qPrintable(page->countsTable()->countsText("host")));
        QCOMPARE(page->verdictChart()->barSet(CellKind::Blocked)->at(page->verdictChart()->category("host")),
                 0);
        // The legend names it; the details say why.
        QVERIFY(page->findChild<QWidget*>("matrixLegend")->findChildren<QLabel*>().size() > 0);
        bool named = false;
        for (const QLabel* label : page->findChild<QWidget*>("matrixLegend")->findChildren<QLabel*>())
            named = named || label->text() == "not possible here";
        QVERIFY(named);
        page->showDetails(cell);
        const QString details = page->detailText("evidence");
        QVERIFY2(details.contains("Load a kernel module on host: not possible here"), qPrintable(details));
        QVERIFY2(details.contains("left out of the counts"), qPrintable(details));

        // No such cell: nothing said of it.
        model->clearOutcomes();
        QVERIFY2(!page->countsTable()->countsText("host").contains("not possible"),
                 qPrintable(page->countsTable()->countsText("host")));
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
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestAttackLabMatrix test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_attack_lab_matrix.moc"
