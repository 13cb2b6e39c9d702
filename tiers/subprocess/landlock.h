#pragma once

#include <cstdint>

namespace sandbench {

// Landlock: a second, path-based filesystem layer under the mount namespace, plus (ABI 6+) scoping that
// keeps abstract Unix sockets and signals inside the sandbox. Debian 12's headers predate most of it,
// so the ABI's stable constants are spelled out here.
struct LandlockPlan {
    int abi = 0; // 0: the kernel has no Landlock; the layer is skipped and probe() says so
    std::uint64_t handledFs = 0;
    std::uint64_t readOnlyFs = 0;  // granted beneath the sandbox root
    std::uint64_t readWriteFs = 0; // granted beneath the working folder
    std::uint64_t deviceFs = 0;    // granted on the few device nodes
    std::uint64_t scoped = 0;
};

// The kernel's Landlock ABI version, or 0 when unavailable (not built, or disabled at boot).
int landlockAbiVersion();
LandlockPlan planLandlock(int abi);

// Child side, after pivot_root: async-signal-safe, raw system calls only. Returns 0 or an errno.
int applyLandlock(const LandlockPlan& plan, const char* workFolder, const char* const* devicePaths);

} // namespace sandbench
