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
#include <QLabel>
#include <QPixmap>
#include <QResizeEvent>
#include <QSaveFile>
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
    : QTableWidget(0, COLUMN_COUNT, parent) {
    setHorizontalHeaderLabels({tr("Tier"), tr("Counts")});
    horizontalHeaderItem(CountsColumn)
        ->setToolTip(tr(
            "Blocked: attacks the tier stopped. Allowed as expected: attacks the tier is known to "
            "let through. Unexpected: ALLOWED where the attack's metadata expects the tier to stop "
            "it, a failure of the tier. Never got to try: attacks with an ERROR verdict. Not possible here: "
            "control cells whose attack cannot work on this machine, left out of the other counts "
            "and of the chart. Left something behind: cells whose run left processes, folders, "
            "containers or sockets, failures whatever the verdict."));
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    setFocusPolicy(Qt::NoFocus);
    verticalHeader()->hide();
    verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents); // rows as tall as their text
    // The tier as wide as its name (never cut to "h…"); the counts take what is left and wrap in it, so
    // nothing scrolls sideways.
    horizontalHeader()->setSectionResizeMode(TierColumn, QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(CountsColumn, QHeaderView::Stretch);
    setWordWrap(true);
    setTextElideMode(Qt::ElideNone);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    // Never taller than its rows; the chart above takes what is left.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    setVisible(false); // until there are tiers to count
    updateGeometry();
}

void VerdictCountsTable::changeEvent(QEvent* event) {
    QTableWidget::changeEvent(event);
    if (event->type() != QEvent::FontChange)
        return;
    for (int row = 0; row < rowCount(); ++row) {
        if (QTableWidgetItem* cell = item(row, CountsColumn); cell && cell->font().bold()) {
            QFont bold = font();
            bold.setBold(true);
            cell->setFont(bold);
        }
    }
    resizeRowsToContents();
    updateGeometry();
}

void VerdictCountsTable::setTiers(const QStringList& tiers, const QStringList& labels) {
    m_tiers = tiers;
    m_counts = QList<VerdictCounts>(tiers.size());
    setRowCount(0);
    setRowCount(static_cast<int>(tiers.size()));
    for (int row = 0; row < rowCount(); ++row) {
        auto* tier = new QTableWidgetItem(labels.size() == tiers.size() ? labels.at(row) : tiers.at(row));
        tier->setTextAlignment(Qt::AlignLeft | Qt::AlignTop);
        setItem(row, TierColumn, tier);
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
    auto* item = new QTableWidgetItem(describe(counts));
    item->setTextAlignment(Qt::AlignLeft | Qt::AlignTop);
    // A failure of the tier stands out; a clean row does not.
    if (counts.failures > 0) {
        item->setBackground(AttackMatrixModel::background(CellKind::AllowedUnexpected));
        item->setForeground(AttackMatrixModel::foreground(CellKind::AllowedUnexpected));
        QFont bold = font();
        bold.setBold(true);
        item->setFont(bold);
    }
    setItem(row, CountsColumn, item);
    resizeRowToContents(row);
    updateGeometry();
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
    const int row = static_cast<int>(m_tiers.indexOf(tier));
    const QTableWidgetItem* cell = row < 0 ? nullptr : item(row, CountsColumn);
    return cell ? cell->text() : QString();
}

int VerdictCountsTable::heightOfRows(int rows) const {
    int height = horizontalHeader()->sizeHint().height() + 2 * frameWidth();
    for (int row = 0; row < std::min(rows, rowCount()); ++row)
        height += rowHeight(row);
    return height;
}

void VerdictCountsTable::resizeEvent(QResizeEvent* event) {
    QTableWidget::resizeEvent(event);
    if (event->oldSize().width() != event->size().width()) {
        resizeRowsToContents(); // the sentences wrap at another width: another height
        updateGeometry();
    }
}

QSize VerdictCountsTable::sizeHint() const {
    return {QTableWidget::sizeHint().width(), heightOfRows(rowCount())};
}

QSize VerdictCountsTable::minimumSizeHint() const {
    return {QTableWidget::minimumSizeHint().width(), heightOfRows(2)};
}

LatencyChart::LatencyChart(QWidget* parent)
    : LabChartView(tr("Press Bench to measure each checked tier's start-up latency"), parent)
    , m_series(new QBoxPlotSeries)
    , m_categories(new QBarCategoryAxis)
    , m_values(new QValueAxis) {
    QChart* chart = newChart(tr("Start-up latency: print(1), cold"));
    m_series->setName(tr("min · p25 · p50 · p75 · max"));
    showOnTierAxes(this, chart, m_series, m_categories, m_values, tr("Milliseconds"), QStringLiteral("%.0f"),
                   100);
    applyPalette();
    setEmpty(true);
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
    setEmpty(categories.isEmpty());
}

void LatencyChart::resizeEvent(QResizeEvent* event) {
    LabChartView::resizeEvent(event);
    m_values->setTickCount(std::min(valueLabelsRoom(), 5));
}

void LatencyChart::applyPalette() {
    styleChart(chart(), palette(), font(), chart()->axes());
    m_values->setTickCount(std::min(valueLabelsRoom(), 5)); // a new font has other room for ticks
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
