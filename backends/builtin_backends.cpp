#include "builtin_backends.h"

#include "container/container_backend.h"
#include "core/abandoned_folders.h"
#include "e2b/e2b_backend.h"
#include "host/host_backend.h"
#include "microvm/microvm_backend.h"
#include "subprocess/run_cgroup.h"
#include "subprocess/subprocess_backend.h"

namespace sandbench {

BackendRegistry builtinBackends(const ContainerSettings& settings, const MicrovmSettings& microvm,
                                const E2bSettings& e2b) {
    BackendRegistry registry;
    registry.add("host", [] { return std::make_unique<HostBackend>(); });
    registry.add("subprocess", [] { return std::make_unique<SubprocessBackend>(); });
    registry.add("container", [settings] { return std::make_unique<ContainerBackend>(settings); });
    registry.add("microvm", [microvm] { return std::make_unique<MicrovmBackend>(microvm); });
    registry.add("e2b", [e2b] { return std::make_unique<E2bBackend>(e2b); });
    return registry;
}

void removeAbandonedOnThisMachine() {
    removeAbandonedFolders();
    removeAbandonedRunCgroups();
}

} // namespace sandbench
