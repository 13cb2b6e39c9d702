#include "id_maps.h"

#include "tiers/common/host_uid_block.h"
#include "tiers/common/unique_fd.h"

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

bool writeIdMaps(pid_t child, const HostUidBlock* block, std::string& error) {
    std::string map;
    if (block) {
        const std::string owner = std::to_string(block->ownerUid());
        map = std::to_string(kSandboxUid) + " " + owner + " 1\n" + std::to_string(kSandboxUid + 1) + " " +
              std::to_string(block->ownerUid() + 1) + " " + std::to_string(HostUidBlock::kRunSlots) + "\n";
        return writeProcFile(child, "uid_map", map, error) && writeProcFile(child, "gid_map", map, error);
    }
    if (!writeProcFile(child, "setgroups", "deny", error))
        return false;
    return writeProcFile(child, "uid_map",
                         std::to_string(kSandboxUid) + " " + std::to_string(::geteuid()) + " 1\n", error) &&
           writeProcFile(child, "gid_map",
                         std::to_string(kSandboxGid) + " " + std::to_string(::getegid()) + " 1\n", error);
}

} // namespace sandbench
