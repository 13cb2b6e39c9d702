#include "attack_matrix_model.h"

#include "engine_text.h"
#include "lab_controller.h" // the AttackOutcome metatype

#include <QPainter>

using namespace sandbench;

AttackMatrixModel::AttackMatrixModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void AttackMatrixModel::setSuite(const QStringList& attackNames) {
    beginResetModel();
    m_attacks = attackNames;
    m_cells = VerdictMatrix(m_attacks.size(), m_tiers.size());
    endResetModel();
}

void AttackMatrixModel::setTiers(const QStringList& tierNames, const QSet<QString>& controlTiers) {
    beginResetModel();
    m_tiers = tierNames;
    m_controlTiers = controlTiers;
    m_cells = VerdictMatrix(m_attacks.size(), m_tiers.size());
    endResetModel();
}

void AttackMatrixModel::setCompact(bool compact) {
    if (m_compact == compact)
        return;
    m_compact = compact;
    if (rowCount() > 0 && columnCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::DisplayRole});
}

void AttackMatrixModel::clearOutcomes() {
    if (rowCount() == 0 || columnCount() == 0)
        return;
    m_cells.clear();
    Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

bool AttackMatrixModel::addOutcome(const QString& tier, const AttackOutcome& outcome) {
    const int row = static_cast<int>(m_attacks.indexOf(QString::fromStdString(outcome.attack)));
    const int column = static_cast<int>(m_tiers.indexOf(tier));
    if (row < 0 || column < 0)
        return false;
    m_cells.set(static_cast<std::size_t>(row), static_cast<std::size_t>(column), outcome);
    const QModelIndex cell = index(row, column);
    Q_EMIT dataChanged(cell, cell);
    return true;
}

VerdictCounts AttackMatrixModel::counts(const QString& tier) const {
    const int column = static_cast<int>(m_tiers.indexOf(tier));
    return column < 0 ? VerdictCounts{} : m_cells.counts(static_cast<std::size_t>(column));
}

const AttackOutcome* AttackMatrixModel::outcome(int row, int column) const {
    if (row < 0 || column < 0)
        return nullptr;
    return m_cells.at(static_cast<std::size_t>(row), static_cast<std::size_t>(column));
}

std::vector<AttackOutcome> AttackMatrixModel::outcomes() const {
    return m_cells.outcomes();
}

bool AttackMatrixModel::hasOutcomes() const {
    return m_cells.hasOutcomes();
}

QString AttackMatrixModel::layerText(const AttackOutcome& outcome) {
    if (outcome.layer.empty())
        return {};
    QString text = engineText(outcome.layer);
    if (!outcome.layerDetail.empty())
        text += QStringLiteral(": ") + engineText(outcome.layerDetail);
    if (outcome.layerInferred)
        text += QLatin1Char(' ') + tr("(inferred)");
    return text;
}

QString AttackMatrixModel::kindName(CellKind kind) {
    switch (kind) {
    case CellKind::Blocked:
        return QStringLiteral("BLOCKED");
    case CellKind::AllowedExpected:
        return tr("%1 (expected)").arg(QStringLiteral("ALLOWED"));
    case CellKind::AllowedUnexpected:
        return QStringLiteral("ALLOWED");
    case CellKind::NotPossible:
        return tr("not possible here");
    case CellKind::Error:
        break;
    }
    return QStringLiteral("ERROR");
}

// Fixed colours, each with its own text colour (contrast at least 4.5:1), so they read on either theme.
QColor AttackMatrixModel::background(CellKind kind) {
    switch (kind) {
    case CellKind::Blocked:
        return QColor(0x2e, 0x7d, 0x32); // green
    case CellKind::AllowedExpected:
        return QColor(0xf9, 0xa8, 0x25); // amber: an honest caveat, not a failure
    case CellKind::AllowedUnexpected:
        return QColor(0xc6, 0x28, 0x28); // red
    case CellKind::NotPossible:
        return QColor(0xd5, 0xd8, 0xdc); // light grey: this machine cannot host the attack at all
    case CellKind::Error:
        break;
    }
    return QColor(0x54, 0x6e, 0x7a); // blue grey: the run says nothing about the tier
}

QColor AttackMatrixModel::foreground(CellKind kind) {
    return kind == CellKind::AllowedExpected || kind == CellKind::NotPossible ? QColor(Qt::black)
                                                                              : QColor(Qt::white);
}

QColor AttackMatrixModel::leftoversFrame() {
    return QColor(0xff, 0xd6, 0x00); // hazard yellow, striped with black
}

int AttackMatrixModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_attacks.size());
}

int AttackMatrixModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_tiers.size());
}

QVariant AttackMatrixModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AttackOutcome* cell = outcome(index.row(), index.column());
    if (!cell)
        return {};
    const CellKind kind = cellKind(*cell);
    QStringList leftovers;
    for (const std::string& leftover : cell->leftovers)
        leftovers.append(QString::fromStdString(leftover));
    switch (role) {
    case Qt::DisplayRole: {
        // A cell not possible here names no layer: what refused it was this machine, not a boundary.
        QString text = kindName(kind);
        if (!cell->layer.empty() && cell->layer != "none" && kind != CellKind::NotPossible)
            text += QStringLiteral(" · ") + engineText(cell->layer);
        if (!m_compact)
            text += QStringLiteral(" %1 s").arg(cell->seconds, 0, 'f', 1);
        if (!leftovers.isEmpty())
            text += (m_compact ? QStringLiteral(" · ") : QStringLiteral("\n")) +
                    tr("⚠ leftovers: %1").arg(leftovers.size());
        return text;
    }
    case Qt::BackgroundRole:
        return background(kind);
    case Qt::ForegroundRole:
        return foreground(kind);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignCenter));
    case Qt::ToolTipRole: {
        QStringList lines;
        const QString layer = layerText(*cell);
        lines.append(layer.isEmpty() ? kindName(kind) : kindName(kind) + QStringLiteral(" · ") + layer);
        if (kind == CellKind::AllowedUnexpected)
            lines.append(tr("Not expected on this tier: a failure"));
        if (leftovers.isEmpty())
            lines.append(tr("Leftovers: none"));
        else
            lines.append(tr("⚠ Leftovers, a failure whatever the verdict: %1").arg(leftovers.join(u", ")));
        if (cell->needsRoot)
            lines.append(tr("Needs root on the control"));
        if (!cell->unmetNeeds.empty())
            lines.append(tr("Unmet here: %1").arg(engineText(cell->unmetNeeds)));
        if (kind == CellKind::NotPossible)
            lines.append(tr("The control's %1 proves nothing here: left out of the counts")
                             .arg(QString::fromUtf8(toString(cell->verdict))));
        if (m_compact)
            lines.append(tr("%1 s").arg(cell->seconds, 0, 'f', 1));
        lines.append(engineText(cell->evidence));
        return lines.join(QLatin1Char('\n'));
    }
    case EvidenceRole:
        return QString::fromStdString(cell->evidence);
    case VerdictRole:
        return QString::fromUtf8(toString(cell->verdict));
    case SecondsRole:
        return cell->seconds;
    case OutcomeRole:
        return QVariant::fromValue(*cell);
    case KindRole:
        return static_cast<int>(kind);
    case ExpectedRole:
        return cell->expected;
    case LayerRole:
        return layerText(*cell);
    case LeftoversRole:
        return leftovers;
    case FailureRole:
        return isFailure(*cell);
    default:
        return {};
    }
}

QVariant AttackMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (orientation == Qt::Vertical) {
        if (section < 0 || section >= m_attacks.size())
            return {};
        return attackName(m_attacks.at(section));
    }
    if (section < 0 || section >= m_tiers.size())
        return {};
    const QString& tier = m_tiers.at(section);
    if (!m_controlTiers.contains(tier))
        return tier;
    return role == Qt::DisplayRole
               ? tr("%1 (control)").arg(tier)
               : tr("%1 has no isolation: it shows that each attack really works").arg(tier);
}

Qt::ItemFlags AttackMatrixModel::flags(const QModelIndex& index) const {
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

void AttackMatrixDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                                 const QModelIndex& index) const {
    const bool coloured = index.data(Qt::BackgroundRole).isValid();
    const bool selected = coloured && option.state.testFlag(QStyle::State_Selected);
    QStyleOptionViewItem plain(option);
    // The cell's own colour says its verdict: selection is shown with a frame instead of a fill.
    if (coloured)
        plain.state &= ~QStyle::State_Selected;
    QStyledItemDelegate::paint(painter, plain, index);

    const bool leftovers = !index.data(AttackMatrixModel::LeftoversRole).toStringList().isEmpty();
    if (!leftovers && !selected)
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setBrush(Qt::NoBrush);
    const QRect edge = option.rect.adjusted(1, 1, -2, -2);
    if (leftovers)
        paintLeftoversFrame(painter, edge.adjusted(3, 3, -3, -3));
    if (selected) {
        painter->setPen(QPen(option.palette.color(QPalette::Highlight), 2));
        painter->drawRect(edge);
        if (!leftovers) { // a line in the text colour keeps the frame visible on any cell colour
            painter->setPen(QPen(index.data(Qt::ForegroundRole).value<QColor>(), 1));
            painter->drawRect(edge.adjusted(2, 2, -2, -2));
        }
    }
    painter->restore();
}

void AttackMatrixDelegate::paintLeftoversFrame(QPainter* painter, const QRect& frame) {
    painter->save();
    painter->setBrush(Qt::NoBrush);
    QPen stripes(AttackMatrixModel::leftoversFrame(), 4, Qt::SolidLine, Qt::FlatCap, Qt::MiterJoin);
    painter->setPen(stripes);
    painter->drawRect(frame);
    stripes.setColor(Qt::black);
    stripes.setDashPattern({1.5, 1.5}); // in pen widths: 6 px black, 6 px yellow
    painter->setPen(stripes);
    painter->drawRect(frame);
    painter->restore();
}

QSize AttackMatrixDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const {
    // Room for the selection frame, and for the leftovers frame inside it, around the text.
    const bool leftovers = !index.data(AttackMatrixModel::LeftoversRole).toStringList().isEmpty();
    return QStyledItemDelegate::sizeHint(option, index) + (leftovers ? QSize(20, 16) : QSize(12, 6));
}
