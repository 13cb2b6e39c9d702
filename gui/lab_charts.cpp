#include "lab_charts.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QCoreApplication>
#include <QEvent>
#include <QGraphicsLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPixmap>
#include <QResizeEvent>
#include <QSaveFile>
#include <QScatterSeries>
#include <QScrollBar>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <QtMath>
#include <algorithm>
#include <iterator>
#include <memory>

using namespace sandbench;

namespace {

bool isDark(const QPalette& palette) {
    return palette.color(QPalette::Window).lightness() < 128;
}

// The theme resets fonts and series colours, so everything chosen here is applied after it, in the view's
// palette and font.
void styleChart(QChart* chart, const QPalette& palette, const QFont& font,
                const QList<QAbstractAxis*>& axes) {
    chart->setTheme(isDark(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setBackgroundRoundness(0);
    chart->setTitleBrush(palette.color(QPalette::Text));
    QFont title = font;
    title.setPointSizeF(title.pointSizeF() * 1.25);
    title.setBold(true);
    chart->setTitleFont(title);
    QFont labels = font;
    QFont axisTitle = labels;
    axisTitle.setBold(true);
    for (QAbstractAxis* axis : axes) {
        axis->setLabelsFont(labels);
        axis->setLabelsBrush(palette.color(QPalette::Text));
        axis->setTitleFont(axisTitle);
        axis->setTitleBrush(palette.color(QPalette::Text));
    }
    chart->legend()->setFont(labels);
    chart->legend()->setLabelColor(palette.color(QPalette::Text));
}

QChart* newChart(const QString& title) {
    auto* chart = new QChart;
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation); // live updates; animation would lag behind them
    chart->legend()->setAlignment(Qt::AlignBottom);
    // Little frame around the chart: on a 720-pixel screen its legend and labels need the room.
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    return chart;
}

} // namespace

namespace {

// Both charts: tiers along the bottom (the chart's title says they are tiers, so the axis has none), a value
// axis on the left, antialiased, in `view`.
void showOnTierAxes(QChartView* view, QChart* chart, QAbstractSeries* series, QBarCategoryAxis* categories,
                    QValueAxis* values, const QString& valueTitle, const QString& valueFormat,
                    double initialMaximum) {
    chart->addSeries(series);
    values->setTitleText(valueTitle);
    values->setLabelFormat(valueFormat);
    values->setRange(0, initialMaximum);
    chart->addAxis(categories, Qt::AlignBottom);
    chart->addAxis(values, Qt::AlignLeft);
    series->attachAxis(categories);
    series->attachAxis(values);
    // A QChartView comes with a chart of its own, which setChart() releases without deleting.
    const std::unique_ptr<QChart> defaultChart(view->chart() != chart ? view->chart() : nullptr);
    view->setChart(chart);
    view->setRenderHint(QPainter::Antialiasing);
    // Small enough that both charts, the counts and the lab above them fit a 1280×720 screen.
    view->setMinimumSize(320, 150);
}

} // namespace

LabChartView::LabChartView(const QString& placeholder, QWidget* parent)
    : QChartView(parent)
    , m_placeholder(new QLabel(placeholder, this)) {
    m_placeholder->setObjectName(QStringLiteral("chartPlaceholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setForegroundRole(QPalette::PlaceholderText);
    m_placeholder->setAttribute(Qt::WA_TransparentForMouseEvents); // the context menu is the chart's
}

void LabChartView::setEmpty(bool empty) {
    m_empty = empty;
    for (QAbstractAxis* axis : chart()->axes())
        axis->setVisible(!empty);
    chart()->legend()->setVisible(!empty);
    m_placeholder->setVisible(empty);
}

int LabChartView::valueLabelsRoom() const {
    const int line = fontMetrics().height();
    const int plot = height() - line * 6 - 12;
    return std::clamp(plot / (line * 3 / 2), 2, 7);
}

void LabChartView::changeEvent(QEvent* event) {
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyPalette();
}

void LabChartView::resizeEvent(QResizeEvent* event) {
    QChartView::resizeEvent(event);
    // Below the chart's title, in what is left.
    const int top = fontMetrics().height() * 3;
    m_placeholder->setGeometry(rect().adjusted(12, top, -12, -12));
}

VerdictChart::VerdictChart(QWidget* parent)
    : LabChartView(tr("Run the lab to see verdicts"), parent)
    , m_series(new QStackedBarSeries)
    , m_blocked(new QBarSet(AttackMatrixModel::kindName(CellKind::Blocked)))
    , m_allowedExpected(new QBarSet(AttackMatrixModel::kindName(CellKind::AllowedExpected)))
    , m_allowed(new QBarSet(AttackMatrixModel::kindName(CellKind::AllowedUnexpected)))
    , m_error(new QBarSet(AttackMatrixModel::kindName(CellKind::Error)))
    , m_categories(new QBarCategoryAxis)
    , m_values(new QValueAxis) {
    QChart* chart = newChart(tr("Verdicts per tier"));
    m_series->append({m_blocked, m_allowedExpected, m_allowed, m_error});
    showOnTierAxes(this, chart, m_series, m_categories, m_values, tr("Attacks"), QStringLiteral("%d"), 1);
    setAxisRange(0);
    applyPalette();
    setEmpty(true);
}

QBarSet* VerdictChart::barSet(CellKind kind) const {
    switch (kind) {
    case CellKind::Blocked:
        return m_blocked;
    case CellKind::AllowedExpected:
        return m_allowedExpected;
    case CellKind::AllowedUnexpected:
        return m_allowed;
    case CellKind::Error:
        return m_error;
    case CellKind::NotPossible:
        break; // left out of the chart, as out of the counts
    }
    return nullptr;
}

void VerdictChart::setTiers(const QStringList& tiers, const QStringList& labels, int attacks) {
    m_tiers = tiers;
    for (QBarSet* set : {m_blocked, m_allowedExpected, m_allowed, m_error}) {
        set->remove(0, set->count());
        for (qsizetype i = 0; i < tiers.size(); ++i)
            set->append(0);
    }
    m_categories->setCategories(labels.size() == tiers.size() ? labels : tiers);
    setAxisRange(attacks);
    setEmpty(tiers.isEmpty());
}

void VerdictChart::setAxisRange(int attacks) {
    m_attacks = attacks;
    m_values->setRange(0, std::max(1, attacks));
    // Whole-number ticks (fractions of an attack would print as a row of zeros), as many as there is room
    // for.
    const int labels = valueLabelsRoom();
    int step = 1;
    for (int nice : {1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000}) {
        step = nice;
        if (attacks / nice + 1 <= labels)
            break;
    }
    m_values->setTickType(QValueAxis::TicksDynamic);
    m_values->setTickAnchor(0);
    m_values->setTickInterval(step);
}

void VerdictChart::resizeEvent(QResizeEvent* event) {
    LabChartView::resizeEvent(event);
    setAxisRange(m_attacks);
}

void VerdictChart::setCounts(const QString& tier, const VerdictCounts& counts) {
    const int at = category(tier);
    if (at < 0)
        return;
    m_blocked->replace(at, counts.blocked);
    m_allowedExpected->replace(at, counts.expectedAllowed());
    m_allowed->replace(at, counts.unexpectedAllowed);
    m_error->replace(at, counts.error);
}

void VerdictChart::applyPalette() {
    styleChart(chart(), palette(), font(), chart()->axes());
    setAxisRange(m_attacks); // a new font has other room for ticks
    for (CellKind kind :
         {CellKind::Blocked, CellKind::AllowedExpected, CellKind::AllowedUnexpected, CellKind::Error}) {
        QBarSet* set = barSet(kind);
        set->setColor(AttackMatrixModel::background(kind));
        set->setBorderColor(AttackMatrixModel::background(kind).darker(130));
        set->setLabelColor(AttackMatrixModel::foreground(kind));
    }
}

VerdictCountsTable::VerdictCountsTable(QWidget* parent)
    : SentenceTable(tr("Tier"), tr("Counts"), parent) {
    horizontalHeaderItem(CountsColumn)
        ->setToolTip(tr(
            "Blocked: attacks the tier stopped. Allowed as expected: attacks the tier is known to "
            "let through. Unexpected: ALLOWED where the attack's metadata expects the tier to stop "
            "it, a failure of the tier. Never got to try: attacks with an ERROR verdict. Not possible here: "
            "control cells whose attack cannot work on this machine, left out of the other counts "
            "and of the chart. Left something behind: cells whose run left processes, folders, "
            "containers or sockets, failures whatever the verdict."));
}

void VerdictCountsTable::setTiers(const QStringList& tiers, const QStringList& labels) {
    m_tiers = tiers;
    m_counts = QList<VerdictCounts>(tiers.size());
    setRowCount(0);
    setRowCount(static_cast<int>(tiers.size()));
    for (int row = 0; row < rowCount(); ++row) {
        setName(row, labels.size() == tiers.size() ? labels.at(row) : tiers.at(row));
        setCounts(tiers.at(row), {});
    }
    setVisible(!tiers.isEmpty());
    updateGeometry();
}

QString VerdictCountsTable::describe(const VerdictCounts& counts) {
    QStringList parts{tr("%n blocked", "", counts.blocked),
                      tr("%n allowed as expected", "", counts.expectedAllowed()),
                      tr("%n unexpected", "", counts.unexpectedAllowed)};
    if (counts.error > 0)
        parts.append(tr("%n never got to try", "attacks with an ERROR verdict", counts.error));
    if (counts.notPossible > 0)
        parts.append(tr("%n not possible here", "", counts.notPossible));
    if (counts.leftovers > 0)
        parts.append(tr("%n left something behind", "", counts.leftovers));
    QString text = parts.join(QStringLiteral(" · "));
    if (counts.failures > 0)
        text = tr("failures: %1 · %2").arg(counts.failures).arg(text);
    return text;
}

void VerdictCountsTable::setCounts(const QString& tier, const VerdictCounts& counts) {
    const int row = static_cast<int>(m_tiers.indexOf(tier));
    if (row < 0)
        return;
    m_counts[row] = counts;
    setSentence(row, describe(counts));
    // A failure of the tier stands out; a clean row does not.
    if (QTableWidgetItem* cell = item(row, CountsColumn); counts.failures > 0) {
        cell->setBackground(AttackMatrixModel::background(CellKind::AllowedUnexpected));
        cell->setForeground(AttackMatrixModel::foreground(CellKind::AllowedUnexpected));
        QFont bold = font();
        bold.setBold(true);
        cell->setFont(bold);
        resizeRowToContents(row);
    }
}

int VerdictCountsTable::count(const QString& tier, Measure measure) const {
    const int row = static_cast<int>(m_tiers.indexOf(tier));
    if (row < 0)
        return -1;
    const VerdictCounts& counts = m_counts.at(row);
    switch (measure) {
    case Blocked:
        return counts.blocked;
    case Allowed:
        return counts.allowed;
    case Unexpected:
        return counts.unexpectedAllowed;
    case Errors:
        return counts.error;
    case NotPossible:
        return counts.notPossible;
    case Leftovers:
        return counts.leftovers;
    case Failures:
        return counts.failures;
    }
    return -1;
}

QString VerdictCountsTable::countsText(const QString& tier) const {
    return sentence(static_cast<int>(m_tiers.indexOf(tier)));
}

namespace {

// Rounded as the labels show it: a dot's label is its value, so the value is what a reader should see.
double shownMs(double value) {
    return std::round(value * 10) / 10;
}

// A log axis from the decade below the smallest value to the one above the largest.
void fitLogAxis(QLogValueAxis* axis, double smallest, double largest) {
    if (!(smallest > 0) || !(largest > 0)) {
        axis->setRange(1, 1000);
        return;
    }
    const double low = std::pow(10.0, std::floor(std::log10(smallest * 0.8)));
    const double high = std::pow(10.0, std::ceil(std::log10(largest * 1.25)));
    axis->setRange(low, std::max(high, low * 10));
}

QScatterSeries* newDots(const QString& name, const QString& labelFormat, qreal size,
                        QScatterSeries::MarkerShape shape) {
    auto* series = new QScatterSeries;
    series->setName(name);
    series->setMarkerShape(shape);
    series->setMarkerSize(size);
    series->setPointLabelsFormat(labelFormat);
    series->setPointLabelsVisible(true);
    series->setPointLabelsClipping(false);
    return series;
}

void attachTo(QChart* chart, QAbstractSeries* series, QAbstractAxis* x, QAbstractAxis* y) {
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
}

void showChart(QChartView* view, QChart* chart) {
    const std::unique_ptr<QChart> defaultChart(view->chart() != chart ? view->chart() : nullptr);
    view->setChart(chart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 150);
}

QString modeText(const LatencyReport& report) {
    return report.mode == "warm" ? LatencyChart::tr("warm") : LatencyChart::tr("cold");
}

} // namespace

LatencyChart::LatencyChart(QWidget* parent)
    : LabChartView(tr("Press Bench to measure each checked tier's start-up latency"), parent)
    // Only the p50s carry their value: a p95 close to its p50 would print over it. The table has both.
    , m_tierP50(newDots(tr("p50"), QStringLiteral("@yPoint"), 11, QScatterSeries::MarkerShapeCircle))
    , m_tierP95(newDots(tr("p95"), QString(), 7, QScatterSeries::MarkerShapeRectangle))
    , m_referenceP50(
          newDots(tr("reference p50"), QStringLiteral("@yPoint"), 11, QScatterSeries::MarkerShapeCircle))
    , m_referenceP95(newDots(tr("reference p95"), QString(), 7, QScatterSeries::MarkerShapeRectangle))
    , m_categories(new QCategoryAxis)
    , m_values(new QLogValueAxis) {
    for (QScatterSeries* series : {m_tierP95, m_referenceP95})
        series->setPointLabelsVisible(false);
    QChart* chart = newChart(tr("Start-up latency: print(1), each tier against its own reference"));
    setToolTip(chart->title());
    m_values->setTitleText(tr("ms (log scale)"));
    m_values->setLabelFormat(QStringLiteral("%g"));
    m_values->setBase(10);
    m_values->setMinorTickCount(-1); // 2, 3, … 9 between the decades
    m_categories->setLabelsPosition(QCategoryAxis::AxisLabelsPositionCenter);
    chart->addAxis(m_categories, Qt::AlignBottom);
    chart->addAxis(m_values, Qt::AlignLeft);
    for (QScatterSeries* series : {m_referenceP95, m_referenceP50, m_tierP95, m_tierP50})
        attachTo(chart, series, m_categories, m_values);
    showChart(this, chart);
    applyPalette();
    rebuild();
}

QString LatencyChart::referenceName(const LatencyReport& report) {
    if (!report.hasOwnReference())
        return tr("bare python3");
    // "docker run --rm …" → "docker run"; "/usr/bin/runsc --platform=… do …" → "runsc do".
    const QStringList words =
        QString::fromStdString(report.baselineCommand).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QString name = words.isEmpty() ? QString() : words.first().section(QLatin1Char('/'), -1);
    for (qsizetype i = 1; i < words.size(); ++i) {
        if (!words[i].startsWith(QLatin1Char('-'))) {
            name += QLatin1Char(' ') + words[i];
            break;
        }
    }
    return name;
}

QString LatencyChart::rowLabel(int row) const {
    const Row& shown = m_rows.at(static_cast<std::size_t>(row));
    return tr("%1 · %2\nvs %3").arg(shown.tier, modeText(shown.report), referenceName(shown.report));
}

QString LatencyChart::axisLabel(int row) const {
    if (m_compact)
        return QString::number(row + 1);
    // The axis draws rich text: its lines break at <br>, not at a newline.
    return rowLabel(row).toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"));
}

QString LatencyChart::rowFigures(int row) const {
    const LatencyReport& report = m_rows.at(static_cast<std::size_t>(row)).report;
    const auto ms = [](double value) { return QLocale().toString(shownMs(value), 'f', 1); };
    QString figures = tr("p50 %1 ms, p95 %2 ms").arg(ms(report.timed.p50Ms), ms(report.timed.p95Ms));
    if (!report.baseline.samplesMs.empty())
        figures += QStringLiteral(" · ") +
                   tr("%1: p50 %2 ms, p95 %3 ms")
                       .arg(referenceName(report), ms(report.baseline.p50Ms), ms(report.baseline.p95Ms));
    return figures;
}

bool LatencyChart::fitLabels() {
    const QFontMetrics metrics(font());
    // The plot's share of the view: the value axis's title and numbers take the left.
    const int plotWidth =
        width() - metrics.height() * 2 - metrics.horizontalAdvance(QStringLiteral("10000")) - 24;
    const int columnWidth = plotWidth / std::max(1, rowCount());
    int widest = metrics.horizontalAdvance(QStringLiteral("0000.0")) * 2; // a tier's and a reference's value
    for (int row = 0; row < rowCount(); ++row)
        for (const QString& line : rowLabel(row).split(QLatin1Char('\n'))) // the full label's lines
            widest = std::max(widest, metrics.horizontalAdvance(line));
    // A short view (presentation mode's corner, a 720-pixel screen) has no height for two-line labels
    // either: the axis would cut them to one "…".
    const bool shortView = height() < metrics.height() * 14;
    const bool compact = shortView || columnWidth < widest + 12;
    m_values->setTitleText(shortView ? QStringLiteral("ms") : tr("ms (log scale)"));
    const QString fullTitle = toolTip();
    chart()->setTitle(QFontMetrics(chart()->titleFont()).horizontalAdvance(fullTitle) + 16 <= width()
                          ? fullTitle
                          : tr("Start-up latency: print(1)"));
    if (compact == m_compact)
        return false;
    m_compact = compact;
    return true;
}

void LatencyChart::relabel() {
    for (const QString& label : m_categories->categoriesLabels())
        m_categories->remove(label);
    for (int row = 0; row < rowCount(); ++row)
        m_categories->append(axisLabel(row), row + 1);
    m_categories->setStartValue(0);
    for (QScatterSeries* series : {m_tierP50, m_referenceP50})
        series->setPointLabelsVisible(!m_compact);
}

void LatencyChart::resizeEvent(QResizeEvent* event) {
    LabChartView::resizeEvent(event);
    if (fitLabels())
        relabel();
}

void LatencyChart::clear() {
    m_rows.clear();
    rebuild();
}

void LatencyChart::addReport(const QString& tier, const LatencyReport& report) {
    if (report.workload != printWorkload().name)
        return; // the workload chart shows the others
    const auto same = std::find_if(m_rows.begin(), m_rows.end(), [&](const Row& row) {
        return row.tier == tier && row.report.mode == report.mode;
    });
    if (same != m_rows.end())
        same->report = report;
    else
        m_rows.push_back({tier, report});
    rebuild();
}

void LatencyChart::rebuild() {
    for (QScatterSeries* series : {m_tierP50, m_tierP95, m_referenceP50, m_referenceP95})
        series->clear();
    double smallest = 0;
    double largest = 0;
    const auto note = [&](double value) {
        smallest = smallest > 0 ? std::min(smallest, value) : value;
        largest = std::max(largest, value);
    };
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const LatencyReport& report = m_rows[i].report;
        const double x = static_cast<double>(i);
        m_tierP50->append(x + 0.35, shownMs(report.timed.p50Ms));
        m_tierP95->append(x + 0.35, shownMs(report.timed.p95Ms));
        note(report.timed.p50Ms);
        note(report.timed.p95Ms);
        if (!report.baseline.samplesMs.empty()) {
            m_referenceP50->append(x + 0.65, shownMs(report.baseline.p50Ms));
            m_referenceP95->append(x + 0.65, shownMs(report.baseline.p95Ms));
            note(report.baseline.p50Ms);
            note(report.baseline.p95Ms);
        }
    }
    fitLabels();
    relabel();
    m_categories->setRange(0, std::max<double>(1, static_cast<double>(m_rows.size())));
    fitLogAxis(m_values, smallest, largest);
    applyPalette();
    setEmpty(m_rows.empty());
    emit rowsChanged();
}

LatencyTable::LatencyTable(const LatencyChart* chart, QWidget* parent)
    : SentenceTable(tr("Column"), tr("print(1), milliseconds"), parent)
    , m_chart(chart) {
    setVisible(true); // a tab of its own: shown when chosen, empty before a bench
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    connect(chart, &LatencyChart::rowsChanged, this, &LatencyTable::refill);
    refill();
}

void LatencyTable::refill() {
    setRowCount(m_chart->rowCount());
    for (int row = 0; row < rowCount(); ++row) {
        // "2 · subprocess · warm": the column's number, as a narrow chart's axis shows it, and its name.
        const QString name = m_chart->rowLabel(row).section(QLatin1Char('\n'), 0, 0);
        setName(row, tr("%1 · %2").arg(row + 1).arg(name));
        setSentence(row, m_chart->rowFigures(row));
    }
    updateGeometry();
}

void LatencyChart::applyPalette() {
    styleChart(chart(), palette(), font(), chart()->axes());
    const QColor text = palette().color(QPalette::Text);
    const auto paint = [&](QScatterSeries* series, const QColor& colour) {
        series->setColor(colour);
        series->setBorderColor(text);
        series->setPointLabelsColor(text);
        series->setPointLabelsFont(font());
    };
    paint(m_tierP50, palette().color(QPalette::Highlight));
    paint(m_tierP95, palette().color(QPalette::Highlight).lighter(130));
    paint(m_referenceP50, palette().color(QPalette::Mid));
    paint(m_referenceP95, palette().color(QPalette::Midlight));
}

WorkloadChart::WorkloadChart(QWidget* parent)
    : LabChartView(tr("Bench with workloads to compare where each tier's cost lies"), parent)
    , m_host(new QLineSeries)
    , m_categories(new QCategoryAxis)
    , m_values(new QLogValueAxis) {
    QChart* chart = newChart(tr("Workloads: each tier's p50 over the bare host's, same session"));
    m_values->setTitleText(tr("× bare host (log scale)"));
    m_values->setLabelFormat(QStringLiteral("%g")); // the axis title says ×: a format is not UTF-8
    m_values->setBase(10);
    m_values->setMinorTickCount(-1);
    m_categories->setLabelsPosition(QCategoryAxis::AxisLabelsPositionCenter);
    chart->addAxis(m_categories, Qt::AlignBottom);
    chart->addAxis(m_values, Qt::AlignLeft);
    m_host->setName(tr("bare host = 1×"));
    attachTo(chart, m_host, m_categories, m_values);
    showChart(this, chart);
    applyPalette();
    rebuild();
}

QList<QScatterSeries*> WorkloadChart::tierSeries() const {
    QList<QScatterSeries*> found;
    for (QAbstractSeries* series : chart()->series())
        if (auto* dots = qobject_cast<QScatterSeries*>(series))
            found.append(dots);
    return found;
}

void WorkloadChart::clear() {
    m_reports.clear();
    rebuild();
}

void WorkloadChart::addReport(const QString& tier, const LatencyReport& report) {
    const auto same = std::find_if(m_reports.begin(), m_reports.end(), [&](const auto& known) {
        return known.first == tier && known.second.mode == report.mode &&
               known.second.workload == report.workload;
    });
    if (same != m_reports.end())
        same->second = report;
    else
        m_reports.emplace_back(tier, report);
    rebuild();
}

void WorkloadChart::rebuild() {
    for (QScatterSeries* series : tierSeries()) {
        chart()->removeSeries(series);
        delete series;
    }
    for (const QString& label : m_categories->categoriesLabels())
        m_categories->remove(label);
    QStringList workloads;
    QStringList groups; // "tier · mode", one series each
    for (const auto& [tier, report] : m_reports) {
        if (!workloads.contains(QString::fromStdString(report.workload)))
            workloads.append(QString::fromStdString(report.workload));
        const QString group = tr("%1 · %2").arg(tier, modeText(report));
        if (!groups.contains(group))
            groups.append(group);
    }
    double smallest = 1;
    double largest = 1;
    const QScatterSeries::MarkerShape shapes[] = {
        QScatterSeries::MarkerShapeCircle, QScatterSeries::MarkerShapeRectangle,
        QScatterSeries::MarkerShapeTriangle, QScatterSeries::MarkerShapeStar};
    for (qsizetype g = 0; g < groups.size(); ++g) {
        auto* dots = newDots(groups[g], tr("@yPoint×"), 10, shapes[g % std::size(shapes)]);
        for (const auto& [tier, report] : m_reports) {
            if (tr("%1 · %2").arg(tier, modeText(report)) != groups[g] || !(report.hostRatio > 0))
                continue;
            const auto w = workloads.indexOf(QString::fromStdString(report.workload));
            const double x =
                static_cast<double>(w) + (static_cast<double>(g) + 0.5) / static_cast<double>(groups.size());
            dots->append(x, std::round(report.hostRatio * 100) / 100);
            smallest = std::min(smallest, report.hostRatio);
            largest = std::max(largest, report.hostRatio);
        }
        attachTo(chart(), dots, m_categories, m_values);
    }
    for (qsizetype w = 0; w < workloads.size(); ++w)
        m_categories->append(workloads[w], static_cast<double>(w + 1));
    m_categories->setStartValue(0);
    const double width = std::max<double>(1, static_cast<double>(workloads.size()));
    m_categories->setRange(0, width);
    m_host->clear();
    m_host->append(0, 1);
    m_host->append(width, 1);
    fitLogAxis(m_values, smallest, largest);
    applyPalette();
    setEmpty(m_reports.empty());
}

void WorkloadChart::applyPalette() {
    styleChart(chart(), palette(), font(), chart()->axes());
    const QColor text = palette().color(QPalette::Text);
    QPen hostPen(palette().color(QPalette::Mid), 1.5, Qt::DashLine);
    m_host->setPen(hostPen);
    for (QScatterSeries* series : tierSeries()) {
        series->setBorderColor(text);
        series->setPointLabelsColor(text);
        series->setPointLabelsFont(font());
    }
}

bool saveChartPng(QChartView* view, const QString& path, int width, QString* error) {
    const QSize oldSize = view->size();
    const qreal ratio = view->devicePixelRatioF() > 0 ? view->devicePixelRatioF() : 1.0;
    const int logicalWidth = qMax(1, qCeil(width / ratio));
    const int logicalHeight = qMax(1, oldSize.width() > 0 ? oldSize.height() * logicalWidth / oldSize.width()
                                                          : logicalWidth * 2 / 3);
    // Grab at the size asked for, not the size the layout gives the view now, then put it back.
    view->resize(logicalWidth, logicalHeight);
    if (QGraphicsLayout* layout = view->chart()->layout())
        layout->activate();
    QPixmap pixmap = view->grab();
    view->resize(oldSize);
    if (QGraphicsLayout* layout = view->chart()->layout())
        layout->activate();
    if (pixmap.width() != width)
        pixmap = pixmap.scaledToWidth(width, Qt::SmoothTransformation);

    QSaveFile file(path);
    if (pixmap.isNull() || !file.open(QIODevice::WriteOnly) || !pixmap.save(&file, "PNG") || !file.commit()) {
        if (error)
            *error =
                QApplication::translate("LabCharts", "Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}
