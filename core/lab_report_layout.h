#pragma once

#include "lab_report.h"
#include "verdict_matrix.h"

#include <string>
#include <vector>

// The lab run laid out as its report shows it, shared by the page and its charts.

namespace sandbench {

struct LabReportLayout {
    std::vector<Attack> attacks; // rows: the suite, then attacks only an outcome names
    std::vector<LabTier> tiers;  // columns: the run's tiers, then tiers only an outcome names
    VerdictMatrix cells;         // an empty cell: the lab was stopped before that attack ran there

    int notRun(std::size_t tier) const; // empty cells of one tier
    int notRun() const;                 // of every tier
    // The wall seconds of the tier's runs, in row order.
    std::vector<double> seconds(std::size_t tier) const;
};

// Matches outcomes to the suite by fileName and to tiers by name; when an attack ran twice on one tier
// the first outcome wins.
LabReportLayout layOutLabRun(const LabRun& run);

// "BLOCKED", "ALLOWED", "ERROR", or "NOT RUN" for an empty cell: the verdict as recorded.
std::string verdictWord(const AttackOutcome* outcome);
// What a cell shows as its verdict: verdictWord(), or "NOT POSSIBLE HERE" for a control cell whose attack
// cannot work on this machine (isNotPossibleHere()).
std::string shownVerdict(const AttackOutcome* outcome);
// The CSS class of a cell's mark in the charts, the colours of the legend: "blocked", "expected",
// "allowed", "error", "notpossible", or "notrun" for an empty cell.
std::string verdictClass(const AttackOutcome* outcome);
// "host (control)" for the control tier, else its name.
std::string tierLabel(const LabTier& tier);

double median(std::vector<double> values);         // 0 for none
double maximum(const std::vector<double>& values); // 0 for none

} // namespace sandbench
