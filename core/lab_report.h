#pragma once

#include "attack_lab.h"
#include "attack_suite.h"
#include "machine_details.h"
#include "policy.h"

#include <string>
#include <utility>
#include <vector>

namespace sandbench {

// One tier as it was when the lab ran: its probe's notes hold engine versions, KVM or TCG, Landlock ABI.
struct TierDetails {
    std::string name;
    bool control = false;
    std::string description;
    std::vector<std::string> notes;
};

// Everything one lab run produced, for the shareable report.
struct LabRun {
    std::string startedAt; // ISO 8601, UTC
    Policy policy;
    std::vector<Attack> suite; // in suite order; the code shown is the attack's file
    std::vector<TierDetails> tiers;
    std::vector<AttackOutcome> outcomes; // any order; matched to the suite by fileName and to tiers by name
    MachineDetails machine;
};

// One self-contained HTML file (styles and charts inline as SVG, no script or network needed to view it):
// the matrix with colours (BLOCKED, ALLOWED, ERROR; expected vs unexpected; leftovers), per-tier counts,
// a latency chart, every cell's code, output and evidence with its layer, the machine and tier details,
// and the policy. Every text from a run is HTML-escaped.
std::string renderLabReportHtml(const LabRun& run);

} // namespace sandbench
