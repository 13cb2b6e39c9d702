#pragma once

#include "core/tier.h"
#include "run_cgroup.h"
#include "tiers/common/host_uid_block.h"
#include "tiers/common/unique_fd.h"

#include <memory>
#include <string>

namespace sandbench {

// One sandbox of the subprocess tier from its clone to the end of its one run: the parent's ends of its
// channels, its run's cgroups and host uid. A cold run builds one and supervises it at once; the warm pool
// builds one ahead, lets it get as far as an interpreter blocked reading its program from stdin, and hands it
// to exactly one run, after which it is destroyed like a cold one. Nothing in it is ever used twice.
struct SubprocessSandbox {
    UniqueFd pidfd; // the sandbox's init: killed through it, reaped by the zygote
    UniqueFd stdoutRead;
    UniqueFd stderrRead;
    UniqueFd exitRead;
    UniqueFd setupParent;  // a cold sandbox's setup reports; a warm one's has ended (execve ran)
    UniqueFd programInput; // a warm sandbox's: the write end of its program's stdin
    UniqueFd listener;     // a warm sandbox's seccomp listener, taken while it started
    UniqueFd workFolder;   // the sandbox's /tmp, taken while it started: /tmp/outputs is collected through it
    UniqueFd egressListener; // with an allow list: its loopback listener, relayed to the egress proxy
    std::unique_ptr<RunCgroup> cgroup = std::make_unique<RunCgroup>();
    HostUidBlock::Slot uidSlot;
};

// What makes two warm sandboxes interchangeable: the policy and the interpreter they were set up for.
struct SubprocessShape {
    Policy policy;
    std::vector<std::string> interpreter;
    std::string key() const;
};

} // namespace sandbench
