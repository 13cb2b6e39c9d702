#pragma once

#include "attack_lab.h"

#include <cstddef>
#include <functional>
#include <stop_token>
#include <string>
#include <vector>

namespace sandbench {

// How a lab shares the machine: every tier at once, one worker each, and within a tier the attacks that
// cannot change each other's verdicts a few at a time (LabOptions::overlap).
struct LabSchedule {
    // Attacks without "# runs: alone" that share a tier at once; 1 runs each tier's suite in order.
    int overlap = 2;
    // Each tier with a warm pool serves the lab from it, sized at least `overlap`, and gets its own size
    // back after the lab, so nothing the lab started waits idle once it is over. false runs every attack
    // cold (the pool is off during the lab).
    bool warm = true;
};

// The default width: as many attacks per tier as this machine has cores, at least 2 and at most 4.
int defaultLabOverlap();

struct TierLabResult {
    LabReport report;
    std::string failure; // what ended the tier's lab before its suite did (an engine error), empty if none
};

struct ScheduledLab {
    std::vector<TierLabResult> tiers; // in the order of the tiers given, each in suite order
    double wallSeconds = 0;           // the whole lab, first start to last end
    bool cancelled = false;           // stopped before every tier ran every attack
};

// Called for every start and end of an attack on tier `tierIndex`, from that tier's worker thread, one call
// at a time; per tier in suite order.
using ScheduleProgressCallback = std::function<void(std::size_t tierIndex, const LabProgress&)>;

// Runs the suite on every tier in parallel (runAttackLab on its own thread per tier) and returns when all are
// done. `stop` ends every tier's work at once. The tiers must stay alive until it returns.
ScheduledLab runLabSchedule(const std::vector<Tier*>& tiers, const std::vector<Attack>& suite,
                            const AttackHarness& harness, const LabOptions& options,
                            const LabSchedule& schedule, std::stop_token stop,
                            const ScheduleProgressCallback& progress = {});

} // namespace sandbench
