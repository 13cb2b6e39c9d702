#include "syscall_rules.h"

#include <sched.h>
#include <sys/ioctl.h>

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

// In the order evidence names them when a call sets several.
constexpr NamedValue kNamespaceCloneFlags[] = {
    {CLONE_NEWNS, "CLONE_NEWNS"},         {CLONE_NEWUSER, "CLONE_NEWUSER"},    {CLONE_NEWPID, "CLONE_NEWPID"},
    {CLONE_NEWNET, "CLONE_NEWNET"},       {CLONE_NEWIPC, "CLONE_NEWIPC"},      {CLONE_NEWUTS, "CLONE_NEWUTS"},
    {CLONE_NEWCGROUP, "CLONE_NEWCGROUP"}, {0x80 /*NEWTIME*/, "CLONE_NEWTIME"},
};

// Pushing characters into another program's terminal input, and the console's own commands.
constexpr NamedValue kDeniedIoctls[] = {
    {TIOCSTI, "TIOCSTI"},
    {TIOCLINUX, "TIOCLINUX"},
};

// AF_UNSPEC and 3..9 (AX.25, IPX, AppleTalk, NET/ROM, bridge, ATM PVC, X.25); with every domain above
// AF_INET6 (10) also denied, only AF_UNIX (1), AF_INET (2) and AF_INET6 remain.
constexpr unsigned long kDeniedSocketFamilies[] = {0UL, 3UL, 4UL, 5UL, 6UL, 7UL, 8UL, 9UL};

} // namespace

const SyscallRules& sharedKernelSyscallRules() {
    static const SyscallRules rules{
        .deniedNames = kDeniedSyscalls,
        .cloneNamespaceFlags = kNamespaceCloneFlags,
        .clone3Errno = ENOSYS,
        .deniedIoctls = kDeniedIoctls,
        .ioctlCommandMask = 0xffffffffUL,
        .deniedSocketFamilies = kDeniedSocketFamilies,
        .socketFamiliesAbove = 10UL,
        .deniedErrno = kSeccompDeniedErrno,
    };
    return rules;
}

} // namespace sandbench
