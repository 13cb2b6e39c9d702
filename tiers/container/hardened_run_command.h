#pragma once

#include "container_engine.h"
#include "core/input_files.h"
#include "core/policy.h"

#include <map>
#include <string>
#include <vector>

namespace sandbench {

// Everything that shapes one container. Two runs with the same shape can share a warm pool.
struct ContainerShape {
    std::string image;
    Policy policy;
    std::vector<std::string> interpreter; // a path inside the image, and its flags
    // The seccomp profile file (see seccomp_profile.h) the engine's client reads and applies instead of the
    // engine's default. Never empty when a container starts: without it the tier refuses to start any.
    std::string seccompProfile;
    // The policy's inputs as checked on the host (input_files.h): each mounted read-only at /data/<name>.
    std::vector<InputFile> inputs;
    // With a network allow list: the proxy's variables and placeholders (egress_proxy.h), and the run's CA
    // certificate on the host, mounted read-only at kEgressCaInside. Such a container serves one run only.
    std::map<std::string, std::string> egressEnvironment;
    std::string egressCaFile;
    // Under gVisor, whose loopback is the Sentry's own: the host Unix socket relayed to the proxy, bound
    // in at kEgressSocketInside, with the egress forwarder (tiers/common/egress/egress_forwarder.py)
    // started before the program to take 127.0.0.1:kEgressPortInside to it. Empty otherwise.
    std::string egressSocket;

    std::string key() const; // equal keys, equal containers
};

inline constexpr const char* kEgressCaInside = "/etc/sandbench-egress-ca.pem";
inline constexpr int kEgressPortInside = 3128;
inline constexpr const char* kEgressSocketInside = "/run/sandbench/egress.sock";

// Pending signals the program may queue (RLIMIT_SIGPENDING): Python needs a handful.
inline constexpr int kContainerPendingSignals = 64;

// How long after the hand-over a container kills its program by itself, beyond the policy's timeout.
inline constexpr double kWatchdogGraceSeconds = 3;

// The hardened `run` line: no network, read-only root with a size-capped /tmp, no capabilities for the
// program, no_new_privs, Sandbench's seccomp profile, an unprivileged uid of its own, memory (without swap),
// CPU, process, file-size and CPU-time limits, all from the Policy; no host folder mounted but the policy's
// inputs, read-only at /data (and, with an allow list, the run's CA and under gVisor the egress socket,
// each a single file, read-only). The waiter runs
// as PID 1 under another uid than the program, which comes on stdin; the container ends itself
// kWatchdogGraceSeconds after the timeout even when nothing outside stops it.
// `programUid` is the host uid the program runs as (the waiter, PID 1, stays the container's root): one of
// its own per container when Sandbench is root (HostUidBlock), so no two containers share the kernel's
// per-user counts, else kSharedProgramUid.
std::vector<std::string> hardenedRunCommand(const ContainerEngine& engine, const ContainerShape& shape,
                                            const std::string& name, unsigned programUid);
inline constexpr unsigned kSharedProgramUid = 65534;

// The resolver file, in the engine's working folder, that a gVisor container under Podman sees in place of
// the host's /etc/resolv.conf (runsc ignores Podman's mask): "nameserver 127.0.0.1", nothing of the host.
inline constexpr const char* kNoResolverFile = "resolv.conf";

// Where the engine client writes the container's id (--cidfile): in the engine's working folder, "" when
// it has none.
std::string containerIdFile(const ContainerEngine& engine, const std::string& name);

// The reference design's exact command line (its DockerSandbox), for benches to compare with:
// `docker run --rm -i --name … --network none --read-only --tmpfs /tmp:rw,size=16m … python3 -I -`.
std::vector<std::string> referenceRunCommand(const ContainerEngine& engine, const std::string& image,
                                             const Policy& policy, const std::string& name);

} // namespace sandbench
