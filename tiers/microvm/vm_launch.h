#pragma once

#include "core/policy.h"

#include <map>
#include <string>
#include <vector>

namespace sandbench {

// Everything that shapes one VM. VMs with the same shape can share a warm pool.
struct VmShape {
    Policy policy;
    std::vector<std::string> interpreter; // a path inside the guest, and its flags
    std::string accelerator;              // "kvm" or "tcg"
    // With a network allow list: the run's CA (PEM), bind-mounted at kEgressCaInside, and the variables that
    // point the program at the guest's egress forwarder; the VM then has a sandbench.egress port too. Such a
    // VM serves that run alone (the proxy and its placeholders exist for it only).
    std::string egressCa{};
    std::map<std::string, std::string> egressEnvironment{};

    bool egress() const { return !egressCa.empty(); }
    std::string key() const;
};

// Where, inside the guest, the egress forwarder listens and the run's CA is (scripts/guest/init): the same as
// the container tier's.
inline constexpr int kGuestEgressPort = 3128;
inline constexpr const char* kGuestEgressCa = "/etc/sandbench-egress-ca.pem";

// What a VM boots from and with.
struct VmLaunch {
    std::string qemu; // absolute path
    // util-linux's setpriv and prlimit, when present: QEMU then runs with no_new_privs and without core
    // dumps, with a bounded file size (its console log) and descriptor count.
    std::string setpriv;
    std::string prlimit;
    std::string kernel; // uncompressed vmlinux, booted directly
    std::string initramfs;
    // The read-only root drive (an EROFS image, virtio-blk) the program runs in: Python and its packages,
    // the same root file system as the container image. Empty: none attached.
    std::string rootDrive;
    double tscKhz = 0; // the host's TSC frequency; 0 when unknown
    // As root, QEMU runs as this uid and gid with no capabilities (setpriv), never as root: a bug in its
    // device emulation is then an unprivileged user's; kvmGroup, when KVM is used, lets it open /dev/kvm.
    // 0: not root, QEMU keeps Sandbench's own unprivileged uid.
    unsigned qemuUid = 0;
    int kvmGroup = -1;
};

// The uid (and gid) QEMU runs as when Sandbench is root: one no account or other tier uses.
inline constexpr unsigned kQemuUid = 2147483000;

// The descriptor numbers QEMU inherits for the guest's virtio-serial ports (pre-connected sockets).
struct VmChannelFds {
    int config = -1;
    int program = -1;
    int stdoutPort = -1;
    int stderrPort = -1;
    int status = -1;
    int inputs = -1;    // host to guest: the inputs, copied in (scripts/guest/init says how)
    int artifacts = -1; // guest to host: /tmp/outputs, once the program is dead
    int egress = -1;    // both ways, with a network allow list only: the program's connections to the proxy
    // Opened by Sandbench and handed over, so QEMU, unprivileged, needs no access to the folders they are
    // in: the guest's kernel and initramfs, and the console log (owned by QEMU's uid). -1: use the paths.
    int kernel = -1;
    int initramfs = -1;
    int rootDrive = -1;
    int console = -1;
};

// Guest RAM beyond the program's own limit and its /tmp (a tmpfs, so RAM too): the kernel, the unpacked
// initramfs (busybox and modules) and the page cache of the root drive, which the kernel can drop again.
inline constexpr int kGuestOverheadMb = 128;
// The inputs' tmpfs at /data beyond inputs_mb: small files take a whole page each.
inline constexpr int kInputsSlackMb = 16;
// The egress forwarder's Python, with a network allow list: about 10 MB resident, and its buffers.
inline constexpr int kEgressForwarderMb = 32;
// The VM's RAM for a policy: the program's address-space limit, its /tmp, the inputs' /data when it has
// inputs (copies in the guest's RAM, up to inputs_mb), the egress forwarder's when it has an allow list, and
// the overhead above.
int guestMemoryMb(const Policy& policy);

// The QEMU line, behind setpriv/prlimit when launch names them: Firecracker's minimal device model (-M
// microvm), direct kernel boot, no network device, no host folder, no firmware, no display; memory and vCPUs
// from the policy; the guest's console to a log file.
std::vector<std::string> qemuCommand(const VmLaunch& launch, const VmShape& shape, const VmChannelFds& fds,
                                     const std::string& consoleLog);

// The config port's text: the guest's limits, interpreter and environment (the egress variables over the
// policy's), with an allow list egress=1 and the CA, one KEY=VALUE per line. Empty with `error` set when a
// value cannot be carried (a newline in an environment value).
std::string guestConfig(const VmShape& shape, std::string& error);

// The host's TSC frequency in kHz, for the guest's tsc_early_khz; 0 when the host does not say.
double hostTscKhz();

} // namespace sandbench
