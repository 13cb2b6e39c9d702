#pragma once

#include "attack_matrix_model.h"
#include "core/latency_bench.h"

#include <QChartView>
#include <QStringList>
#include <QTableWidget>
#include <map>

class QBarCategoryAxis;
class QString;
class QBarSet;
class QBoxPlotSeries;
class QStackedBarSeries;
class QValueAxis;

// Stacked bars of BLOCKED / ALLOWED (expected) / ALLOWED / ERROR counts, one category per tier, in the
// matrix's colours, updated as outcomes arrive.
class VerdictChart : public QChartView {
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
    void changeEvent(QEvent* event) override;

private:
    void applyPalette();

    QStringList m_tiers;
    QStackedBarSeries* m_series;
    QBarSet* m_blocked;
    QBarSet* m_allowedExpected;
    QBarSet* m_allowed;
    QBarSet* m_error;
    QBarCategoryAxis* m_categories;
    QValueAxis* m_values;
};

// The counts behind the chart, one row per tier, with what a bar cannot show: how many ALLOWED were not
// expected, how many cells left something behind, and the failures (cells with either).
class VerdictCountsTable : public QTableWidget {
    Q_OBJECT

public:
    enum Columns {
        TierColumn,
        BlockedColumn,
        AllowedColumn,
        UnexpectedColumn,
        ErrorColumn,
        LeftoversColumn,
        FailuresColumn,
        COLUMN_COUNT
    };

    explicit VerdictCountsTable(QWidget* parent = nullptr);

    // One row per tier (labels as the matrix header shows them), every count zero.
    void setTiers(const QStringList& tiers, const QStringList& labels);
    void setCounts(const QString& tier, const sandbench::VerdictCounts& counts);
    // The number shown in `column` for `tier`, or -1 when the tier has no row.
    int count(const QString& tier, Columns column) const;
    // As tall as its rows; given less (a 720-pixel screen, many tiers), it scrolls.
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

private:
    // The height of the header and the first `rows` rows.
    int heightOfRows(int rows) const;

    QStringList m_tiers;
};

// Start-up latency per tier from bench reports, as box plots (min, p25, p50, p75, max), with the bare
// interpreter measured in the same sessions as a box of its own.
class LatencyChart : public QChartView {
    Q_OBJECT

public:
    explicit LatencyChart(QWidget* parent = nullptr);

    void clear();
    void addReport(const QString& tier, const sandbench::LatencyReport& report);

    QBoxPlotSeries* series() const { return m_series; }
    static QString baselineLabel();

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void applyPalette();

    QStringList m_order; // tiers in the order their reports arrived
    std::map<QString, sandbench::LatencyStats> m_tiers;
    std::vector<double> m_baselineMs; // every tier's baseline samples: all measured the same way
    QBoxPlotSeries* m_series;
    QBarCategoryAxis* m_categories;
    QValueAxis* m_values;
};

// Saves `view` as a PNG `width` pixels wide (at least 1200 unless a test asks for less), rendered with
// QChartView::grab() at that size, the height keeping the view's aspect ratio; written atomically. False
// with `error` set when the file cannot be written.
bool saveChartPng(QChartView* view, const QString& path, int width = 1200, QString* error = nullptr);
