#include "seccomp_profile.h"

#include "backends/common/syscall_rules.h"
#include "backends/common/temp_folder.h"

#include <nlohmann/json.hpp>

namespace sandbench {

// Why a deny list replaces the engines' defaults.
//
// Docker's built-in profile and Podman's /usr/share/containers/seccomp.json are allow-lists (default action
// ERRNO). Both still let a container without capabilities reach kernel code a Python program has no use for:
// Podman 4.3's allows unshare, setns, keyctl, add_key, ptrace, process_vm_*, io_uring and netlink and vsock
// sockets; Docker's allows netlink sockets, ptrace and io_uring. `--security-opt seccomp=<file>` replaces the
// default, it cannot add to it, and Docker's default is compiled into dockerd, so the container tier applies
// the same deny list as the subprocess tier (default action ALLOW): both tiers answer the same calls with the
// same errno, and their evidence reads alike.
//
// What replacing the defaults gives up, and why that is acceptable:
//  - Every call either default blocks for a container without capabilities is denied here too (the shared
//    list, plus engineDefaultBlocksKept below), except calls that only touch the caller's own memory or
//    waits: the NUMA memory-policy calls (get_mempolicy, set_mempolicy, mbind, set_mempolicy_home_node;
//    Docker blocks them without CAP_SYS_NICE, Podman allows them, numerical libraries call them),
//    io_pgetevents and futex_waitv (Docker allows both; Podman's list predates futex_waitv).
//  - Calls newer than a default's list get ENOSYS there and are allowed here (on Linux 6.x: listmount and
//    statmount, cachestat, mseal, map_shadow_stack, lsm_get_self_attr, ...). They act on the caller's own
//    mount namespace, files, memory and security labels, which the container already confines.
//  - --cap-drop ALL and no-new-privileges stay in force: the calls the defaults allow only with a capability
//    (mount, sethostname, settimeofday, swapon, ...) fail with EPERM whatever the profile says, and nothing
//    in the container can gain a capability back. The profile denies them anyway, before the kernel looks.
//
// Architectures: the rules are resolved for the native ABI and its 32-bit ones (x86 and x32 on x86-64, arm on
// aarch64), as Docker's default does, so a program cannot step around them with `int 0x80`. On 32-bit x86,
// socket() also comes through the socketcall() multiplexer, whose arguments sit in memory no filter can read:
// socketcall is denied outright (it exists only there, and the 64-bit interpreter never uses it). The
// engines' libseccomp 2.5 already refuses socketcall(SYS_SOCKET) once socket() has argument rules; naming it
// keeps that whatever the engine's libseccomp does.

namespace {

// The engines' default blocks the shared rules lack, all of no use to a Python program: unimplemented or
// removed calls (ENOSYS anyway), obsolete information calls, calls that need a capability the container has
// dropped, 32-bit variants of denied calls, vmsplice (a history of kernel bugs, blocked by Podman),
// move_pages and migrate_pages (other processes' memory placement; move_pages leaked memory layouts,
// CVE-2017-14140), and socketcall (see above).
const char* const kEngineDefaultBlocksKept[] = {
    "_sysctl",     "afs_syscall",   "get_kernel_syms", "getpmsg",    "putpmsg",         "query_module",
    "security",    "tuxcall",       "vserver",         "bdflush",    "sysfs",           "ustat",
    "sethostname", "setdomainname", "vhangup",         "stime",      "clock_settime64", "clock_adjtime64",
    "vmsplice",    "move_pages",    "migrate_pages",   "socketcall",
};

using Json = nlohmann::ordered_json;

Json errnoRule(std::initializer_list<const char*> names, int errnoValue, const std::string& comment) {
    Json rule;
    rule["names"] = Json::array();
    for (const char* name : names)
        rule["names"].push_back(name);
    rule["action"] = "SCMP_ACT_ERRNO";
    rule["errnoRet"] = errnoValue;
    rule["comment"] = comment;
    return rule;
}

// One argument comparison; `valueTwo` is the expected value of SCMP_CMP_MASKED_EQ, whose `value` is the mask.
Json argument(unsigned index, unsigned long value, const char* op, unsigned long valueTwo = 0) {
    return Json{{"index", index}, {"value", value}, {"valueTwo", valueTwo}, {"op", op}};
}

} // namespace

std::span<const char* const> engineDefaultBlocksKept() {
    return kEngineDefaultBlocksKept;
}

std::string seccompProfileJson() {
    const SyscallRules& rules = sharedKernelSyscallRules();
    Json profile;
    profile["defaultAction"] = "SCMP_ACT_ALLOW";
    // The engine keeps the entry of the host's architecture: its native ABI and the 32-bit ones beside it.
    profile["archMap"] = Json::array();
    profile["archMap"].push_back(Json{{"architecture", "SCMP_ARCH_X86_64"},
                                      {"subArchitectures", Json::array({"SCMP_ARCH_X86", "SCMP_ARCH_X32"})}});
    profile["archMap"].push_back(
        Json{{"architecture", "SCMP_ARCH_AARCH64"}, {"subArchitectures", Json::array({"SCMP_ARCH_ARM"})}});
    Json syscalls = Json::array();

    Json denied = errnoRule({}, rules.deniedErrno, "Sandbench: denied on the subprocess tier too");
    for (const char* name : rules.deniedNames)
        denied["names"].push_back(name);
    syscalls.push_back(denied);
    Json kept = errnoRule({}, rules.deniedErrno, "Sandbench: blocked by the engines' default profiles too");
    for (const char* name : kEngineDefaultBlocksKept)
        kept["names"].push_back(name);
    syscalls.push_back(kept);

    // One rule per flag: the comparisons within one rule must all hold, separate rules are alternatives.
    for (const NamedValue& flag : rules.cloneNamespaceFlags) {
        Json rule =
            errnoRule({"clone"}, rules.deniedErrno, std::string("Sandbench: clone with ") + flag.name);
        rule["args"] = Json::array({argument(0, flag.value, "SCMP_CMP_MASKED_EQ", flag.value)});
        syscalls.push_back(rule);
    }
    syscalls.push_back(errnoRule({"clone3"}, rules.clone3Errno,
                                 "Sandbench: flags in memory no filter can read; the C library falls back to "
                                 "clone, whose flags are checked"));
    for (const NamedValue& command : rules.deniedIoctls) {
        Json rule = errnoRule({"ioctl"}, rules.deniedErrno, std::string("Sandbench: ioctl ") + command.name);
        rule["args"] =
            Json::array({argument(1, rules.ioctlCommandMask, "SCMP_CMP_MASKED_EQ", command.value)});
        syscalls.push_back(rule);
    }
    for (unsigned long family : rules.deniedSocketFamilies) {
        Json rule =
            errnoRule({"socket"}, rules.deniedErrno, "Sandbench: socket family " + std::to_string(family));
        rule["args"] = Json::array({argument(0, family, "SCMP_CMP_EQ")});
        syscalls.push_back(rule);
    }
    Json above = errnoRule({"socket"}, rules.deniedErrno,
                           "Sandbench: socket families above " + std::to_string(rules.socketFamiliesAbove) +
                               " (AF_INET6): netlink, packet, vsock, ...");
    above["args"] = Json::array({argument(0, rules.socketFamiliesAbove, "SCMP_CMP_GT")});
    syscalls.push_back(above);

    profile["syscalls"] = std::move(syscalls);
    return profile.dump(1, '\t') + "\n";
}

bool writeSeccompProfile(const std::string& path, std::string& error) {
    return writeWholeFile(path, seccompProfileJson(), error);
}

} // namespace sandbench
