#pragma once

#include <cerrno>
#include <span>
#include <vector>

namespace sandbench {

// The errno a program sees for a system call the rules forbid. Unusual for every call a Python program
// makes, so a program's own error output can tell seccomp apart from a missing namespace (EPERM) or
// Landlock (EACCES).
inline constexpr int kSeccompDeniedErrno = EOPNOTSUPP; // "Operation not supported"

// An argument value a rule compares with, and its name for evidence.
struct NamedValue {
    unsigned long value;
    const char* name;
};

// A call allowed only when one argument has one of a few values (socket's family, personality's persona).
struct AllowedArgument {
    const char* name;
    unsigned index;
    std::span<const NamedValue> values;
};

// One SCMP_CMP_MASKED_EQ comparison: (argument & mask) == value.
struct MaskedValue {
    unsigned long long mask;
    unsigned long long value;
};

// The system call policy of the tiers that share the host's kernel, as data: the subprocess tier compiles it
// into a BPF filter with libseccomp (buildSeccompProgram), the container tier writes it as the engine's
// seccomp profile (seccompProfileJson). An allow list: a call, or an argument value, not named here is
// denied, so a call the kernel gains after this list was written is denied too.
struct SyscallRules {
    // Allowed whatever their arguments. A name that is no system call on an architecture is skipped there.
    std::span<const char* const> allowedNames;
    // Allowed only with the listed values of one argument (compared as 64 bits: stray high bits deny).
    std::span<const AllowedArgument> allowedArguments;
    // clone is allowed when its flags (argument 0) have none of these bits set.
    std::span<const NamedValue> cloneNamespaceFlags;
    // clone3 passes its flags in memory a filter cannot read: it is answered clone3Errno (ENOSYS), so the C
    // library falls back to clone, whose flags the rule above checks.
    int clone3Errno = ENOSYS;
    // ioctl is allowed for every command but these. The kernel reads the command as 32 bits, so the allowed
    // commands are written as masked comparisons that also require the high 32 bits to be zero (see
    // allowedIoctlCommands): garbage there cannot slip a denied command past.
    std::span<const NamedValue> deniedIoctls;
    // Calls the list leaves out on purpose, named for documentation, evidence and tests: kernel surfaces a
    // Python program has no business with. Never in allowedNames (a test checks).
    std::span<const char* const> notableDenials;
    // What every denied call answers, except clone3.
    int deniedErrno = kSeccompDeniedErrno;
};

// The one description both tiers apply.
const SyscallRules& sharedKernelSyscallRules();

// ioctl's allowed commands as aligned blocks of the 32-bit command space, each one masked comparison of
// argument 1, covering every command but rules.deniedIoctls, with the high 32 bits zero.
std::vector<MaskedValue> allowedIoctlCommands(const SyscallRules& rules);

// The clone flags (argument 0) a namespace would need: clone is allowed when (flags & mask) == 0.
unsigned long cloneNamespaceMask(const SyscallRules& rules);

} // namespace sandbench
