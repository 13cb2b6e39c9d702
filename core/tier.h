#pragma once

#include "policy.h"
#include "run_result.h"
#include "tier_info.h"

#include <functional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace sandbench {

struct RunRequest {
    std::string code;
    // The interpreter and its flags; the program's path is appended. -u keeps output live through pipes.
    std::vector<std::string> interpreter{"/usr/bin/python3", "-I", "-u"};
    Policy policy;
    // The real values of the policy's secrets given in the workbench (name -> value): held in memory only,
    // never saved, and never put into the sandbox; a secret missing here is read from Sandbench's
    // environment (its rule's from_env).
    std::map<std::string, std::string> secretValues;
    // Where the egress proxy looks names up before the host's resolver (a hosts file, "127.0.0.1
    // api.example.test" lines, read by the proxy alone), and what it checks servers' certificates against.
    // Empty: $SANDBENCH_EGRESS_HOSTS and $SANDBENCH_EGRESS_CA, else the resolver and the host's trust store.
    std::string egressHostsFile;
    std::string egressTrustedCa;
};

enum class Stream { Stdout, Stderr };

// Receives output as it is produced, in order per stream, already capped. Called on the running thread.
using OutputSink = std::function<void(Stream, std::string_view)>;

struct ProbeResult {
    bool available = false;
    std::string reason;             // when unavailable: what is wrong and how to fix it
    std::vector<std::string> notes; // facts worth showing either way (e.g. "Landlock ABI 7")
    // Raw text a tool printed behind the reason or a note (QEMU's assertion, an engine's complaint): kept out
    // of them, so each stays one line a user reads at a glance, and shown only on request (a click in the
    // workbench, a <details> in the report, an indented block in `tiers`). Empty when there is none.
    std::string details;
};

// A protection a tier cannot set up on this host, by the name attacks give it in "# protection:"
// (attacks/FORMAT.md: "aggregate-memory", "socket-memory"), with the reason its probe notes give. An attack
// bounded by it is expected to get through that tier here, and the Attack Lab says why.
struct MissingProtection {
    std::string name;
    std::string reason;
};

// One isolation tier. Implementations must be safe to call run() on from several threads at once.
class Tier {
public:
    virtual ~Tier() = default;
    // Who this tier is and which settings it takes: the description it is registered with (its description
    // may name the settings this one was created with).
    virtual const TierInfo& info() const = 0;
    std::string name() const { return info().name; }
    virtual ProbeResult probe() = 0;
    // After probe(): what this tier lacks here, each also shown in the probe's notes. Cheap; empty when
    // nothing is missing, or when the tier refuses to run without it instead.
    virtual std::vector<MissingProtection> missingProtections() { return {}; }
    // Runs the request to completion, cancellation or timeout. Never throws for the program's behaviour;
    // a tier that cannot set up its isolation returns StopReason::SetupFailure and runs nothing.
    virtual RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) = 0;

    // Tiers that can start sandboxes ahead of runs keep a warm pool: each sandbox serves exactly one run and
    // is destroyed after it. A run that found none waiting starts cold and says so (RunResult::warmStart).
    virtual bool hasWarmPool() const { return false; }
    // 0 turns the pool off and destroys what it holds.
    virtual void setWarmPoolSize(int /*size*/) {}
    // The pool's size now: the one it was created with until setWarmPoolSize() changes it.
    virtual int warmPoolSize() const { return 0; }
    // Blocks until a sandbox shaped for `request` waits in the pool; false without a pool, on `stop`, or when
    // the pool cannot start one (the next run then starts cold and reports why).
    virtual bool waitUntilWarm(const RunRequest& /*request*/, std::stop_token /*stop*/) { return false; }

    // The command a bench compares this tier with: the reference design's own way to run a program that
    // arrives on stdin. Empty for tiers measured against a bare interpreter start.
    virtual std::vector<std::string> referenceCommand(const Policy& /*policy*/) const { return {}; }
    // How long starting a sandbox may take before the program's own clock starts (a VM's boot). The
    // policy's timeout counts from the hand-over; outer deadlines such as the attack harness's add this.
    virtual double startAllowanceSeconds() const { return 0; }
    // Blocks until background work left by earlier runs (a container's removal) is done, so a bench
    // measures each run alone.
    virtual void settle() {}
    // After settle(): what this tier started for earlier runs that still exists (processes, containers,
    // VMs, temp folders), its warm pool excepted, one line each. The Attack Lab calls it after every
    // attack; anything listed there is a leftover, whatever the verdict.
    virtual std::vector<std::string> leftovers() { return {}; }

    // Takes new settings without being created anew when all that changed can change under a live tier (a
    // warm pool's size), and says so; false when the tier must be created anew from them instead.
    virtual bool applyInPlace(const TierSettings& /*settings*/) { return false; }
};

} // namespace sandbench
