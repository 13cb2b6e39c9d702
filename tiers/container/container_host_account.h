#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace sandbench {

// What the host's cgroups of a container have counted so far: every host process in them, so under gVisor
// the Sentry's, the gofer's and the platform's stub processes besides the program's. The cgroups are found
// as the host-side check finds the container's processes (container_processes.h), by the full id in their
// /proc/PID/cgroup, and read from the host's cgroup filesystem, which nothing inside the container can write.
struct ContainerHostAccount {
    // CPU time (v1 cpuacct.usage, v2 cpu.stat usage_usec).
    std::optional<double> cpuSeconds;
    // Processes the memory cgroup's OOM killer ended (v1 memory.oom_control, v2 memory.events "oom_kill").
    // Under gVisor the killer sees only the sandbox's host processes: it may end a stub process that holds
    // one guest process's memory rather than the Sentry, and the program then ends in ways of the Sentry's
    // choosing, with no kill the program could report; only this count tells the host what happened.
    std::optional<std::int64_t> oomKills;
};

// Nullopt fields when no process of the container runs (the engine may already have removed the cgroups with
// their figures) or the host keeps no such account there.
ContainerHostAccount hostAccountOfContainer(const std::string& containerId);

} // namespace sandbench
