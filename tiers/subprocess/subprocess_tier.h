#pragma once

#include "core/tier.h"
#include "landlock.h"
#include "run_cgroup.h"
#include "run_cgroup_remover.h"
#include "sandbox_zygote.h"
#include "seccomp_filter.h"
#include "tiers/common/child_watcher.h"
#include "tiers/common/egress_proxy.h"
#include "tiers/common/warm_pool.h"
#include "warm_sandbox.h"

#include <mutex>

namespace sandbench {

// The hardened subprocess tier: a fork/exec of our own into new user, mount, PID, network, IPC, UTS and
// cgroup namespaces, a read-only minimal filesystem view with a size-capped tmpfs working folder, rlimits,
// and, where the host allows it, memory, pids and CPU cgroups of the run's own; no_new_privs, Landlock and
// a seccomp filter. Fastest tier; shares the host kernel.
class SubprocessTier : public Tier {
public:
    SubprocessTier();
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
    // Sandboxes set up ahead (namespaces, cgroups, rlimits, Landlock, seccomp), each with its interpreter
    // started and blocked reading its program from stdin; each serves one run and is destroyed after it.
    // Off unless SANDBENCH_WARM_POOL or setWarmPoolSize() says otherwise.
    bool hasWarmPool() const override;
    void setWarmPoolSize(int size) override;
    int warmPoolSize() const override;
    bool waitUntilWarm(const RunRequest& request, std::stop_token stop) override;

    // The largest program a warm sandbox takes (its pipe's room); a larger one runs cold.
    static constexpr int kWarmProgramBytes = 1 << 20;

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
    // Clones a sandbox for `request` (warm: its program comes later, on stdin). nullptr with `error`.
    // With `egress`, the sandbox listens for it on its loopback and trusts its CA alone.
    std::unique_ptr<SubprocessSandbox> spawnSandbox(const RunRequest& request, bool warm, std::string& error,
                                                    const EgressProxy* egress = nullptr);
    // A run whose policy has a network allow list: the egress proxy first, then a cold sandbox whose only
    // way out it is, and the proxy's decisions in the result.
    RunResult runBehindEgressProxy(const RunRequest& request, const OutputSink& sink, std::stop_token stop);
    // The warm pool's starter: a sandbox of `shape` through its whole setup, up to its interpreter's start.
    std::unique_ptr<SubprocessSandbox> startWarmSandbox(const SubprocessShape& shape, std::stop_token stop,
                                                        std::string& error);
    // Kills a sandbox no run will use; its cgroups go once its init has exited.
    void discardSandbox(std::unique_ptr<SubprocessSandbox> sandbox);
    // Watches one run from `started` (the hand-over, for a warm sandbox, whose CPU count at the hand-over
    // `cpuAtHandOver` gives) to its end, and says how it went.
    RunResult superviseRun(SubprocessSandbox& sandbox, const RunRequest& request, const OutputSink& sink,
                           std::stop_token stop, ChildWatcher::Clock::time_point started,
                           const std::int64_t* cpuAtHandOver, const EgressProxy* egress = nullptr);

    std::once_flag m_probed;
    HostSupport m_support;
    // The Python and data-stack versions a run of this tier printed (core/python_stack.h), once.
    std::once_flag m_stackProbed;
    std::string m_pythonStack;
    std::string m_pythonStackProblem;
    RunCgroupRemover m_cgroupRemover;
    SandboxZygote m_zygote; // it stops before the seccomp program it copied goes
    // Declared last: its sandboxes go first, while the zygote and the cgroup remover still exist.
    WarmPool<SubprocessSandbox, SubprocessShape> m_pool{
        [this](const SubprocessShape& shape, std::stop_token stop, std::string& error) {
            return startWarmSandbox(shape, stop, error);
        },
        [this](std::unique_ptr<SubprocessSandbox> sandbox) { discardSandbox(std::move(sandbox)); }};
};

} // namespace sandbench
