#include "container_processes.h"

#include "core/leftover_check.h"

namespace sandbench {

namespace {

bool isFullId(const std::string& id) {
    if (id.size() != 64)
        return false;
    for (const char c : id)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    return true;
}

} // namespace

std::vector<int> processesOfContainer(const std::string& containerId) {
    std::vector<int> pids;
    if (!isFullId(containerId))
        return pids; // a prefix could match another container's id
    for (const ProcessStatus& process : listProcesses()) {
        // A zombie is dead but for its parent's wait, and one that exited meanwhile reads as empty: neither
        // runs any more.
        if (process.state != 'Z' &&
            readSmallFile("/proc/" + std::to_string(process.pid) + "/cgroup").find(containerId) !=
                std::string::npos)
            pids.push_back(process.pid);
    }
    return pids;
}

std::string readContainerId(const std::string& cidFile) {
    std::string id = readSmallFile(cidFile);
    while (!id.empty() && (id.back() == '\n' || id.back() == ' '))
        id.pop_back();
    return isFullId(id) ? id : std::string();
}

} // namespace sandbench
