#pragma once

#include "run_result.h"

#include <string>

namespace sandbench {

// Which boundary decided a verdict, for the Attack Lab's "evidence by layer".
struct LayerFinding {
    std::string layer;     // "rlimit", "cgroup", "seccomp", "namespace", "landlock", "read-only filesystem",
                           // "tmpfs size", "guest kernel", "timeout", "output cap", "capabilities",
                           // "permissions", "harness deadline", "no terminal"; "none" for ALLOWED
    std::string detail;    // which one: "RLIMIT_AS", "pids.max", "ptrace", "network", "PID"...
    bool inferred = false; // read from an errno or a missing path, not reported by the layer itself
};

// What the tier knows about itself that the finder needs.
struct TierTraits {
    std::string name; // the tier's registry name: what a refusal means depends on the tier
    bool control = false;
    bool ownKernel = false; // a VM: its programs meet the guest's kernel, not the host's
};

// The refusal an attack reported on stderr, "DENIED <operation> <ERRNO_NAME>" (attacks/FORMAT.md), or
// failing that the errno of the last Python exception ("[Errno 13] ..."); empty parts when none.
struct Denial {
    std::string operation;
    std::string errnoName; // "EPERM"
};
Denial lastDenial(const std::string& stderrBytes);

// The layer behind a BLOCKED run: the tier's own stop reason and evidence first (reported), then the
// attack's denial read against the tier's traits (inferred).
LayerFinding findBlockingLayer(const RunResult& result, const TierTraits& traits);

} // namespace sandbench
