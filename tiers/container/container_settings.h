#pragma once

#include "core/tier_info.h"

#include <string>
#include <vector>

namespace sandbench {

// How the container tier reaches its engine. Chosen by the workbench (CLI options, GUI settings, or the
// environment), never by the program that runs.
struct ContainerSettings {
    std::string engine = "auto"; // "docker", "podman", or "auto": Docker when its daemon answers, else Podman
    std::string image = "sandbench/python:4";
    int warmPoolSize = 0; // sandboxes kept started ahead of runs; 0 starts every run cold

    // SANDBENCH_CONTAINER_ENGINE, SANDBENCH_CONTAINER_IMAGE and SANDBENCH_WARM_POOL override the defaults.
    static ContainerSettings fromEnvironment();
    // The environment's settings with what `given` sets; a value describe() does not accept is ignored.
    static ContainerSettings from(const TierSettings& given);
    // The settings a front end offers (engine, image, warm pool), their defaults the environment's.
    static std::vector<TierSetting> describe();
};

} // namespace sandbench
