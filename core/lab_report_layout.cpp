#include "lab_report_layout.h"

#include <algorithm>

namespace sandbench {

int LabReportLayout::notRun(std::size_t tier) const {
    return static_cast<int>(cells.rows()) - cells.counts(tier).total();
}

int LabReportLayout::notRun() const {
    return static_cast<int>(cells.rows() * cells.columns()) - cells.counts().total();
}

std::vector<double> LabReportLayout::seconds(std::size_t tier) const {
    std::vector<double> seconds;
    for (std::size_t row = 0; row < cells.rows(); ++row) {
        if (const AttackOutcome* outcome = cells.at(row, tier))
            seconds.push_back(outcome->seconds);
    }
    return seconds;
}

LabReportLayout layOutLabRun(const LabRun& run) {
    LabReportLayout layout;
    layout.attacks = run.suite;
    layout.tiers = run.tiers;
    const auto rowOf = [&](const AttackOutcome& outcome) {
        return std::find_if(layout.attacks.begin(), layout.attacks.end(),
                            [&](const Attack& attack) { return attack.fileName == outcome.fileName; });
    };
    const auto columnOf = [&](const AttackOutcome& outcome) {
        return std::find_if(layout.tiers.begin(), layout.tiers.end(),
                            [&](const LabTier& tier) { return tier.info.name == outcome.tier; });
    };
    // Outcomes of a tier or attack the run did not list still get a column or row.
    for (const auto& outcome : run.outcomes) {
        if (columnOf(outcome) == layout.tiers.end()) {
            LabTier tier;
            tier.info.name = outcome.tier;
            tier.info.control = outcome.control;
            layout.tiers.push_back(tier);
        }
        if (rowOf(outcome) == layout.attacks.end()) {
            Attack attack;
            attack.fileName = outcome.fileName;
            attack.name = outcome.attack;
            attack.category = outcome.category;
            layout.attacks.push_back(attack);
        }
    }
    layout.cells = VerdictMatrix(layout.attacks.size(), layout.tiers.size());
    for (const auto& outcome : run.outcomes) {
        const auto row = static_cast<std::size_t>(rowOf(outcome) - layout.attacks.begin());
        const auto column = static_cast<std::size_t>(columnOf(outcome) - layout.tiers.begin());
        if (!layout.cells.at(row, column))
            layout.cells.set(row, column, outcome);
    }
    return layout;
}

std::string verdictWord(const AttackOutcome* outcome) {
    return outcome ? std::string(toString(outcome->verdict)) : "NOT RUN";
}

std::string shownVerdict(const AttackOutcome* outcome) {
    return outcome && isNotPossibleHere(*outcome) ? "NOT POSSIBLE HERE" : verdictWord(outcome);
}

std::string verdictClass(const AttackOutcome* outcome) {
    if (!outcome)
        return "notrun";
    switch (cellKind(*outcome)) {
    case CellKind::Blocked:
        return "blocked";
    case CellKind::AllowedExpected:
        return "expected";
    case CellKind::AllowedUnexpected:
        return "allowed";
    case CellKind::NotPossible:
        return "notpossible";
    case CellKind::Error:
        break;
    }
    return "error";
}

std::string tierLabel(const LabTier& tier) {
    return tier.info.control ? tier.info.name + " (control)" : tier.info.name;
}

double median(std::vector<double> values) {
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

double maximum(const std::vector<double>& values) {
    return values.empty() ? 0 : *std::max_element(values.begin(), values.end());
}

} // namespace sandbench
