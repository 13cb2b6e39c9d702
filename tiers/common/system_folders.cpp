#include "system_folders.h"

#include <climits>
#include <sys/stat.h>
#include <unistd.h>

namespace sandbench {

std::string readLink(const std::string& path) {
    char target[PATH_MAX];
    const ssize_t length = ::readlink(path.c_str(), target, sizeof target - 1);
    return length > 0 ? std::string(target, static_cast<std::size_t>(length)) : std::string();
}

TopLevelSystemFolders topLevelSystemFolders() {
    TopLevelSystemFolders found;
    for (const char* name : {"bin", "sbin", "lib", "lib32", "lib64", "libx32"}) {
        const std::string hostPath = std::string("/") + name;
        struct stat info {};
        if (::lstat(hostPath.c_str(), &info) != 0)
            continue;
        if (S_ISLNK(info.st_mode))
            found.symlinks.emplace_back(readLink(hostPath), hostPath);
        else if (S_ISDIR(info.st_mode))
            found.folders.push_back(hostPath);
    }
    return found;
}

} // namespace sandbench
