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

// What Sandbench processes that died left on this machine, found without any tier's engine: their temp
// folders (removeAbandonedFolders) and the subprocess tier's run cgroups (removeAbandonedRunCgroups). Front
// ends call it first thing at every start; each removal is noted (removal_notes.h) for them to show.
// Containers go when the container tier first reaches its engine.
void removeAbandonedOnThisMachine();

} // namespace sandbench
