#pragma once

#include <cerrno>
#include <span>

namespace sandbench {

// The errno a program sees for a system call the rules forbid. Unusual for every call on the list, so a
// program's own error output can tell seccomp apart from a missing namespace (EPERM) or Landlock (EACCES).
inline constexpr int kSeccompDeniedErrno = EOPNOTSUPP; // "Operation not supported"

// An argument value a rule compares with, and its name for evidence.
struct NamedValue {
    unsigned long value;
    const char* name;
};

// The system call policy of the tiers that share the host's kernel, as data: the subprocess tier compiles it
// into a BPF filter with libseccomp (buildSeccompProgram), the container tier writes it as the engine's
// seccomp profile (seccompProfileJson). A deny list: every call and argument not named here is allowed.
struct SyscallRules {
    // Denied whatever their arguments. A name that is no system call on an architecture is skipped there.
    std::span<const char* const> deniedNames;
    // clone is denied when its flags (argument 0) have any one of these bits set.
    std::span<const NamedValue> cloneNamespaceFlags;
    // clone3 passes its flags in memory a filter cannot read: it is answered clone3Errno (ENOSYS), so the C
    // library falls back to clone, whose flags the rule above checks.
    int clone3Errno = ENOSYS;
    // ioctl commands (argument 1) denied. The kernel reads the command as 32 bits, so only the bits of
    // ioctlCommandMask are compared, or high garbage bits would slip a command past an equality test.
    std::span<const NamedValue> deniedIoctls;
    unsigned long ioctlCommandMask = 0xffffffffUL;
    // socket domains (argument 0) denied one by one, and every domain above socketFamiliesAbove: what is left
    // is AF_UNIX (1), AF_INET (2) and AF_INET6 (10).
    std::span<const unsigned long> deniedSocketFamilies;
    unsigned long socketFamiliesAbove = 0;
    // What every denied call answers, except clone3.
    int deniedErrno = kSeccompDeniedErrno;
};

// The one description both tiers apply.
const SyscallRules& sharedKernelSyscallRules();

} // namespace sandbench
