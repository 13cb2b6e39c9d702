#include "builtin_backends.h"

#include "host/host_backend.h"
#include "subprocess/subprocess_backend.h"

namespace sandbench {

BackendRegistry builtinBackends() {
    BackendRegistry registry;
    registry.add("host", [] { return std::make_unique<HostBackend>(); });
    registry.add("subprocess", [] { return std::make_unique<SubprocessBackend>(); });
    return registry;
}

} // namespace sandbench
