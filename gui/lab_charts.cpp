#include "lab_charts.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QCoreApplication>
#include <QEvent>
#include <QGraphicsLayout>
#include <QHeaderView>
#include <QPixmap>
#include <QSaveFile>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <QtMath>
#include <algorithm>
#include <memory>

using namespace sandbench;

namespace {

bool isDark(const QPalette& palette) {
    return palette.color(QPalette::Window).lightness() < 128;
}

// The theme resets fonts and series colours, so everything chosen here is applied after it.
void styleChart(QChart* chart, const QPalette& palette, const QList<QAbstractAxis*>& axes) {
    chart->setTheme(isDark(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setTitleBrush(palette.color(QPalette::Text));
    QFont title = QApplication::font();
    title.setPointSizeF(title.pointSizeF() * 1.25);
    title.setBold(true);
    chart->setTitleFont(title);
    QFont labels = QApplication::font();
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
    return chart;
}

} // namespace

namespace {

// Both charts: tiers along the bottom, a value axis on the left, antialiased, in `view`.
void showOnTierAxes(QChartView* view, QChart* chart, QAbstractSeries* series, QBarCategoryAxis* categories,
                    QValueAxis* values, const QString& valueTitle, const QString& valueFormat,
                    double initialMaximum) {
    chart->addSeries(series);
    categories->setTitleText(QCoreApplication::translate("LabCharts", "Tier"));
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

VerdictChart::VerdictChart(QWidget* parent)
    : QChartView(parent)
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
    applyPalette();
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
    m_values->setRange(0, std::max(1, attacks));
    // Whole-number ticks, six at most however many attacks: more would not fit beside the counts table.
    int step = 1;
    for (int nice : {1, 2, 5, 10, 20, 25, 50, 100, 200, 500}) {
        step = nice;
        if (attacks / nice <= 6)
            break;
    }
    m_values->setTickType(QValueAxis::TicksDynamic);
    m_values->setTickAnchor(0);
    m_values->setTickInterval(step);
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

void VerdictChart::changeEvent(QEvent* event) {
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void VerdictChart::applyPalette() {
    styleChart(chart(), palette(), chart()->axes());
    for (CellKind kind :
         {CellKind::Blocked, CellKind::AllowedExpected, CellKind::AllowedUnexpected, CellKind::Error}) {
        QBarSet* set = barSet(kind);
        set->setColor(AttackMatrixModel::background(kind));
        set->setBorderColor(AttackMatrixModel::background(kind).darker(130));
        set->setLabelColor(AttackMatrixModel::foreground(kind));
    }
}

VerdictCountsTable::VerdictCountsTable(QWidget* parent)
    : QTableWidget(0, COLUMN_COUNT, parent) {
    setHorizontalHeaderLabels({tr("Tier"), tr("Blocked"), tr("Allowed"), tr("Unexpected"), tr("Errors"),
                               tr("Leftovers"), tr("Failures")});
    const QStringList tips{
        QString(),
        tr("Attacks the tier stopped"),
        tr("Attacks that got through, expected or not"),
        tr("ALLOWED where the attack's metadata expects the tier to stop it: a failure of the tier"),
        tr("Attacks that never got to try: they say nothing about the tier"),
        tr("Cells whose run left something behind (processes, folders, containers, sockets): failures "
           "whatever the verdict"),
        tr("Cells with an unexpected ALLOWED, leftovers or both"),
    };
    for (int column = 0; column < COLUMN_COUNT; ++column)
        horizontalHeaderItem(column)->setToolTip(tips.at(column));
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    setFocusPolicy(Qt::NoFocus);
    verticalHeader()->hide();
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(TierColumn, QHeaderView::Stretch);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    // Never taller than its rows; the chart above takes what is left.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    updateGeometry();
}

void VerdictCountsTable::setTiers(const QStringList& tiers, const QStringList& labels) {
    m_tiers = tiers;
    setRowCount(0);
    setRowCount(static_cast<int>(tiers.size()));
    for (int row = 0; row < rowCount(); ++row) {
        setItem(row, TierColumn,
                new QTableWidgetItem(labels.size() == tiers.size() ? labels.at(row) : tiers.at(row)));
        setCounts(tiers.at(row), {});
    }
    updateGeometry();
}

void VerdictCountsTable::setCounts(const QString& tier, const VerdictCounts& counts) {
    const int row = static_cast<int>(m_tiers.indexOf(tier));
    if (row < 0)
        return;
    const int values[] = {0,
                          counts.blocked,
                          counts.allowed,
                          counts.unexpectedAllowed,
                          counts.error,
                          counts.leftovers,
                          counts.failures};
    for (int column = BlockedColumn; column < COLUMN_COUNT; ++column) {
        auto* item = new QTableWidgetItem(QString::number(values[column]));
        item->setData(Qt::UserRole, values[column]);
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        // A failure of the tier stands out; a zero does not.
        const bool failing = values[column] > 0 && (column == UnexpectedColumn || column == LeftoversColumn ||
                                                    column == FailuresColumn);
        if (failing) {
            item->setBackground(AttackMatrixModel::background(CellKind::AllowedUnexpected));
            item->setForeground(AttackMatrixModel::foreground(CellKind::AllowedUnexpected));
            QFont bold = font();
            bold.setBold(true);
            item->setFont(bold);
        }
        setItem(row, column, item);
    }
}

int VerdictCountsTable::count(const QString& tier, Columns column) const {
    const int row = static_cast<int>(m_tiers.indexOf(tier));
    const QTableWidgetItem* cell = row < 0 || column == TierColumn ? nullptr : item(row, column);
    return cell ? cell->data(Qt::UserRole).toInt() : -1;
}

int VerdictCountsTable::heightOfRows(int rows) const {
    int height = horizontalHeader()->sizeHint().height() + 2 * frameWidth();
    for (int row = 0; row < std::min(rows, rowCount()); ++row)
        height += rowHeight(row);
    return height;
}

QSize VerdictCountsTable::sizeHint() const {
    return {QTableWidget::sizeHint().width(), heightOfRows(rowCount())};
}

QSize VerdictCountsTable::minimumSizeHint() const {
    return {QTableWidget::minimumSizeHint().width(), heightOfRows(2)};
}

LatencyChart::LatencyChart(QWidget* parent)
    : QChartView(parent)
    , m_series(new QBoxPlotSeries)
    , m_categories(new QBarCategoryAxis)
    , m_values(new QValueAxis) {
    QChart* chart = newChart(tr("Start-up latency: print(1), cold"));
    m_series->setName(tr("min · p25 · p50 · p75 · max"));
    showOnTierAxes(this, chart, m_series, m_categories, m_values, tr("Milliseconds"), QStringLiteral("%.0f"),
                   100);
    applyPalette();
}

QString LatencyChart::baselineLabel() {
    return tr("bare python3");
}

void LatencyChart::clear() {
    m_order.clear();
    m_tiers.clear();
    m_baselineMs.clear();
    rebuild();
}

void LatencyChart::addReport(const QString& tier, const LatencyReport& report) {
    if (!m_tiers.count(tier))
        m_order.append(tier);
    m_tiers[tier] = report.timed;
    m_baselineMs.insert(m_baselineMs.end(), report.baseline.samplesMs.begin(),
                        report.baseline.samplesMs.end());
    rebuild();
}

void LatencyChart::rebuild() {
    m_series->clear(); // deletes the old boxes
    QStringList categories;
    double top = 0;
    auto addBox = [&](const QString& label, const std::vector<double>& samples) {
        if (samples.empty())
            return;
        auto* box = new QBoxSet(label);
        box->setValue(QBoxSet::LowerExtreme, *std::min_element(samples.begin(), samples.end()));
        box->setValue(QBoxSet::LowerQuartile, percentile(samples, 25));
        box->setValue(QBoxSet::Median, percentile(samples, 50));
        box->setValue(QBoxSet::UpperQuartile, percentile(samples, 75));
        const double max = *std::max_element(samples.begin(), samples.end());
        box->setValue(QBoxSet::UpperExtreme, max);
        top = std::max(top, max);
        m_series->append(box);
        categories.append(label);
    };
    for (const QString& tier : m_order)
        addBox(tier, m_tiers.at(tier).samplesMs);
    addBox(baselineLabel(), m_baselineMs);
    m_categories->setCategories(categories);
    m_values->setRange(0, top > 0 ? top * 1.1 : 100);
    applyPalette();
}

void LatencyChart::changeEvent(QEvent* event) {
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void LatencyChart::applyPalette() {
    styleChart(chart(), palette(), chart()->axes());
    const QColor text = palette().color(QPalette::Text);
    for (QBoxSet* box : m_series->boxSets()) {
        const bool baseline = box->label() == baselineLabel();
        box->setBrush(baseline ? palette().color(QPalette::Mid) : palette().color(QPalette::Highlight));
        box->setPen(QPen(text, 1.5));
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
