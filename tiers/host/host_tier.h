#pragma once

#include "core/tier.h"

namespace sandbench {

// The control tier: no boundary at all, only the harness's deadline. It exists to prove that each attack
// really works when nothing stops it, and is always labelled as such.
class HostTier : public Tier {
public:
    static TierInfo tierInfo();
    const TierInfo& info() const override;
    ProbeResult probe() override;
    RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) override;
};

} // namespace sandbench
