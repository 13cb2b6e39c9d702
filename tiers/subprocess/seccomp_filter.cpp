#include "seccomp_filter.h"

#include "tiers/common/unique_fd.h"

#include <cerrno>
#include <cstring>
#include <linux/seccomp.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>

namespace sandbench {

namespace {

// The denied socket domains evidence names; others are given by number.
const char* socketFamilyName(unsigned long long family) {
    switch (family) {
    case AF_NETLINK:
        return "AF_NETLINK";
    case AF_PACKET:
        return "AF_PACKET";
    case 40:
        return "AF_VSOCK";
    case AF_BLUETOOTH:
        return "AF_BLUETOOTH";
    case AF_ALG:
        return "AF_ALG";
    case AF_KEY:
        return "AF_KEY";
    case AF_CAN:
        return "AF_CAN";
    case AF_XDP:
        return "AF_XDP";
    default:
        return nullptr;
    }
}

struct FilterContext {
    scmp_filter_ctx ctx = nullptr;
    ~FilterContext() {
        if (ctx)
            seccomp_release(ctx);
    }
};

} // namespace

bool kernelSupportsSeccompNotify() {
    unsigned int action = SECCOMP_RET_USER_NOTIF;
    return ::syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &action) == 0;
}

std::string describeDeniedCall(int syscallNumber, const unsigned long long args[6]) {
    char* resolved = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, syscallNumber);
    std::string name = resolved ? resolved : "syscall " + std::to_string(syscallNumber);
    std::free(resolved);
    if (name == "socket" || name == "socketpair") {
        const char* family = socketFamilyName(args[0]);
        return name + "(" + (family ? family : "family " + std::to_string(args[0])) + ")";
    }
    const SyscallRules& rules = sharedKernelSyscallRules();
    if (name == "ioctl") {
        for (const NamedValue& command : rules.deniedIoctls) {
            if ((args[1] & 0xffffffffULL) == command.value) // the kernel reads 32 bits
                return name + "(" + command.name + ")";
        }
    }
    if (name == "clone") {
        for (const NamedValue& flag : rules.cloneNamespaceFlags) {
            if (args[0] & flag.value)
                return name + "(" + flag.name + ")";
        }
    }
    return name;
}

bool buildSeccompProgram(bool notify, SeccompProgram& program, std::string& error) {
    auto fail = [&error](const std::string& what, int rc) {
        error = "seccomp: " + what + ": " + std::strerror(-rc);
        return false;
    };
    const SyscallRules& rules = sharedKernelSyscallRules();
    const uint32_t deny = notify ? SCMP_ACT_NOTIFY : SCMP_ACT_ERRNO(rules.deniedErrno);
    FilterContext filter;
    // Deny by default: only what the rules allow gets through, so calls this list has never heard of
    // (ones the kernel gained later) are denied too.
    filter.ctx = seccomp_init(deny);
    if (!filter.ctx) {
        error = "seccomp: cannot create a libseccomp filter context";
        return false;
    }
    // We set NO_NEW_PRIVS ourselves, earlier in the child's setup.
    seccomp_attr_set(filter.ctx, SCMP_FLTATR_CTL_NNP, 0);
    // Other architectures (32-bit int 0x80, x32) would step around a native-only list: kill them outright.
    seccomp_attr_set(filter.ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
    // A binary tree over system call numbers: every allowed call pays a few comparisons, not the whole list.
    seccomp_attr_set(filter.ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2);

    for (const char* name : rules.allowedNames) {
        const int number = seccomp_syscall_resolve_name(name);
        if (number == __NR_SCMP_ERROR || number < 0)
            continue; // not a system call on this architecture
        if (int rc = seccomp_rule_add(filter.ctx, SCMP_ACT_ALLOW, number, 0); rc < 0)
            return fail(std::string("allow ") + name, rc);
    }
    // One rule per allowed value: the comparisons within one rule must all hold, rules are alternatives.
    for (const AllowedArgument& allowed : rules.allowedArguments) {
        const int number = seccomp_syscall_resolve_name(allowed.name);
        if (number == __NR_SCMP_ERROR || number < 0)
            continue;
        for (const NamedValue& value : allowed.values) {
            if (int rc = seccomp_rule_add(filter.ctx, SCMP_ACT_ALLOW, number, 1,
                                          SCMP_CMP(allowed.index, SCMP_CMP_EQ, value.value));
                rc < 0)
                return fail(std::string("allow ") + allowed.name + " " + value.name, rc);
        }
    }
    if (int rc = seccomp_rule_add(filter.ctx, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
                                  SCMP_A0(SCMP_CMP_MASKED_EQ, cloneNamespaceMask(rules), 0));
        rc < 0)
        return fail("allow clone without namespace flags", rc);
    // clone3 passes its flags in memory the filter cannot read; ENOSYS makes glibc fall back to clone.
    if (int rc = seccomp_rule_add(filter.ctx, SCMP_ACT_ERRNO(rules.clone3Errno), SCMP_SYS(clone3), 0); rc < 0)
        return fail("answer clone3 ENOSYS", rc);
    for (const MaskedValue& commands : allowedIoctlCommands(rules)) {
        if (int rc = seccomp_rule_add(filter.ctx, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1,
                                      SCMP_A1(SCMP_CMP_MASKED_EQ, commands.mask, commands.value));
            rc < 0)
            return fail("allow ioctl commands", rc);
    }

    // libseccomp 2.5 exports BPF only to a file descriptor: use an anonymous memory file.
    UniqueFd memory(::memfd_create("sandbench-seccomp", MFD_CLOEXEC));
    if (!memory.valid())
        return fail("memfd_create", -errno);
    if (int rc = seccomp_export_bpf(filter.ctx, memory.get()); rc < 0)
        return fail("export BPF", rc);
    struct stat info {};
    if (::fstat(memory.get(), &info) != 0 || info.st_size % sizeof(sock_filter) != 0)
        return fail("read back BPF", -EIO);
    program.instructions.resize(static_cast<std::size_t>(info.st_size) / sizeof(sock_filter));
    if (::pread(memory.get(), program.instructions.data(), static_cast<std::size_t>(info.st_size), 0) !=
        info.st_size)
        return fail("read back BPF", -EIO);
    program.notifies = notify;
    return true;
}

} // namespace sandbench
