#pragma once

#include "attack_harness.h"
#include "attack_judge.h"
#include "attack_suite.h"
#include "machine_gate.h"
#include "tier.h"

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

namespace sandbench {

// One attack against one tier, judged.
struct AttackOutcome {
    std::string attack; // the attack's name
    std::string fileName;
    std::string category;
    std::string tier;
    bool control = false; // the tier is the unprotected control tier
    Verdict verdict = Verdict::Error;
    std::string evidence;
    // The layer that decided the verdict: "rlimit", "cgroup", "seccomp", "namespace", "landlock",
    // "read-only filesystem", "tmpfs size", "guest kernel", "timeout", "output cap", "capabilities",
    // "harness deadline"; for ALLOWED "none"; empty for ERROR. `layerDetail` says which (RLIMIT_AS,
    // pids.max, ptrace, network namespace...).
    std::string layer;
    std::string layerDetail;
    bool layerInferred = false; // the layer was inferred (from an errno, a missing path), not reported
    bool expected = false;      // the attack's metadata expects this tier to let it through
    // When it is expected only because this tier lacks, on this host, a protection the attack is bounded by
    // ("# protection:", Tier::missingProtections): the tier's reason. An ALLOWED cell's evidence says it.
    std::string expectedBecause;
    // What the run left behind: live processes named after it, temp folders, containers, VMs, listening
    // sockets. Any entry makes the cell a failure whatever the verdict.
    std::vector<std::string> leftovers;
    bool needsRoot = false;
    std::string unmetNeeds; // what this machine lacks for the attack to succeed on the control (unmetNeeds())
    double seconds = 0;     // wall time of the whole run as the harness saw it, tier setup included
    RunResult result;       // the start sentinel already removed from stderr

    bool operator==(const AttackOutcome&) const = default;
};

struct LabOptions {
    Policy policy;
    // The values of the policy's secrets typed in the workbench (by name), held in memory and never saved
    // with the lab's run; a secret without one takes Sandbench's environment variable, as on the CLI.
    std::map<std::string, std::string> secretValues;
    std::vector<std::string> interpreter = RunRequest{}.interpreter;
    // How long past the policy timeout the harness waits before it cancels a run itself; negative means
    // max(5 s, the timeout), room for a tier's own start-up (a container, a VM boot).
    double graceSeconds = -1;
    // How many attacks may share the tier at once: those without "# runs: alone" (Attack::runsAlone) run
    // in groups of up to this many, in suite order; 1 runs them one after another.
    int overlap = 1;
    // Shared by every tier of one lab (runLabSchedule sets it): an attack that starves a host-wide quota
    // (`expect: starves`) runs while nothing else runs on any tier. Null: the tier is the only one.
    std::shared_ptr<MachineGate> machine;

    double outerDeadlineSeconds() const;
};

struct LabProgress {
    std::size_t index = 0; // of the attack in the suite
    std::size_t total = 0;
    const Attack* attack = nullptr;
    const AttackOutcome* finished = nullptr; // null when the attack is starting
};
using LabProgressCallback = std::function<void(const LabProgress&)>;

struct LabReport {
    std::vector<AttackOutcome> outcomes; // in suite order; only attacks that ran to a verdict
    bool cancelled = false;              // the caller stopped the lab before every attack ran
};

// Runs every attack of the suite on `tier` through the Tier interface alone: one after another, or the ones
// that may share the tier in groups of up to `options.overlap` at once (an attack that runs alone, always
// by itself). After each group, with nothing of it running, the tier's own leftovers are looked for; with a
// group of several they are every member's, since none can be told apart. Outcomes and progress calls come
// in suite order whatever order a group's runs end in; progress is called on this thread only.
// Every run gets the harness's outer deadline through its stop token. A control tier's own wall clock is
// lifted past that deadline: it has no limits, so only the harness can end its runs, and says so.
LabReport runAttackLab(Tier& tier, const std::vector<Attack>& suite, const AttackHarness& harness,
                       const LabOptions& options, std::stop_token stop,
                       const LabProgressCallback& progress = {});

} // namespace sandbench
