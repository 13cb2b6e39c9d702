#include "comparison_dialog.h"

#include "engine_text.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBlock>
#include <QTextCursor>
#include <QVBoxLayout>

using namespace sandbench;

namespace {

constexpr int kMaximumLines = 5000; // per tier's view, as the Output pane bounds its own
const QString kMark = QStringLiteral("\u2260");

QString endingText(const RunResult& result) {
    if (result.exitCode)
        return ComparisonDialog::tr("exit %1").arg(*result.exitCode);
    if (result.termSignal)
        return ComparisonDialog::tr("killed by %1")
            .arg(QString::fromStdString(signalName(*result.termSignal)));
    if (result.stoppedBy == StopReason::None && !result.evidence.empty())
        return ComparisonDialog::tr("no exit status");
    return ComparisonDialog::tr("did not run");
}

QString linesText(const std::string& bytes, bool truncated) {
    const int count = static_cast<int>(outputLines(bytes).size());
    const QString lines = ComparisonDialog::tr("%n line(s)", nullptr, count);
    return truncated ? ComparisonDialog::tr("%1, cut at the cap").arg(lines) : lines;
}

QString cellText(ComparisonDialog::Row row, const RunResult& result) {
    const QLocale locale;
    switch (row) {
    case ComparisonDialog::Ending:
        return endingText(result);
    case ComparisonDialog::StoppedBy:
        return result.stoppedBy == StopReason::None ? QStringLiteral("–") : stopReasonText(result.stoppedBy);
    case ComparisonDialog::Evidence:
        return result.evidence.empty() ? QStringLiteral("–") : engineText(result.evidence);
    case ComparisonDialog::Wall:
        return ComparisonDialog::tr("%1 s").arg(locale.toString(result.wallSeconds, 'f', 2));
    case ComparisonDialog::Cpu:
        return result.cpuSeconds
                   ? ComparisonDialog::tr("%1 s").arg(locale.toString(*result.cpuSeconds, 'f', 2))
                   : ComparisonDialog::tr("not measured");
    case ComparisonDialog::Memory:
        return result.peakMemoryKb ? ComparisonDialog::tr("%1 MB").arg(locale.toString(
                                         static_cast<double>(*result.peakMemoryKb) / 1024.0, 'f', 1))
                                   : ComparisonDialog::tr("not measured");
    case ComparisonDialog::Start:
        return result.warmStart ? ComparisonDialog::tr("warm") : ComparisonDialog::tr("cold");
    case ComparisonDialog::StdoutLines:
        return linesText(result.stdoutBytes, result.stdoutTruncated);
    case ComparisonDialog::StderrLines:
        return linesText(result.stderrBytes, result.stderrTruncated);
    case ComparisonDialog::ROW_COUNT:
        break;
    }
    return {};
}

// The field a row's value is compared as; none for the figures that vary by nature (timings, memory).
std::optional<RunField> comparedField(ComparisonDialog::Row row) {
    switch (row) {
    case ComparisonDialog::Ending:
        return RunField::Ending;
    case ComparisonDialog::StoppedBy:
        return RunField::StoppedBy;
    case ComparisonDialog::StdoutLines:
        return RunField::Stdout;
    case ComparisonDialog::StderrLines:
        return RunField::Stderr;
    default:
        return std::nullopt;
    }
}

QString rowName(ComparisonDialog::Row row) {
    switch (row) {
    case ComparisonDialog::Ending:
        return ComparisonDialog::tr("Ended");
    case ComparisonDialog::StoppedBy:
        return ComparisonDialog::tr("Stopped by");
    case ComparisonDialog::Evidence:
        return ComparisonDialog::tr("Evidence");
    case ComparisonDialog::Wall:
        return ComparisonDialog::tr("Wall time");
    case ComparisonDialog::Cpu:
        return ComparisonDialog::tr("CPU time");
    case ComparisonDialog::Memory:
        return ComparisonDialog::tr("Peak memory");
    case ComparisonDialog::Start:
        return ComparisonDialog::tr("Start");
    case ComparisonDialog::StdoutLines:
        return ComparisonDialog::tr("Standard output");
    case ComparisonDialog::StderrLines:
        return ComparisonDialog::tr("Standard error");
    case ComparisonDialog::ROW_COUNT:
        break;
    }
    return {};
}

QString fieldName(RunField field) {
    switch (field) {
    case RunField::Ending:
        return ComparisonDialog::tr("how it ended");
    case RunField::StoppedBy:
        return ComparisonDialog::tr("what stopped it");
    case RunField::Stdout:
        return ComparisonDialog::tr("standard output");
    case RunField::Stderr:
        return ComparisonDialog::tr("standard error");
    case RunField::Truncation:
        return ComparisonDialog::tr("output cut at the cap");
    }
    return {};
}

} // namespace

ComparisonDialog::ComparisonDialog(LabTierList::Tiers tiers, RequestSource source, QWidget* parent)
    : QDialog(parent)
    , m_controller(new ComparisonController(this))
    , m_tierList(new LabTierList(std::move(tiers), this))
    , m_source(std::move(source))
    , m_run(new QPushButton(tr("&Run on ticked tiers"), this))
    , m_stop(new QPushButton(tr("&Stop"), this))
    , m_status(new QLabel(this))
    , m_unavailable(new QLabel(this))
    , m_figures(new QTableWidget(this))
    , m_outputs(new QWidget(this)) {
    setObjectName(QStringLiteral("compare.dialog"));
    setWindowTitle(tr("Run on all tiers"));
    resize(1100, 720);
    m_tierList->setObjectName(QStringLiteral("compare.tiers"));
    m_tierList->setToolTip(tr("The tiers the program runs on, side by side; the host control only when you "
                              "tick it, since it isolates nothing. A change applies to the next run"));
    m_run->setObjectName(QStringLiteral("compare.run"));
    m_run->setAutoDefault(false);
    m_stop->setObjectName(QStringLiteral("compare.stop"));
    m_stop->setAutoDefault(false);
    m_stop->setToolTip(tr("Stop every tier at once; each kills everything it started"));
    connect(m_run, &QPushButton::clicked, this, &ComparisonDialog::start);
    connect(m_stop, &QPushButton::clicked, this, &ComparisonDialog::stop);
    connect(m_tierList, &LabTierList::checkedTiersChanged, this, &ComparisonDialog::updateState);
    m_status->setObjectName(QStringLiteral("compare.status"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_unavailable->setWordWrap(true);
    m_unavailable->setTextFormat(Qt::PlainText);
    m_unavailable->setForegroundRole(QPalette::PlaceholderText);
    m_unavailable->hide();

    m_figures->setObjectName(QStringLiteral("compare.figures"));
    m_figures->setRowCount(ROW_COUNT);
    QStringList rows;
    for (int row = 0; row < ROW_COUNT; ++row)
        rows << rowName(static_cast<Row>(row));
    m_figures->setVerticalHeaderLabels(rows);
    m_figures->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_figures->setWordWrap(true);
    m_figures->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_figures->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    new QHBoxLayout(m_outputs);
    m_outputs->layout()->setContentsMargins(0, 0, 0, 0);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_status, 1);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_figures);
    splitter->addWidget(m_outputs);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tierList);
    layout->addWidget(m_unavailable);
    layout->addLayout(buttons);
    layout->addWidget(splitter, 1);

    connect(m_controller, &ComparisonController::tierFinished, this, [this](quint64, int, const RunResult&) {
        ++m_finishedTiers;
        setStatus(tr("%1 of %2 tiers finished…").arg(m_finishedTiers).arg(m_runningTiers));
    });
    connect(m_controller, &ComparisonController::comparisonFinished, this,
            [this](quint64, const TierComparison& comparison) {
                m_comparison = comparison;
                showComparison();
                updateState();
                Q_EMIT comparisonFinished();
            });
    setStatus(tr("Checking which tiers can run here…"));
    updateState();
}

void ComparisonDialog::setProbeResults(const LabTierList::ProbeResults& results) {
    m_tierList->setProbeResults(results);
    QStringList unavailable;
    for (const auto& [name, probe] : results)
        if (!probe.available)
            unavailable << tr("%1: %2").arg(QString::fromStdString(name), engineText(probe.reason));
    m_unavailable->setText(tr("Cannot run here: %1").arg(unavailable.join(QStringLiteral("; "))));
    m_unavailable->setVisible(!unavailable.isEmpty());
    if (!isRunning() && !m_comparison)
        setStatus(tr("Tick the tiers to compare and press Run"));
    updateState();
}

bool ComparisonDialog::start() {
    if (isRunning())
        return false;
    const auto chosen = m_tierList->chosenTiers();
    if (chosen.empty()) {
        setStatus(tr("Tick at least one tier that can run here"));
        return false;
    }
    QString problem;
    std::optional<RunRequest> request = m_source ? m_source(problem) : std::nullopt;
    if (!request) {
        setStatus(problem.isEmpty() ? tr("There is no program to run") : problem);
        return false;
    }
    ComparisonController::Tiers tiers(chosen.begin(), chosen.end());
    m_comparison.reset();
    m_finishedTiers = 0;
    m_runningTiers = static_cast<int>(tiers.size());
    m_figures->clearContents();
    m_figures->setColumnCount(0);
    for (QPlainTextEdit* view : m_outputViews)
        view->parentWidget()->deleteLater();
    m_outputViews.clear();
    m_controller->startComparison(std::move(tiers), std::move(*request));
    setStatus(tr("Running on %n tier(s) side by side…", nullptr, m_runningTiers));
    updateState();
    return true;
}

void ComparisonDialog::stop() {
    if (!isRunning())
        return;
    m_controller->stop();
    setStatus(tr("Stopping every tier…"));
}

QPlainTextEdit* ComparisonDialog::outputView(int column) const {
    return column >= 0 && column < static_cast<int>(m_outputViews.size()) ? m_outputViews[column] : nullptr;
}

QString ComparisonDialog::statusText() const {
    return m_status->text();
}

QColor ComparisonDialog::differenceColour(const QPalette& palette) {
    return palette.color(QPalette::Base).lightness() < 128 ? QColor(0x6b, 0x4a, 0x00)
                                                           : QColor(0xff, 0xe0, 0x82);
}

void ComparisonDialog::changeEvent(QEvent* event) {
    QDialog::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_comparison)
        showComparison(); // the highlight follows the theme of the moment
}

void ComparisonDialog::showComparison() {
    const TierComparison& comparison = *m_comparison;
    const RunDifferences& differences = comparison.differences;
    const QColor highlight = differenceColour(palette());
    const int columns = static_cast<int>(comparison.runs.size());
    m_figures->setColumnCount(columns);
    QStringList headers;
    for (const ComparedRun& run : comparison.runs) {
        const QString name = QString::fromStdString(run.tier);
        headers << (run.control ? tr("%1 (control)").arg(name) : name);
    }
    m_figures->setHorizontalHeaderLabels(headers);
    for (int column = 0; column < columns; ++column) {
        const RunResult& result = comparison.runs[static_cast<std::size_t>(column)].result;
        for (int row = 0; row < ROW_COUNT; ++row) {
            QString text = cellText(static_cast<Row>(row), result);
            const std::optional<RunField> field = comparedField(static_cast<Row>(row));
            const bool odd = field && differences.isOdd(static_cast<std::size_t>(column), *field);
            if (odd)
                text = kMark + QLatin1Char(' ') + text;
            auto* item = new QTableWidgetItem(text);
            if (odd) {
                item->setBackground(highlight);
                item->setForeground(palette().color(QPalette::Text));
                item->setToolTip(tr("Differs from most of the tiers"));
            }
            m_figures->setItem(row, column, item);
        }
    }

    // A view per tier: every line behind a two-character column the program cannot write into, ≠ where
    // the line stands apart from the other tiers.
    if (m_outputViews.empty()) {
        for (const ComparedRun& run : comparison.runs) {
            auto* box = new QWidget(m_outputs);
            auto* column = new QVBoxLayout(box);
            column->setContentsMargins(0, 0, 0, 0);
            column->addWidget(new QLabel(QString::fromStdString(run.tier), box));
            auto* view = new QPlainTextEdit(box);
            view->setObjectName(QStringLiteral("compare.output.") + QString::fromStdString(run.tier));
            view->setReadOnly(true);
            view->setLineWrapMode(QPlainTextEdit::NoWrap);
            view->setMaximumBlockCount(kMaximumLines);
            view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
            column->addWidget(view, 1);
            m_outputs->layout()->addWidget(box);
            m_outputViews.push_back(view);
        }
    }
    for (int column = 0; column < columns; ++column) {
        const ComparedRun& run = comparison.runs[static_cast<std::size_t>(column)];
        QPlainTextEdit* view = m_outputViews[static_cast<std::size_t>(column)];
        QStringList lines;
        std::vector<int> marked;
        for (const Stream stream : {Stream::Stdout, Stream::Stderr}) {
            const std::string& bytes =
                stream == Stream::Stdout ? run.result.stdoutBytes : run.result.stderrBytes;
            if (bytes.empty())
                continue;
            if (stream == Stream::Stderr)
                lines << tr("── standard error ──");
            const std::vector<std::string> raw = outputLines(bytes);
            for (std::size_t index = 0; index < raw.size(); ++index) {
                const std::string& line = raw[index];
                const bool odd = differences.isOddLine(static_cast<std::size_t>(column), stream, index);
                if (odd)
                    marked.push_back(static_cast<int>(lines.size()));
                lines << (odd ? kMark + QLatin1Char(' ') : QStringLiteral("  ")) + QString::fromUtf8(line);
            }
        }
        view->setPlainText(lines.join(QLatin1Char('\n')));
        QList<QTextEdit::ExtraSelection> selections;
        for (const int line : marked) {
            QTextEdit::ExtraSelection selection;
            selection.cursor = QTextCursor(view->document()->findBlockByNumber(line));
            selection.format.setBackground(highlight);
            selection.format.setProperty(QTextFormat::FullWidthSelection, true);
            selections << selection;
        }
        view->setExtraSelections(selections);
    }

    QStringList fields;
    for (const RunField field : differences.fields)
        fields << fieldName(field);
    QString status = differences.empty() ? tr("No differences between the tiers besides timings and memory")
                                         : tr("%1 Differs: %2 (timings and memory never count)")
                                               .arg(kMark, fields.join(QStringLiteral(", ")));
    if (comparison.cancelled)
        status = tr("Stopped: every tier was cancelled. %1").arg(status);
    setStatus(status);
}

void ComparisonDialog::updateState() {
    const bool running = isRunning();
    // The list stays enabled while tiers run (a box of a disabled list counts as unticked): its ticks are
    // for the next run.
    m_run->setEnabled(!running && m_tierList->probed() && !m_tierList->checkedTiers().isEmpty());
    m_stop->setEnabled(running);
}

void ComparisonDialog::setStatus(const QString& text) {
    m_status->setText(text);
}
