#pragma once

#include <span>
#include <string>

namespace sandbench {

// The container tier's seccomp profile: the shared-kernel rules the subprocess tier compiles
// (sharedKernelSyscallRules) written as an OCI/Docker seccomp profile, which Docker and Podman both take with
// `--security-opt seccomp=<file>` in place of their own default profile. Default action allow; each denied
// call answers the rules' errno (EOPNOTSUPP; clone3 ENOSYS), so a program, and the attack judge, can tell
// this filter apart from a missing capability (EPERM).
std::string seccompProfileJson();

// Calls the engines' default profiles block that the shared rules leave alone, denied by the container
// profile too, so that replacing an engine's default loses none of its blocks that matter.
std::span<const char* const> engineDefaultBlocksKept();

// Writes the profile to `path` (a private folder's file: the engine's client reads it). False with `error`
// when it cannot; the tier then refuses to run rather than fall back to the engine's default profile.
bool writeSeccompProfile(const std::string& path, std::string& error);

} // namespace sandbench
