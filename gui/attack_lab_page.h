#pragma once

#include "core/attack_suite.h"
#include "core/lab_run.h"
#include "core/tier.h"
#include "lab_policy_bar.h"

#include <QMap>
#include <QPair>
#include <QWidget>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

class AttackMatrixModel;
class CellDetails;
class ElidedLabel;
class LabController;
class LabPresentation;
class LabTierList;
class LatencyChart;
class LatencyTable;
class WorkloadChart;
class QComboBox;
class QAction;
class QChartView;
class QLabel;
class QLineEdit;
class QSpinBox;
class QStackedBarSeries;
class QTableView;
class VerdictChart;
class VerdictCountsTable;

// The Attack Lab tab: runs the hostile suite on the chosen tiers in parallel and shows a matrix of
// verdicts with a legend (expected and unexpected ALLOWED apart, the deciding layer, leftovers as
// failures; click a cell for the attack's code, its full output, the evidence, layer and leftovers), a
// stacked bar chart of verdicts per tier with a table of the counts and failures, and a latency chart from
// the bench. Knows tiers only through the Tier interface; the work runs in a LabController, never on
// the GUI thread.
class AttackLabPage : public QWidget {
    Q_OBJECT

public:
    using Tiers = std::vector<std::pair<std::string, std::shared_ptr<sandbench::Tier>>>;
    using ProbeResults = std::vector<std::pair<std::string, sandbench::ProbeResult>>;

    // `tiers` in the order to list them. Until setProbeResults() says which can run here, every tier's
    // checkbox is disabled.
    explicit AttackLabPage(Tiers tiers, QWidget* parent = nullptr);
    ~AttackLabPage() override;

    // Enables the tiers that can run here; the others stay disabled with the reason as their tooltip.
    // Tiers that can run are checked, but neither the control nor a billed tier: those are the user's choice.
    void setProbeResults(const ProbeResults& results);
    // Puts a recreated tier (new settings) in place of the old one, its checkbox disabled until
    // setProbeResults() answers for it. Only between runs: a running one keeps the tier it started with.
    void replaceTier(const std::string& name, std::shared_ptr<sandbench::Tier> tier);

    QString suiteFolder() const;
    void setSuiteFolder(const QString& folder);
    static QString defaultSuiteFolder();    // the bundled attacks/ folder
    static QString defaultWorkloadFolder(); // the bundled workloads/ folder
    QStringList checkedTiers() const;
    void setCheckedTiers(const QStringList& tiers); // available tiers only; every other one is unchecked
    // The policy the next lab or bench runs under (the policy bar's: the Workbench's or the lab's own).
    sandbench::Policy policy() const { return m_policyBar->policy(); }
    void setPolicy(const sandbench::Policy& policy) { // as the lab's own, which it then follows
        m_policyBar->setLabPolicy(policy);
        m_policyBar->setSource(LabPolicyBar::Source::Lab);
    }
    LabPolicyBar* policyBar() const { return m_policyBar; }
    LabTierList* tierList() const { return m_tierList; }
    int benchRuns() const;
    void setBenchRuns(int runs);
    bool isRunning() const;

    // For the main window's menus and tool bar, tests and scripts.
    QAction* runAction() const { return m_run; }
    QAction* stopAction() const { return m_stop; }
    QAction* benchAction() const { return m_bench; }
    QAction* exportAction() const { return m_export; }             // enabled when there are outcomes
    QAction* exportReportAction() const { return m_exportReport; } // the same, for the HTML report
    QAction* openRunAction() const { return m_openRun; }           // enabled unless a run is going on
    QAction* saveVerdictChartAction() const { return m_saveVerdictChart; }
    QAction* saveLatencyChartAction() const { return m_saveLatencyChart; }
    AttackMatrixModel* model() const { return m_model; }
    QTableView* matrixView() const { return m_matrix; }
    VerdictChart* verdictChart() const { return m_verdictChart; }
    VerdictCountsTable* countsTable() const { return m_counts; }
    LatencyTable* latencyTable() const { return m_latencyTable; }
    LatencyChart* latencyChart() const { return m_latencyChart; }
    QStackedBarSeries* barSeries() const;
    WorkloadChart* workloadChart() const { return m_workloadChart; }
    // The Bench's workloads: print(1) only (false), or every workload of the bundled folder too (true).
    bool benchAllWorkloads() const;
    void setBenchAllWorkloads(bool all);
    LabController* controller() const { return m_controller; }
    // The text zoom and the presentation mode (gui/presentation_mode.h), its actions for the View menu.
    LabPresentation* presentation() const { return m_presentation; }
    // The detail pane's text for the cell last shown: "evidence" (verdict, expected or not, layer,
    // leftovers and the evidence), "code", "stdout" or "stderr".
    QString detailText(const QString& part) const;
    // The run shown in the matrix, for the HTML report and the JSON export: its tiers with their probe
    // notes, the suite, the policy, every outcome and this machine's details. A re-opened lab-run document
    // is returned as it was read; for a re-opened array of outcomes the attacks are rebuilt from them,
    // without code, and the rest is this session's, as a machine fact says.
    sandbench::LabRun labRun() const;

public Q_SLOTS:
    // Each returns whether the work started; when not, statusChanged says why.
    bool startLab();
    void stopLab();
    bool startBench();
    void showDetails(const QModelIndex& cell);

    // Writes the lab run shown in the matrix: the lab-run document of labRun() (core/lab_run.h; its
    // `outcomes` are the CLI's `attacks --json` objects) for a path ending in .json, CSV (the CLI's `--csv`
    // columns) for one ending in .csv, the self-contained HTML report (renderLabReportHtml of labRun()) for
    // .html or .htm; atomically. False with `error` set when there is
    // nothing to export, the suffix is none of these, or the file cannot be written.
    bool exportRun(const QString& path, QString* error = nullptr);
    // Shows a saved lab run (from exportRun, `sandbench-cli attacks --json` or an export from before the
    // document) as if it had just run: tiers and attacks in the order of its outcomes. A file that is not a
    // lab run is refused with `error` naming the problem, and the matrix and charts stay as they were.
    bool openRun(const QString& path, QString* error = nullptr);

Q_SIGNALS:
    void statusChanged(const QString& message); // per-tier progress and results, for the status bar
    void runningChanged(bool running);
    void labFinished();   // after a lab run ends, stopped or not, with the matrix complete
    void benchFinished(); // after every tier of a bench has reported (or the bench was stopped)

private:
    void chooseSuiteFolder();
    void showProgress();
    void setRunning(bool running);
    void updateActions();
    void chooseExportFile();
    void chooseReportFile();
    void showCounts(const QString& tier);
    void showTiers(); // the chart's and the counts table's categories, from the matrix
    void chooseRunToOpen();
    void chooseChartFile(QChartView* chart, const QString& name);
    void report(const QString& message);

    LabTierList* m_tierList;
    QMap<QString, QPair<int, int>> m_progress; // tier -> (done, total) of the current run
    QStringList m_failures;
    bool m_running = false;
    bool m_benchRunning = false;
    std::vector<sandbench::Attack> m_suite; // of the current lab run, for the detail pane
    // Of the run in the matrix, for the report: when it started (ISO 8601, UTC) and its policy; a re-opened
    // array of outcomes has neither, and names itself instead.
    QString m_runStartedAt;
    sandbench::Policy m_runPolicy;
    std::string m_runPolicySource; // LabRun::policySource
    double m_runWallSeconds = 0;   // LabRun::wallSeconds, once the lab is over
    QString m_openedFile;
    std::optional<sandbench::LabRun> m_openedRun; // the lab-run document re-opened, as it was read

    LabPolicyBar* m_policyBar;
    LabController* m_controller;
    LabPresentation* m_presentation;
    AttackMatrixModel* m_model;
    QLineEdit* m_suiteFolder;
    QSpinBox* m_benchRuns;
    QComboBox* m_benchWorkloads;
    ElidedLabel* m_status;
    QTableView* m_matrix;
    CellDetails* m_details;
    VerdictChart* m_verdictChart;
    VerdictCountsTable* m_counts;
    LatencyTable* m_latencyTable;
    LatencyChart* m_latencyChart;
    WorkloadChart* m_workloadChart;
    std::vector<sandbench::LatencyReport> m_benchReports; // the last bench's, for the HTML report
    QAction* m_run;
    QAction* m_warm; // checked: the lab serves its runs from each tier's warm pool (LabSchedule::warm)
    QAction* m_stop;
    QAction* m_bench;
    QAction* m_export;
    QAction* m_exportReport;
    QAction* m_openRun;
    QAction* m_saveVerdictChart;
    QAction* m_saveLatencyChart;
};
