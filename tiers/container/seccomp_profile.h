#pragma once

#include <string>

namespace sandbench {

// The container tier's seccomp profile: the shared-kernel rules the subprocess tier compiles
// (sharedKernelSyscallRules) written as an OCI/Docker seccomp profile, which Docker and Podman both take with
// `--security-opt seccomp=<file>` in place of their own default profile. Default action deny; every call or
// argument the rules do not allow answers the rules' errno (EOPNOTSUPP; clone3 ENOSYS), so a program, and
// the attack judge, can tell this filter apart from a missing capability (EPERM).
std::string seccompProfileJson();

// The gVisor tier's profile, for runsc's --oci-seccomp, which reads a profile its own way (runsc 20221219):
// names are looked up in the Sentry's system-call table and dropped when it has none (clone3) or spells them
// otherwise (pselect6 is its `pselect`), and every refusal answers EPERM (errnoRet ignored). An allow list
// read so refuses clone3 with EPERM, and glibc then starts no thread at all. So this profile allows by
// default and lists the shared rules' refusals: the notable denials, the socket families they refuse, TIOCSTI
// and TIOCLINUX, clone with any namespace flag (one rule per flag bit). What it does not name reaches the
// Sentry, which answers ENOSYS for what it does not implement (clone3, and glibc falls back to clone).
std::string gvisorSeccompProfileJson();

} // namespace sandbench
