#pragma once

#include "attack_suite.h"
#include "harness_network.h"
#include "layer_evidence.h"
#include "run_result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandbench {

enum class Verdict {
    Blocked, // the attack tried and the tier stopped it
    Allowed, // the attack got through
    Error,   // the attack never got to try, so the run says nothing about the tier
};

// "BLOCKED", "ALLOWED", "ERROR": the words reports and JSON use.
std::string_view toString(Verdict verdict);
// The verdict toString() names; std::nullopt for any other text.
std::optional<Verdict> verdictFromString(std::string_view name);

struct Judgement {
    Verdict verdict = Verdict::Error;
    std::string evidence; // one line a user can check
    // The layer that decided it (see AttackOutcome::layer): "none" for ALLOWED, empty for ERROR.
    std::string layer;
    std::string layerDetail;
    bool layerInferred = false;
};

// For a `network: allow` attack: its little network (core/harness_network.h), and what the harness's own
// listeners saw of this run. The program cannot forge any of it.
struct NetworkContext {
    std::string secretValue;              // the real value, which no sandbox may ever hold
    std::string secretHost;               // the only host the secret may reach
    std::vector<std::string> listedHosts; // the allow list's names (its one port is the HTTPS one)
    std::vector<WebRequest> requests;     // what the web server received with the run's name in the path
    std::vector<std::string> dnsQueries;  // what the canary DNS server was asked with the run's name
};

// What the harness knows about a run beyond the tier's RunResult.
struct RunContext {
    bool started = false;                // the start sentinel reached stderr (see start_sentinel.h)
    bool endedByHarnessDeadline = false; // the harness had to cancel the run: the tier never stopped it
    // Tier::info(): the control's own timeout is no boundary, on a tier with a kernel of its own kernel
    // probes reach the guest's, and a refusal is read against the tier that gave it.
    TierInfo tier;
    // For `expect: survivor`: what the harness found alive with the run's name after the run.
    bool survivorFound = false;
    std::string survivorEvidence;
    std::string plantedSecret; // named in the evidence when it shows up in stdout
    // For `expect: starves`: the attack's "HOLDING …" line, once it printed one, and what failed when the
    // harness then used the same quota from its own process on the host ("" when that worked).
    std::string quotaHeld;
    std::string hostQuotaFailure;
    std::string hostUser; // "root" or "uid 1000", for the evidence
    // For `inputs: planted`: what changed in the host's copy of the planted input after the run ("" when
    // nothing did; PlantedInputs::changes()), and the marker its file holds.
    std::string inputsChanged;
    std::string inputMarker;
    // For `expect: artifacts caps`: the run's policy caps.
    int artifactsMax = 20;
    std::int64_t artifactsMb = 10;
    NetworkContext network; // for `expect: egress`
};

// Why a returned artifact name is unsafe to show or to save under a folder ("it holds a '/'", "it holds a
// control character", longer than 255 bytes, not valid UTF-8, ".", ".."); empty when it is one safe
// component. What `expect: artifacts names` holds every tier's names to.
std::string unsafeArtifactName(std::string_view name);

// Decides one run. `result` must already have the sentinel removed from its stderr.
Judgement judgeAttack(const Attack& attack, const RunResult& result, const RunContext& context);

} // namespace sandbench
