#pragma once

#include "comparison_controller.h"
#include "lab_tier_list.h"

#include <QDialog>
#include <functional>
#include <optional>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QTableWidget;

// "Run on all tiers": the editor's program on every ticked tier at once (the host control only when
// ticked), then a comparison: a column per tier with how the run ended and why, wall and CPU time, peak
// memory and the output, the values and output lines that differ between tiers highlighted in a colour of
// the theme and marked with ≠ (so colour is not the only sign). Timings and memory are shown, never
// counted as differences (core/run_differences.h). Runs on a worker thread; Stop cancels every tier at once.
class ComparisonDialog : public QDialog {
    Q_OBJECT

public:
    // What to run, read when Run is pressed: the editor's program under the workbench's policy, or nullopt
    // with `problem` saying why nothing can run now.
    using RequestSource = std::function<std::optional<sandbench::RunRequest>(QString& problem)>;

    ComparisonDialog(LabTierList::Tiers tiers, RequestSource source, QWidget* parent = nullptr);

    void setProbeResults(const LabTierList::ProbeResults& results);
    bool start(); // false (with the reason in the status line) when nothing can run
    void stop();
    bool isRunning() const { return m_controller->isRunning(); }

    // The figure rows, in order.
    enum Row { Ending, StoppedBy, Evidence, Wall, Cpu, Memory, Start, StdoutLines, StderrLines, ROW_COUNT };

    // For tests.
    LabTierList* tierList() const { return m_tierList; }
    QTableWidget* figures() const { return m_figures; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* stopButton() const { return m_stop; }
    QPlainTextEdit* outputView(int column) const;
    QString statusText() const;
    const std::optional<sandbench::TierComparison>& comparison() const { return m_comparison; }
    // The background a differing cell or line gets in `palette`: amber on a light base, dark amber on a
    // dark one, both legible with the palette's text colour.
    static QColor differenceColour(const QPalette& palette);

Q_SIGNALS:
    void comparisonFinished();

protected:
    void changeEvent(QEvent* event) override;

private:
    void showComparison();
    void updateState();
    void setStatus(const QString& text);

    ComparisonController* m_controller;
    LabTierList* m_tierList;
    RequestSource m_source;
    QPushButton* m_run;
    QPushButton* m_stop;
    QLabel* m_status;
    QLabel* m_unavailable;
    QTableWidget* m_figures;
    QWidget* m_outputs;
    std::vector<QPlainTextEdit*> m_outputViews;
    std::optional<sandbench::TierComparison> m_comparison;
    int m_finishedTiers = 0;
    int m_runningTiers = 0;
};
