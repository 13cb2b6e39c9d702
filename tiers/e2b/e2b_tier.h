#pragma once

#include "core/tier.h"
#include "e2b_api.h"
#include "e2b_settings.h"
#include "sandbox_killer.h"

namespace sandbench {

// The e2b tier: a fresh E2B sandbox per run, a Firecracker microVM with its own kernel on E2B's hosts,
// reached over HTTPS. The program runs in the sandbox's code interpreter (a Jupyter Python kernel); the
// sandbox is deleted after the run, and E2B deletes it itself at the run's timeout plus a grace period
// should that delete never arrive. Costs money: E2B bills each sandbox by the second.
class E2bTier : public Tier {
public:
    explicit E2bTier(E2bSettings settings = E2bSettings::fromEnvironment());
    ~E2bTier() override;

    // Who the tier is, its settings' defaults the environment's.
    static TierInfo tierInfo();
    const TierInfo& info() const override { return m_info; }
    // Checks the configuration only: no request goes to E2B (see the .cpp for why).
    ProbeResult probe() override;
    RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) override;
    // Blocks until the sandboxes of finished runs have been deleted.
    void settle() override;

    // Sandboxes whose DELETE failed (E2B ends them at their own timeout), for tests and diagnostics.
    std::vector<std::string> killFailures() const { return m_killer.failures(); }

private:
    // An empty string when the settings and the request allow a run, else why not.
    std::string refusal(const RunRequest& request) const;

    E2bApi m_api;
    TierInfo m_info;        // its description names the template
    SandboxKiller m_killer; // after m_api, which it uses
};

} // namespace sandbench
