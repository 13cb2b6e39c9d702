#include "attack_lab_page.h"

#include "attack_matrix_model.h"
#include "cell_details.h"
#include "core/attack_harness.h"
#include "core/lab_report.h"
#include "elided_label.h"
#include "empty_state.h"
#include "lab_charts.h"
#include "lab_controller.h"
#include "lab_run_file.h"
#include "lab_tier_list.h"
#include "matrix_legend.h"
#include "presentation_mode.h"

#include <QAction>
#include <QComboBox>
#include <QDateTime>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedBarSeries>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <filesystem>

using namespace sandbench;

namespace {

QString verdictsText(const VerdictCounts& counts) {
    // One message per count, so each language chooses its plural form ("1 bloquée", "2 bloquées").
    return AttackLabPage::tr("%1, %2 (%3), %4, %5")
        .arg(AttackLabPage::tr("%n blocked", nullptr, counts.blocked),
             AttackLabPage::tr("%n allowed", nullptr, counts.allowed),
             AttackLabPage::tr("%n unexpected", nullptr, counts.unexpectedAllowed),
             counts.error == 1 ? AttackLabPage::tr("1 error")
                               : AttackLabPage::tr("%1 errors").arg(counts.error),
             AttackLabPage::tr("%n with leftovers", nullptr, counts.leftovers));
}

} // namespace

AttackLabPage::AttackLabPage(Tiers tiers, QWidget* parent)
    : QWidget(parent)
    , m_tierList(new LabTierList(std::move(tiers), this))
    , m_policyBar(new LabPolicyBar(this))
    , m_controller(new LabController(this))
    , m_model(new AttackMatrixModel(this)) {
    // Suite folder.
    m_suiteFolder = new QLineEdit(defaultSuiteFolder(), this);
    m_suiteFolder->setToolTip(tr("A folder of *.py attacks, each with a metadata header"));
    auto* choose = new QPushButton(tr("Choose…"), this);
    connect(choose, &QPushButton::clicked, this, &AttackLabPage::chooseSuiteFolder);
    auto* suite = new QWidget(this); // with the tier list, what presentation mode makes way for
    auto* suiteRow = new QHBoxLayout(suite);
    suiteRow->setContentsMargins(0, 0, 0, 0);
    suiteRow->addWidget(new QLabel(tr("Suite:"), this));
    suiteRow->addWidget(m_suiteFolder, 2);
    suiteRow->addWidget(choose);
    suiteRow->addWidget(m_policyBar, 3);

    connect(m_tierList, &LabTierList::checkedTiersChanged, this, [this] { updateActions(); });

    // Actions.
    m_run = new QAction(tr("Run suite"), this);
    m_run->setStatusTip(tr("Run every attack of the suite on the checked tiers, in parallel"));
    m_stop = new QAction(tr("Stop"), this);
    m_stop->setStatusTip(tr("Stop the lab or bench at once; nothing is left running"));
    m_bench = new QAction(tr("Bench"), this);
    m_bench->setStatusTip(tr("Measure start-up latency of print(1) on the checked tiers"));
    m_warm = new QAction(tr("Use warm sandboxes"), this);
    m_warm->setObjectName(QStringLiteral("labWarm"));
    m_warm->setCheckable(true);
    m_warm->setChecked(true);
    m_warm->setStatusTip(
        tr("Serve the lab's runs from sandboxes each tier starts ahead, one per run, and end "
           "them after the lab; unchecked, every run starts its own sandbox"));
    connect(m_run, &QAction::triggered, this, &AttackLabPage::startLab);
    connect(m_stop, &QAction::triggered, this, &AttackLabPage::stopLab);
    connect(m_bench, &QAction::triggered, this, &AttackLabPage::startBench);
    m_benchRuns = new QSpinBox(this);
    m_benchRuns->setRange(1, 500);
    m_benchRuns->setValue(10);
    m_benchRuns->setSuffix(tr(" runs"));
    m_benchRuns->setToolTip(tr("Timed runs per tier in a bench"));
    m_benchWorkloads = new QComboBox(this);
    m_benchWorkloads->addItem(tr("print(1)"));
    m_benchWorkloads->addItem(tr("all workloads"));
    m_benchWorkloads->setToolTip(
        tr("What the bench times: print(1) alone, or also the bundled workloads (imports, a CPU loop, system "
           "calls, file I/O, child processes), each against the bare host"));
    m_export = new QAction(tr("Export…"), this);
    m_export->setStatusTip(
        tr("Save the lab run as JSON (the whole run: policy, machine, tiers, code and every "
           "outcome), CSV or an HTML report"));
    m_exportReport = new QAction(tr("HTML report…"), this);
    m_exportReport->setStatusTip(tr("Save the lab run as one self-contained HTML page to share: the matrix, "
                                    "counts, every cell's code, output and evidence, the machine and tiers"));
    m_openRun = new QAction(tr("Open run…"), this);
    m_openRun->setStatusTip(
        tr("Show a saved lab run again, from this tab or from sandbench-cli attacks --json"));
    m_saveVerdictChart = new QAction(tr("Save verdict chart…"), this);
    m_saveVerdictChart->setStatusTip(tr("Save the chart of verdicts per tier as a PNG image"));
    m_saveLatencyChart = new QAction(tr("Save latency chart…"), this);
    m_saveLatencyChart->setStatusTip(tr("Save the latency chart of the last bench as a PNG image"));
    connect(m_export, &QAction::triggered, this, &AttackLabPage::chooseExportFile);
    connect(m_exportReport, &QAction::triggered, this, &AttackLabPage::chooseReportFile);
    connect(m_openRun, &QAction::triggered, this, &AttackLabPage::chooseRunToOpen);
    auto* actionRow = new QHBoxLayout;
    for (QAction* action : {m_run, m_stop, m_bench}) {
        auto* button = new QToolButton(this);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        if (action == m_run) { // the lab's one setting beside the policy: warm or cold
            auto* menu = new QMenu(button);
            menu->addAction(m_warm);
            button->setMenu(menu);
            button->setPopupMode(QToolButton::MenuButtonPopup);
        }
        actionRow->addWidget(button);
    }
    actionRow->addWidget(m_benchRuns);
    actionRow->addWidget(m_benchWorkloads);
    for (QAction* action : {m_export, m_openRun}) {
        auto* button = new QToolButton(this);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        if (action == m_export) { // Export… asks for JSON, CSV or HTML; its menu goes to the report at once
            auto* menu = new QMenu(button);
            menu->addAction(m_exportReport);
            button->setMenu(menu);
            button->setPopupMode(QToolButton::MenuButtonPopup);
        }
        actionRow->addWidget(button);
    }
    m_status = new ElidedLabel(this);
    m_status->setObjectName(QStringLiteral("labStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    actionRow->addWidget(m_status, 1);

    // Matrix and details.
    m_matrix = new QTableView(this);
    m_matrix->setModel(m_model);
    m_matrix->setSelectionMode(QAbstractItemView::SingleSelection);
    m_matrix->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_matrix->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_matrix->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matrix->setItemDelegate(new AttackMatrixDelegate(m_matrix));
    m_matrix->setWordWrap(false);
    new EmptyStateLabel(m_matrix,
                        tr("Check the tiers to attack and press Run suite: a row per attack, a column "
                           "per tier, each cell filled as its attack finishes"));
    connect(m_matrix, &QTableView::clicked, this, &AttackLabPage::showDetails);
    connect(m_matrix, &QTableView::activated, this, &AttackLabPage::showDetails);
    m_details = new CellDetails(this);
    auto* matrixPane = new QWidget(this);
    auto* matrixLayout = new QVBoxLayout(matrixPane);
    matrixLayout->setContentsMargins(0, 0, 0, 0);
    matrixLayout->addWidget(m_matrix, 1);
    auto* legend = new MatrixLegend(matrixPane);
    matrixLayout->addWidget(legend);
    auto* left = new QSplitter(Qt::Vertical, this);
    left->addWidget(matrixPane);
    left->addWidget(m_details);

    // Charts.
    m_verdictChart = new VerdictChart(this);
    m_counts = new VerdictCountsTable(this);
    m_latencyChart = new LatencyChart(this);
    // The bench's figures take a tab beside the cell's details, where there is room for them: under the
    // chart, a 720-pixel screen has none.
    m_latencyTable = new LatencyTable(m_latencyChart, this);
    m_details->addTab(m_latencyTable, tr("Bench figures"));
    m_workloadChart = new WorkloadChart(this);
    m_workloadChart->hide(); // until a bench has workloads
    connect(m_saveVerdictChart, &QAction::triggered, this,
            [this] { chooseChartFile(m_verdictChart, QStringLiteral("verdicts.png")); });
    connect(m_saveLatencyChart, &QAction::triggered, this,
            [this] { chooseChartFile(m_latencyChart, QStringLiteral("latency.png")); });
    auto* right = new QSplitter(Qt::Vertical, this);
    for (auto [chart, action] : {std::pair<QChartView*, QAction*>{m_verdictChart, m_saveVerdictChart},
                                 std::pair<QChartView*, QAction*>{m_latencyChart, m_saveLatencyChart}}) {
        chart->addAction(action); // its context menu
        chart->setContextMenuPolicy(Qt::ActionsContextMenu);
        auto* button = new QToolButton(this);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        auto* pane = new QWidget(right);
        auto* paneLayout = new QVBoxLayout(pane);
        paneLayout->setContentsMargins(0, 0, 0, 0);
        paneLayout->addWidget(chart, 1);
        if (chart == m_verdictChart)
            paneLayout->addWidget(m_counts);
        if (chart == m_latencyChart)
            paneLayout->addWidget(m_workloadChart, 1);
        paneLayout->addWidget(button, 0, Qt::AlignRight);
        right->addWidget(pane);
    }
    right->setStretchFactor(0, 3); // the verdicts' chart and counts need more than the latency's chart
    right->setStretchFactor(1, 2);

    auto* body = new QSplitter(Qt::Horizontal, this);
    body->addWidget(left);
    body->addWidget(right);
    body->setStretchFactor(0, 1); // tier names on the charts' axes need the room
    body->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(suite);
    layout->addWidget(m_tierList);
    layout->addLayout(actionRow);
    layout->addWidget(body, 1);

    const QList<QWidget*> text{m_counts,       m_verdictChart,  m_latencyChart,
                               m_latencyTable, m_workloadChart, m_details}; // what the zoom scales
    m_presentation = new LabPresentation(
        {this, {suite, m_tierList}, body, left, right, m_matrix, legend, m_model, m_details, text}, this);
    actionRow->insertWidget(actionRow->indexOf(m_status), m_presentation->newToggleButton(this));

    connect(m_controller, &LabController::attackFinished, this,
            [this](quint64, const QString& tier, const AttackOutcome& outcome) {
                m_model->addOutcome(tier, outcome);
            });
    connect(m_controller, &LabController::tierProgressed, this,
            [this](quint64, const QString& tier, int done, int total) {
                m_progress[tier] = {done, total};
                showProgress();
            });
    connect(m_controller, &LabController::tierFailed, this,
            [this](quint64, const QString& tier, const QString& message) {
                m_failures.append(tr("%1 failed: %2").arg(tier, message));
                showProgress();
            });
    connect(m_controller, &LabController::labTimed, this,
            [this](quint64, double wallSeconds) { m_runWallSeconds = wallSeconds; });
    connect(m_controller, &LabController::labFinished, this, [this](quint64, bool cancelled) {
        QStringList parts;
        for (const QString& tier : m_model->tiers())
            parts.append(QStringLiteral("%1 %2").arg(tier, verdictsText(m_model->counts(tier))));
        parts += m_failures;
        QString message = (cancelled ? tr("Attack Lab stopped: %1") : tr("Attack Lab finished: %1"))
                              .arg(parts.join(QStringLiteral("; ")));
        if (m_runWallSeconds > 0)
            message = tr("%1 — %2 s wall time").arg(message, QString::number(m_runWallSeconds, 'f', 1));
        m_status->setFullText(message);
        setRunning(false);
        Q_EMIT statusChanged(message);
        Q_EMIT labFinished();
    });
    connect(m_controller, &LabController::benchFinished, this,
            [this](quint64, const QString& tier, const LatencyReport& report) {
                m_latencyChart->addReport(tier, report);
                m_workloadChart->addReport(tier, report);
                m_workloadChart->setVisible(benchAllWorkloads());
                m_benchReports.push_back(report);
                updateActions();
            });
    connect(m_controller, &LabController::benchCompleted, this, [this](quint64, bool cancelled) {
        QString message = cancelled ? tr("Bench stopped") : tr("Bench finished");
        if (!m_failures.isEmpty())
            message += QStringLiteral(": ") + m_failures.join(QStringLiteral("; "));
        m_status->setFullText(message);
        setRunning(false);
        if (m_latencyChart->rowCount() > 0)
            m_details->setCurrentWidget(m_latencyTable);
        Q_EMIT statusChanged(message);
        Q_EMIT benchFinished();
    });
    // The chart and the counts table follow the matrix, whoever fills it.
    connect(m_model, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex& topLeft, const QModelIndex& bottomRight) {
                for (int column = topLeft.column(); column <= bottomRight.column(); ++column)
                    showCounts(m_model->tiers().value(column));
                updateActions();
            });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        showTiers();
        updateActions();
    });
    updateActions();
}

AttackLabPage::~AttackLabPage() = default; // the controller (a child) stops and joins its workers

QString AttackLabPage::defaultWorkloadFolder() {
    std::error_code error;
    if (std::filesystem::is_directory(SANDBENCH_SOURCE_WORKLOADS_DIR, error))
        return QStringLiteral(SANDBENCH_SOURCE_WORKLOADS_DIR);
    return QStringLiteral(SANDBENCH_INSTALLED_WORKLOADS_DIR);
}

QString AttackLabPage::defaultSuiteFolder() {
    std::error_code error;
    if (std::filesystem::is_directory(SANDBENCH_SOURCE_ATTACKS_DIR, error))
        return QStringLiteral(SANDBENCH_SOURCE_ATTACKS_DIR);
    return QStringLiteral(SANDBENCH_INSTALLED_ATTACKS_DIR);
}

void AttackLabPage::setProbeResults(const ProbeResults& results) {
    m_tierList->setProbeResults(results);
}

void AttackLabPage::replaceTier(const std::string& name, std::shared_ptr<Tier> tier) {
    m_tierList->replaceTier(name, std::move(tier));
}

QString AttackLabPage::suiteFolder() const {
    return m_suiteFolder->text();
}

void AttackLabPage::setSuiteFolder(const QString& folder) {
    m_suiteFolder->setText(folder);
}

void AttackLabPage::chooseSuiteFolder() {
    const QString folder =
        QFileDialog::getExistingDirectory(this, tr("Choose an attack suite folder"), suiteFolder());
    if (!folder.isEmpty())
        setSuiteFolder(folder);
}

QStringList AttackLabPage::checkedTiers() const {
    return m_tierList->checkedTiers();
}

void AttackLabPage::setCheckedTiers(const QStringList& tiers) {
    m_tierList->setCheckedTiers(tiers);
}

int AttackLabPage::benchRuns() const {
    return m_benchRuns->value();
}

void AttackLabPage::setBenchRuns(int runs) {
    m_benchRuns->setValue(runs);
}

bool AttackLabPage::isRunning() const {
    return m_running;
}

QStackedBarSeries* AttackLabPage::barSeries() const {
    return m_verdictChart->series();
}

bool AttackLabPage::benchAllWorkloads() const {
    return m_benchWorkloads->currentIndex() == 1;
}

void AttackLabPage::setBenchAllWorkloads(bool all) {
    m_benchWorkloads->setCurrentIndex(all ? 1 : 0);
}

bool AttackLabPage::startLab() {
    const auto tiers = m_tierList->chosenTiers();
    auto refuse = [this](const QString& message) {
        m_status->setFullText(message);
        Q_EMIT statusChanged(message);
        return false;
    };
    if (m_running)
        return refuse(tr("Stop the current run first"));
    if (tiers.empty())
        return refuse(tr("Check at least one tier that can run here"));
    std::vector<Attack> suite;
    try {
        suite = loadAttackSuite(suiteFolder().toStdString());
    } catch (const AttackSuiteError& error) {
        return refuse(tr("Cannot load the suite: %1").arg(QString::fromStdString(error.what())));
    }

    QStringList attacks;
    for (const Attack& attack : suite)
        attacks.append(QString::fromStdString(attack.name));
    QStringList names;
    QSet<QString> controls;
    for (const auto& [name, tier] : tiers) {
        names.append(name);
        if (tier->info().control)
            controls.insert(name);
    }
    m_model->setSuite(attacks);
    m_model->setTiers(names, controls);

    LabOptions options;
    options.policy = policy();
    options.secretValues = m_policyBar->secretValues();
    LabSchedule schedule;
    schedule.overlap = defaultLabOverlap();
    schedule.warm = m_warm->isChecked();
    try {
        m_controller->start(tiers, suite, options, schedule);
    } catch (const HarnessError& error) {
        return refuse(tr("Cannot set up the attack targets: %1").arg(QString::fromStdString(error.what())));
    }
    m_suite = std::move(suite);
    m_runStartedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    m_runPolicy = options.policy;
    m_runPolicySource = m_policyBar->sourceName();
    m_runWallSeconds = 0;
    m_openedFile.clear();
    m_openedRun.reset();
    m_progress.clear();
    m_failures.clear();
    for (const QString& name : names)
        m_progress[name] = {0, static_cast<int>(attacks.size())};
    showDetails({});
    m_benchRunning = false;
    setRunning(true);
    showProgress();
    return true;
}

void AttackLabPage::stopLab() {
    if (!m_running)
        return;
    m_controller->stop();
    const QString message = tr("Stopping…");
    m_status->setFullText(message);
    Q_EMIT statusChanged(message);
}

bool AttackLabPage::startBench() {
    const auto tiers = m_tierList->chosenTiers();
    if (m_running || tiers.empty()) {
        const QString message =
            m_running ? tr("Stop the current run first") : tr("Check at least one tier that can run here");
        m_status->setFullText(message);
        Q_EMIT statusChanged(message);
        return false;
    }
    BenchOptions options;
    options.runs = benchRuns();
    options.policy = policy();
    options.secretValues = m_policyBar->secretValues();
    std::vector<Workload> workloads{printWorkload()};
    if (benchAllWorkloads()) {
        try {
            workloads = loadWorkloadFolder(defaultWorkloadFolder().toStdString());
        } catch (const WorkloadError& error) {
            const QString message =
                tr("Cannot load the workloads: %1").arg(QString::fromStdString(error.what()));
            m_status->setFullText(message);
            Q_EMIT statusChanged(message);
            return false;
        }
    }
    m_latencyChart->clear();
    m_workloadChart->clear();
    m_workloadChart->setVisible(false);
    m_benchReports.clear();
    updateActions();
    m_progress.clear();
    m_failures.clear();
    for (const auto& [name, tier] : tiers)
        m_progress[name] = {0, options.runs};
    for (const auto& [name, tier] : tiers)
        m_progress[name] = {0, LabController::benchRunsInAll(*tier, options.runs, workloads.size())};
    m_controller->startBench(tiers, options, workloads);
    m_benchRunning = true;
    setRunning(true);
    showProgress();
    return true;
}

void AttackLabPage::showProgress() {
    QStringList parts;
    for (auto it = m_progress.cbegin(); it != m_progress.cend(); ++it)
        parts.append(QStringLiteral("%1 %2/%3").arg(it.key()).arg(it->first).arg(it->second));
    parts += m_failures;
    const QString message =
        (m_benchRunning ? tr("Bench: %1") : tr("Attack Lab: %1")).arg(parts.join(QStringLiteral(" · ")));
    m_status->setFullText(message);
    Q_EMIT statusChanged(message);
}

void AttackLabPage::showDetails(const QModelIndex& cell) {
    const AttackOutcome* outcome = cell.isValid() ? m_model->outcome(cell.row(), cell.column()) : nullptr;
    const Attack* attack = nullptr;
    if (cell.isValid() && cell.row() < static_cast<int>(m_suite.size()))
        attack = &m_suite[static_cast<std::size_t>(cell.row())];
    m_details->show(attack, outcome);
}

QString AttackLabPage::detailText(const QString& part) const {
    return m_details->text(part);
}

void AttackLabPage::setRunning(bool running) {
    if (m_running == running)
        return;
    m_running = running;
    if (!running)
        m_benchRunning = false;
    updateActions();
    Q_EMIT runningChanged(running);
}

void AttackLabPage::updateActions() {
    const bool haveTiers = m_tierList->probed() && !checkedTiers().isEmpty();
    m_run->setEnabled(!m_running && haveTiers);
    m_bench->setEnabled(!m_running && haveTiers);
    m_stop->setEnabled(m_running);
    m_suiteFolder->setReadOnly(m_running);
    m_export->setEnabled(!m_running && m_model->hasOutcomes());
    m_exportReport->setEnabled(m_export->isEnabled());
    m_openRun->setEnabled(!m_running);
    m_saveVerdictChart->setEnabled(m_model->columnCount() > 0);
    m_saveLatencyChart->setEnabled(m_latencyChart->rowCount() > 0);
}

void AttackLabPage::report(const QString& message) {
    m_status->setFullText(message);
    Q_EMIT statusChanged(message);
}

bool AttackLabPage::exportRun(const QString& path, QString* error) {
    auto refuse = [&](const QString& message) {
        if (error)
            *error = message;
        report(message);
        return false;
    };
    if (!m_model->hasOutcomes())
        return refuse(tr("There is no lab run to export"));
    const QString suffix = QFileInfo(path).suffix().toLower();
    QByteArray bytes;
    if (suffix == QLatin1String("json"))
        bytes = QByteArray::fromStdString(dumpJson(nlohmann::json(labRun())) + '\n');
    else if (suffix == QLatin1String("csv"))
        bytes = QByteArray::fromStdString(outcomesToCsv(m_model->outcomes()));
    else if (suffix == QLatin1String("html") || suffix == QLatin1String("htm"))
        bytes = QByteArray::fromStdString(renderLabReportHtml(labRun()));
    else
        return refuse(tr("Cannot export to %1: choose a name ending in .json, .csv or .html").arg(path));
    QString message;
    if (!labrun::writeFile(path, bytes, &message))
        return refuse(message);
    report(tr("Lab run exported to %1").arg(path));
    return true;
}

bool AttackLabPage::openRun(const QString& path, QString* error) {
    auto refuse = [&](const QString& message) {
        if (error)
            *error = message;
        report(message);
        return false;
    };
    if (m_running)
        return refuse(tr("Stop the current run first"));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return refuse(tr("Cannot open %1: %2").arg(path, file.errorString()));
    QString problem;
    std::optional<LabRunFile> opened = labrun::fromJson(file.readAll(), &problem);
    if (!opened)
        return refuse(tr("%1 is not a lab run: %2").arg(QFileInfo(path).fileName(), problem));
    const std::vector<AttackOutcome>& outcomes = opened->run.outcomes;

    QStringList attacks;
    QStringList tiers;
    QSet<QString> controls;
    for (const AttackOutcome& outcome : outcomes) {
        const QString attack = QString::fromStdString(outcome.attack);
        const QString tier = QString::fromStdString(outcome.tier);
        if (!attacks.contains(attack))
            attacks.append(attack);
        if (!tiers.contains(tier))
            tiers.append(tier);
        if (outcome.control)
            controls.insert(tier);
    }
    m_model->setSuite(attacks);
    m_model->setTiers(tiers, controls);
    for (const AttackOutcome& outcome : outcomes)
        m_model->addOutcome(QString::fromStdString(outcome.tier), outcome);
    QStringList parts;
    for (const QString& tier : tiers) {
        parts.append(QStringLiteral("%1 %2").arg(tier, verdictsText(m_model->counts(tier))));
    }
    m_suite.clear();
    if (opened->outcomesOnly) {
        // No code, policy, tiers or machine in the file: the detail pane and the report show the rest.
        m_runStartedAt.clear();
        m_runPolicy = policy();
        m_runPolicySource.clear();
        m_openedRun.reset();
    } else {
        // The detail pane finds an attack's code by the matrix's row.
        for (const QString& name : m_model->attacks()) {
            const auto known =
                std::find_if(opened->run.suite.begin(), opened->run.suite.end(), [&](const Attack& attack) {
                    return QString::fromStdString(attack.name) == name;
                });
            Attack attack;
            attack.name = name.toStdString();
            m_suite.push_back(known != opened->run.suite.end() ? *known : attack);
        }
        m_runStartedAt = QString::fromStdString(opened->run.startedAt);
        m_runPolicy = opened->run.policy;
        m_openedRun = std::move(opened->run);
    }
    m_openedFile = QFileInfo(path).fileName();
    m_progress.clear();
    m_failures.clear();
    showDetails({});
    updateActions();
    report(tr("Opened %1: %2").arg(QFileInfo(path).fileName(), parts.join(QStringLiteral("; "))));
    return true;
}

void AttackLabPage::chooseExportFile() {
    const QString json = tr("Lab run as JSON (*.json)");
    const QString csv = tr("Lab run as CSV (*.csv)");
    const QString html = tr("Lab report as HTML (*.html)");
    QString filter = json;
    QString path =
        QFileDialog::getSaveFileName(this, tr("Export the lab run"), QStringLiteral("lab-run.json"),
                                     QStringList{json, csv, html}.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty())
        return;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("json") && suffix != QLatin1String("csv") &&
        suffix != QLatin1String("html") && suffix != QLatin1String("htm"))
        path += filter == csv    ? QStringLiteral(".csv")
                : filter == html ? QStringLiteral(".html")
                                 : QStringLiteral(".json");
    QString error;
    if (!exportRun(path, &error))
        QMessageBox::warning(this, tr("Export the lab run"), error);
}

void AttackLabPage::chooseReportFile() {
    QString path =
        QFileDialog::getSaveFileName(this, tr("Save the lab report"), QStringLiteral("lab-report.html"),
                                     tr("Lab report as HTML (*.html)"));
    if (path.isEmpty())
        return;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("html") && suffix != QLatin1String("htm"))
        path += QStringLiteral(".html");
    QString error;
    if (!exportRun(path, &error))
        QMessageBox::warning(this, tr("Save the lab report"), error);
}

void AttackLabPage::showTiers() {
    const QStringList tiers = m_model->tiers();
    QStringList labels;
    for (int column = 0; column < tiers.size(); ++column)
        labels.append(m_model->headerData(column, Qt::Horizontal).toString());
    m_verdictChart->setTiers(tiers, labels, m_model->rowCount());
    m_counts->setTiers(tiers, labels);
    for (const QString& tier : tiers)
        showCounts(tier);
}

void AttackLabPage::showCounts(const QString& tier) {
    const VerdictCounts counts = m_model->counts(tier);
    m_verdictChart->setCounts(tier, counts);
    m_counts->setCounts(tier, counts);
}

LabRun AttackLabPage::labRun() const {
    if (m_openedRun)
        return *m_openedRun; // a re-opened document is the run as it was
    LabRun run;
    run.startedAt = m_runStartedAt.toStdString();
    run.policy = m_runPolicy;
    run.policySource = m_runPolicySource;
    run.wallSeconds = m_runWallSeconds;
    run.outcomes = m_model->outcomes();
    // The suite in row order: the attacks of the run, or, for a re-opened file, rebuilt from its outcomes.
    for (const QString& name : m_model->attacks()) {
        const auto known = std::find_if(m_suite.begin(), m_suite.end(), [&](const Attack& attack) {
            return attack.name == name.toStdString();
        });
        if (known != m_suite.end()) {
            run.suite.push_back(*known);
            continue;
        }
        Attack attack;
        attack.name = name.toStdString();
        bool first = true;
        for (const AttackOutcome& outcome : run.outcomes) {
            if (outcome.attack != attack.name)
                continue;
            if (first) {
                attack.fileName = outcome.fileName;
                attack.category = outcome.category;
                first = false;
            }
            attack.needsRoot = attack.needsRoot || outcome.needsRoot;
            if (outcome.expected && !outcome.control)
                attack.expectedOn.push_back(outcome.tier);
        }
        run.suite.push_back(std::move(attack));
    }
    for (int column = 0; column < m_model->columnCount(); ++column) {
        const QString name = m_model->tiers().at(column);
        LabTier shown;
        shown.info.name = name.toStdString();
        shown.info.control = m_model->isControl(name);
        if (const std::shared_ptr<Tier> tier = m_tierList->tier(name))
            shown.info = tier->info();
        for (const QString& note : m_tierList->probeNotes(name))
            shown.notes.push_back(note.toStdString());
        shown.details = m_tierList->probeDetails(name).toStdString();
        run.tiers.push_back(std::move(shown));
    }
    run.bench = m_benchReports;
    run.machine = collectMachineDetails();
    if (!m_openedFile.isEmpty()) {
        run.machine.facts.emplace_back(
            tr("Lab run").toStdString(),
            tr("re-opened from %1: the policy, machine and tier details are this session's, not necessarily "
               "the run's")
                .arg(m_openedFile)
                .toStdString());
    }
    return run;
}

void AttackLabPage::chooseRunToOpen() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a saved lab run"), QString(),
                                                      tr("Lab runs (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openRun(path, &error))
        QMessageBox::warning(this, tr("Open a saved lab run"), error);
}

void AttackLabPage::chooseChartFile(QChartView* chart, const QString& name) {
    QString path = QFileDialog::getSaveFileName(this, tr("Save the chart"), name, tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".png");
    QString error;
    if (saveChartPng(chart, path, qMax(1200, chart->width()), &error))
        report(tr("Chart saved to %1").arg(path));
    else
        QMessageBox::warning(this, tr("Save the chart"), error);
}
