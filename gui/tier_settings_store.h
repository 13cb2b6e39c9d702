#pragma once

#include "core/tier_info.h"

// Where the workbench keeps each tier's settings between sessions: QSettings "tiers/<tier>/<key>", for
// every setting a form shows except secrets, which are never saved.

// The saved value of each setting a form shows, where the tier accepts it, else its default; secrets are
// left out. Reads, and moves to their new place, the keys older versions saved ("<tier>/<key>").
sandbench::TierSettings savedTierSettings(const sandbench::TierInfo& tier);

// Saves every setting of `settings` a form shows, secrets excepted (and removed, should one be there); a
// setting left out is removed, so the tier's default applies again.
void saveTierSettings(const sandbench::TierInfo& tier, const sandbench::TierSettings& settings);
