#pragma once

#include <string>

namespace sandbench {

// The kernel quotas counted per host user that the suite's `expect: starves FACILITY` attacks try to
// exhaust: "inotify" (inotify instances) and "signals" (queued real-time signals). While such an attack
// holds all it could take, the harness uses the same facility once from its own process on the host; a
// failure there is the attack's effect.
bool isKnownQuota(const std::string& facility);

// Uses `facility` once from this process: "" when that worked, else what failed
// ("inotify_init1: Too many open files").
std::string useKernelQuotaOnce(const std::string& facility);

} // namespace sandbench
