#pragma once

#include "core/tier.h"
#include "landlock.h"
#include "run_cgroup.h"
#include "run_cgroup_remover.h"
#include "sandbox_zygote.h"
#include "seccomp_filter.h"

#include <mutex>

namespace sandbench {

// The hardened subprocess tier: a fork/exec of our own into new user, mount, PID, network, IPC, UTS and
// cgroup namespaces, a read-only minimal filesystem view with a size-capped tmpfs working folder, rlimits,
// and, where the host allows it, memory, pids and CPU cgroups of the run's own; no_new_privs, Landlock and
// a seccomp filter. Fastest tier; shares the host kernel.
class SubprocessTier : public Tier {
public:
    ~SubprocessTier() override;
    static TierInfo tierInfo();
    const TierInfo& info() const override;
    ProbeResult probe() override;
    RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) override;
    // Without a per-run cgroup here: memory across processes and socket buffers are not bounded.
    std::vector<MissingProtection> missingProtections() override;
    // Until every finished run's cgroups are removed (in the background, once its init has exited).
    void settle() override;
    // Run cgroups that could not be removed after their run (tried again first).
    std::vector<std::string> leftovers() override;

    // The zygote that clones every sandbox (-1 before the first probe or run), for tests and diagnostics.
    pid_t zygotePid() const { return m_zygote.pid(); }

private:
    // Filled once: the kernel's answers do not change while we run.
    struct HostSupport {
        ProbeResult probe;
        SeccompProgram seccomp;
        LandlockPlan landlock;
        CgroupHost cgroups;
    };
    const HostSupport& hostSupport();

    std::once_flag m_probed;
    HostSupport m_support;
    RunCgroupRemover m_cgroupRemover;
    SandboxZygote m_zygote; // declared last: it stops first, while the seccomp program it copied still exists
};

} // namespace sandbench
