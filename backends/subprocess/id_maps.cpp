#include "id_maps.h"

#include "backends/common/unique_fd.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace sandbench {

namespace {

bool writeProcFile(pid_t child, const char* name, const std::string& text, std::string& error) {
    const std::string path = "/proc/" + std::to_string(child) + "/" + name;
    UniqueFd fd(::open(path.c_str(), O_WRONLY | O_CLOEXEC));
    if (!fd.valid() || ::write(fd.get(), text.data(), text.size()) != static_cast<ssize_t>(text.size())) {
        error = "cannot write " + path + ": " + std::strerror(errno);
        return false;
    }
    return true;
}

} // namespace

bool writeIdMaps(pid_t child, std::string& error) {
    const bool privileged = ::geteuid() == 0;
    const uid_t outsideUid = privileged ? kNobodyId : ::geteuid();
    const gid_t outsideGid = privileged ? kNobodyId : ::getegid();
    if (!privileged && !writeProcFile(child, "setgroups", "deny", error))
        return false;
    return writeProcFile(child, "uid_map",
                         std::to_string(kSandboxUid) + " " + std::to_string(outsideUid) + " 1\n", error) &&
           writeProcFile(child, "gid_map",
                         std::to_string(kSandboxGid) + " " + std::to_string(outsideGid) + " 1\n", error);
}

} // namespace sandbench
