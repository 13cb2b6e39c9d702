#include "verdict_matrix.h"

#include <algorithm>

namespace sandbench {

bool isNotPossibleHere(const AttackOutcome& outcome) {
    return outcome.control && !outcome.unmetNeeds.empty() && outcome.verdict == Verdict::Blocked;
}

CellKind cellKind(const AttackOutcome& outcome) {
    if (isNotPossibleHere(outcome))
        return CellKind::NotPossible;
    switch (outcome.verdict) {
    case Verdict::Blocked:
        return CellKind::Blocked;
    case Verdict::Allowed:
        return outcome.expected ? CellKind::AllowedExpected : CellKind::AllowedUnexpected;
    case Verdict::Error:
        break;
    }
    return CellKind::Error;
}

bool isFailure(const AttackOutcome& outcome) {
    return cellKind(outcome) == CellKind::AllowedUnexpected || !outcome.leftovers.empty();
}

void VerdictCounts::add(const AttackOutcome& outcome) {
    switch (cellKind(outcome)) {
    case CellKind::Blocked:
        ++blocked;
        break;
    case CellKind::AllowedUnexpected:
        ++unexpectedAllowed;
        [[fallthrough]];
    case CellKind::AllowedExpected:
        ++allowed;
        break;
    case CellKind::Error:
        ++error;
        break;
    case CellKind::NotPossible:
        ++notPossible;
        break;
    }
    if (!outcome.leftovers.empty())
        ++leftovers;
    if (isFailure(outcome))
        ++failures;
}

VerdictCounts& VerdictCounts::operator+=(const VerdictCounts& other) {
    blocked += other.blocked;
    allowed += other.allowed;
    error += other.error;
    unexpectedAllowed += other.unexpectedAllowed;
    leftovers += other.leftovers;
    failures += other.failures;
    notPossible += other.notPossible;
    return *this;
}

VerdictMatrix::VerdictMatrix(std::size_t rows, std::size_t columns)
    : m_rows(rows)
    , m_columns(columns)
    , m_cells(rows * columns) {}

const AttackOutcome* VerdictMatrix::at(std::size_t row, std::size_t column) const {
    if (row >= m_rows || column >= m_columns)
        return nullptr;
    const auto& cell = m_cells[row * m_columns + column];
    return cell ? &*cell : nullptr;
}

bool VerdictMatrix::set(std::size_t row, std::size_t column, AttackOutcome outcome) {
    if (row >= m_rows || column >= m_columns)
        return false;
    m_cells[row * m_columns + column] = std::move(outcome);
    return true;
}

void VerdictMatrix::clear() {
    std::fill(m_cells.begin(), m_cells.end(), std::nullopt);
}

bool VerdictMatrix::hasOutcomes() const {
    return std::any_of(m_cells.begin(), m_cells.end(), [](const auto& cell) { return cell.has_value(); });
}

VerdictCounts VerdictMatrix::counts(std::size_t column) const {
    VerdictCounts counts;
    for (std::size_t row = 0; row < m_rows; ++row) {
        if (const AttackOutcome* outcome = at(row, column))
            counts.add(*outcome);
    }
    return counts;
}

VerdictCounts VerdictMatrix::counts() const {
    VerdictCounts counts;
    for (std::size_t column = 0; column < m_columns; ++column)
        counts += this->counts(column);
    return counts;
}

std::vector<AttackOutcome> VerdictMatrix::outcomes() const {
    std::vector<AttackOutcome> list;
    for (std::size_t column = 0; column < m_columns; ++column) {
        for (std::size_t row = 0; row < m_rows; ++row) {
            if (const AttackOutcome* outcome = at(row, column))
                list.push_back(*outcome);
        }
    }
    return list;
}

} // namespace sandbench
