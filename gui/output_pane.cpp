#include "output_pane.h"

#include "artifact_shelf.h"
#include "engine_text.h"

#include <QCheckBox>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QTextCursor>
#include <QVBoxLayout>

using namespace sandbench;

OutputPane::OutputPane(QWidget* parent)
    : QWidget(parent)
    , m_view(new QPlainTextEdit(this))
    , m_errorView(new QPlainTextEdit(this))
    , m_separate(new QCheckBox(tr("Separate stderr"), this))
    , m_result(new QLabel(this))
    , m_dropped(new QLabel(this))
    , m_saveAll(new QPushButton(tr("Save the whole output…"), this))
    , m_artifacts(new ArtifactShelf(this))
    , m_networkTitle(new QLabel(tr("Network: what the egress proxy allowed and refused"), this))
    , m_network(new QPlainTextEdit(this)) {
    m_network->setReadOnly(true);
    m_network->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_network->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_network->setMaximumHeight(m_network->fontMetrics().lineSpacing() * 6 + 12);
    m_networkTitle->hide();
    m_network->hide();
    m_view->setReadOnly(true);
    m_view->setMaximumBlockCount(kMaximumLines);
    m_view->setLineWrapMode(QPlainTextEdit::NoWrap); // wrapping a megabyte-long line would stall layout
    m_view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_view->setUndoRedoEnabled(false);
    for (QPlainTextEdit* view : {m_view, m_errorView}) {
        view->setReadOnly(true);
        view->setMaximumBlockCount(kMaximumLines);
        view->setLineWrapMode(QPlainTextEdit::NoWrap);
        view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        view->setUndoRedoEnabled(false);
    }
    m_errorView->setPlaceholderText(tr("stderr"));
    m_errorView->hide();
    m_separate->setToolTip(tr("Show stderr in a pane of its own instead of in colour among stdout"));
    connect(m_separate, &QCheckBox::toggled, this, [this](bool separate) {
        m_errorView->setVisible(separate);
        QSettings().setValue(QStringLiteral("output/separateStreams"), separate);
    });
    auto* views = new QSplitter(Qt::Horizontal, this);
    views->addWidget(m_view);
    views->addWidget(m_errorView);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->setWordWrap(true);
    m_dropped->setWordWrap(true);
    m_saveAll->setToolTip(tr("Save the run's output as it kept it (up to the policy's output cap)"));
    connect(m_saveAll, &QPushButton::clicked, this, &OutputPane::chooseOutputFile);
    auto* droppedRow = new QHBoxLayout;
    droppedRow->addWidget(m_dropped, 1);
    droppedRow->addWidget(m_saveAll);
    m_dropped->hide();
    m_saveAll->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_separate);
    layout->addLayout(droppedRow);
    layout->addWidget(views, 1);
    layout->addWidget(m_artifacts);
    layout->addWidget(m_networkTitle);
    layout->addWidget(m_network);
    layout->addWidget(m_result);
    m_separate->setChecked(QSettings().value(QStringLiteral("output/separateStreams"), false).toBool());
}

void OutputPane::clear() {
    m_view->clear();
    m_errorView->clear();
    m_result->clear();
    m_dropped->hide();
    m_saveAll->hide();
    m_artifacts->clear();
    m_network->clear();
    m_network->hide();
    m_networkTitle->hide();
    m_linesShown[0] = m_linesShown[1] = 0;
    m_droppedLines[0] = m_droppedLines[1] = 0;
    m_lastResult.reset();
    m_stdoutDecoder.resetState();
    m_stderrDecoder.resetState();
}

void OutputPane::append(Stream stream, const QByteArray& bytes) {
    QStringDecoder& decoder = stream == Stream::Stdout ? m_stdoutDecoder : m_stderrDecoder;
    QString text = decoder.decode(bytes);
    if (text.size() > kMaximumCharactersPerDelivery) {
        const qsizetype skipped = text.size() - kMaximumCharactersPerDelivery;
        const int view = stream == Stream::Stderr && m_separate->isChecked() ? 1 : 0;
        countDropped(view, QStringView(text).left(skipped).count(QLatin1Char('\n')));
        text = tr("[… %n characters not shown …]\n", nullptr, static_cast<int>(skipped)) +
               text.right(kMaximumCharactersPerDelivery);
    }
    insert(text, stream == Stream::Stderr);
}

void OutputPane::insert(const QString& text, bool isError) {
    if (text.isEmpty())
        return;
    QPlainTextEdit* view = isError && m_separate->isChecked() ? m_errorView : m_view;
    QTextCursor cursor(view->document());
    cursor.movePosition(QTextCursor::End);
    QTextCharFormat format;
    if (isError)
        format.setForeground(palette().color(QPalette::Base).lightness() < 128 ? QColor(255, 120, 110)
                                                                               : QColor(190, 30, 30));
    cursor.insertText(text, format);
    view->setTextCursor(cursor);
    view->ensureCursorVisible();
    // The view keeps its last kMaximumLines blocks and drops the oldest without a word: count them. A
    // document has one block more than it has newlines (the line being written, empty after a newline).
    const int index = view == m_view ? 0 : 1;
    const qint64 before = m_linesShown[index] + 1;
    m_linesShown[index] += text.count(QLatin1Char('\n'));
    const qint64 overflow = std::max<qint64>(0, m_linesShown[index] + 1 - kMaximumLines) -
                            std::max<qint64>(0, before - kMaximumLines);
    countDropped(index, overflow);
}

void OutputPane::countDropped(int view, qint64 lines) {
    if (lines <= 0)
        return;
    m_droppedLines[view] += lines;
    m_dropped->setText(droppedNotice());
    m_dropped->show();
    m_saveAll->show();
    m_saveAll->setEnabled(m_lastResult.has_value());
}

QString OutputPane::droppedNotice() const {
    if (droppedLines() == 0)
        return {};
    return tr("The first %1 lines of this output are not shown here (the view keeps the last %2).")
        .arg(QLocale().toString(droppedLines()), QLocale().toString(kMaximumLines));
}

bool OutputPane::saveKeptOutput(const QString& path, QString* error) const {
    if (!m_lastResult) {
        *error = tr("The run has not ended yet");
        return false;
    }
    const auto write = [error](const QString& file, const std::string& bytes) {
        QFile out(file);
        if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            out.write(bytes.data(), static_cast<qint64>(bytes.size())) != static_cast<qint64>(bytes.size())) {
            *error = tr("Cannot write %1: %2").arg(file, out.errorString());
            return false;
        }
        return true;
    };
    if (!write(path, m_lastResult->stdoutBytes))
        return false;
    return m_lastResult->stderrBytes.empty() ||
           write(path + QStringLiteral(".stderr"), m_lastResult->stderrBytes);
}

void OutputPane::chooseOutputFile() {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save the whole output"), QStringLiteral("output.txt"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveKeptOutput(path, &error))
        m_dropped->setText(droppedNotice() + QLatin1Char(' ') + error);
}

void OutputPane::showRunning(const QString& what) {
    m_result->setText(what);
}

void OutputPane::showResult(const RunResult& result) {
    // A character cut at the very end of a stream is shown as U+FFFD rather than lost.
    insert(m_stdoutDecoder.decode(QByteArray()), false);
    QString line = resultSummary(result);
    if (!result.tier.empty()) // a result read on its own must say where it ran
        line += tr(" · on %1").arg(QString::fromStdString(result.tier));
    line +=
        result.cpuSeconds ? tr(" · CPU %1 s").arg(*result.cpuSeconds, 0, 'f', 2) : tr(" · CPU not measured");
    if (result.peakMemoryKb)
        line += tr(" · peak memory %1 MB").arg(static_cast<double>(*result.peakMemoryKb) / 1024.0, 0, 'f', 1);
    if (result.stdoutTruncated || result.stderrTruncated)
        line += tr(" · output truncated");
    if (result.warmStart)
        line += tr(" · warm start"); // its sandbox was started ahead of the run, from the tier's warm pool
    m_result->setText(line);
    m_artifacts->showArtifacts(result);
    QStringList decisions;
    for (const EgressEvent& event : result.egress)
        decisions << QString::fromStdString(event.text());
    m_network->setPlainText(decisions.join(QLatin1Char('\n')));
    m_network->setVisible(!decisions.isEmpty());
    m_networkTitle->setVisible(!decisions.isEmpty());
    m_lastResult = result;
    m_saveAll->setEnabled(true);
}

QString OutputPane::networkText() const {
    return m_network->toPlainText();
}

QString OutputPane::text() const {
    return m_view->toPlainText();
}

QString OutputPane::resultLine() const {
    return m_result->text();
}

void OutputPane::setSeparateStreams(bool separate) {
    m_separate->setChecked(separate);
}

bool OutputPane::separateStreams() const {
    return m_separate->isChecked();
}

QString OutputPane::errorText() const {
    return m_errorView->toPlainText();
}
