#pragma once

#include "core/backend.h"
#include "landlock.h"
#include "sandbox_zygote.h"
#include "seccomp_filter.h"

#include <mutex>

namespace sandbench {

// The hardened subprocess tier: a fork/exec of our own into new user, mount, PID, network, IPC, UTS and
// cgroup namespaces, a read-only minimal filesystem view with a size-capped tmpfs working folder, rlimits,
// no_new_privs, Landlock and a seccomp filter. Fastest tier; shares the host kernel.
class SubprocessBackend : public Backend {
public:
    std::string name() const override { return "subprocess"; }
    std::string description() const override {
        return "Hardened subprocess: namespaces, rlimits, Landlock and seccomp around a plain child process. "
               "Fast, but shares the host kernel.";
    }
    ProbeResult probe() override;
    RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) override;

    // The zygote that clones every sandbox (-1 before the first probe or run), for tests and diagnostics.
    pid_t zygotePid() const { return m_zygote.pid(); }

private:
    // Filled once: the kernel's answers do not change while we run.
    struct HostSupport {
        ProbeResult probe;
        SeccompProgram seccomp;
        LandlockPlan landlock;
    };
    const HostSupport& hostSupport();

    std::once_flag m_probed;
    HostSupport m_support;
    SandboxZygote m_zygote; // declared last: it stops first, while the seccomp program it copied still exists
};

} // namespace sandbench
