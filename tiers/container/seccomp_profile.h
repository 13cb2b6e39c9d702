#pragma once

#include <string>

namespace sandbench {

// The container tier's seccomp profile: the shared-kernel rules the subprocess tier compiles
// (sharedKernelSyscallRules) written as an OCI/Docker seccomp profile, which Docker and Podman both take with
// `--security-opt seccomp=<file>` in place of their own default profile. Default action deny; every call or
// argument the rules do not allow answers the rules' errno (EOPNOTSUPP; clone3 ENOSYS), so a program, and
// the attack judge, can tell this filter apart from a missing capability (EPERM).
std::string seccompProfileJson();

// Writes the profile to `path` (a private folder's file: the engine's client reads it). False with `error`
// when it cannot; the tier then refuses to run rather than fall back to the engine's default profile.
bool writeSeccompProfile(const std::string& path, std::string& error);

} // namespace sandbench
