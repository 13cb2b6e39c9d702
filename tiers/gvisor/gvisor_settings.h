#pragma once

#include "core/tier_info.h"
#include "tiers/container/container_settings.h"

#include <string>
#include <vector>

namespace sandbench {

// How the gVisor tier reaches its engine and which gVisor platform it asks for. The engine, image and warm
// pool are the container tier's settings and defaults; the platform is its own.
struct GvisorSettings {
    ContainerSettings container;
    std::string platform = "auto"; // "kvm", "systrap", "ptrace", or "auto": the fastest that really runs

    // The container tier's environment, and SANDBENCH_GVISOR_PLATFORM for the platform.
    static GvisorSettings fromEnvironment();
    // The environment's settings with what `given` sets; a value describe() does not accept is ignored.
    static GvisorSettings from(const TierSettings& given);
    // Engine, image, platform and warm pool, their defaults the environment's.
    static std::vector<TierSetting> describe();
};

} // namespace sandbench
