#include "builtin_backends.h"

#include "host/host_backend.h"

namespace sandbench {

BackendRegistry builtinBackends()
{
    BackendRegistry registry;
    registry.add("host", [] { return std::make_unique<HostBackend>(); });
    return registry;
}

} // namespace sandbench
