#pragma once

#include "core/tier_info.h"

#include <string>
#include <vector>

namespace sandbench {

// How the microVM tier finds its VMM and guest. Chosen by the workbench, never by the program.
struct MicrovmSettings {
    std::string qemu;        // empty: qemu-system-x86_64 on $PATH
    std::string guestFolder; // empty: where scripts/build-guest-image.sh puts it (see defaultGuestFolder)
    std::string accelerator = "auto"; // "kvm", "tcg", or "auto": KVM when it really runs a guest, else TCG
    int warmPoolSize = 0;             // VMs booted ahead of runs; 0 boots one per run

    // SANDBENCH_QEMU, SANDBENCH_GUEST_DIR, SANDBENCH_ACCELERATOR and SANDBENCH_WARM_POOL override the
    // defaults.
    static MicrovmSettings fromEnvironment();
    // The environment's settings with what `given` sets; a value describe() does not accept is ignored.
    static MicrovmSettings from(const TierSettings& given);
    // The settings a front end offers (accelerator, warm pool; the guest folder on the command line only),
    // their defaults the environment's. The QEMU binary comes from the environment alone.
    static std::vector<TierSetting> describe();
    // ${XDG_CACHE_HOME:-$HOME/.cache}/sandbench/guest
    static std::string defaultGuestFolder();
};

} // namespace sandbench
