#include "builtin_tiers.h"

#include "container/container_tier.h"
#include "core/abandoned_folders.h"
#include "e2b/e2b_tier.h"
#include "gvisor/gvisor_tier.h"
#include "host/host_tier.h"
#include "microvm/microvm_tier.h"
#include "subprocess/run_cgroup.h"
#include "subprocess/subprocess_tier.h"

namespace sandbench {

// A tier is one folder here and one line below: its TierInfo and how to create it from settings.
TierRegistry builtinTiers() {
    TierRegistry registry;
    registry.add(HostTier::tierInfo(), [](const TierSettings&) { return std::make_unique<HostTier>(); });
    registry.add(SubprocessTier::tierInfo(),
                 [](const TierSettings&) { return std::make_unique<SubprocessTier>(); });
    registry.add(ContainerTier::tierInfo(), [](const TierSettings& settings) {
        return std::make_unique<ContainerTier>(ContainerSettings::from(settings));
    });
    registry.add(GvisorTier::tierInfo(), [](const TierSettings& settings) {
        return std::make_unique<GvisorTier>(GvisorSettings::from(settings));
    });
    registry.add(MicrovmTier::tierInfo(), [](const TierSettings& settings) {
        return std::make_unique<MicrovmTier>(MicrovmSettings::from(settings));
    });
    registry.add(E2bTier::tierInfo(), [](const TierSettings& settings) {
        return std::make_unique<E2bTier>(E2bSettings::from(settings));
    });
    return registry;
}

void removeAbandonedOnThisMachine() {
    removeAbandonedFolders();
    removeAbandonedRunCgroups();
}

} // namespace sandbench
