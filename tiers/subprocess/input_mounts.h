#pragma once

#include "tiers/common/unique_fd.h"

#include <string>

namespace sandbench {

// The most inputs one subprocess run shows: each travels to the zygote as a descriptor, beside the run's
// own five and its cgroup files, in one message (kMostPassedDescriptors).
inline constexpr int kMostSubprocessInputs = 7;

// A detached, read-only (and nosuid, nodev) copy of the host's mount of `hostPath`, a file or a folder with
// whatever is mounted below it: a mount descriptor that belongs to no mount namespace yet. The sandbox moves
// it to /data/<name> (move_mount), so the sandbox sees that one file or folder, read-only, and none of the
// host's other files; nothing is copied. As root the copy is taken in Sandbench's own mount namespace;
// otherwise in a short-lived helper's copy of it (a user and mount namespace of its own), which may clone
// the mounts it sees. Invalid with `error` when the kernel refuses (before Linux 5.12 for the helper).
UniqueFd detachedReadOnlyTree(const std::string& hostPath, std::string& error);

} // namespace sandbench
