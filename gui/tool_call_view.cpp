#include "tool_call_view.h"

#include "artifact_shelf.h"
#include "core/agent/run_python_tool.h"
#include "engine_text.h"
#include "python_highlighter.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTextBlock>
#include <QToolButton>
#include <QVBoxLayout>

using namespace sandbench;
using namespace sandbench::agent;

namespace {

QColor errorColour(const QPalette& palette) {
    return palette.color(QPalette::Base).lightness() < 128 ? QColor(255, 120, 110) : QColor(190, 30, 30);
}

QPlainTextEdit* monospaceView(QWidget* parent) {
    auto* view = new QPlainTextEdit(parent);
    view->setReadOnly(true);
    view->setUndoRedoEnabled(false);
    view->setLineWrapMode(QPlainTextEdit::NoWrap); // wrapping a megabyte-long line would stall layout
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    view->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    return view;
}

} // namespace

ToolCallView::ToolCallView(const ToolRun& run, QWidget* parent)
    : QFrame(parent)
    , m_callId(QString::fromStdString(run.call.id))
    , m_toggle(new QToolButton(this))
    , m_tier(new QLabel(this))
    , m_openInEditor(new QPushButton(tr("Open in editor"), this))
    , m_body(new QWidget(this))
    , m_code(monospaceView(m_body))
    , m_output(monospaceView(m_body))
    , m_artifacts(new ArtifactShelf(m_body))
    , m_result(new QLabel(this)) {
    setObjectName(QStringLiteral("agent.toolCall"));
    setFrameShape(QFrame::StyledPanel);
    setBackgroundRole(QPalette::Window);
    setAutoFillBackground(true);

    m_toggle->setText(
        QString::fromStdString(run.call.name.empty() ? std::string("run_python") : run.call.name));
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->setArrowType(Qt::DownArrow);
    m_toggle->setAutoRaise(true);
    m_toggle->setToolTip(tr("Show or hide the code and its output"));
    connect(m_toggle, &QToolButton::clicked, this, [this] { setExpanded(!m_expanded); });
    m_tier->setText(tr("%1 · %2").arg(QString::fromStdString(run.tier), engineText(run.policySummary)));
    m_tier->setWordWrap(true);
    m_tier->setForegroundRole(QPalette::PlaceholderText);
    m_tier->setToolTip(tr("The tier and policy this program ran with, as chosen in Tier and policy"));
    m_openInEditor->setToolTip(
        tr("Put this code into the code editor, to change it and run it by hand on any "
           "tier"));
    connect(m_openInEditor, &QPushButton::clicked, this, [this] { Q_EMIT openInEditorRequested(code()); });

    // A call skipped at the turn limit still has its code, which the user may want to run by hand.
    std::string problem;
    const std::optional<std::string> code =
        run.code.empty() ? codeOfToolCall(run.call, problem) : std::optional<std::string>(run.code);
    m_openInEditor->setEnabled(code.has_value());
    if (code) {
        m_code->setPlainText(QString::fromStdString(*code));
        m_highlighter = new PythonHighlighter(m_code->document(), palette());
    } else {
        // A malformed call: show what the model sent instead of code.
        m_code->setPlainText(QString::fromStdString(run.call.rawArguments.empty() ? run.call.arguments.dump()
                                                                                  : run.call.rawArguments));
    }
    fitHeight(m_code, 16);
    m_output->setMaximumBlockCount(kMaximumOutputLines);
    m_output->setPlaceholderText(tr("No output yet"));
    m_output->hide(); // until there is output
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    setResult(tr("Running on %1…").arg(QString::fromStdString(run.tier)), false);

    auto* header = new QHBoxLayout;
    header->addWidget(m_toggle);
    header->addWidget(m_tier, 1);
    header->addWidget(m_openInEditor, 0, Qt::AlignTop);
    auto* body = new QVBoxLayout(m_body);
    body->setContentsMargins(0, 0, 0, 0);
    body->addWidget(m_code);
    body->addWidget(m_output);
    body->addWidget(m_artifacts);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 6);
    layout->setSpacing(4);
    layout->addLayout(header);
    layout->addWidget(m_body);
    layout->addWidget(m_result);
}

QString ToolCallView::code() const {
    return m_code->toPlainText();
}

QString ToolCallView::tierText() const {
    return m_tier->text();
}

QString ToolCallView::outputText() const {
    return m_output->toPlainText();
}

QString ToolCallView::resultText() const {
    return m_result->text();
}

void ToolCallView::setExpanded(bool expanded) {
    m_expanded = expanded;
    m_body->setVisible(expanded);
    m_toggle->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
}

// As tall as the text, up to `maximumLines`; longer text scrolls inside the view.
void ToolCallView::fitHeight(QPlainTextEdit* view, int maximumLines) {
    const int lines = std::clamp(view->document()->blockCount(), 1, maximumLines);
    const int frame = 2 * view->frameWidth();
    const auto margin = static_cast<int>(2 * view->document()->documentMargin());
    const int scrollBar = view->horizontalScrollBar()->sizeHint().height();
    view->setFixedHeight(lines * view->fontMetrics().lineSpacing() + frame + margin + scrollBar);
}

void ToolCallView::appendOutput(Stream stream, const QByteArray& bytes) {
    QStringDecoder& decoder = stream == Stream::Stdout ? m_stdoutDecoder : m_stderrDecoder;
    QString text = decoder.decode(bytes);
    if (text.size() > kMaximumCharactersPerDelivery) {
        const qsizetype skipped = text.size() - kMaximumCharactersPerDelivery;
        text = tr("[… %1 characters not shown …]\n").arg(skipped) + text.right(kMaximumCharactersPerDelivery);
    }
    insertOutput(text, stream == Stream::Stderr);
}

void ToolCallView::insertOutput(const QString& text, bool isError) {
    if (text.isEmpty())
        return;
    m_output->show();
    QTextCursor cursor(m_output->document());
    cursor.movePosition(QTextCursor::End);
    QTextCharFormat format;
    if (isError)
        format.setForeground(errorColour(palette()));
    cursor.insertText(text, format);
    fitHeight(m_output, 12);
    m_output->verticalScrollBar()->setValue(m_output->verticalScrollBar()->maximum());
}

void ToolCallView::setResult(const QString& text, bool problem) {
    m_result->setText(text);
    m_resultProblem = problem;
    colourResult();
}

// In the theme's colours of the moment: a colour fixed under one theme would be faint under the other.
void ToolCallView::colourResult() {
    QPalette colours = palette();
    colours.setColor(QPalette::WindowText,
                     m_resultProblem ? errorColour(palette()) : palette().color(QPalette::WindowText));
    m_result->setPalette(colours);
}

void ToolCallView::finish(const ToolRun& run) {
    m_finished = true;
    if (!run.result) {
        setResult(tr("Not run: %1").arg(QString::fromStdString(run.problem)), true);
        return;
    }
    const RunResult& result = *run.result;
    // Output that never arrived live (the session was stopped, or the view was built afterwards) comes from
    // the result, which holds everything the policy's output cap allowed.
    if (m_output->document()->isEmpty()) {
        appendOutput(Stream::Stdout, QByteArray::fromStdString(result.stdoutBytes));
        appendOutput(Stream::Stderr, QByteArray::fromStdString(result.stderrBytes));
    }
    insertOutput(m_stdoutDecoder.decode(QByteArray()), false); // a character cut at the end shows as U+FFFD
    insertOutput(m_stderrDecoder.decode(QByteArray()), true);
    m_artifacts->showArtifacts(result);
    QString line = resultSummary(result);
    if (result.stdoutTruncated || result.stderrTruncated)
        line += tr(" · output truncated");
    if (!run.sentToModel.images.empty())
        line += tr(" · pictures shown to the model: %1").arg(run.sentToModel.images.size());
    if (run.sentToModel.isError)
        line += tr(" · the model was told it failed");
    setResult(line, !result.succeeded());
}

void ToolCallView::abandon() {
    if (m_finished)
        return;
    m_finished = true;
    setResult(tr("The session ended before this program reported its result"), true);
}

void ToolCallView::changeEvent(QEvent* event) {
    QFrame::changeEvent(event);
    if (event->type() != QEvent::PaletteChange)
        return;
    if (m_highlighter)
        m_highlighter->setPalette(palette()); // light or dark theme: recolour the code
    colourResult();
}
