#pragma once

#include "core/tier.h"
#include "microvm_settings.h"
#include "tiers/common/egress_proxy.h"
#include "tiers/common/warm_pool.h"
#include "vm_launch.h"
#include "vm_session.h"

#include <mutex>
#include <optional>

namespace sandbench {

// The microVM tier: every run gets its own guest kernel in a fresh QEMU `-M microvm` VM with no network
// device and no host folder, destroyed after the run. KVM when it really works here, else TCG emulation. With
// a network allow list the guest's one way out is a virtio-serial port that leads to the run's egress proxy.
class MicrovmTier : public Tier {
public:
    explicit MicrovmTier(MicrovmSettings settings = MicrovmSettings::fromEnvironment());
    ~MicrovmTier() override;

    // Who the tier is, its settings' defaults the environment's.
    static TierInfo tierInfo();
    const TierInfo& info() const override { return m_info; }
    std::vector<std::string> leftovers() override;
    ProbeResult probe() override;
    RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) override;

    bool hasWarmPool() const override { return true; }
    void setWarmPoolSize(int size) override;
    int warmPoolSize() const override;
    // A new warm pool size only: the VMM, the guest and the accelerator stay.
    bool applyInPlace(const TierSettings& settings) override;
    bool waitUntilWarm(const RunRequest& request, std::stop_token stop) override;
    double startAllowanceSeconds() const override;

private:
    struct Setup {
        VmLaunch launch;
        std::string accelerator;        // "kvm" or "tcg"
        std::string acceleratorNote;    // one line
        std::string acceleratorDetails; // why KVM was given up, in QEMU's words; empty when it was not
        std::string pythonStack;        // the guest's Python and data-stack versions (core/python_stack.h)
    };
    // The VMM, the guest image and the accelerator, found once; nullopt with `reason` when unusable.
    std::optional<Setup> setup(std::string& reason);
    std::optional<Setup> findSetup(std::string& reason);
    // Decides KVM or TCG: KVM only when a guest really boots under it (tried once, remembered per boot).
    std::string chooseAccelerator(const VmLaunch& launch, std::string& note, std::string& details);
    VmShape shapeOf(const RunRequest& request, const Setup& setup) const;
    // The run itself; `proxy` is started here for a policy with an allow list, and finished by run().
    RunResult runInVm(const RunRequest& request, const OutputSink& sink, std::stop_token stop,
                      std::optional<EgressProxy>& proxy);

    MicrovmSettings m_settings;
    TierInfo m_info;
    std::mutex m_mutex;
    std::optional<Setup> m_setup;
    WarmPool<VmSession, VmShape> m_pool; // last: its thread stops before the rest goes
};

} // namespace sandbench
