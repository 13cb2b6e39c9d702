#include "container_processes.h"

#include <cerrno>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

namespace sandbench {

namespace {

std::string readWhole(const std::string& path) {
    std::string text;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return text;
    char buffer[4096];
    for (ssize_t got; (got = ::read(fd, buffer, sizeof buffer)) > 0 || (got < 0 && errno == EINTR);)
        text.append(buffer, static_cast<std::size_t>(got > 0 ? got : 0));
    ::close(fd);
    return text;
}

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
    DIR* proc = ::opendir("/proc");
    if (!proc)
        return pids;
    while (const dirent* entry = ::readdir(proc)) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9')
            continue;
        // A process that exits meanwhile reads as empty, and a zombie is dead but for its parent's wait:
        // neither runs any more.
        const std::string folder = std::string("/proc/") + entry->d_name;
        if (readWhole(folder + "/cgroup").find(containerId) == std::string::npos)
            continue;
        const std::string stat = readWhole(folder + "/stat");
        const std::size_t close = stat.rfind(')');
        if (close == std::string::npos || close + 2 >= stat.size() || stat[close + 2] == 'Z')
            continue;
        pids.push_back(std::atoi(entry->d_name));
    }
    ::closedir(proc);
    return pids;
}

std::string readContainerId(const std::string& cidFile) {
    std::string id = readWhole(cidFile);
    while (!id.empty() && (id.back() == '\n' || id.back() == ' '))
        id.pop_back();
    return isFullId(id) ? id : std::string();
}

} // namespace sandbench
