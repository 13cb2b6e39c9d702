#pragma once

#include "gvisor_platform.h"
#include "gvisor_settings.h"
#include "tiers/container/container_tier.h"

#include <mutex>

namespace sandbench {

// The gVisor tier: the container tier's hardened containers, waiter, result channel, warm pool and clean-up,
// started under gVisor's runsc instead of runc, so the program's system calls are answered by the Sentry, a
// kernel in user space, and only the Sentry's own, seccomp-filtered calls reach the host kernel. Between the
// container (the host kernel, narrowed) and the microVM (a kernel of its own behind a hypervisor).
class GvisorTier : public ContainerTier {
public:
    explicit GvisorTier(GvisorSettings settings = GvisorSettings::fromEnvironment());

    static TierInfo tierInfo();
    ProbeResult probe() override;
    // The Sentry's network stack keeps socket buffers in its own memory, which the host's memory cgroup
    // counts: nothing is missing here that the container tier lacks on cgroup v1.
    std::vector<MissingProtection> missingProtections() override { return {}; }
    RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) override;
    bool applyInPlace(const TierSettings& settings) override;
    // `runsc do` of the same interpreter on the same platform, when Sandbench runs as root (runsc do needs
    // it): the bench's baseline, beside the bare interpreter.
    std::vector<std::string> referenceCommand(const Policy& policy) const override;

protected:
    bool chooseRuntime(const ContainerEngine& engine, ContainerRuntime& runtime,
                       std::string& reason) override;
    TierLayers layers(const Policy& policy) const override;
    // Docker needs the runtime whose sandbox may connect to the socket bound into it (the egress proxy's).
    std::string egressRefusal(const ContainerEngine& engine) const override;
    bool explainLostReport(RunResult& result, const SessionOutcome& outcome,
                           const Policy& policy) const override;

private:
    GvisorSettings m_settings;
    mutable std::mutex m_mutex;
    RunscFacts m_runsc;     // after the first chooseRuntime that found it
    std::string m_platform; // chosen once per engine, then kept: a pool never mixes platforms
    std::string m_platformNote;
};

} // namespace sandbench
