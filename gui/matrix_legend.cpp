#include "matrix_legend.h"

#include "attack_matrix_model.h"
#include "flow_layout.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPixmap>

using sandbench::CellKind;

MatrixLegend::MatrixLegend(QWidget* parent)
    : QWidget(parent) {
    auto* flow = new FlowLayout(this, fontMetrics().height(), 2);
    flow->setContentsMargins(0, 0, 0, 0);
    struct Entry {
        std::optional<CellKind> kind; // none: the leftovers frame alone
        QString text;
        QString tip;
    };
    const Entry entries[] = {
        {CellKind::Blocked, AttackMatrixModel::kindName(CellKind::Blocked),
         tr("The tier stopped the attack; the cell names the layer that did (· seccomp)")},
        {CellKind::AllowedExpected, AttackMatrixModel::kindName(CellKind::AllowedExpected),
         tr("Got through where the attack's metadata expects it to (the control, a shared "
            "kernel): an honest caveat, not a failure")},
        {CellKind::AllowedUnexpected, AttackMatrixModel::kindName(CellKind::AllowedUnexpected),
         tr("Got through where the tier should have stopped it: a failure")},
        {CellKind::Error, AttackMatrixModel::kindName(CellKind::Error),
         tr("The attack never got to try: it says nothing about the tier")},
        {CellKind::NotPossible, AttackMatrixModel::kindName(CellKind::NotPossible),
         tr("On the control, an attack this machine cannot host (not root, no loadable modules): its "
            "BLOCKED proves nothing, so it is left out of the counts")},
        {std::nullopt, tr("⚠ leftovers"),
         tr("The run left something behind (a process, folder, container or socket): a "
            "failure whatever the verdict")},
    };
    for (const Entry& entry : entries) {
        // Swatch and text as one item, so a wrapped line never parts them.
        auto* item = new QWidget(this);
        auto* row = new QHBoxLayout(item);
        row->setContentsMargins(0, 0, 0, 0);
        auto* icon = new QLabel(item);
        icon->setToolTip(entry.tip);
        auto* label = new QLabel(entry.text, item);
        label->setToolTip(entry.tip);
        row->addWidget(icon);
        row->addWidget(label);
        flow->addWidget(item);
        m_swatches.append({entry.kind, icon});
    }
    drawSwatches();
    setObjectName(QStringLiteral("matrixLegend"));
}

void MatrixLegend::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        if (auto* flow = static_cast<FlowLayout*>(layout()))
            flow->setHorizontalSpacing(fontMetrics().height());
        drawSwatches();
    }
}

void MatrixLegend::drawSwatches() {
    const int height = fontMetrics().height();
    for (const Swatch& entry : m_swatches) {
        QPixmap swatch(height * 2, height);
        swatch.fill(Qt::transparent);
        QPainter painter(&swatch);
        const QRect rect = swatch.rect();
        if (entry.kind) {
            painter.fillRect(rect, AttackMatrixModel::background(*entry.kind));
        } else {
            AttackMatrixDelegate::paintLeftoversFrame(&painter, rect.adjusted(2, 2, -3, -3));
        }
        painter.end();
        entry.icon->setPixmap(swatch);
    }
}
