#pragma once

#include "core/tier_registry.h"

namespace sandbench {

// Every tier this build knows, in the order front ends list them (control first), each described by its
// TierInfo with its settings' defaults from the environment as it is now.
TierRegistry builtinTiers();

// What Sandbench processes that died left on this machine, found without any tier's engine: their temp
// folders (removeAbandonedFolders) and the subprocess tier's run cgroups (removeAbandonedRunCgroups). Front
// ends call it first thing at every start; each removal is noted (removal_notes.h) for them to show.
// Containers go when the container tier first reaches its engine.
void removeAbandonedOnThisMachine();

} // namespace sandbench
