#include "container_cpu_time.h"

#include "container_processes.h"
#include "tiers/common/cgroup_files.h"

#include <vector>

namespace sandbench {

namespace {

// The container's own cgroup within a process's cgroup path that names the container's id: the path up to
// the end of the component holding the id. Podman on cgroup v2 puts the processes one level further down
// (libpod-ID.scope/container), and a cgroup's CPU account includes its children's.
std::string containerCgroupIn(const std::string& path, const std::string& containerId) {
    const std::size_t at = path.find(containerId);
    if (at == std::string::npos)
        return {};
    return path.substr(0, path.find('/', at));
}

std::optional<double> cpuSecondsIn(const CgroupMount& mount, const std::string& cgroup) {
    const std::string folder = folderOf(mount, cgroup);
    if (!mount.v2) {
        const std::int64_t nanoseconds = numberIn(folder + "/cpuacct.usage");
        return nanoseconds >= 0 ? std::optional<double>(static_cast<double>(nanoseconds) / 1e9)
                                : std::nullopt;
    }
    const std::int64_t microseconds = counterIn(folder + "/cpu.stat", "usage_usec");
    return microseconds >= 0 ? std::optional<double>(static_cast<double>(microseconds) / 1e6) : std::nullopt;
}

} // namespace

std::optional<double> hostCpuSecondsOfContainer(const std::string& containerId) {
    const std::vector<int> processes = processesOfContainer(containerId);
    const std::vector<CgroupMount> mounts = cgroupMounts();
    // Any process of the container names its cgroup; one that exited meanwhile names none, so try the next.
    for (const int pid : processes) {
        for (const CgroupMount& mount : mounts) {
            // cgroup v1's cpuacct hierarchy (on a hybrid host the v2 line names only "/"), else v2's.
            if (!mount.v2 && !hasWord(mount.options, "cpuacct", ','))
                continue;
            const std::string cgroup =
                containerCgroupIn(cgroupOf(std::to_string(pid), mount.v2 ? "" : "cpuacct"), containerId);
            if (cgroup.empty())
                continue;
            if (const auto seconds = cpuSecondsIn(mount, cgroup))
                return seconds;
        }
    }
    return std::nullopt;
}

} // namespace sandbench
