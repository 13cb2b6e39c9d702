#pragma once

#include <string>
#include <sys/types.h>

namespace sandbench {

class HostUidBlock;

// The zygote's user namespace maps uid/gid 1000 (the zygote's own) and, as root, 1001..1000+kRunSlots to
// the host ids of this process's HostUidBlock: 1000 to the block's owner uid, each run slot to its own uid,
// so no two concurrent sandboxes share a host uid, and none shares one with the host's root. As an
// ordinary user (no block) it maps only 1000 to our own uid, after denying setgroups as the kernel requires
// of an unprivileged writer. Written by the parent from outside, as nsjail does, because only it may map
// ids other than its own.
bool writeIdMaps(pid_t child, const HostUidBlock* block, std::string& error);

inline constexpr uid_t kSandboxUid = 1000;
inline constexpr gid_t kSandboxGid = 1000;

} // namespace sandbench
