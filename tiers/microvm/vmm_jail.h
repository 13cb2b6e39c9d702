#pragma once

#include "tiers/common/process_spawn.h"

#include <string>
#include <utility>
#include <vector>

namespace sandbench {

// What QEMU sees of the host, after Firecracker's jailer: its own mount, PID, network, IPC and UTS
// namespaces (and, when Sandbench is not root, a user namespace that maps only its own uid), with a root
// of its own: a small read-only tmpfs holding /usr and the library folders read-only, the loader's cache,
// the device nodes it needs and a /proc of its own PID namespace, where it is PID 1. Nothing else: no
// /home, /root, /tmp, /run, no other process, no network interface but a down loopback. Everything a VM
// needs arrives as descriptors (the guest's kernel and initramfs, its console log, the ports' sockets).
struct VmmJail {
    std::string root; // an empty folder, the mount point of the jail's tmpfs (in the session's folder)
    std::vector<std::string> devices; // host device nodes bound in, e.g. /dev/kvm
    std::vector<std::pair<std::string, std::string>>
        symlinks;                     // (target, path): merged-/usr's /lib -> usr/lib
    std::vector<std::string> folders; // host folders bound read-only (/usr, …)
};

// The jail for a QEMU of this host: /usr, the top-level library folders (or their merged-/usr links),
// /etc/ld.so.cache, /dev/null, /dev/urandom, and /dev/kvm when `kvm`.
VmmJail planVmmJail(const std::string& root, bool kvm);

// spawnWithPipes(), with the child in `jail`. False, with the step that failed and the errno, when the
// jail cannot be built: then nothing ran.
bool spawnJailed(const std::vector<std::string>& argv, const VmmJail& jail, SpawnedProcess& process,
                 std::string& error, const std::vector<int>& inherited);

} // namespace sandbench
