#include "seccomp_filter.h"

#include "backends/common/unique_fd.h"

#include <cerrno>
#include <cstring>
#include <linux/seccomp.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>

namespace sandbench {

namespace {

// Calls that reach kernel surfaces a Python program has no business with: debugging other processes,
// the mount table, namespaces, keyrings, eBPF, perf, io_uring, userfaultfd, kernel modules and kexec.
const char* const kDeniedSyscalls[] = {
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "process_madvise",
    "pidfd_getfd",
    "kcmp",
    "mount",
    "umount",
    "umount2",
    "pivot_root",
    "chroot",
    "move_mount",
    "open_tree",
    "fsopen",
    "fsconfig",
    "fsmount",
    "fspick",
    "mount_setattr",
    "unshare",
    "setns",
    "keyctl",
    "add_key",
    "request_key",
    "bpf",
    "perf_event_open",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "userfaultfd",
    "kexec_load",
    "kexec_file_load",
    "init_module",
    "finit_module",
    "delete_module",
    "create_module",
    "open_by_handle_at",
    "name_to_handle_at",
    "lookup_dcookie",
    "fanotify_init",
    "swapon",
    "swapoff",
    "reboot",
    "acct",
    "quotactl",
    "quotactl_fd",
    "syslog",
    "uselib",
    "iopl",
    "ioperm",
    "vm86",
    "vm86old",
    "nfsservctl",
    "personality",
    "settimeofday",
    "clock_settime",
    "clock_adjtime",
    "adjtimex",
};

constexpr unsigned long kNamespaceCloneFlags[] = {CLONE_NEWNS,     CLONE_NEWUSER, CLONE_NEWPID,
                                                  CLONE_NEWNET,    CLONE_NEWIPC,  CLONE_NEWUTS,
                                                  CLONE_NEWCGROUP, 0x80 /*NEWTIME*/};

const char* cloneFlagName(unsigned long flag) {
    switch (flag) {
    case CLONE_NEWNS:
        return "CLONE_NEWNS";
    case CLONE_NEWUSER:
        return "CLONE_NEWUSER";
    case CLONE_NEWPID:
        return "CLONE_NEWPID";
    case CLONE_NEWNET:
        return "CLONE_NEWNET";
    case CLONE_NEWIPC:
        return "CLONE_NEWIPC";
    case CLONE_NEWUTS:
        return "CLONE_NEWUTS";
    case CLONE_NEWCGROUP:
        return "CLONE_NEWCGROUP";
    default:
        return "CLONE_NEWTIME";
    }
}

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

std::vector<std::string> seccompDeniedSyscallNames() {
    std::vector<std::string> names(std::begin(kDeniedSyscalls), std::end(kDeniedSyscalls));
    names.push_back("clone with namespace flags");
    names.push_back("clone3 (answered ENOSYS so the C library falls back to clone)");
    names.push_back("ioctl TIOCSTI and TIOCLINUX");
    names.push_back("socket families other than AF_UNIX, AF_INET, AF_INET6");
    return names;
}

std::string describeDeniedCall(int syscallNumber, const unsigned long long args[6]) {
    char* resolved = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, syscallNumber);
    std::string name = resolved ? resolved : "syscall " + std::to_string(syscallNumber);
    std::free(resolved);
    if (name == "socket") {
        const char* family = socketFamilyName(args[0]);
        return name + "(" + (family ? family : "family " + std::to_string(args[0])) + ")";
    }
    if (name == "ioctl")
        return name + ((args[1] & 0xffffffffu) == TIOCSTI ? "(TIOCSTI)" : "(TIOCLINUX)");
    if (name == "clone") {
        for (unsigned long flag : kNamespaceCloneFlags) {
            if (args[0] & flag)
                return name + "(" + cloneFlagName(flag) + ")";
        }
    }
    return name;
}

bool buildSeccompProgram(bool notify, SeccompProgram& program, std::string& error) {
    auto fail = [&error](const std::string& what, int rc) {
        error = "seccomp: " + what + ": " + std::strerror(-rc);
        return false;
    };
    FilterContext filter;
    filter.ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (!filter.ctx) {
        error = "seccomp: cannot create a libseccomp filter context";
        return false;
    }
    // We set NO_NEW_PRIVS ourselves, earlier in the child's setup.
    seccomp_attr_set(filter.ctx, SCMP_FLTATR_CTL_NNP, 0);
    // Other architectures (32-bit int 0x80, x32) would bypass a native-only list: kill them outright.
    seccomp_attr_set(filter.ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
    // A binary tree over system call numbers: every allowed call pays a few comparisons, not the whole list.
    seccomp_attr_set(filter.ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2);

    const uint32_t deny = notify ? SCMP_ACT_NOTIFY : SCMP_ACT_ERRNO(kSeccompDeniedErrno);
    for (const char* name : kDeniedSyscalls) {
        const int number = seccomp_syscall_resolve_name(name);
        if (number == __NR_SCMP_ERROR || number < 0)
            continue; // not a system call on this architecture
        if (int rc = seccomp_rule_add(filter.ctx, deny, number, 0); rc < 0)
            return fail(std::string("deny ") + name, rc);
    }
    for (unsigned long flag : kNamespaceCloneFlags) {
        if (int rc = seccomp_rule_add(filter.ctx, deny, SCMP_SYS(clone), 1,
                                      SCMP_A0(SCMP_CMP_MASKED_EQ, flag, flag));
            rc < 0)
            return fail("deny clone with namespace flags", rc);
    }
    // clone3 passes its flags in memory the filter cannot read; ENOSYS makes glibc fall back to clone.
    if (int rc = seccomp_rule_add(filter.ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0); rc < 0)
        return fail("deny clone3", rc);
    // The kernel reads ioctl's command as 32 bits: compare only those, or high garbage bits slip past.
    for (unsigned long command :
         {static_cast<unsigned long>(TIOCSTI), static_cast<unsigned long>(TIOCLINUX)}) {
        if (int rc = seccomp_rule_add(filter.ctx, deny, SCMP_SYS(ioctl), 1,
                                      SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffUL, command));
            rc < 0)
            return fail("deny terminal injection ioctls", rc);
    }
    // Only AF_UNIX (1), AF_INET (2) and AF_INET6 (10) sockets.
    for (unsigned long family : {0UL, 3UL, 4UL, 5UL, 6UL, 7UL, 8UL, 9UL}) {
        if (int rc = seccomp_rule_add(filter.ctx, deny, SCMP_SYS(socket), 1, SCMP_A0(SCMP_CMP_EQ, family));
            rc < 0)
            return fail("deny socket families", rc);
    }
    if (int rc = seccomp_rule_add(filter.ctx, deny, SCMP_SYS(socket), 1, SCMP_A0(SCMP_CMP_GT, 10UL)); rc < 0)
        return fail("deny socket families", rc);

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
