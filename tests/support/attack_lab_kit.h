#pragma once

// What the Attack Lab page's tests share: pages over every built-in tier, made-up outcomes as the engine and
// the judge fill them, and what the page's bar chart and counts table show for a tier (checked to agree).

#include "core/attack_lab.h"
#include "core/attack_suite.h"
#include "core/verdict_matrix.h"
#include "gui/attack_lab_page.h"
#include "gui/lab_charts.h"
#include "source_paths.h"
#include "tiers/builtin_tiers.h"

#include <QBarSet>
#include <QString>
#include <QStringList>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace test_support {

inline AttackLabPage::Tiers allTiers() {
    const sandbench::TierRegistry registry = sandbench::builtinTiers();
    AttackLabPage::Tiers tiers;
    for (const auto& name : registry.names())
        tiers.emplace_back(name, std::shared_ptr<sandbench::Tier>(registry.create(name)));
    return tiers;
}

inline void writeFile(const QString& path, const std::string& text) {
    std::ofstream file(path.toStdString(), std::ios::binary | std::ios::trunc);
    file << text;
}

inline sandbench::AttackOutcome fakeOutcome(const std::string& attack, sandbench::Verdict verdict,
                                            double seconds) {
    sandbench::AttackOutcome outcome;
    outcome.attack = attack;
    outcome.tier = "subprocess";
    outcome.verdict = verdict;
    outcome.evidence = "evidence for " + attack;
    outcome.seconds = seconds;
    return outcome;
}

// An outcome as the judge now fills it: the layer that decided, whether it was expected, leftovers.
inline sandbench::AttackOutcome judgedOutcome(const std::string& attack, const std::string& tier,
                                              sandbench::Verdict verdict, const std::string& layer,
                                              bool expected, std::vector<std::string> leftovers = {}) {
    sandbench::AttackOutcome outcome = fakeOutcome(attack, verdict, 0.4);
    outcome.tier = tier;
    outcome.fileName = attack + ".py";
    outcome.category = "processes";
    outcome.layer = layer;
    outcome.expected = expected;
    outcome.leftovers = std::move(leftovers);
    outcome.result.tier = tier;
    return outcome;
}

// A page with no tier probed: enough to show, export and re-open lab runs.
inline std::unique_ptr<AttackLabPage> idlePage() {
    auto page = std::make_unique<AttackLabPage>(allTiers());
    page->resize(1000, 700);
    page->show();
    return page;
}

// What the bar chart and the counts table beside it show for `tier`.
inline sandbench::VerdictCounts barCounts(AttackLabPage& page, const QString& tier) {
    using sandbench::CellKind;
    using sandbench::VerdictCounts;
    const int category = page.verdictChart()->category(tier);
    auto at = [&](CellKind kind) {
        return static_cast<int>(page.verdictChart()->barSet(kind)->at(category));
    };
    const VerdictCounts bars{at(CellKind::Blocked),
                             at(CellKind::AllowedExpected) + at(CellKind::AllowedUnexpected),
                             at(CellKind::Error),
                             at(CellKind::AllowedUnexpected),
                             page.countsTable()->count(tier, VerdictCountsTable::Leftovers),
                             page.countsTable()->count(tier, VerdictCountsTable::Failures)};
    const VerdictCountsTable* table = page.countsTable();
    const VerdictCounts rows{table->count(tier, VerdictCountsTable::Blocked),
                             table->count(tier, VerdictCountsTable::Allowed),
                             table->count(tier, VerdictCountsTable::Errors),
                             table->count(tier, VerdictCountsTable::Unexpected),
                             bars.leftovers,
                             bars.failures};
    return bars == rows ? bars : VerdictCounts{-1, -1, -1, -1, -1, -1}; // the chart and table disagree
}

// The bundled suite in `page`'s matrix with made-up results on `tiers` (the first the control), as a lab run
// of it looks: the control lets every attack through but those whose needs this machine lacks (not possible
// here), the others block most, naming layers up to the longest ("read-only filesystem"), and let some
// through, expected or not. Returns the number of attacks.
inline int fillWithBundledSuite(AttackLabPage& page, const QStringList& tiers) {
    using sandbench::Verdict;
    const std::vector<sandbench::Attack> suite = sandbench::loadAttackSuite(test_support::attacksSourceDir());
    QStringList names;
    for (const sandbench::Attack& attack : suite)
        names.append(QString::fromStdString(attack.name));
    page.model()->setSuite(names);
    page.model()->setTiers(tiers, {tiers.first()});
    const char* layers[] = {"read-only filesystem", "namespace", "seccomp",
                            "harness deadline",     "cgroup",    "guest kernel"};
    int cell = 0;
    for (const sandbench::Attack& attack : suite) {
        for (const QString& tier : tiers) {
            const bool control = tier == tiers.first();
            const bool through = control || cell % 9 == 0;
            sandbench::AttackOutcome outcome =
                judgedOutcome(attack.name, tier.toStdString(), through ? Verdict::Allowed : Verdict::Blocked,
                              through ? "none" : layers[cell % 6], control || cell % 2 == 0);
            outcome.control = control;
            outcome.fileName = attack.fileName;
            if (control && (attack.needsRoot || attack.needsModules)) {
                outcome.verdict = Verdict::Blocked;
                outcome.layer = "kernel";
                outcome.unmetNeeds = "this kernel has no loadable modules (no /proc/modules)";
            }
            page.model()->addOutcome(tier, outcome);
            ++cell;
        }
    }
    return static_cast<int>(suite.size());
}

} // namespace test_support
