#pragma once

#include "core/policy.h"
#include "sandbox_child.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace sandbench {

// The filesystem template every sandbox starts from: /usr and the library folders read-only, a handful of
// /etc files, five device nodes, empty mount points for /proc, /tmp and /sandbench. Nothing else of the
// host is visible. Built once, under a staging tmpfs, by the sandbox zygote.
ChildPlan planSandboxTemplate();

// What a run adds on top of the template.
inline constexpr const char* kProgramFolderInside = "/sandbench";
inline constexpr const char* kProgramPathInside = "/sandbench/main.py";
// With a network allow list: the run's CA certificate, and where the program finds the egress proxy.
inline constexpr const char* kEgressCaPathInside = "/sandbench/egress-ca.pem";
inline constexpr int kEgressPortInside = 3128;
std::string workFolderTmpfsOptions(const Policy& policy); // size-capped in bytes and inodes
std::string programFolderTmpfsOptions(std::size_t codeSize);
std::vector<std::pair<int, rlim_t>> resourceLimits(const Policy& policy);

// A sandbox's share of the kernel quotas counted per host user: the host's per-user maximum divided among
// the zygote and every run slot (HostUidBlock::kBlockSize shares), so that all sandboxes of one Sandbench
// together cannot exhaust the count of the uid they are charged to. "4 inotify instances, …" for the notes.
std::vector<std::pair<std::string, std::string>> kernelQuotaShares();
std::string describeKernelQuotas(const ChildPlan& plan);

// The probe's note on what each run's /proc shows: only the sandbox's processes (subset=pid), or, where
// the kernel refused that, everything a full /proc shows.
std::string describeProc(bool subsetPid);

// Pending signals a sandbox may queue (RLIMIT_SIGPENDING, per user in its own namespace, so for the whole
// sandbox): Python needs a handful; the host's per-user limit is tens of thousands.
inline constexpr rlim_t kSandboxPendingSignals = 64;

} // namespace sandbench
