// The Attack Lab before anything has run, and on a 1280×720 screen once it has, in every language: the
// charts say what they will show instead of drawing empty axes ("1, 0, 0, 0, 0", a stray "Tier"), the counts
// table waits for tiers, the matrix and every tab of the cell details say what goes there; once filled, the
// verdict chart's ticks fit its plot, and its legend is neither cut nor covered by the counts table.

#include "gui/attack_lab_page.h"
#include "gui/cell_details.h"
#include "gui/empty_state.h"
#include "gui/lab_charts.h"
#include "gui/language.h"
#include "gui/main_window.h"
#include "support/attack_lab_kit.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QChart>
#include <QLegend>
#include <QLogValueAxis>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QValueAxis>
#include <cmath>

using namespace sandbench;

namespace {

constexpr QSize kScreen{1280, 720};

void settle() {
    for (int i = 0; i < 5; ++i) {
        QApplication::processEvents();
        QTest::qWait(20);
    }
}

// The chart's legend and plot, where the view shows them (the chart fills the view's scene one to one).
QRectF legendRect(const QChartView* view) {
    return view->chart()->legend()->geometry();
}

// A chart on screen as it should be: no axis titled "Tier" (the chart's title says it), whole-number ticks
// that its plot has room for, its legend inside the view and below the plot.
void checkFilledChart(const QChartView* view) {
    const QChart* chart = view->chart();
    for (const QAbstractAxis* axis : chart->axes()) {
        QVERIFY(axis->isVisible());
        QVERIFY2(axis->titleText() != QStringLiteral("Tier"), qPrintable(axis->titleText()));
    }
    QVERIFY(chart->legend()->isVisible());
    const QRectF plot = chart->plotArea();
    const QRectF legend = legendRect(view);
    QVERIFY2(plot.height() > 0, "the plot has no room at all");
    QVERIFY2(QRectF(view->viewport()->rect()).contains(legend),
             qPrintable(QStringLiteral("legend %1,%2 %3×%4 outside a %5×%6 view")
                            .arg(legend.x())
                            .arg(legend.y())
                            .arg(legend.width())
                            .arg(legend.height())
                            .arg(view->viewport()->width())
                            .arg(view->viewport()->height())));
    QVERIFY(legend.top() >= plot.bottom());
    // Value labels the plot has room for: one line each, with room between. A log axis (the bench's) has
    // one per decade.
    const QAbstractAxis* vertical = chart->axes(Qt::Vertical).first();
    const auto* values = qobject_cast<const QValueAxis*>(vertical);
    const auto* logValues = qobject_cast<const QLogValueAxis*>(vertical);
    QVERIFY(values || logValues);
    const int labels =
        logValues ? static_cast<int>(std::lround(std::log10(logValues->max() / logValues->min()))) + 1
        : values->tickType() == QValueAxis::TicksDynamic
            ? static_cast<int>(values->max() / values->tickInterval()) + 1
            : values->tickCount();
    QVERIFY2(labels * QFontMetrics(vertical->labelsFont()).height() <= plot.height(),
             qPrintable(QStringLiteral("%1 labels on a %2-pixel plot").arg(labels).arg(plot.height())));
}

} // namespace

class TestAttackLabEmpty : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void beforeTheFirstRun() {
        auto page = test_support::idlePage();
        settle();
        // The verdict chart: no axes, no legend, a line saying what will be there.
        VerdictChart* verdicts = page->verdictChart();
        QVERIFY(verdicts->isEmpty());
        QVERIFY(verdicts->placeholder()->isVisible());
        QCOMPARE(verdicts->placeholder()->text(), QStringLiteral("Run the lab to see verdicts"));
        QVERIFY(!verdicts->chart()->legend()->isVisible());
        for (const QAbstractAxis* axis : verdicts->chart()->axes()) {
            QVERIFY(!axis->isVisible()); // no "1, 0, 0, 0, 0", no stray "Tier"
            QVERIFY(axis->titleText() != QStringLiteral("Tier"));
        }
        // Were its value axis shown, its ticks would be whole attacks, not fractions printed as zeros.
        const auto* values = qobject_cast<const QValueAxis*>(verdicts->chart()->axes(Qt::Vertical).first());
        QVERIFY(values);
        QCOMPARE(values->tickType(), QValueAxis::TicksDynamic);
        QVERIFY(values->tickInterval() >= 1);
        // The latency chart likewise, until a bench.
        LatencyChart* latency = page->latencyChart();
        QVERIFY(latency->isEmpty());
        QVERIFY(latency->placeholder()->isVisible());
        QVERIFY(latency->placeholder()->text().contains(QStringLiteral("Bench")));
        QVERIFY(!latency->chart()->legend()->isVisible());
        for (const QAbstractAxis* axis : latency->chart()->axes())
            QVERIFY(!axis->isVisible());
        // No counts table of nothing; the matrix says how to fill it.
        QVERIFY(!page->countsTable()->isVisible());
        const auto* empty = page->matrixView()->findChild<EmptyStateLabel*>();
        QVERIFY(empty && empty->isVisible());
        QVERIFY(empty->text().contains(QStringLiteral("Run suite")));
        // Every tab of the details says what it will show.
        for (const QPlainTextEdit* tab : page->findChild<CellDetails*>()->findChildren<QPlainTextEdit*>()) {
            QVERIFY(tab->toPlainText().isEmpty());
            QVERIFY2(tab->placeholderText().contains(QStringLiteral("Click a cell")),
                     qPrintable(tab->placeholderText()));
        }

        // Once there are tiers, all of it gives way.
        test_support::fillWithBundledSuite(*page, {"host", "subprocess"});
        settle();
        QVERIFY(!verdicts->isEmpty());
        QVERIFY(!verdicts->placeholder()->isVisible());
        QVERIFY(page->countsTable()->isVisible());
        QVERIFY(!empty->isVisible());
        LatencyReport report;
        report.tier = "subprocess";
        report.timed = LatencyStats::from({40, 42, 45});
        report.baseline = LatencyStats::from({20, 21});
        latency->addReport(QStringLiteral("subprocess"), report);
        QVERIFY(!latency->isEmpty());
        QVERIFY(!latency->placeholder()->isVisible());
        // A cell clicked before it finished, and a finished run that wrote nothing, say so.
        CellDetails* details = page->findChild<CellDetails*>();
        const auto tab = [details](int index) {
            return qobject_cast<QPlainTextEdit*>(details->widget(index));
        };
        Attack running;
        running.name = "Fork flood";
        running.code = "print(1)";
        details->show(&running, nullptr);
        QCOMPARE(tab(2)->placeholderText(), QStringLiteral("The attack has not finished on this tier."));
        const AttackOutcome reopened =
            test_support::judgedOutcome("x", "subprocess", Verdict::Blocked, "seccomp", false);
        details->show(nullptr, &reopened);
        QCOMPARE(tab(1)->placeholderText(), QStringLiteral("This run was opened without the attack's code."));
        AttackOutcome silent = test_support::judgedOutcome(page->model()->attacks().first().toStdString(),
                                                           "subprocess", Verdict::Blocked, "seccomp", false);
        page->model()->addOutcome("subprocess", silent);
        page->showDetails(page->model()->index(0, 1));
        QCOMPARE(tab(2)->placeholderText(), QStringLiteral("The run wrote nothing here."));
    }

    void chartsReadableAt1280x720_data() {
        QTest::addColumn<QString>("language");
        QTest::newRow("English") << QString();
        for (const QString& language : availableLanguages())
            QTest::newRow(qPrintable(language)) << language;
    }

    void chartsReadableAt1280x720() {
        QFETCH(QString, language);
        auto& app = *static_cast<QApplication*>(QCoreApplication::instance());
        installTranslations(app, language.isEmpty() ? QStringLiteral("en") : language);
        MainWindow window;
        window.resize(kScreen);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.tabs()->setCurrentWidget(window.attackLab());
        AttackLabPage* page = window.attackLab();
        test_support::fillWithBundledSuite(*page, {"host", "subprocess", "container", "microvm"});
        LatencyReport report;
        report.timed = LatencyStats::from({40, 42, 45});
        report.baseline = LatencyStats::from({20, 21});
        for (const char* tier : {"subprocess", "container", "microvm"})
            page->latencyChart()->addReport(QString::fromLatin1(tier), report);
        settle();
        QCOMPARE(window.size(), kScreen);

        VerdictChart* verdicts = page->verdictChart();
        checkFilledChart(verdicts);
        checkFilledChart(page->latencyChart());
        // The counts table below the chart, not over it, and the chart's pane not squeezed under its minimum.
        QWidget* pane = verdicts->parentWidget();
        const QRect chartArea = verdicts->geometry();
        const QRect countsArea = page->countsTable()->geometry();
        QCOMPARE(page->countsTable()->parentWidget(), pane);
        QVERIFY2(!chartArea.intersects(countsArea), "the counts table covers the chart");
        QVERIFY(countsArea.top() >= chartArea.bottom());
        QVERIFY(pane->height() >= pane->minimumSizeHint().height());
        QVERIFY(verdicts->height() >= verdicts->chart()->effectiveSizeHint(Qt::MinimumSize).height());
        // The header and two tiers' rows of counts on screen at least, beside any scroll bar (the rest
        // scrolls).
        QVERIFY(page->countsTable()->height() >= page->countsTable()->minimumSizeHint().height());
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestAttackLabEmpty test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_attack_lab_empty.moc"
