#pragma once

#include "container_engine.h"
#include "container_settings.h"
#include "core/stop_evidence.h"
#include "core/tier.h"
#include "session_reaper.h"
#include "tiers/common/egress_proxy.h"
#include "tiers/common/temp_folder.h"
#include "tiers/common/warm_pool.h"

#include <mutex>
#include <optional>
#include <set>

namespace sandbench {

// The container tier: Docker or Podman with the hardened flags, one fresh container per run. Containers
// share the host's kernel; this tier narrows what the program can reach, it does not give it a kernel of
// its own.
class ContainerTier : public Tier {
public:
    explicit ContainerTier(ContainerSettings settings = ContainerSettings::fromEnvironment());
    ~ContainerTier() override;

    // Who the tier is, its settings' defaults the environment's.
    static TierInfo tierInfo();
    const TierInfo& info() const override { return m_info; }
    ProbeResult probe() override;
    // On a cgroup v1 host: socket buffers (TCP's) are not counted by --memory.
    std::vector<MissingProtection> missingProtections() override;
    RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) override;

    bool hasWarmPool() const override { return true; }
    void setWarmPoolSize(int size) override;
    int warmPoolSize() const override;
    // A new warm pool size only: the engine and image stay.
    bool applyInPlace(const TierSettings& settings) override;
    bool waitUntilWarm(const RunRequest& request, std::stop_token stop) override;
    std::vector<std::string> referenceCommand(const Policy& policy) const override;

    // Blocks until every container this tier started and finished with is gone (the warm pool's idle ones
    // stay); tests check for leftovers after it.
    void settle() override;
    std::vector<std::string> leftovers() override;

protected:
    // A tier of this shape under another name and OCI runtime (the gVisor tier): `info` names it in every
    // result and message; `seccompProfile` is the profile's JSON its runtime reads as meant.
    ContainerTier(ContainerSettings settings, TierInfo info, std::string seccompProfile);
    // Chooses the OCI runtime for an engine just found, before any container of it starts; false with
    // `reason` (what to install or change) when the tier cannot run on it. The container tier's is runc.
    virtual bool chooseRuntime(const ContainerEngine& engine, ContainerRuntime& runtime, std::string& reason);
    // What the tier is, for every run's evidence: the layers that enforce each limit.
    virtual TierLayers layers(const Policy& policy) const;
    // A container that ended without its waiter's report: what the tier can say of why. True when that is
    // a verdict on the program (a limit ended the sandbox), false when the engine failed underneath.
    virtual bool explainLostReport(RunResult& result, const SessionOutcome& outcome,
                                   const Policy& policy) const;
    // Why a run with a network allow list cannot have its way to the egress proxy on `engine`, in words a
    // user can act on and ending in "; no user code ran"; empty when it can. The container tier's way
    // joins the container's network namespace: a local engine and root.
    virtual std::string egressRefusal(const ContainerEngine& engine) const;
    // The engine found by the last probe, or found now; nullopt with `reason` when none is usable.
    std::optional<ContainerEngine> engine(std::string& reason);
    const ContainerSettings& settings() const { return m_settings; }
    // The probe's notes about the engine and image, and the shared-kernel caveats, in order.
    ProbeResult probeEngine(bool sharedKernel);

private:
    // `details`: what the engine itself said when it failed (ProbeResult::details).
    std::optional<ContainerEngine> findUsableEngine(std::string& reason, std::string& version,
                                                    std::string& details);
    // run()'s body; `proxy` is the run's egress proxy once it has one, stopped by run() afterwards.
    RunResult runInContainer(const RunRequest& request, const OutputSink& sink, std::stop_token stop,
                             std::optional<EgressProxy>& proxy);
    ContainerShape shapeOf(const RunRequest& request) const;
    // Checks the policy's inputs for this engine; empty when they may be mounted (then in `inputs`), else why
    // the run is refused, naming the input.
    std::string checkedInputs(const ContainerEngine& engine, const Policy& policy,
                              std::vector<InputFile>& inputs) const;
    std::unique_ptr<ContainerSession> startSession(const ContainerEngine& engine, const ContainerShape& shape,
                                                   std::stop_token stop, std::string& error);

    ContainerSettings m_settings;
    TierInfo m_info; // its description names m_settings' engine
    // The engine clients' working folder, with the seccomp profile; outlives every container below.
    TempFolder m_clientFolder;
    // The seccomp profile in m_clientFolder, written once; empty, with the reason in m_seccompProblem, when
    // it could not be written, and then the tier refuses to run. Neither changes after construction.
    std::string m_seccompProfile;
    std::string m_seccompProblem;
    mutable std::mutex m_mutex;
    std::optional<ContainerEngine> m_engine;
    // Containers of this tier whose run is over (under m_mutex): only they can be its leftovers. Another
    // tier of the same process (gVisor beside the container tier), a run still going on beside another one,
    // and a pooled container being started are not.
    std::set<std::string> m_runsEnded;
    SessionReaper m_reaper; // before the pool, which hands it containers
    WarmPool<ContainerSession, ContainerShape> m_pool;
};

} // namespace sandbench
