#pragma once

#include "tiers/common/syscall_rules.h" // kSeccompDeniedErrno

#include <linux/filter.h>
#include <string>
#include <vector>

namespace sandbench {

// A compiled filter, built with libseccomp in the parent before fork; the child only loads the BPF.
struct SeccompProgram {
    std::vector<sock_filter> instructions;
    bool notifies = false; // denials are reported to a supervisor (SECCOMP_RET_USER_NOTIF) rather than silent
    sock_fprog view() const {
        return {static_cast<unsigned short>(instructions.size()),
                const_cast<sock_filter*>(instructions.data())};
    }
};

// Builds the allow-list filter from sharedKernelSyscallRules(), the container tier's policy too. With
// `notify`, denied calls wait for the supervisor, which logs them as evidence and answers
// kSeccompDeniedErrno; otherwise the kernel answers that errno itself.
bool buildSeccompProgram(bool notify, SeccompProgram& program, std::string& error);

// True when the kernel can deliver seccomp user notifications (Linux 5.0+).
bool kernelSupportsSeccompNotify();

// "ptrace", "socket(AF_PACKET)", "ioctl(TIOCSTI)", "clone(CLONE_NEWUSER)": a readable name for a denied call.
std::string describeDeniedCall(int syscallNumber, const unsigned long long args[6]);

} // namespace sandbench
