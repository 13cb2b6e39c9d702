#include "container_settings.h"

#include <charconv>
#include <cstdlib>
#include <cstring>

namespace sandbench {

ContainerSettings ContainerSettings::fromEnvironment() {
    ContainerSettings settings;
    if (const char* engine = std::getenv("SANDBENCH_CONTAINER_ENGINE"); engine && *engine)
        settings.engine = engine;
    if (const char* image = std::getenv("SANDBENCH_CONTAINER_IMAGE"); image && *image)
        settings.image = image;
    if (const char* pool = std::getenv("SANDBENCH_WARM_POOL"); pool && *pool) {
        int size = 0;
        const auto [end, error] = std::from_chars(pool, pool + std::strlen(pool), size);
        if (error == std::errc() && *end == '\0' && size >= 0 && size <= 16)
            settings.warmPoolSize = size;
    }
    return settings;
}

} // namespace sandbench
