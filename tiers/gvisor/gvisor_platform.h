#pragma once

#include "tiers/container/container_engine.h"

#include <string>
#include <vector>

namespace sandbench {

// Where gVisor's runsc is and what it can do here. The platform is how the Sentry intercepts the program's
// system calls: kvm (a guest ring 0 under KVM, fastest), systrap (seccomp traps, in newer releases), ptrace
// (portable, slowest).
struct RunscFacts {
    std::string path;                   // absolute, "" when not installed
    std::string version;                // "0.0~20221219.0", from `runsc --version`
    std::vector<std::string> platforms; // what its -platform flag accepts, "ptrace" first
};

// runsc: $SANDBENCH_RUNSC when set, else on $PATH or at /usr/bin/runsc; `reason` says what to install when it
// is missing or does not answer.
bool findRunsc(RunscFacts& facts, std::string& reason);

// Whether Docker's daemon lists the runtimes scripts/setup-gvisor-tier.sh registers for `platform`; else
// `reason` says to run it.
bool dockerHasGvisorRuntime(const ContainerEngine& engine, const std::string& platform, std::string& reason);

// Whether Docker's daemon lists the runtime a run with a network allow list needs on `engine`'s platform
// (ContainerRuntime::dockerEgressName: its sandbox may connect to the host socket bound into it), which an
// older scripts/setup-gvisor-tier.sh did not register; else `reason` says to run it again.
bool dockerHasGvisorEgressRuntime(const ContainerEngine& engine, std::string& reason);

// Starts one tiny sandbox (`/bin/true` in `image`) under `engine`'s gVisor runtime within a few seconds,
// since a platform can exist and still hang (KVM on a host that cannot run guests). Empty when it ran, else
// why not. A hung trial's container is removed.
std::string platformTrialFailure(const ContainerEngine& engine, const std::string& image);

// The same for KVM, through `runsc do` (as root only), never through the engine: a sandbox hung in KVM
// wedges its container beyond `rm -f`.
std::string kvmTrialFailure(const RunscFacts& runsc);

// Chooses the platform for `wanted` ("auto", "kvm", "systrap", "ptrace"): auto takes KVM when a trial
// sandbox really runs under it, else systrap where this runsc has it, else ptrace. KVM's trial verdict is
// remembered per host boot (it costs a deadline when KVM hangs). Sets `note` to what was chosen and why;
// false with `reason` when the wanted platform is unknown or does not start.
bool choosePlatform(ContainerEngine engine, const RunscFacts& runsc, const std::string& wanted,
                    const std::string& image, std::string& platform, std::string& note, std::string& reason);

} // namespace sandbench
