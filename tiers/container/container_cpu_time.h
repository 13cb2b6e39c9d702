#pragma once

#include <optional>
#include <string>

namespace sandbench {

// The CPU time the host's cgroup of a container has counted so far (v1 cpuacct.usage, v2 cpu.stat
// usage_usec): every host process in it, so under gVisor the Sentry's and the gofer's own work besides the
// program's. The cgroup is found as the host-side check finds the container's processes
// (container_processes.h), by the full id in their /proc/PID/cgroup, and read from the host's cgroup
// filesystem, which nothing inside the container can write. Nullopt when no process of the container runs
// (the engine may already have removed the cgroup with its figure) or the host keeps no CPU account there.
std::optional<double> hostCpuSecondsOfContainer(const std::string& containerId);

} // namespace sandbench
