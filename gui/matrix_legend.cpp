#include "matrix_legend.h"

#include "attack_matrix_model.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <optional>

using sandbench::CellKind;
using sandbench::cellKind;

MatrixLegend::MatrixLegend(QWidget* parent)
    : QWidget(parent) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
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
        {std::nullopt, tr("⚠ leftovers"),
         tr("The run left something behind (a process, folder, container or socket): a "
            "failure whatever the verdict")},
    };
    const int height = fontMetrics().height();
    for (const Entry& entry : entries) {
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
        auto* icon = new QLabel(this);
        icon->setPixmap(swatch);
        icon->setToolTip(entry.tip);
        auto* label = new QLabel(entry.text, this);
        label->setToolTip(entry.tip);
        row->addWidget(icon);
        row->addWidget(label);
        row->addSpacing(height);
    }
    row->addStretch(1);
    setObjectName(QStringLiteral("matrixLegend"));
}
