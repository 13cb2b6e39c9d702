#include "cell_details.h"

#include "attack_matrix_model.h"
#include "engine_text.h"

#include <QApplication>
#include <QEvent>
#include <QFontDatabase>
#include <QPlainTextEdit>

using sandbench::CellKind;
using sandbench::cellKind;

using namespace sandbench;

namespace {

QPlainTextEdit* newTextPane(QWidget* parent, bool monospace) {
    auto* pane = new QPlainTextEdit(parent);
    pane->setReadOnly(true);
    pane->setLineWrapMode(monospace ? QPlainTextEdit::NoWrap : QPlainTextEdit::WidgetWidth);
    pane->setMaximumBlockCount(20000); // output is capped by the policy; this only bounds the view
    if (monospace)
        pane->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return pane;
}

} // namespace

CellDetails::CellDetails(QWidget* parent)
    : QTabWidget(parent)
    , m_evidence(newTextPane(this, false))
    , m_code(newTextPane(this, true))
    , m_stdout(newTextPane(this, true))
    , m_stderr(newTextPane(this, true)) {
    // The program's own texts, which no translation touches.
    m_code->setObjectName(QStringLiteral("cellCode"));
    m_stdout->setObjectName(QStringLiteral("cellOutput"));
    m_stderr->setObjectName(QStringLiteral("cellOutput"));
    addTab(m_evidence, tr("Evidence"));
    addTab(m_code, tr("Code"));
    addTab(m_stdout, tr("stdout"));
    addTab(m_stderr, tr("stderr"));
    show(nullptr, nullptr);
}

void CellDetails::changeEvent(QEvent* event) {
    QTabWidget::changeEvent(event);
    if (event->type() != QEvent::FontChange)
        return;
    // The code and the output keep their monospace font, at the size the tab's own text has now.
    const double scale = font().pointSizeF() / QApplication::font(this).pointSizeF();
    for (QPlainTextEdit* pane : {m_code, m_stdout, m_stderr}) {
        QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        if (fixed.pointSizeF() > 0 && scale > 0)
            fixed.setPointSizeF(fixed.pointSizeF() * scale);
        pane->setFont(fixed);
    }
}

void CellDetails::show(const Attack* attack, const AttackOutcome* outcome) {
    // Every tab says what it will show, rather than stand blank: before a cell is clicked, for a cell still
    // running, for a re-opened run without code, for a run that wrote nothing.
    const QString pick = tr("Click a cell of the matrix to see why the tier decided as it did.");
    m_evidence->setPlaceholderText(pick);
    m_code->setPlaceholderText(!attack && !outcome
                                   ? tr("Click a cell of the matrix to see its attack's code.")
                                   : tr("This run was opened without the attack's code."));
    const QString noOutput = outcome  ? tr("The run wrote nothing here.")
                             : attack ? tr("The attack has not finished on this tier.")
                                      : tr("Click a cell of the matrix to see what its run wrote.");
    m_stdout->setPlaceholderText(noOutput);
    m_stderr->setPlaceholderText(noOutput);
    m_code->setPlainText(attack ? QString::fromStdString(attack->code) : QString());
    if (!outcome) {
        m_evidence->setPlainText(
            attack ? tr("%1 has not finished on this tier.").arg(attackName(attack->name)) : QString());
        m_stdout->clear();
        m_stderr->clear();
        return;
    }
    const RunResult& result = outcome->result;
    const CellKind kind = cellKind(*outcome);
    QString text = tr("%1 on %2: %3 in %4 s")
                       .arg(attackName(outcome->attack), QString::fromStdString(outcome->tier),
                            AttackMatrixModel::kindName(kind))
                       .arg(outcome->seconds, 0, 'f', 2);
    if (outcome->control)
        text += tr(" (control tier: no isolation)");
    text += QStringLiteral("\n\n");
    if (outcome->expected)
        text += tr("Expected: yes, the attack's metadata expects this tier to let it through");
    else if (kind == CellKind::AllowedUnexpected)
        text += tr("Expected: no, this tier should have stopped it: a failure of the tier");
    else
        text += tr("Expected: no, this tier should stop it");
    const QString layer = AttackMatrixModel::layerText(*outcome);
    text += QLatin1Char('\n') + (layer.isEmpty() ? tr("Layer: not known") : tr("Layer: %1").arg(layer));
    if (outcome->leftovers.empty()) {
        text += QLatin1Char('\n') + tr("Leftovers: none");
    } else {
        text += QLatin1Char('\n') + tr("⚠ Leftovers, a failure whatever the verdict:");
        for (const std::string& leftover : outcome->leftovers)
            text += QStringLiteral("\n  • ") + QString::fromStdString(leftover);
    }
    if (outcome->needsRoot)
        text += QLatin1Char('\n') +
                tr("Needs root: on the control this attack gets through only when Sandbench runs as root");
    if (!outcome->unmetNeeds.empty())
        text +=
            QLatin1Char('\n') + tr("Unmet on this machine: %1; a BLOCKED on the control proves nothing here")
                                    .arg(engineText(outcome->unmetNeeds));
    if (kind == CellKind::NotPossible)
        text += QLatin1Char('\n') + tr("Not possible here: left out of the counts and the chart");
    text += QStringLiteral("\n\n") + tr("Evidence: %1").arg(engineText(outcome->evidence));
    text += QStringLiteral("\n") + tr("Run: %1").arg(resultSummary(result));
    text += QStringLiteral("\n") + tr("Stopped by: %1").arg(stopReasonText(result.stoppedBy));
    if (!result.evidence.empty() && result.evidence != outcome->evidence)
        text += QStringLiteral("\n") + tr("Tier's evidence: %1").arg(engineText(result.evidence));
    if (!result.egress.empty()) {
        // The proxy's words about names the program chose: shown as they are, in a plain-text pane.
        text += QStringLiteral("\n\n") + tr("Network: what the egress proxy allowed and refused");
        for (const EgressEvent& event : result.egress)
            text += QStringLiteral("\n  • ") + QString::fromStdString(event.text());
    }
    m_evidence->setPlainText(text);
    m_stdout->setPlainText(
        QString::fromUtf8(result.stdoutBytes.data(), static_cast<qsizetype>(result.stdoutBytes.size())) +
        (result.stdoutTruncated ? tr("\n[truncated by the output cap]") : QString()));
    m_stderr->setPlainText(
        QString::fromUtf8(result.stderrBytes.data(), static_cast<qsizetype>(result.stderrBytes.size())) +
        (result.stderrTruncated ? tr("\n[truncated by the output cap]") : QString()));
}

QString CellDetails::text(const QString& part) const {
    if (part == QLatin1String("evidence"))
        return m_evidence->toPlainText();
    if (part == QLatin1String("code"))
        return m_code->toPlainText();
    if (part == QLatin1String("stdout"))
        return m_stdout->toPlainText();
    if (part == QLatin1String("stderr"))
        return m_stderr->toPlainText();
    return {};
}
