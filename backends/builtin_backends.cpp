#include "builtin_backends.h"

#include "container/container_backend.h"
#include "core/abandoned_folders.h"
#include "e2b/e2b_backend.h"
#include "host/host_backend.h"
#include "microvm/microvm_backend.h"
#include "subprocess/run_cgroup.h"
#include "subprocess/subprocess_backend.h"

namespace sandbench {

// A tier is one folder here and one line below: its TierInfo and how to create it from settings.
BackendRegistry builtinBackends() {
    BackendRegistry registry;
    registry.add(HostBackend::tierInfo(),
                 [](const TierSettings&) { return std::make_unique<HostBackend>(); });
    registry.add(SubprocessBackend::tierInfo(),
                 [](const TierSettings&) { return std::make_unique<SubprocessBackend>(); });
    registry.add(ContainerBackend::tierInfo(), [](const TierSettings& settings) {
        return std::make_unique<ContainerBackend>(ContainerSettings::from(settings));
    });
    registry.add(MicrovmBackend::tierInfo(), [](const TierSettings& settings) {
        return std::make_unique<MicrovmBackend>(MicrovmSettings::from(settings));
    });
    registry.add(E2bBackend::tierInfo(), [](const TierSettings& settings) {
        return std::make_unique<E2bBackend>(E2bSettings::from(settings));
    });
    return registry;
}

void removeAbandonedOnThisMachine() {
    removeAbandonedFolders();
    removeAbandonedRunCgroups();
}

} // namespace sandbench
