#pragma once

#include "attack_lab.h"
#include "attack_suite.h"
#include "json_fields.h"
#include "latency_bench.h"
#include "machine_details.h"
#include "policy.h"
#include "run_result.h"
#include "tier_info.h"

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace sandbench {

// One tier as it was when the lab ran: who it is, and its probe's notes (engine versions, KVM or TCG,
// Landlock ABI). The document keeps the tier's identity, not its settings' descriptions.
struct LabTier {
    TierInfo info;
    std::vector<std::string> notes;
    std::string details; // ProbeResult::details: raw tool output behind the notes, empty when none

    bool operator==(const LabTier&) const = default;
};

inline constexpr const char* kPolicyFromWorkbench = "workbench";
inline constexpr const char* kPolicyForLab = "lab";

// Everything one lab run produced, for the shareable report.
struct LabRun {
    std::string startedAt; // ISO 8601, UTC
    Policy policy;
    // Where the policy came from, so a report says which one ran: kPolicyFromWorkbench (the lab followed the
    // Workbench's), kPolicyForLab (set for the lab apart from it), or empty (the command line, or unknown).
    std::string policySource;
    std::vector<Attack> suite; // in suite order; the code shown is the attack's file
    std::vector<LabTier> tiers;
    std::vector<AttackOutcome> outcomes; // any order; matched to the suite by fileName and to tiers by name
    MachineDetails machine;
    // The bench run beside the lab, if any (one report per tier, workload and mode); not in the JSON form.
    std::vector<LatencyReport> bench;
    // The whole lab's wall time, every tier side by side, first start to last end; 0 when unknown (a file
    // from before it).
    double wallSeconds = 0;
};

// The one JSON form of a run result, an outcome and a lab run, for every front end: `run --json`, `attacks
// --json`, the workbench's export and re-open, the run history and the agent transcript (docs/cli-json.md).
// Text is UTF-8: to_json replaces bytes that are not (a program's output may hold any) with U+FFFD, so a
// document always dumps and reads back as it was written; NUL bytes stay.
// from_json checks every key and type and throws JsonFormatError naming the first problem. Keys that files
// from before them lack read as the engine's defaults: in a result `warm_start` and `accelerator`; in an
// outcome `layer`, `layer_detail`, `layer_inferred`, `expected` (then true on the control, as the engine
// always sets it there), `expected_because`, `needs_root`, `unmet_needs` and `leftovers`.
void to_json(nlohmann::json& json, const RunResult& result);
void from_json(const nlohmann::json& json, RunResult& result);
void to_json(nlohmann::json& json, const AttackOutcome& outcome);
void from_json(const nlohmann::json& json, AttackOutcome& outcome);
// {"format": "sandbench-lab-run", "version": 1, "started_at", "policy", "policy_source" (when known),
// "wall_seconds" (when known), "machine", "tiers", "suite", "outcomes"}: the whole run, so a re-opened one
// reports what it was run with.
void to_json(nlohmann::json& json, const LabRun& run);
void from_json(const nlohmann::json& json, LabRun& run);

// A document as its file holds it: indented by two, ending in a newline. asciiOnly: every non-ASCII
// character as \uXXXX (for a terminal).
std::string dumpJson(const nlohmann::json& json, bool asciiOnly = false);

// The array of outcomes `attacks --json` prints, and back; errors name the outcome by its place (1-based).
nlohmann::json outcomesToJson(const std::vector<AttackOutcome>& outcomes);
std::vector<AttackOutcome> outcomesFromJson(const nlohmann::json& json);

// A lab-run file: the document above, or only an array of outcomes (`attacks --json`, and the workbench's
// export before the document), which sets only `run.outcomes` and `outcomesOnly`. Throws JsonFormatError:
// for text that is not JSON, neither of the two, or no outcomes at all.
struct LabRunFile {
    LabRun run;
    bool outcomesOnly = false;
};
LabRunFile parseLabRunFile(std::string_view text);

// `attacks --csv`: the columns attack,category,tier,control,verdict,seconds,evidence, one line each,
// each field quoted per RFC 4180 where it holds a comma, a quote or a line break.
std::string outcomesToCsv(const std::vector<AttackOutcome>& outcomes);

} // namespace sandbench
