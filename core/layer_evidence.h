#pragma once

#include "run_result.h"
#include "tier_info.h"

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

// The refusal an attack reported on stderr, "DENIED <operation> <ERRNO_NAME>" (attacks/FORMAT.md), or
// failing that the errno of the last Python exception ("[Errno 13] ..."); empty parts when none.
struct Denial {
    std::string operation;
    std::string errnoName; // "EPERM"
};
Denial lastDenial(const std::string& stderrBytes);

// The layer behind a BLOCKED run: the tier's own stop reason and evidence first (reported), then the
// attack's denial read against what the tier is (inferred): the control, a kernel of its own, its name.
LayerFinding findBlockingLayer(const RunResult& result, const TierInfo& tier);

} // namespace sandbench
