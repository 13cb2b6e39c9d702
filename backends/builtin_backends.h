#pragma once

#include "container/container_settings.h"
#include "core/backend_registry.h"
#include "microvm/microvm_settings.h"

namespace sandbench {

// Every tier this build knows, in the order front ends list them (control first).
// `container` configures the container tier (engine, image, warm pool), `microvm` the microVM tier.
BackendRegistry builtinBackends(const ContainerSettings& container = ContainerSettings::fromEnvironment(),
                                const MicrovmSettings& microvm = MicrovmSettings::fromEnvironment());

} // namespace sandbench
