#include "container_host_account.h"

#include "container_processes.h"
#include "tiers/common/cgroup_files.h"

#include <vector>

namespace sandbench {

namespace {

// The container's own cgroup within a process's cgroup path that names the container's id: the path up to
// the end of the component holding the id. Podman on cgroup v2 puts the processes one level further down
// (libpod-ID.scope/container), and a cgroup's counters include its children's.
std::string containerCgroupIn(const std::string& path, const std::string& containerId) {
    const std::size_t at = path.find(containerId);
    if (at == std::string::npos)
        return {};
    return path.substr(0, path.find('/', at));
}

std::optional<double> cpuSecondsIn(const CgroupMount& mount, const std::string& folder) {
    if (!mount.v2) {
        const std::int64_t nanoseconds = numberIn(folder + "/cpuacct.usage");
        return nanoseconds >= 0 ? std::optional<double>(static_cast<double>(nanoseconds) / 1e9)
                                : std::nullopt;
    }
    const std::int64_t microseconds = counterIn(folder + "/cpu.stat", "usage_usec");
    return microseconds >= 0 ? std::optional<double>(static_cast<double>(microseconds) / 1e6) : std::nullopt;
}

std::optional<std::int64_t> oomKillsIn(const CgroupMount& mount, const std::string& folder) {
    const std::int64_t kills =
        counterIn(folder + (mount.v2 ? "/memory.events" : "/memory.oom_control"), "oom_kill");
    return kills >= 0 ? std::optional<std::int64_t>(kills) : std::nullopt;
}

} // namespace

ContainerHostAccount hostAccountOfContainer(const std::string& containerId) {
    ContainerHostAccount account;
    const std::vector<int> processes = processesOfContainer(containerId);
    const std::vector<CgroupMount> mounts = cgroupMounts();
    // Any process of the container names its cgroups; one that exited meanwhile names none, so try the next.
    for (const int pid : processes) {
        for (const CgroupMount& mount : mounts) {
            // cgroup v1's cpuacct and memory hierarchies (on a hybrid host the v2 line names only "/"), else
            // v2's one.
            const bool cpu = mount.v2 || hasWord(mount.options, "cpuacct", ',');
            const bool memory = mount.v2 || hasWord(mount.options, "memory", ',');
            if (!cpu && !memory)
                continue;
            const std::string controller = mount.v2 ? "" : cpu ? "cpuacct" : "memory";
            const std::string cgroup =
                containerCgroupIn(cgroupOf(std::to_string(pid), controller), containerId);
            if (cgroup.empty())
                continue;
            const std::string folder = folderOf(mount, cgroup);
            if (cpu && !account.cpuSeconds)
                account.cpuSeconds = cpuSecondsIn(mount, folder);
            if (memory && !account.oomKills)
                account.oomKills = oomKillsIn(mount, folder);
        }
        if (account.cpuSeconds && account.oomKills)
            break;
    }
    return account;
}

} // namespace sandbench
