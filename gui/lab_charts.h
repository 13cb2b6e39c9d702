#pragma once

#include "attack_matrix_model.h"
#include "core/latency_bench.h"
#include "sentence_table.h"

#include <QChartView>
#include <QStringList>
#include <QTableWidget>
#include <map>

class QBarCategoryAxis;
class QLabel;
class QString;
class QBarSet;
class QCategoryAxis;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QStackedBarSeries;
class QValueAxis;

// What both Lab charts share: styled from the view's palette and font (so the Lab's zoom reaches the
// chart's title, axes and legend), and, while there is nothing to draw, no axes or legend but a line that
// says what will be there ("Run the lab to see verdicts").
class LabChartView : public QChartView {
    Q_OBJECT

public:
    explicit LabChartView(const QString& placeholder, QWidget* parent = nullptr);

    bool isEmpty() const { return m_empty; }
    QLabel* placeholder() const { return m_placeholder; }

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    // Axes, legend and placeholder as the chart is empty or not.
    void setEmpty(bool empty);
    // How many value labels the plot has room for at this size and font: what is left of the view once the
    // title, the tier names and the legend have theirs, a line and a half a label, 2 to 7.
    int valueLabelsRoom() const;
    virtual void applyPalette() = 0;

private:
    QLabel* m_placeholder;
    bool m_empty = true;
};

// Stacked bars of BLOCKED / ALLOWED (expected) / ALLOWED / ERROR counts, one category per tier, in the
// matrix's colours, updated as outcomes arrive. A control cell not possible here has no bar.
class VerdictChart : public LabChartView {
    Q_OBJECT

public:
    explicit VerdictChart(QWidget* parent = nullptr);

    // One category per tier (labels as the matrix header shows them), every count zero; `attacks` sets the
    // value axis so bars grow into a fixed frame.
    void setTiers(const QStringList& tiers, const QStringList& labels, int attacks);
    void setCounts(const QString& tier, const sandbench::VerdictCounts& counts);

    QStackedBarSeries* series() const { return m_series; }
    QBarSet* barSet(sandbench::CellKind kind) const;
    // The category of `tier`, or -1.
    int category(const QString& tier) const { return static_cast<int>(m_tiers.indexOf(tier)); }

protected:
    void applyPalette() override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // 0 to `attacks`, in whole-number ticks, as many as the plot's height has room for.
    void setAxisRange(int attacks);

    int m_attacks = 0;
    QStringList m_tiers;
    QStackedBarSeries* m_series;
    QBarSet* m_blocked;
    QBarSet* m_allowedExpected;
    QBarSet* m_allowed;
    QBarSet* m_error;
    QBarCategoryAxis* m_categories;
    QValueAxis* m_values;
};

// The counts behind the chart, one row per tier: the tier, then its counts as one sentence that wraps
// ("51 blocked · 3 allowed as expected · 0 unexpected"), with what a bar cannot show: how many ALLOWED were
// not expected, how many control cells were not possible here (left out of the other counts and the bars),
// how many cells left something behind, and the failures (cells with either). A sentence wraps where a row of
// number columns would run past a narrow pane in a long language; counts that are zero and say nothing
// (errors, not possible, leftovers) are left out of it.
class VerdictCountsTable : public SentenceTable {
    Q_OBJECT

public:
    enum Columns { TierColumn = NameColumn, CountsColumn = SentenceColumn };
    enum Measure { Blocked, Allowed, Unexpected, Errors, NotPossible, Leftovers, Failures };

    explicit VerdictCountsTable(QWidget* parent = nullptr);

    // One row per tier (labels as the matrix header shows them), every count zero.
    void setTiers(const QStringList& tiers, const QStringList& labels);
    void setCounts(const QString& tier, const sandbench::VerdictCounts& counts);
    // The number counted for `tier`, or -1 when the tier has no row.
    int count(const QString& tier, Measure measure) const;
    // The sentence shown for `tier`; empty when the tier has no row.
    QString countsText(const QString& tier) const;
    static QString describe(const sandbench::VerdictCounts& counts);

private:
    QStringList m_tiers;
    QList<sandbench::VerdictCounts> m_counts; // by row
};

// The bench of print(1): one column per tier and mode (cold and warm apart), each with its own reference
// beside it (the tier's reference command where it has one, e.g. `docker run`, else the bare python3),
// both measured in the same session. Dots at p50 and p95 on a logarithmic axis (a 10 ms start and a 2 s start
// both stay readable), the p50s labelled with their value where the columns have room; the LatencyTable
// beside it gives every figure.
class LatencyChart : public LabChartView {
    Q_OBJECT

public:
    explicit LatencyChart(QWidget* parent = nullptr);

    void clear();
    // Keeps the reports of the print(1) workload; a later report of the same tier and mode replaces one.
    void addReport(const QString& tier, const sandbench::LatencyReport& report);

    int rowCount() const { return static_cast<int>(m_rows.size()); }
    // "subprocess · warm" over "vs bare python3": what the column holds and what it is measured against.
    QString rowLabel(int row) const;
    // What the column's axis label says: rowLabel's lines where the column has room for them, else the
    // column's number (1, 2, …), which the LatencyTable beside the chart names.
    QString axisLabel(int row) const;
    // Whether the columns are too narrow for their labels and value labels: numbered, values unlabelled.
    bool isCompact() const { return m_compact; }
    // The column's figures in one line: the tier's p50 and p95, its reference's name, p50 and p95.
    QString rowFigures(int row) const;
    QLogValueAxis* valueAxis() const { return m_values; }
    QCategoryAxis* rowAxis() const { return m_categories; }
    QScatterSeries* tierP50() const { return m_tierP50; }
    QScatterSeries* tierP95() const { return m_tierP95; }
    QScatterSeries* referenceP50() const { return m_referenceP50; }
    QScatterSeries* referenceP95() const { return m_referenceP95; }
    // The reference's short name: "bare python3", "docker run", "runsc do".
    static QString referenceName(const sandbench::LatencyReport& report);

signals:
    void rowsChanged();

protected:
    void applyPalette() override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    // Chooses full or numbered labels (and titles) for the view's width; true when that changed.
    bool fitLabels();
    void relabel();

    struct Row {
        QString tier;
        sandbench::LatencyReport report;
    };
    std::vector<Row> m_rows; // in the order they arrived
    QScatterSeries* m_tierP50;
    QScatterSeries* m_tierP95;
    QScatterSeries* m_referenceP50;
    QScatterSeries* m_referenceP95;
    QCategoryAxis* m_categories;
    QLogValueAxis* m_values;
    bool m_compact = false;
};

// The bench's figures, a row per column of the chart (numbered as its axis is when the columns are too narrow
// for names): the tier's p50 and p95 and its reference's, readable however many tiers the chart holds.
class LatencyTable : public SentenceTable {
    Q_OBJECT

public:
    explicit LatencyTable(const LatencyChart* chart, QWidget* parent = nullptr);

    // A tab's page: as small as any table, it scrolls (rows wrapped at the width of a page not yet laid out
    // would otherwise ask for a taller window).
    QSize sizeHint() const override { return QTableWidget::sizeHint(); }
    QSize minimumSizeHint() const override { return QTableWidget::minimumSizeHint(); }

private:
    void refill();

    const LatencyChart* m_chart;
};

// The bench's workloads side by side: one group per workload, a dot per tier and mode, at the tier's p50
// over the bare host's p50 for the same workload in the same session, on a logarithmic axis with the host
// at 1×. Shows where each tier's tax lies (CPU under emulation, system calls through a user-space kernel).
class WorkloadChart : public LabChartView {
    Q_OBJECT

public:
    explicit WorkloadChart(QWidget* parent = nullptr);

    void clear();
    void addReport(const QString& tier, const sandbench::LatencyReport& report);

    QLogValueAxis* valueAxis() const { return m_values; }
    QCategoryAxis* workloadAxis() const { return m_categories; }
    // One per tier and mode ("container · cold"), in the order they arrived.
    QList<QScatterSeries*> tierSeries() const;
    int reportCount() const { return static_cast<int>(m_reports.size()); }

protected:
    void applyPalette() override;

private:
    void rebuild();

    std::vector<std::pair<QString, sandbench::LatencyReport>> m_reports;
    QLineSeries* m_host;
    QCategoryAxis* m_categories;
    QLogValueAxis* m_values;
};

// Saves `view` as a PNG `width` pixels wide (at least 1200 unless a test asks for less), rendered with
// QChartView::grab() at that size, the height keeping the view's aspect ratio; written atomically. False
// with `error` set when the file cannot be written.
bool saveChartPng(QChartView* view, const QString& path, int width = 1200, QString* error = nullptr);
