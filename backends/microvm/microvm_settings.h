#pragma once

#include <string>

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
    // ${XDG_CACHE_HOME:-$HOME/.cache}/sandbench/guest
    static std::string defaultGuestFolder();
};

} // namespace sandbench
