#include "container_settings.h"

#include "backends/common/warm_pool.h"

#include <cstdlib>
#include <cstring>

namespace sandbench {

ContainerSettings ContainerSettings::fromEnvironment() {
    ContainerSettings settings;
    if (const char* engine = std::getenv("SANDBENCH_CONTAINER_ENGINE"); engine && *engine)
        settings.engine = engine;
    if (const char* image = std::getenv("SANDBENCH_CONTAINER_IMAGE"); image && *image)
        settings.image = image;
    settings.warmPoolSize = warmPoolSizeFromEnvironment(settings.warmPoolSize);
    return settings;
}

} // namespace sandbench
