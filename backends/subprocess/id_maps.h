#pragma once

#include <string>
#include <sys/types.h>

namespace sandbench {

// Maps the sandbox's uid/gid 1000 to an unprivileged host id: nobody (65534) when we are root, else our own
// uid, after denying setgroups as the kernel requires of an unprivileged writer. Written by the parent
// from outside, as nsjail does, because only it may map an id other than its own.
bool writeIdMaps(pid_t child, std::string& error);

inline constexpr uid_t kSandboxUid = 1000;
inline constexpr gid_t kSandboxGid = 1000;
inline constexpr uid_t kNobodyId = 65534;

} // namespace sandbench
