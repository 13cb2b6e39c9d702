#include "replay_dialog.h"

#include "comparison_dialog.h"
#include "engine_text.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace sandbench;
using namespace sandbench::agent;

namespace {

const QString kMark = QStringLiteral("\u2260");

QString endingText(const std::optional<RunResult>& result) {
    if (!result)
        return QStringLiteral("–");
    QString text;
    if (result->exitCode)
        text = ReplayDialog::tr("exit %1").arg(*result->exitCode);
    else if (result->termSignal)
        text = ReplayDialog::tr("killed by %1").arg(QString::fromStdString(signalName(*result->termSignal)));
    else
        text = ReplayDialog::tr("did not run");
    if (result->stoppedBy != StopReason::None)
        text = ReplayDialog::tr("%1, %2").arg(text, stopReasonText(result->stoppedBy));
    return text;
}

QString fieldName(RunField field) {
    switch (field) {
    case RunField::Ending:
        return ReplayDialog::tr("how it ended");
    case RunField::StoppedBy:
        return ReplayDialog::tr("what stopped it");
    case RunField::Stdout:
        return ReplayDialog::tr("standard output");
    case RunField::Stderr:
        return ReplayDialog::tr("standard error");
    case RunField::Truncation:
        return ReplayDialog::tr("output cut at the cap");
    }
    return {};
}

} // namespace

ReplayDialog::ReplayDialog(Transcript transcript, Tiers tiers, const ProbeResults& probes, QWidget* parent)
    : QDialog(parent)
    , m_transcript(std::move(transcript))
    , m_tiers(std::move(tiers))
    , m_controller(new ComparisonController(this))
    , m_tier(new QComboBox(this))
    , m_replay(new QPushButton(tr("&Replay"), this))
    , m_stop(new QPushButton(tr("&Stop"), this))
    , m_status(new QLabel(this))
    , m_calls(new QTableWidget(this))
    , m_details(new QPlainTextEdit(this)) {
    setObjectName(QStringLiteral("replay.dialog"));
    setWindowTitle(tr("Replay on tier"));
    resize(1000, 640);
    for (const auto& [name, tier] : m_tiers) {
        if (tier->info().control)
            continue; // a model's programs never run without isolation
        bool available = false;
        QString reason;
        for (const auto& [probed, probe] : probes) {
            if (QString::fromStdString(probed) == name) {
                available = probe.available;
                reason = engineText(probe.reason);
            }
        }
        m_tier->addItem(available ? name : tr("%1 (cannot run here)").arg(name), name);
        const int index = m_tier->count() - 1;
        if (!available) {
            m_tier->setItemData(index, reason, Qt::ToolTipRole);
            m_tier->setItemData(index, 0, Qt::UserRole - 1); // disabled in the list
        }
    }
    // Another tier than the session's, when one can run.
    for (int i = 0; i < m_tier->count(); ++i) {
        if (m_tier->itemData(i, Qt::UserRole - 1).isValid())
            continue;
        m_tier->setCurrentIndex(i);
        if (m_tier->itemData(i).toString() != QString::fromStdString(m_transcript.tier))
            break;
    }
    m_tier->setObjectName(QStringLiteral("replay.tier"));
    m_replay->setObjectName(QStringLiteral("replay.run"));
    m_replay->setAutoDefault(false);
    m_stop->setObjectName(QStringLiteral("replay.stop"));
    m_stop->setAutoDefault(false);
    connect(m_replay, &QPushButton::clicked, this, &ReplayDialog::start);
    connect(m_stop, &QPushButton::clicked, this, &ReplayDialog::stop);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);

    m_calls->setObjectName(QStringLiteral("replay.calls"));
    m_calls->setColumnCount(COLUMN_COUNT);
    m_calls->setHorizontalHeaderLabels(
        {tr("Call"), tr("Code"), tr("Recorded"), tr("Replayed"), tr("Differs")});
    m_calls->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_calls->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_calls->setSelectionMode(QAbstractItemView::SingleSelection);
    m_calls->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    connect(m_calls, &QTableWidget::currentCellChanged, this, [this](int row) { showDetails(row); });
    m_details->setObjectName(QStringLiteral("replay.details"));
    m_details->setReadOnly(true);
    m_details->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Replay on:"), this));
    top->addWidget(m_tier);
    top->addWidget(m_replay);
    top->addWidget(m_stop);
    top->addWidget(m_status, 1);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_calls);
    splitter->addWidget(m_details);
    auto* layout = new QVBoxLayout(this);
    auto* task = new QLabel(
        tr("Session: %1 · recorded on %2 · %n call(s)", nullptr, static_cast<int>(m_transcript.runs.size()))
            .arg(QString::fromStdString(m_transcript.task).simplified().left(80),
                 QString::fromStdString(m_transcript.tier)),
        this);
    task->setTextFormat(Qt::PlainText);
    task->setWordWrap(true);
    layout->addWidget(task);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);

    connect(m_controller, &ComparisonController::callReplayed, this, [this](quint64, int index, int total) {
        m_status->setText(tr("Call %1 of %2 replayed…").arg(index + 1).arg(total));
    });
    connect(m_controller, &ComparisonController::replayFinished, this,
            [this](quint64, const SessionReplay& replay) {
                m_result = replay;
                showReplay();
                updateState();
                Q_EMIT replayFinished();
            });
    m_status->setText(m_tier->count() ? tr("Choose a tier and press Replay")
                                      : tr("No tier with isolation can run here"));
    updateState();
}

void ReplayDialog::setTier(const QString& name) {
    const int index = m_tier->findData(name);
    if (index >= 0)
        m_tier->setCurrentIndex(index);
}

bool ReplayDialog::start() {
    if (isRunning())
        return false;
    const QString name = m_tier->currentData().toString();
    std::shared_ptr<Tier> tier;
    for (const auto& [listed, object] : m_tiers)
        if (listed == name && !m_tier->currentData(Qt::UserRole - 1).isValid())
            tier = object;
    if (!tier) {
        m_status->setText(tr("Choose a tier that can run here"));
        return false;
    }
    m_result.reset();
    m_calls->setRowCount(0);
    m_details->clear();
    m_controller->startReplay(m_transcript, std::move(tier));
    m_status->setText(
        tr("Replaying %n call(s) on %1…", nullptr, static_cast<int>(m_transcript.runs.size())).arg(name));
    updateState();
    return true;
}

void ReplayDialog::stop() {
    if (!isRunning())
        return;
    m_controller->stop();
    m_status->setText(tr("Stopping…"));
}

QString ReplayDialog::statusText() const {
    return m_status->text();
}

void ReplayDialog::showReplay() {
    const SessionReplay& replay = *m_result;
    const QColor highlight = ComparisonDialog::differenceColour(palette());
    m_calls->setRowCount(static_cast<int>(replay.calls.size()));
    for (int row = 0; row < m_calls->rowCount(); ++row) {
        const ReplayedCall& call = replay.calls[static_cast<std::size_t>(row)];
        QStringList fields;
        for (const RunField field : call.differences.fields)
            fields << fieldName(field);
        QString differs;
        if (!call.replayed)
            differs = call.problem.empty() ? tr("not replayed")
                                           : tr("never ran: %1").arg(QString::fromStdString(call.problem));
        else
            differs =
                fields.isEmpty() ? tr("same") : kMark + QLatin1Char(' ') + fields.join(QStringLiteral(", "));
        const QString code = QString::fromStdString(call.code).section(QLatin1Char('\n'), 0, 0);
        const QStringList cells{
            QString::number(row + 1), code,
            tr("%1: %2").arg(QString::fromStdString(call.originalTier), endingText(call.original)),
            endingText(call.replayed), differs};
        for (int column = 0; column < COLUMN_COUNT; ++column) {
            auto* item = new QTableWidgetItem(cells[column]);
            if (call.differs()) {
                item->setBackground(highlight);
                item->setForeground(palette().color(QPalette::Text));
            }
            if (column == Code)
                item->setToolTip(QString::fromStdString(call.code).left(2000));
            m_calls->setItem(row, column, item);
        }
    }
    QString status = tr("%1 of %n call(s) differ on %2", nullptr, static_cast<int>(replay.calls.size()))
                         .arg(replay.differingCalls())
                         .arg(QString::fromStdString(replay.tier));
    if (replay.cancelled)
        status = tr("Stopped; the calls after the one in progress were not replayed. %1").arg(status);
    m_status->setText(status);
    for (int row = 0; row < m_calls->rowCount(); ++row) {
        if (replay.calls[static_cast<std::size_t>(row)].differs()) {
            m_calls->setCurrentCell(row, 0);
            return;
        }
    }
}

void ReplayDialog::showDetails(int row) {
    if (!m_result || row < 0 || row >= static_cast<int>(m_result->calls.size())) {
        m_details->clear();
        return;
    }
    const ReplayedCall& call = m_result->calls[static_cast<std::size_t>(row)];
    QStringList text;
    text << tr("Recorded on %1: %2")
                .arg(QString::fromStdString(call.originalTier),
                     call.original ? resultSummary(*call.original) : QStringLiteral("–"));
    text << tr("Replayed on %1: %2")
                .arg(QString::fromStdString(m_result->tier),
                     call.replayed ? resultSummary(*call.replayed) : QStringLiteral("–"));
    if (!call.differences.lines.empty()) {
        text << QString() << tr("Lines not in both (times recorded, times replayed):");
        for (const LineDifference& line : call.differences.lines) {
            text << QStringLiteral("%1 %2 %3 %4 │ %5")
                        .arg(kMark, line.stream == Stream::Stdout ? tr("stdout") : tr("stderr"))
                        .arg(line.counts[0])
                        .arg(line.counts[1])
                        .arg(QString::fromUtf8(line.line));
        }
    }
    m_details->setPlainText(text.join(QLatin1Char('\n')));
}

void ReplayDialog::updateState() {
    const bool running = isRunning();
    m_replay->setEnabled(!running && m_tier->count() > 0);
    m_stop->setEnabled(running);
    m_tier->setEnabled(!running);
}
