#pragma once

#include "core/backend_registry.h"

namespace sandbench {

// Every tier this build knows, in the order front ends list them (control first).
BackendRegistry builtinBackends();

} // namespace sandbench
