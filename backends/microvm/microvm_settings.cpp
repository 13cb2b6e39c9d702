#include "microvm_settings.h"

#include "backends/common/warm_pool.h"

#include <cstdlib>
#include <cstring>

namespace sandbench {

std::string MicrovmSettings::defaultGuestFolder() {
    if (const char* cache = std::getenv("XDG_CACHE_HOME"); cache && *cache == '/')
        return std::string(cache) + "/sandbench/guest";
    const char* home = std::getenv("HOME");
    return std::string(home && *home ? home : "/root") + "/.cache/sandbench/guest";
}

MicrovmSettings MicrovmSettings::fromEnvironment() {
    MicrovmSettings settings;
    if (const char* qemu = std::getenv("SANDBENCH_QEMU"); qemu && *qemu)
        settings.qemu = qemu;
    if (const char* folder = std::getenv("SANDBENCH_GUEST_DIR"); folder && *folder)
        settings.guestFolder = folder;
    if (const char* accelerator = std::getenv("SANDBENCH_ACCELERATOR"); accelerator && *accelerator)
        settings.accelerator = accelerator;
    settings.warmPoolSize = warmPoolSizeFromEnvironment(settings.warmPoolSize);
    return settings;
}

} // namespace sandbench
