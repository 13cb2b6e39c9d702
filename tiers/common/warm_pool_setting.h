#pragma once

#include "core/tier_info.h"

#include <string>

namespace sandbench {

// The key of the warm pool's size among a tier's settings.
inline constexpr const char* kWarmPoolKey = "warmPool";

// The warm pool's size as every tier with a pool offers it: 0 (off) to kMaximumWarmPool, by default
// SANDBENCH_WARM_POOL's, on the command line --warm-pool (one value for every such tier). `help` says what
// the tier keeps started.
TierSetting warmPoolSetting(std::string help);

} // namespace sandbench
