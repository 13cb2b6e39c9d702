#pragma once

#include <string>
#include <utility>
#include <vector>

namespace sandbench {

// The host's top-level system folders beside /usr (bin, sbin, lib, lib32, lib64, libx32), as a view of
// the host must show them: merged-/usr hosts (Debian 12) have them as symlinks into /usr, older layouts
// as real folders. Shared by the subprocess tier's template and QEMU's jail.
struct TopLevelSystemFolders {
    std::vector<std::string> folders;                          // "/lib64": a real folder, to bind
    std::vector<std::pair<std::string, std::string>> symlinks; // ("usr/lib", "/lib"): target, path
};
TopLevelSystemFolders topLevelSystemFolders();

// readlink(2) as a string, empty when `path` is no symlink.
std::string readLink(const std::string& path);

} // namespace sandbench
