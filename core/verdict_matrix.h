#pragma once

#include "attack_lab.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace sandbench {

// How a cell is shown: its verdict, with ALLOWED split by whether the attack's metadata expects it, and
// NotPossible for a control cell whose attack cannot work on this machine (its needs are unmet: not root, no
// loadable modules) and that did not get through: the control's BLOCKED there proves nothing, so it is shown
// apart and left out of the verdict counts.
enum class CellKind { Blocked, AllowedExpected, AllowedUnexpected, Error, NotPossible };

CellKind cellKind(const AttackOutcome& outcome);
// A control cell that did not get through because this machine lacks what the attack needs.
bool isNotPossibleHere(const AttackOutcome& outcome);
// An unexpected ALLOWED, or a run that left something behind (whatever its verdict).
bool isFailure(const AttackOutcome& outcome);

// How many attacks a tier blocked, allowed, or could not judge, and how many of its cells are failures. A
// cell that is not possible here (CellKind::NotPossible) is in none of blocked, allowed and error, only in
// notPossible; a leftover it left is still counted (and a failure).
struct VerdictCounts {
    int blocked = 0;
    int allowed = 0; // expected or not
    int error = 0;
    int unexpectedAllowed = 0; // of `allowed`, those the attack's metadata did not expect on this tier
    int leftovers = 0;         // cells, whatever their verdict, whose run left something behind
    int failures = 0;          // cells with an unexpected ALLOWED, leftovers or both
    int notPossible = 0;       // control cells whose attack cannot work on this machine

    void add(const AttackOutcome& outcome);
    VerdictCounts& operator+=(const VerdictCounts& other);
    int counted() const { return blocked + allowed + error; } // cells with a verdict that counts
    int total() const { return counted() + notPossible; }     // cells that ran
    int expectedAllowed() const { return allowed - unexpectedAllowed; }
    bool operator==(const VerdictCounts&) const = default;
};

// The outcomes of a lab: one row per attack, one column per tier, each cell empty until that attack has
// finished on that tier. Callers decide which attack and tier a row and a column stand for.
class VerdictMatrix {
public:
    VerdictMatrix() = default;
    VerdictMatrix(std::size_t rows, std::size_t columns);

    std::size_t rows() const { return m_rows; }
    std::size_t columns() const { return m_columns; }
    // Null when the cell is empty or outside the matrix.
    const AttackOutcome* at(std::size_t row, std::size_t column) const;
    // Fills or replaces a cell; false (and nothing changes) outside the matrix.
    bool set(std::size_t row, std::size_t column, AttackOutcome outcome);
    void clear();             // empties every cell
    bool hasOutcomes() const; // some cell is filled

    VerdictCounts counts(std::size_t column) const; // of one tier
    VerdictCounts counts() const;                   // of every tier
    // Every filled cell, column by column and in row order within a column.
    std::vector<AttackOutcome> outcomes() const;

private:
    std::size_t m_rows = 0;
    std::size_t m_columns = 0;
    std::vector<std::optional<AttackOutcome>> m_cells; // row-major
};

} // namespace sandbench
