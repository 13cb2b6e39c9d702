#pragma once

#include "container/container_settings.h"
#include "core/backend_registry.h"
#include "e2b/e2b_settings.h"
#include "microvm/microvm_settings.h"

namespace sandbench {

// Every tier this build knows, in the order front ends list them (control first).
// `container` configures the container tier (engine, image, warm pool), `microvm` the microVM tier and `e2b`
// the hosted E2B tier (its API key among them).
BackendRegistry builtinBackends(const ContainerSettings& container = ContainerSettings::fromEnvironment(),
                                const MicrovmSettings& microvm = MicrovmSettings::fromEnvironment(),
                                const E2bSettings& e2b = E2bSettings::fromEnvironment());

} // namespace sandbench
