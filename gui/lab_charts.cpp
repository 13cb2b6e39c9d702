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
#include <QPixmap>
#include <QSaveFile>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <QtMath>
#include <algorithm>

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
    view->setChart(chart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 240);
}

} // namespace

VerdictChart::VerdictChart(QWidget* parent)
    : QChartView(parent)
    , m_series(new QStackedBarSeries)
    , m_blocked(new QBarSet(QStringLiteral("BLOCKED")))
    , m_allowed(new QBarSet(QStringLiteral("ALLOWED")))
    , m_error(new QBarSet(QStringLiteral("ERROR")))
    , m_categories(new QBarCategoryAxis)
    , m_values(new QValueAxis) {
    QChart* chart = newChart(tr("Verdicts per tier"));
    m_series->append({m_blocked, m_allowed, m_error});
    showOnTierAxes(this, chart, m_series, m_categories, m_values, tr("Attacks"), QStringLiteral("%d"), 1);
    applyPalette();
}

QBarSet* VerdictChart::barSet(Verdict verdict) const {
    switch (verdict) {
    case Verdict::Blocked:
        return m_blocked;
    case Verdict::Allowed:
        return m_allowed;
    case Verdict::Error:
        return m_error;
    }
    return nullptr;
}

void VerdictChart::setTiers(const QStringList& tiers, const QStringList& labels, int attacks) {
    m_tiers = tiers;
    for (QBarSet* set : {m_blocked, m_allowed, m_error}) {
        set->remove(0, set->count());
        for (qsizetype i = 0; i < tiers.size(); ++i)
            set->append(0);
    }
    m_categories->setCategories(labels.size() == tiers.size() ? labels : tiers);
    m_values->setRange(0, std::max(1, attacks));
    m_values->setTickCount(std::clamp(attacks + 1, 2, 11));
}

void VerdictChart::setCounts(const QString& tier, const VerdictCounts& counts) {
    const int at = category(tier);
    if (at < 0)
        return;
    m_blocked->replace(at, counts.blocked);
    m_allowed->replace(at, counts.allowed);
    m_error->replace(at, counts.error);
}

void VerdictChart::changeEvent(QEvent* event) {
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void VerdictChart::applyPalette() {
    styleChart(chart(), palette(), chart()->axes());
    for (Verdict verdict : {Verdict::Blocked, Verdict::Allowed, Verdict::Error}) {
        QBarSet* set = barSet(verdict);
        set->setColor(AttackMatrixModel::background(verdict));
        set->setBorderColor(AttackMatrixModel::background(verdict).darker(130));
        set->setLabelColor(AttackMatrixModel::foreground(verdict));
    }
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
    m_tiers[tier] = report.tier;
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
