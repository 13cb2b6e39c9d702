#include "attack_matrix_model.h"

#include "lab_controller.h" // the AttackOutcome metatype

#include <algorithm>

using namespace sandbench;

AttackMatrixModel::AttackMatrixModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void AttackMatrixModel::setSuite(const QStringList& attackNames) {
    beginResetModel();
    m_attacks = attackNames;
    m_cells.assign(static_cast<std::size_t>(m_attacks.size() * m_tiers.size()), std::nullopt);
    endResetModel();
}

void AttackMatrixModel::setTiers(const QStringList& tierNames, const QSet<QString>& controlTiers) {
    beginResetModel();
    m_tiers = tierNames;
    m_controlTiers = controlTiers;
    m_cells.assign(static_cast<std::size_t>(m_attacks.size() * m_tiers.size()), std::nullopt);
    endResetModel();
}

void AttackMatrixModel::clearOutcomes() {
    if (m_cells.empty())
        return;
    std::fill(m_cells.begin(), m_cells.end(), std::nullopt);
    Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

bool AttackMatrixModel::addOutcome(const QString& tier, const AttackOutcome& outcome) {
    const int row = static_cast<int>(m_attacks.indexOf(QString::fromStdString(outcome.attack)));
    const int column = static_cast<int>(m_tiers.indexOf(tier));
    if (row < 0 || column < 0)
        return false;
    m_cells[static_cast<std::size_t>(row * m_tiers.size() + column)] = outcome;
    const QModelIndex cell = index(row, column);
    Q_EMIT dataChanged(cell, cell);
    return true;
}

VerdictCounts AttackMatrixModel::counts(const QString& tier) const {
    VerdictCounts counts;
    const int column = static_cast<int>(m_tiers.indexOf(tier));
    if (column < 0)
        return counts;
    for (int row = 0; row < rowCount(); ++row) {
        const AttackOutcome* cell = outcome(row, column);
        if (!cell)
            continue;
        switch (cell->verdict) {
        case Verdict::Blocked:
            ++counts.blocked;
            break;
        case Verdict::Allowed:
            ++counts.allowed;
            break;
        case Verdict::Error:
            ++counts.error;
            break;
        }
    }
    return counts;
}

const AttackOutcome* AttackMatrixModel::outcome(int row, int column) const {
    if (row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return nullptr;
    const auto& cell = m_cells[static_cast<std::size_t>(row * m_tiers.size() + column)];
    return cell ? &*cell : nullptr;
}

std::vector<AttackOutcome> AttackMatrixModel::outcomes() const {
    std::vector<AttackOutcome> list;
    for (int column = 0; column < columnCount(); ++column) {
        for (int row = 0; row < rowCount(); ++row) {
            if (const AttackOutcome* cell = outcome(row, column))
                list.push_back(*cell);
        }
    }
    return list;
}

bool AttackMatrixModel::hasOutcomes() const {
    return std::any_of(m_cells.begin(), m_cells.end(), [](const auto& cell) { return cell.has_value(); });
}

QColor AttackMatrixModel::background(Verdict verdict) {
    switch (verdict) {
    case Verdict::Blocked:
        return QColor(0x2e, 0x7d, 0x32); // green
    case Verdict::Allowed:
        return QColor(0xc6, 0x28, 0x28); // red
    case Verdict::Error:
        return QColor(0xf9, 0xa8, 0x25); // amber
    }
    return {};
}

QColor AttackMatrixModel::foreground(Verdict verdict) {
    return verdict == Verdict::Error ? QColor(Qt::black) : QColor(Qt::white);
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
    const QString verdict = QString::fromUtf8(toString(cell->verdict));
    switch (role) {
    case Qt::DisplayRole:
        return QStringLiteral("%1 %2 s").arg(verdict).arg(cell->seconds, 0, 'f', 1);
    case Qt::BackgroundRole:
        return background(cell->verdict);
    case Qt::ForegroundRole:
        return foreground(cell->verdict);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignCenter));
    case Qt::ToolTipRole:
    case EvidenceRole:
        return QString::fromStdString(cell->evidence);
    case VerdictRole:
        return verdict;
    case SecondsRole:
        return cell->seconds;
    case OutcomeRole:
        return QVariant::fromValue(*cell);
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
        return m_attacks.at(section);
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
