// The Attack Lab's Bench charts tell the truth: a logarithmic axis (a 10 ms start and a 2 s start both
// readable), every tier beside its own reference (the bare python3 for a tier without a reference command,
// the container's `docker run` for the container tier), p50s labelled with their values where there is room,
// every figure in the table beside it, labels that fit their columns (numbered when they would not), cold
// and warm in columns of their own; and the grouped workload chart (tier × workload, ratio to the bare host
// on a log axis). The bench's rows go into the HTML report too. Made-up reports, offscreen.

#include "core/lab_report.h"
#include "gui/lab_charts.h"

#include <QApplication>
#include <QCategoryAxis>
#include <QChart>
#include <QFontMetrics>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QTest>

using namespace sandbench;

class TestBenchChart : public QObject {
    Q_OBJECT

private slots:
    void latencyAxisIsLogarithmic();
    void everyTierHasItsOwnReference();
    void labelsShowP50AndP95();
    void narrowColumnsAreNumberedNotCut_data();
    void narrowColumnsAreNumberedNotCut();
    void coldAndWarmApart();
    void otherWorkloadsStayOutOfTheLatencyChart();
    void workloadChartGroupsTiersByWorkload();
    void reportHasTheBench();
};

namespace {

LatencyStats stats(std::vector<double> samples) {
    return LatencyStats::from(std::move(samples));
}

// A row as the bench makes it: without a reference command the reference is the bare host itself.
LatencyReport report(const std::string& tier, const std::string& mode, std::vector<double> timed,
                     std::vector<double> host, const std::string& reference = {},
                     std::vector<double> referenceMs = {}, const std::string& workload = "print") {
    LatencyReport row;
    row.tier = tier;
    row.mode = mode;
    row.workload = workload;
    row.runs = static_cast<int>(timed.size());
    row.timed = stats(std::move(timed));
    row.hostCommand = "/usr/bin/python3 -I -c 'print(1)'";
    row.host = stats(std::move(host));
    row.hostRatio = row.timed.p50Ms / row.host.p50Ms;
    row.baselineCommand = reference.empty() ? row.hostCommand : reference;
    row.baseline = reference.empty() ? row.host : stats(std::move(referenceMs));
    row.ratio = row.timed.p50Ms / row.baseline.p50Ms;
    return row;
}

const LatencyReport kSubprocess = report("subprocess", "cold", {15, 16, 17}, {12, 13, 14});
const LatencyReport kContainerCold =
    report("container", "cold", {2300, 2400, 2500}, {12, 13, 14},
           "docker run --rm -i --name sandbench-reference-1 --network none sandbench/python:3 python3 -I -",
           {2100, 2200, 2300});
const LatencyReport kContainerWarm =
    report("container", "warm", {80, 90, 100}, {12, 13, 14},
           "docker run --rm -i --name sandbench-reference-2 --network none sandbench/python:3 python3 -I -",
           {2100, 2200, 2400});

std::unique_ptr<LatencyChart> filledChart() {
    auto chart = std::make_unique<LatencyChart>();
    chart->resize(900, 500);
    for (const LatencyReport& row : {kSubprocess, kContainerCold, kContainerWarm})
        chart->addReport(QString::fromStdString(row.tier), row);
    return chart;
}

// The y of the dot at column `row` of `series` (tier dots sit left, reference dots right of the middle).
std::optional<double> valueInColumn(const QScatterSeries* series, int row) {
    for (const QPointF& point : series->points())
        if (point.x() > row && point.x() < row + 1)
            return point.y();
    return std::nullopt;
}

} // namespace

void TestBenchChart::latencyAxisIsLogarithmic() {
    const auto chart = filledChart();
    const QList<QAbstractAxis*> vertical = chart->chart()->axes(Qt::Vertical);
    QCOMPARE(vertical.size(), 1);
    const auto* axis = qobject_cast<QLogValueAxis*>(vertical.first());
    QVERIFY2(axis, "the latency axis is not logarithmic");
    // From below the fastest start to above the slowest, so neither sits on the floor of the plot.
    QVERIFY(axis->min() <= 12 && axis->min() > 0);
    QVERIFY(axis->max() >= 2500);
    for (QAbstractSeries* series : chart->chart()->series())
        QVERIFY(series->attachedAxes().contains(vertical.first()));
}

void TestBenchChart::everyTierHasItsOwnReference() {
    const auto chart = filledChart();
    QCOMPARE(chart->rowCount(), 3);
    QCOMPARE(chart->rowLabel(0), QStringLiteral("subprocess · cold\nvs bare python3"));
    QCOMPARE(chart->rowLabel(1), QStringLiteral("container · cold\nvs docker run"));
    // Each column's reference dot is that row's own reference, measured in its session: the subprocess
    // tier's is the bare start (13 ms), the container's the docker run (2200 ms), never one pooled box.
    QCOMPARE(valueInColumn(chart->referenceP50(), 0), std::optional<double>(13));
    QCOMPARE(valueInColumn(chart->referenceP50(), 1), std::optional<double>(2200));
    QCOMPARE(valueInColumn(chart->referenceP50(), 2), std::optional<double>(2200));
    QCOMPARE(valueInColumn(chart->tierP50(), 1), std::optional<double>(2400));
    QCOMPARE(chart->rowAxis()->categoriesLabels().size(), 3);
}

void TestBenchChart::labelsShowP50AndP95() {
    const auto chart = filledChart();
    // At 900 pixels three columns have room: each p50 dot carries its value; a p95 dot none, as it would
    // print over a p50 close to it.
    QVERIFY(!chart->isCompact());
    for (QScatterSeries* series : {chart->tierP50(), chart->referenceP50()}) {
        QVERIFY(series->pointLabelsVisible());
        QCOMPARE(series->pointLabelsFormat(), QStringLiteral("@yPoint"));
    }
    for (QScatterSeries* series : {chart->tierP95(), chart->referenceP95()})
        QVERIFY(!series->pointLabelsVisible());
    // The label's value is the dot's value, rounded as shown: p95 of 15, 16, 17 is 16.9.
    QCOMPARE(valueInColumn(chart->tierP95(), 0), std::optional<double>(16.9));
    QCOMPARE(valueInColumn(chart->tierP50(), 0), std::optional<double>(16));
    // The table of figures (the Lab shows it in a tab) has every one, p95s included, tier and reference.
    LatencyTable table(chart.get());
    QCOMPARE(table.rowCount(), 3);
    QCOMPARE(table.item(1, LatencyTable::NameColumn)->text(), QStringLiteral("2 · container · cold"));
    const auto ms = [](double value) { return QLocale().toString(value, 'f', 1); }; // the user's digits
    QCOMPARE(table.sentence(1), QStringLiteral("p50 %1 ms, p95 %2 ms · docker run: p50 %3 ms, p95 %4 ms")
                                    .arg(ms(2400), ms(2490), ms(2200), ms(2290)));
    chart->addReport(QStringLiteral("microvm"), report("microvm", "cold", {1900}, {12}));
    QCOMPARE(table.rowCount(), 4); // it follows the chart
}

void TestBenchChart::narrowColumnsAreNumberedNotCut_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("columns");
    QTest::addColumn<int>("height");
    QTest::addColumn<bool>("numbered");
    QTest::newRow("the Lab's pane, one tier cold and warm") << 420 << 2 << 300 << false;
    QTest::newRow("the Lab's pane, every tier cold and warm") << 420 << 9 << 300 << true;
    QTest::newRow("README's picture, its eight columns") << 1200 << 8 << 620 << false;
    QTest::newRow("a short corner, one tier cold and warm") << 900 << 2 << 150 << true;
}

void TestBenchChart::narrowColumnsAreNumberedNotCut() {
    QFETCH(int, width);
    QFETCH(int, columns);
    QFETCH(int, height);
    QFETCH(bool, numbered);
    LatencyChart chart;
    chart.resize(width, height);
    const char* tiers[] = {"host", "subprocess", "container", "gvisor", "microvm"};
    for (int i = 0; i < columns; ++i)
        chart.addReport(QString::fromLatin1(tiers[i / 2]),
                        report(tiers[i / 2], i % 2 ? "warm" : "cold", {15, 16}, {12, 13}));
    QCOMPARE(chart.rowCount(), columns);
    QCOMPARE(chart.isCompact(), numbered);
    QCOMPARE(chart.tierP50()->pointLabelsVisible(), !numbered);
    const QStringList labels = chart.rowAxis()->categoriesLabels();
    QCOMPARE(labels.size(), columns);
    // Every line of every label fits its column: the axis would otherwise end it in "…".
    const QFontMetrics metrics(chart.font());
    const int column =
        (width - metrics.height() * 2 - metrics.horizontalAdvance(QStringLiteral("10000")) - 24) / columns;
    for (int row = 0; row < columns; ++row) {
        QCOMPARE(labels[row], chart.axisLabel(row));
        if (numbered)
            QCOMPARE(labels[row], QString::number(row + 1));
        else
            QVERIFY(labels[row].contains(QStringLiteral("<br>vs ")));
        for (const QString& line : labels[row].split(QStringLiteral("<br>")))
            QVERIFY2(metrics.horizontalAdvance(line) < column, qPrintable(line));
    }
    // The title is the whole sentence where it fits and the short one where it would be cut.
    const QFontMetrics title(chart.chart()->titleFont());
    QVERIFY(title.horizontalAdvance(chart.chart()->title()) < width);
}

void TestBenchChart::coldAndWarmApart() {
    const auto chart = filledChart();
    QCOMPARE(chart->rowLabel(2), QStringLiteral("container · warm\nvs docker run"));
    QCOMPARE(valueInColumn(chart->tierP50(), 1), std::optional<double>(2400));
    QCOMPARE(valueInColumn(chart->tierP50(), 2), std::optional<double>(90));
    // A later report of the same tier and mode replaces its column, it does not add one.
    chart->addReport(QStringLiteral("container"), kContainerWarm);
    QCOMPARE(chart->rowCount(), 3);
}

void TestBenchChart::otherWorkloadsStayOutOfTheLatencyChart() {
    const auto chart = filledChart();
    chart->addReport(QStringLiteral("subprocess"),
                     report("subprocess", "cold", {600}, {500}, {}, {}, "cpu_loop"));
    QCOMPARE(chart->rowCount(), 3);
}

void TestBenchChart::workloadChartGroupsTiersByWorkload() {
    WorkloadChart chart;
    chart.resize(900, 500);
    chart.addReport("subprocess", report("subprocess", "cold", {15}, {12}));
    chart.addReport("subprocess", report("subprocess", "cold", {510}, {500}, {}, {}, "cpu_loop"));
    chart.addReport("microvm", report("microvm", "cold", {1900}, {12}));
    chart.addReport("microvm", report("microvm", "cold", {9000}, {500}, {}, {}, "cpu_loop"));
    chart.addReport("microvm", report("microvm", "warm", {90}, {12}));
    QVERIFY(qobject_cast<QLogValueAxis*>(chart.chart()->axes(Qt::Vertical).value(0)));
    QCOMPARE(chart.workloadAxis()->categoriesLabels(), (QStringList{"print", "cpu_loop"}));
    const QList<QScatterSeries*> series = chart.tierSeries();
    QCOMPARE(series.size(), 3);
    QCOMPARE(series[0]->name(), QStringLiteral("subprocess · cold"));
    QCOMPARE(series[1]->name(), QStringLiteral("microvm · cold"));
    QCOMPARE(series[2]->name(), QStringLiteral("microvm · warm"));
    // Ratios to the host in the same session: the microVM's CPU loop 18× the host's, in the cpu_loop group.
    QCOMPARE(series[1]->count(), 2);
    const QPointF loop = series[1]->at(1);
    QVERIFY(loop.x() > 1 && loop.x() < 2);
    QCOMPARE(loop.y(), 18.0);
    QCOMPARE(series[0]->at(1).y(), 1.02);
    QVERIFY(series[1]->pointLabelsVisible());
}

void TestBenchChart::reportHasTheBench() {
    LabRun run;
    run.bench = {kSubprocess, kContainerCold, kContainerWarm};
    const QString html = QString::fromStdString(renderLabReportHtml(run));
    QVERIFY(html.contains(R"(<section id="bench">)"));
    QVERIFY(html.contains(R"(<tr data-tier="container" data-mode="warm" data-workload="print">)"));
    QVERIFY(html.contains("docker run --rm -i --name sandbench-reference-2"));
    QVERIFY(html.contains("<td class=\"number\">90.0</td>"));
    LabRun withoutBench;
    QVERIFY(!QString::fromStdString(renderLabReportHtml(withoutBench)).contains(R"(id="bench")"));
}

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen"); // CI has no display
    QApplication app(argc, argv);
    TestBenchChart test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_bench_chart.moc"
