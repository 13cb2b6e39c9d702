#pragma once

#include "attack_lab.h"
#include "attack_suite.h"
#include "policy.h"
#include "tier_info.h"

#include <string>
#include <utility>
#include <vector>

namespace sandbench {

// The machine a lab ran on, for the report: what a trainer needs to say where the results came from.
struct MachineDetails {
    std::string hostname;
    std::string kernel; // uname: release and version
    std::string os;     // PRETTY_NAME of /etc/os-release
    std::string cpuModel;
    int cpuCount = 0;
    long long memoryKb = 0;
    bool runningAsRoot = false;
    std::vector<std::pair<std::string, std::string>> facts; // anything else worth showing, in order
};

// Reads /proc, uname and /etc/os-release; never fails (what it cannot read stays empty).
MachineDetails collectMachineDetails();

// One tier as it was when the lab ran: who it is, and its probe's notes (engine versions, KVM or TCG,
// Landlock ABI).
struct LabTier {
    TierInfo info;
    std::vector<std::string> notes;
};

// Everything one lab run produced, for the shareable report.
struct LabRun {
    std::string startedAt; // ISO 8601, UTC
    Policy policy;
    std::vector<Attack> suite; // in suite order; the code shown is the attack's file
    std::vector<LabTier> tiers;
    std::vector<AttackOutcome> outcomes; // any order; matched to the suite by fileName and to tiers by name
    MachineDetails machine;
};

// One self-contained HTML file (styles and charts inline as SVG, no script or network needed to view it):
// the matrix with colours (BLOCKED, ALLOWED, ERROR; expected vs unexpected; leftovers), per-tier counts,
// a latency chart, every cell's code, output and evidence with its layer, the machine and tier details,
// and the policy. Every text from a run is HTML-escaped.
std::string renderLabReportHtml(const LabRun& run);

} // namespace sandbench
